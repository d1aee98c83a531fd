//! Resolves SAN against a position.
//!
//! Resolution counts legal moves only: a pinned knight never makes `Nd2` ambiguous. Notation that
//! is accepted but not canonical (`Ng1f3`, `0-0`, `e8Q`, a missing `x` or `+`) resolves and records
//! each deviation, so the lint layer can report it and offer the canonical form. Castling spelled
//! as a king move is accepted with [`Deviation::CastlingAsKingMove`]: king-onto-rook (`e1h1`,
//! `Ke1h1`) whenever the origin square is written, and king-to-destination (`e1g1`, `Kg1`) in
//! standard chess when the king would move two or more files.

use super::candidates::pawn_origins;
use super::deviation::{Deviation, Deviations};
use super::error::{IllegalReason, SanError};
use super::parse::{
    CheckSuffix, NormalSan, ParsedSan, SanKind, parse_canonical, parse_lenient, parse_san,
};
use crate::rules::attacks;
use crate::rules::bitboard::Bitboard;
use crate::rules::movegen::RoleSet;
use crate::rules::moves::{CastlingMode, CastlingSide, Move, MoveKind, MoveList};
use crate::rules::position::Position;
use crate::rules::types::{File, Piece, Rank, Role};

/// A resolved SAN token: the move and every deviation from canonical SAN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resolved {
    /// The move; `None` for a null move (`--`, `Z0`).
    pub m: Option<Move>,
    /// How the text deviates from canonical SAN (empty for canonical text).
    pub deviations: Deviations,
}

impl Position {
    /// Parses and resolves a SAN token against the legal moves of this position.
    pub fn resolve_san(&self, text: &str, mode: CastlingMode) -> Result<Resolved, SanError> {
        self.resolve_parsed_san(&parse_san(text)?, mode)
    }

    /// Resolves a parsed SAN token against the legal moves of this position, adding the deviations
    /// that need the position (capture marker, check suffix, disambiguation, castling spelling).
    pub fn resolve_parsed_san(
        &self,
        san: &ParsedSan,
        mode: CastlingMode,
    ) -> Result<Resolved, SanError> {
        let Some((m, mut deviations)) = self.resolve_move(san, mode)? else {
            return Ok(Resolved {
                m: None,
                deviations: san.deviations,
            });
        };
        // The position after the move is needed only for a mate test, so only after a check.
        let check = self.gives_check(&m);
        deviations |= suffix_deviations(check, || !self.played(&m).has_legal_move(), san.suffix);
        Ok(Resolved {
            m: Some(m),
            deviations,
        })
    }

    /// Resolves a SAN token and plays it (a null move passes the turn).
    // Inlined: its result, returned through memory, stalled the caller's first read of it.
    #[inline(always)]
    pub fn play_san(&mut self, text: &str, mode: CastlingMode) -> Result<Resolved, SanError> {
        // Used in place, never moved: a copy would read back bytes just stored one by one, which
        // stalls the pipeline on every move.
        let canonical = parse_canonical(text.as_bytes());
        let lenient;
        let san = match &canonical {
            Some(san) => san,
            None => {
                lenient = parse_lenient(text)?;
                &lenient
            }
        };
        match self.resolve_move(san, mode)? {
            None => {
                self.play_null();
                Ok(Resolved {
                    m: None,
                    deviations: san.deviations,
                })
            }
            Some((m, mut deviations)) => {
                self.play_unchecked(&m);
                // After the move, one attack query answers what `gives_check` works out before it
                // (`is_attacked` rather than the checkers bitboard: it rarely needs a magic lookup).
                let check = self.board.king_of(self.turn).is_some_and(|king| {
                    self.board
                        .is_attacked(king, !self.turn, self.board.occupied())
                });
                deviations |= suffix_deviations(check, || !self.has_legal_move(), san.suffix);
                Ok(Resolved {
                    m: Some(m),
                    deviations,
                })
            }
        }
    }

    /// The move and its deviations, without looking at the check suffix. `None` for a null move.
    /// Small enough to inline: the fast path answers most moves, and a result returned through
    /// memory stalled the caller's first read of it.
    #[inline(always)]
    fn resolve_move(
        &self,
        san: &ParsedSan,
        mode: CastlingMode,
    ) -> Result<Option<(Move, Deviations)>, SanError> {
        if let SanKind::Normal(n) = &san.kind
            && let Some(fast) = self.resolve_normal_fast(n)
        {
            debug_assert_eq!(Ok(fast), self.resolve_normal(n, mode), "{n:?}");
            return Ok(Some((fast.0, fast.1 | san.deviations)));
        }
        self.resolve_move_general(san, mode)
    }

    /// [`Position::resolve_move`] without its fast path: errors, ambiguities, castling, null moves,
    /// promotions, and `b`-file pawn captures that may be a bishop written in lower case.
    fn resolve_move_general(
        &self,
        san: &ParsedSan,
        mode: CastlingMode,
    ) -> Result<Option<(Move, Deviations)>, SanError> {
        match san.kind {
            SanKind::Null => Ok(None),
            SanKind::Castle(side) => {
                let m = self
                    .legal_castle(side)
                    .ok_or_else(|| self.explain_castling(side))?;
                Ok(Some((m, san.deviations)))
            }
            SanKind::Normal(n) => match self.resolve_normal(&n, mode) {
                Ok((m, d)) => Ok(Some((m, d | san.deviations))),
                Err(err) if n.bishop_or_pawn => {
                    let bishop = NormalSan {
                        role: Some(Role::Bishop),
                        from_file: None,
                        bishop_or_pawn: false,
                        ..n
                    };
                    match self.resolve_normal(&bishop, mode) {
                        Ok((m, d)) => {
                            Ok(Some((m, d | san.deviations | Deviation::PieceCase.into())))
                        }
                        Err(_) => Err(err),
                    }
                }
                Err(err) => Err(err),
            },
        }
    }

    /// The legal castling move on `side`, if there is one.
    fn legal_castle(&self, side: CastlingSide) -> Option<Move> {
        let rook = self.castling_rook(self.turn, side)?;
        let mut moves = MoveList::new();
        self.generate(
            RoleSet::only(Role::King),
            Bitboard::from_square(rook),
            &mut moves,
        );
        moves.into_iter().find(Move::is_castle)
    }

    /// The common case of [`Position::resolve_normal`] without a move list: a piece or pawn move
    /// (no promotion, no origin square standing in for the piece letter) onto a square that holds
    /// no own piece and is not the en-passant square, with our king not in check (any king step
    /// is fine), that exactly one legal move fits. The legal origins are found backwards from the
    /// square as in [`Position::candidates_to`]. `None` whenever any of that does not hold; then
    /// the general path decides (an error, an ambiguity, a promotion, castling, ...), and whenever
    /// this returns a move, the general path returns the same move and deviations.
    #[inline]
    fn resolve_normal_fast(&self, n: &NormalSan) -> Option<(Move, Deviations)> {
        if n.promotion.is_some() {
            return None;
        }
        let role = match (n.role, n.from_file, n.from_rank) {
            (Some(role), _, _) => role,
            (None, Some(_), Some(_)) => return None,
            (None, _, _) => Role::Pawn,
        };
        let us = self.turn;
        let board = &self.board;
        let to = n.to;
        if board.by_color(us).contains(to) || self.ep_square == Some(to) {
            return None;
        }
        let king = board.king_of(us)?;
        let occupied = board.occupied();
        let capture = board.role_at(to);
        // A pawn move without a file stays on its file (`f6` is never `exf6`).
        let mut from_file = n.from_file;
        let legal = if role == Role::King {
            // A king step: legal if the square is not attacked with the king lifted off.
            if !attacks::king_attacks(king).contains(to)
                || board.is_attacked(to, !us, occupied - king)
            {
                return None;
            }
            Bitboard::from_square(king)
        } else {
            if board.is_attacked(king, !us, occupied) {
                return None;
            }
            let ours = board.by_piece(Piece { color: us, role });
            let origins = match role {
                Role::Pawn => {
                    if Bitboard::BACK_RANKS.contains(to) {
                        return None;
                    }
                    from_file.get_or_insert(to.file());
                    pawn_origins(us, to, capture.is_some(), occupied) & ours
                }
                Role::Knight => attacks::knight_attacks(to) & ours,
                Role::Bishop => attacks::unblocked(to, attacks::bishop_rays(to) & ours, occupied),
                Role::Rook => attacks::unblocked(to, attacks::rook_rays(to) & ours, occupied),
                _ => attacks::unblocked(
                    to,
                    (attacks::rook_rays(to) | attacks::bishop_rays(to)) & ours,
                    occupied,
                ),
            };
            // Only a piece on a line through its king can be pinned: skip the pin scan otherwise.
            // A pinned piece moves only along the line through its king (never a knight).
            let on_king_lines = origins & (attacks::rook_rays(king) | attacks::bishop_rays(king));
            let mut legal = origins;
            if on_king_lines.any() {
                for from in board.slider_blockers(king, us) & on_king_lines {
                    if !attacks::aligned(king, from, to) {
                        legal.remove(from);
                    }
                }
            }
            legal
        };
        let mut fits = legal;
        if let Some(file) = from_file {
            fits &= Bitboard::file(file);
        }
        if let Some(rank) = n.from_rank {
            fits &= Bitboard::rank(rank);
        }
        let from = fits.single()?;
        let m = Move {
            role,
            from,
            to,
            capture,
            promotion: None,
            kind: MoveKind::Normal,
        };
        let mut deviations = Deviations::NONE;
        match (capture.is_some(), n.capture) {
            (true, false) => deviations.insert(Deviation::MissingCapture),
            (false, true) => deviations.insert(Deviation::SpuriousCapture),
            _ => {}
        }
        deviations |= disambiguation_deviations(
            &m,
            n.from_file,
            n.from_rank,
            legal - Bitboard::from_square(from),
        );
        Some((m, deviations))
    }

    fn resolve_normal(
        &self,
        n: &NormalSan,
        mode: CastlingMode,
    ) -> Result<(Move, Deviations), SanError> {
        let us = self.turn;
        let origin = n.from_square();
        let (role, role_inferred) = match (n.role, origin) {
            (Some(role), _) => (role, false),
            (None, Some(from)) => match self.board.piece_at(from) {
                None => return Err(IllegalReason::EmptyOrigin { from }.into()),
                Some(piece) if piece.color != us => {
                    return Err(IllegalReason::NotYourPiece {
                        from,
                        role: piece.role,
                    }
                    .into());
                }
                Some(piece) => (piece.role, true),
            },
            (None, None) => (Role::Pawn, false),
        };
        if let Some(promotion) = n.promotion
            && matches!(promotion, Role::King | Role::Pawn)
        {
            return Err(IllegalReason::WrongPromotion { role: promotion }.into());
        }
        // A pawn move without a file stays on its file (`f6` is never `exf6`).
        let from_file = match (role, n.from_file) {
            (Role::Pawn, None) => Some(n.to.file()),
            (_, file) => file,
        };
        let fits = |m: &Move| {
            !m.is_castle()
                && from_file.is_none_or(|f| m.from.file() == f)
                && n.from_rank.is_none_or(|r| m.from.rank() == r)
        };
        let mut moves = MoveList::new();
        self.candidates_to(role, n.to, &mut moves);
        // One pass, no copies: the first move that fits (promotion included) and counts.
        let (mut n_fit, mut n_promoting, mut n_matches, mut found) = (0, 0, 0, None);
        for m in moves.iter().filter(|m| fits(m)) {
            n_fit += 1;
            n_promoting += usize::from(m.promotion.is_some());
            if m.promotion == n.promotion {
                n_matches += 1;
                found.get_or_insert(*m);
            }
        }
        if n_fit == 0 && role == Role::King {
            if let Some(m) = self.king_move_as_castle(n, mode) {
                let mut deviations = Deviations::from(Deviation::CastlingAsKingMove);
                if n.capture {
                    deviations.insert(Deviation::SpuriousCapture);
                }
                return Ok((m, deviations));
            }
            if let Some(side) = self.castling_side_of_king_move(n, mode) {
                return Err(self.explain_castling(side));
            }
        }
        if n_fit == 0 {
            return Err(self
                .explain_normal(role, from_file, n.from_rank, n.to)
                .into());
        }
        match n.promotion {
            Some(_) if n_promoting == 0 => return Err(IllegalReason::PromotionNotAllowed.into()),
            None if n_promoting > 0 => {
                return Err(IllegalReason::PromotionMissing { to: n.to }.into());
            }
            _ => {}
        }
        let m = match (n_matches, found) {
            (1, Some(m)) => m,
            _ => {
                let candidates = moves
                    .iter()
                    .filter(|m| fits(m) && m.promotion == n.promotion)
                    .copied()
                    .collect();
                return Err(SanError::Ambiguous { candidates });
            }
        };
        let mut deviations = Deviations::NONE;
        match (m.is_capture(), n.capture) {
            (true, false) => deviations.insert(Deviation::MissingCapture),
            (false, true) => deviations.insert(Deviation::SpuriousCapture),
            _ => {}
        }
        if role_inferred && role != Role::Pawn {
            deviations.insert(Deviation::LongAlgebraic);
        }
        let others = moves
            .iter()
            .filter(|o| !o.is_castle() && o.from != m.from)
            .fold(Bitboard::EMPTY, |bb, o| bb | o.from);
        deviations |= disambiguation_deviations(&m, n.from_file, n.from_rank, others);
        Ok((m, deviations))
    }

    /// `e1h1`/`Ke1h1` (king onto its own rook, origin written) or, in standard chess, `e1g1`/`Kg1`
    /// (the king moving two or more files onto its castling destination), when legal.
    fn king_move_as_castle(&self, n: &NormalSan, mode: CastlingMode) -> Option<Move> {
        let side = self.castling_side_of_king_move(n, mode)?;
        self.legal_castle(side)
            .filter(|m| m.to == n.to || m.destination() == n.to)
    }

    /// The castling side a king move spelling stands for, if it can only mean castling.
    fn castling_side_of_king_move(
        &self,
        n: &NormalSan,
        mode: CastlingMode,
    ) -> Option<CastlingSide> {
        let king = self.our_king()?;
        if n.from_file.is_some_and(|f| f != king.file())
            || n.from_rank.is_some_and(|r| r != king.rank())
        {
            return None;
        }
        if n.to.rank() != king.rank() || king.rank() != self.turn.back_rank() {
            return None;
        }
        let onto_rook = n.from_square().is_some()
            && self
                .board
                .by_piece(Piece {
                    color: self.turn,
                    role: Role::Rook,
                })
                .contains(n.to);
        let two_files =
            mode == CastlingMode::Standard && king.file().0.abs_diff(n.to.file().0) >= 2;
        if onto_rook {
            Some(CastlingSide::of_rook(king.file(), n.to.file()))
        } else if two_files {
            let side = if n.to.file() > king.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            (n.to.file() == side.king_to_file()).then_some(side)
        } else {
            None
        }
    }
}

/// What the writer would need to tell `m` apart from the other legal moves of its role onto its
/// square (`others`: their origins, castling excluded), compared with what was written.
#[inline(always)]
fn disambiguation_deviations(
    m: &Move,
    file: Option<File>,
    rank: Option<Rank>,
    others_bb: Bitboard,
) -> Deviations {
    let mut deviations = Deviations::NONE;
    let written = (file.is_some(), rank.is_some());
    let needed = match m.role {
        // A pawn capture names its file; nothing else is ever needed for pawns or kings.
        Role::Pawn => (m.is_capture(), false),
        Role::King => (false, false),
        _ => {
            if others_bb.is_empty() {
                (false, false)
            } else if (others_bb & Bitboard::file(m.from.file())).is_empty() {
                (true, false)
            } else if (others_bb & Bitboard::rank(m.from.rank())).is_empty() {
                (false, true)
            } else {
                (true, true)
            }
        }
    };
    match (written, needed) {
        (w, n) if w == n => {}
        ((true, true), _) => deviations.insert(Deviation::LongAlgebraic),
        ((false, true), (true, false)) => deviations.insert(Deviation::WrongDisambiguator),
        // A pawn capture without its file cannot have resolved, so what remains is too much.
        _ => deviations.insert(Deviation::OverDisambiguated),
    }
    deviations
}

/// The check-suffix deviations of a move, given whether it checks and (asked only if it does)
/// whether it mates.
#[inline]
fn suffix_deviations(
    check: bool,
    mate: impl FnOnce() -> bool,
    suffix: Option<CheckSuffix>,
) -> Deviations {
    if !check {
        return match suffix {
            Some(_) => Deviations::from(Deviation::SpuriousCheck),
            None => Deviations::NONE,
        };
    }
    let mate = mate();
    let deviation = match (suffix, check, mate) {
        (None, true, true) => Some(Deviation::MissingMate),
        (None, true, false) => Some(Deviation::MissingCheck),
        (Some(CheckSuffix::Check), true, true) => Some(Deviation::CheckForMate),
        (Some(CheckSuffix::Mate), true, false) => Some(Deviation::MateForCheck),
        (Some(_), false, _) => Some(Deviation::SpuriousCheck),
        _ => None,
    };
    deviation.map_or(Deviations::NONE, Deviations::from)
}
