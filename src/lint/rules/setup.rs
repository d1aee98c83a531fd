//! Setup rules: the `FEN`, `SetUp` and `Variant` tags, and the start position they give.

use crate::lint::context::GameContext;
use crate::lint::diagnostic::{Diagnostic, Edit, Fix, Severity};
use crate::lint::rule::Rule;
use crate::rules::{CastlingMode, FenError, Position, load_fen};
use crate::syntax::TagPair;

/// Where a game's moves start.
#[derive(Debug, Clone)]
pub struct Start {
    /// The start position.
    pub position: Position,
    /// Standard or Chess960 notation.
    pub mode: CastlingMode,
}

/// What the `Variant` tag says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Variant {
    Standard,
    Chess960,
    Unsupported,
}

fn variant_of(name: &str) -> Variant {
    let key: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    match key.as_str() {
        "" | "standard" | "chess" | "normal" | "fromposition" | "orthodox" | "classical" => {
            Variant::Standard
        }
        "chess960"
        | "960"
        | "fischerandom"
        | "fischerrandom"
        | "frc"
        | "chess960fischerrandom"
        | "freestyle" => Variant::Chess960,
        _ => Variant::Unsupported,
    }
}

/// The rule that reports a FEN problem.
pub fn rule_for(error: &FenError) -> Rule {
    use FenError::*;
    match error {
        FieldCount { .. }
        | RankCount { .. }
        | RankFill { .. }
        | BoardCharacter { .. }
        | Side { .. }
        | CastlingSyntax { .. }
        | EpSyntax { .. }
        | HalfmoveClock { .. }
        | FullmoveNumber { .. } => Rule::FenSyntax,
        MissingKing { .. } | TooManyKings { .. } => Rule::FenKings,
        PawnOnBackRank { .. } => Rule::FenPawnsOnBackRank,
        CastlingWithoutKing { .. }
        | CastlingWithoutRook { .. }
        | CastlingDuplicate { .. }
        | CastlingNotStandard { .. } => Rule::FenCastlingRights,
        EpWrongRank { .. } | EpOccupied { .. } | EpNoPawn { .. } | EpOriginOccupied { .. } => {
            Rule::FenEpSquare
        }
        OppositeCheck { .. } => Rule::FenOppositeCheck,
        ImpossibleCheck { .. } => Rule::FenImpossibleCheck,
        #[allow(unreachable_patterns)]
        _ => Rule::FenSyntax,
    }
}

fn find_tag(cx: &GameContext<'_>, name: &str) -> Option<TagPair> {
    cx.game
        .tags
        .iter()
        .copied()
        .find(|t| t.name(cx.text) == name)
}

/// Checks the setup tags and returns the start position, or `None` when the moves cannot be judged
/// (an unsupported variant, an invalid FEN) — reported once, here.
pub fn check(cx: &mut GameContext<'_>) -> Option<Start> {
    let variant_tag = find_tag(cx, "Variant");
    let variant = variant_tag.map_or(Variant::Standard, |t| variant_of(&t.value(cx.text)));
    if let (Variant::Unsupported, Some(tag)) = (variant, variant_tag) {
        let name = tag.value(cx.text).into_owned();
        cx.report(Diagnostic::new(
            Rule::UnsupportedVariant,
            tag.value,
            format!("variant `{name}` is not supported: its moves are not checked"),
        ));
        return None;
    }
    let fen_tag = find_tag(cx, "FEN");
    let setup_tag = find_tag(cx, "SetUp");
    let Some(fen_tag) = fen_tag else {
        if let Some(setup) = setup_tag.filter(|t| t.value(cx.text) == "1") {
            cx.report(Diagnostic::new(
                Rule::SetupWithoutFen,
                setup.range,
                "`SetUp \"1\"` says the game starts from a set-up position, but there is no `FEN` tag; the moves are not checked",
            ));
            return None;
        }
        if variant == Variant::Chess960 {
            if let Some(tag) = variant_tag {
                cx.report(Diagnostic::new(
                    Rule::SetupWithoutFen,
                    tag.range,
                    "a Chess960 game needs a `FEN` tag with its start position; the moves are not checked",
                ));
            }
            return None;
        }
        return Some(Start {
            position: Position::new(),
            mode: CastlingMode::Standard,
        });
    };
    if setup_tag.is_none_or(|t| t.value(cx.text) != "1") {
        let d = Diagnostic::new(
            Rule::FenWithoutSetup,
            fen_tag.range,
            "a `FEN` tag should come with `[SetUp \"1\"]`",
        );
        let d = match setup_tag {
            Some(t) => d.with_fix(Fix::safe(
                "Set `SetUp` to \"1\"",
                Edit::replace(t.value, "1"),
            )),
            None => d.with_fix(Fix::safe(
                "Add `[SetUp \"1\"]`",
                Edit::insert(fen_tag.range.start, "[SetUp \"1\"]\n"),
            )),
        };
        cx.report(d);
    }
    let fen = fen_tag.value(cx.text).into_owned();
    match load_fen(&fen, None) {
        Err(errors) => {
            for error in &errors.0 {
                cx.report(Diagnostic::new(
                    rule_for(error),
                    fen_tag.value,
                    format!("invalid FEN: {error}; the moves are not checked"),
                ));
            }
            None
        }
        Ok(loaded) => {
            for warning in &loaded.warnings {
                let mut d =
                    Diagnostic::new(Rule::FenEpSquare, fen_tag.value, format!("FEN: {warning}"));
                d.severity = Severity::Warning;
                cx.report(d);
            }
            if loaded.needs_chess960 && variant != Variant::Chess960 {
                let d = Diagnostic::new(
                    Rule::Chess960WithoutVariant,
                    fen_tag.value,
                    "the castling rights of this FEN only make sense in Chess960, but there is no `Variant \"Chess960\"` tag",
                );
                let d = if variant_tag.is_none() {
                    d.with_fix(Fix::unsafe_edit(
                        "Add `[Variant \"Chess960\"]`",
                        Edit::insert(fen_tag.range.start, "[Variant \"Chess960\"]\n"),
                    ))
                } else {
                    d
                };
                cx.report(d);
            }
            let mode = if variant == Variant::Chess960 || loaded.needs_chess960 {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            Some(Start {
                position: loaded.position,
                mode,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_names_are_read_with_their_aliases() {
        assert_eq!(variant_of("Chess960"), Variant::Chess960);
        assert_eq!(variant_of("Fischerandom"), Variant::Chess960);
        assert_eq!(variant_of("chess 960"), Variant::Chess960);
        assert_eq!(variant_of("From Position"), Variant::Standard);
        assert_eq!(variant_of("Standard"), Variant::Standard);
        assert_eq!(variant_of("crazyhouse"), Variant::Unsupported);
        assert_eq!(variant_of("Antichess"), Variant::Unsupported);
    }
}
