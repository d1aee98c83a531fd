//! Move rules: every move of every line is resolved through the rules module; illegal and
//! ambiguous moves are errors with their reasons, and accepted-but-not-canonical spellings are
//! warnings whose fix is the canonical SAN.

use crate::lint::context::GameContext;
use crate::lint::diagnostic::{Diagnostic, Edit, Fix};
use crate::lint::replay::{LineState, Previous, Renumbering, lost_rights};
use crate::lint::rule::Rule;
use crate::rules::san::{Deviation, IllegalReason, SanError};
use crate::rules::{CastlingMode, CastlingSide, Color, Move};
use crate::syntax::TextRange;

/// One move token to replay.
pub struct MoveEvent<'a> {
    /// The SAN token's range.
    pub range: TextRange,
    /// The SAN token.
    pub text: &'a str,
    /// The move-number node right before it, if any.
    pub number: Option<TextRange>,
    /// Whether it is in the main line.
    pub main: bool,
    /// What came before it in its line.
    pub previous: Previous,
    /// Standard or Chess960 notation.
    pub mode: CastlingMode,
}

/// The rule that reports a deviation.
pub fn rule_for(deviation: Deviation) -> Rule {
    use Deviation::*;
    match deviation {
        CastlingZero | CastlingLowercase | CastlingUnicodeDash | CastlingAsKingMove => {
            Rule::CastlingNotation
        }
        PromotionWithoutEquals | PromotionLowercase | PromotionParentheses | PromotionSlash => {
            Rule::PromotionFormat
        }
        LongAlgebraic => Rule::LongAlgebraic,
        PawnLetter => Rule::PawnLetter,
        PieceCase => Rule::PieceCase,
        EnPassantSuffix => Rule::EpSuffix,
        DoublePlus | MissingCheck | MissingMate | CheckForMate | MateForCheck | SpuriousCheck => {
            Rule::CheckSuffix
        }
        MissingCapture | SpuriousCapture => Rule::CaptureMarker,
        OverDisambiguated => Rule::OverDisambiguated,
        WrongDisambiguator => Rule::WrongDisambiguator,
    }
}

/// Resolves and plays one move, updating `state` to the position after it. Returns the move played
/// (`Some(None)` for a null move), or `None` when the line stops here (`state` is then unchanged).
pub fn play(
    cx: &mut GameContext<'_>,
    event: &MoveEvent<'_>,
    state: &mut LineState,
) -> Option<Option<Move>> {
    check_move_number(cx, event, state);
    // The position before the move: for the canonical SAN and the castling rights it lost.
    let before = state.position.clone();
    let previous_move = state.last_move;
    // Read in place: moving the result out would load bytes just stored one by one, a
    // store-forwarding stall on every move.
    let result = state.position.play_san(event.text, event.mode);
    let resolved = match &result {
        Ok(resolved) => resolved,
        Err(error) => {
            report_error(cx, event, state, error);
            return None;
        }
    };
    state.last_move = Some(event.range);
    let Some(m) = &resolved.m else {
        if event.main {
            cx.report(Diagnostic::new(
                Rule::NullMove,
                event.range,
                format!("null move `{}` in the main line: the side to move passes, which is not a legal move", event.text),
            ));
        }
        return Some(None);
    };
    if !resolved.deviations.is_empty() {
        let canonical = before.san(m);
        let mut reported = Vec::new();
        for deviation in resolved.deviations.iter() {
            let rule = rule_for(deviation);
            if reported.contains(&rule) {
                continue;
            }
            reported.push(rule);
            let mut d = Diagnostic::new(
                rule,
                event.range,
                format!(
                    "`{}`: {deviation}; canonical SAN is `{canonical}`",
                    event.text
                ),
            )
            .with_fix(Fix::safe(
                format!("Write `{canonical}`"),
                Edit::replace(event.range, canonical.clone()),
            ));
            if deviation == Deviation::EnPassantSuffix
                && let Some(double_step) = previous_move
            {
                d = d.with_related(
                    double_step,
                    "the double step this en-passant capture answers",
                );
            }
            cx.report(d);
        }
    }
    let gone = before.castling_rooks() - state.position.castling_rooks();
    if gone.any() {
        let board = before.board();
        let kings = [board.king_of(Color::White), board.king_of(Color::Black)];
        for (color, side) in lost_rights(kings, gone) {
            state.losses[color][side].get_or_insert(event.range);
        }
    }
    Some(Some(*m))
}

fn report_error(
    cx: &mut GameContext<'_>,
    event: &MoveEvent<'_>,
    state: &LineState,
    error: &SanError,
) {
    let stop = if event.main {
        "the rest of the main line is not replayed"
    } else {
        "the rest of this variation is not replayed"
    };
    let position = &state.position;
    let d = match error {
        SanError::Invalid { reason } => Diagnostic::new(
            Rule::IllegalMove,
            event.range,
            format!("`{}` is not a move: {reason}; {stop}", event.text),
        ),
        SanError::Ambiguous { candidates } => {
            let sans: Vec<String> = candidates.iter().map(|m| position.san(m)).collect();
            let origins: Vec<String> = candidates.iter().map(|m| m.from.to_string()).collect();
            let role = candidates.first().map_or("piece", |m| m.role.name());
            let mut d = Diagnostic::new(
                Rule::AmbiguousMove,
                event.range,
                format!(
                    "`{}` is ambiguous: the {role}s on {} can {} make it ({}); {stop}",
                    event.text,
                    origins.join(" and "),
                    if candidates.len() == 2 { "both" } else { "all" },
                    sans.iter()
                        .map(|s| format!("`{s}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
            for san in sans {
                // Each candidate is a choice between meanings: never applied without asking.
                d = d.with_fix(Fix::unsafe_edit(
                    format!("Disambiguate: `{san}`"),
                    Edit::replace(event.range, san),
                ));
            }
            d
        }
        SanError::Illegal { reason } => {
            let rule = match reason {
                IllegalReason::PromotionMissing { .. } => Rule::PromotionMissing,
                IllegalReason::PromotionNotAllowed | IllegalReason::WrongPromotion { .. } => {
                    Rule::PromotionPiece
                }
                _ => Rule::IllegalMove,
            };
            let mut d = Diagnostic::new(
                rule,
                event.range,
                format!("`{}` is illegal: {reason}; {stop}", event.text),
            );
            if let IllegalReason::CastlingRightLost { side } = reason {
                let color = position.turn();
                let side_idx = if *side == CastlingSide::KingSide {
                    0
                } else {
                    1
                };
                if let Some(lost_at) = state.losses[color.index()][side_idx] {
                    let side_name = if side_idx == 0 {
                        "kingside"
                    } else {
                        "queenside"
                    };
                    d = d.with_related(
                        lost_at,
                        format!(
                            "the {} {side_name} castling right was lost with this move",
                            color.name()
                        ),
                    );
                }
            }
            if let IllegalReason::NoEnPassant { .. } = reason
                && let Some(last) = state.last_move
            {
                d = d.with_related(
                    last,
                    "the last move, which was not a double step beside this pawn",
                );
            }
            d
        }
    };
    cx.report(d);
}

/// A move number must match the position: `N.` before white's move N, `N...` before black's.
/// The export profile also wants `N.` before every white move and `N...` before a black move that
/// starts a line or follows a comment, NAG or variation (PGN §8.2.2).
fn check_move_number(cx: &mut GameContext<'_>, event: &MoveEvent<'_>, state: &mut LineState) {
    let position = &state.position;
    let n = position.fullmove_number();
    let white = position.turn() == Color::White;
    // Built only when a diagnostic needs it: this runs for every move.
    let wanted = || {
        if white {
            format!("{n}.")
        } else {
            format!("{n}...")
        }
    };
    match event.number {
        Some(range) => {
            // Decided on the bytes: this runs for every numbered move.
            let bytes = &cx.text.as_bytes()[range.start as usize..range.end as usize];
            let n_digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            let written_number = (n_digits > 0)
                .then(|| {
                    bytes[..n_digits].iter().try_fold(0u32, |v, &b| {
                        v.checked_mul(10)?.checked_add(u32::from(b - b'0'))
                    })
                })
                .flatten();
            // `12.` before black's move is fine in import format; `12...` before white's is not.
            let dots_ok = bytes.len() > n_digits && !(white && bytes.ends_with(b"..."));
            if written_number == Some(n) && dots_ok {
                return;
            }
            let written = range.slice(cx.text);
            let offset = written_number.map(|w| i64::from(w) - i64::from(n));
            let wanted = wanted();
            let edit = Edit::replace(range, wanted.clone());
            if let (Some(offset), Some(r)) = (offset, state.renumbering.as_mut())
                && r.offset == offset
                && dots_ok
            {
                r.n_more += 1;
                if let Some(d) = cx.diagnostics.get_mut(r.diagnostic) {
                    d.fixes[0].edits.push(edit);
                    d.fixes[0].title = format!("Renumber {} moves", r.n_more + 1);
                    let base = d.message.split(" (").next().unwrap_or_default().to_string();
                    d.message = format!(
                        "{base} ({} more move numbers in this line are off by {offset}; the fix renumbers them all)",
                        r.n_more
                    );
                }
                return;
            }
            let d = Diagnostic::new(
                Rule::MoveNumber,
                range,
                format!(
                    "move number `{written}` does not match the position: this is {} move {n}",
                    position.turn().name()
                ),
            )
            .with_fix(Fix::safe(format!("Write `{wanted}`"), edit));
            if let (Some(index), Some(offset)) = (cx.report(d), offset)
                && offset != 0
            {
                state.renumbering = Some(Renumbering {
                    offset,
                    diagnostic: index,
                    n_more: 0,
                });
            }
        }
        None => {
            let needed = white || event.previous != Previous::Move;
            if needed && cx.options.profile == crate::lint::Profile::Export {
                let wanted = wanted();
                cx.report(
                    Diagnostic::new(
                        Rule::MoveNumber,
                        TextRange::empty(event.range.start),
                        format!(
                            "the export format wants the move number `{wanted}` before this move"
                        ),
                    )
                    .with_fix(Fix::safe(
                        format!("Insert `{wanted}`"),
                        Edit::insert(event.range.start, format!("{wanted} ")),
                    )),
                );
            }
        }
    }
}

/// `true` for an en-passant suffix lexed as a token of its own (`exd6 e.p.`).
pub fn is_detached_ep_suffix(text: &str) -> bool {
    // The second byte rules out every move (`e4`, `exd5`) before the length is looked at.
    let b = text.as_bytes();
    matches!(b.get(1), Some(b'p' | b'.'))
        && matches!(
            b,
            [b'e', b'p'] | [b'e', b'.', b'p'] | [b'e', b'.', b'p', b'.']
        )
}

/// Reports a detached `e.p.` and offers to delete it.
pub fn report_detached_ep_suffix(cx: &mut GameContext<'_>, range: TextRange) {
    // Delete the suffix together with the whitespace before it.
    let start = cx.text[..range.start as usize].trim_end().len() as u32;
    cx.report(
        Diagnostic::new(
            Rule::EpSuffix,
            range,
            "`e.p.` is not part of SAN: an en-passant capture is written like any pawn capture",
        )
        .with_fix(Fix::safe(
            "Remove `e.p.`",
            Edit::delete(TextRange::new(start, range.end)),
        )),
    );
}
