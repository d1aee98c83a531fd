//! Resolves SAN against a position.
//!
//! Resolution counts legal moves only: a pinned knight never makes `Nd2` ambiguous. Notation that
//! is accepted but not canonical (`Ng1f3`, `0-0`, `e8Q`, a missing `x` or `+`) resolves and records
//! each deviation, so the lint layer can report it and offer the canonical form. Castling spelled
//! as a king move is accepted with [`Deviation::CastlingAsKingMove`]: king-onto-rook (`e1h1`,
//! `Ke1h1`) whenever the origin square is written, and king-to-destination (`e1g1`, `Kg1`) in
//! standard chess when the king would move two or more files.

use super::deviation::{Deviation, Deviations};
use super::error::{IllegalReason, SanError};
use super::parse::{CheckSuffix, NormalSan, ParsedSan, SanKind, parse_san};
use crate::rules::bitboard::Bitboard;
use crate::rules::movegen::RoleSet;
use crate::rules::moves::{CastlingMode, CastlingSide, Move, MoveList};
use crate::rules::position::Position;
use crate::rules::types::{File, Piece, Rank, Role};
use arrayvec::ArrayVec;

/// A resolved SAN token: the move and every deviation from canonical SAN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resolved {
    /// The move; `None` for a null move (`--`, `Z0`).
    pub m: Option<Move>,
    /// How the text deviates from canonical SAN (empty for canonical text).
    pub deviations: Deviations,
}

/// How many of the candidate moves of one role onto one square we keep (promotions count four
/// times). No legal position has more.
type Candidates = ArrayVec<Move, 64>;

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
        deviations |= suffix_deviations(&self.played(&m), san.suffix);
        Ok(Resolved {
            m: Some(m),
            deviations,
        })
    }

    /// Resolves a SAN token and plays it (a null move passes the turn).
    pub fn play_san(&mut self, text: &str, mode: CastlingMode) -> Result<Resolved, SanError> {
        let san = parse_san(text)?;
        match self.resolve_move(&san, mode)? {
            None => {
                self.play_null();
                Ok(Resolved {
                    m: None,
                    deviations: san.deviations,
                })
            }
            Some((m, mut deviations)) => {
                self.play_unchecked(&m);
                deviations |= suffix_deviations(self, san.suffix);
                Ok(Resolved {
                    m: Some(m),
                    deviations,
                })
            }
        }
    }

    /// The move and its deviations, without looking at the check suffix. `None` for a null move.
    fn resolve_move(
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
        self.legal_moves_filtered(RoleSet::only(Role::King), Bitboard::from_square(rook))
            .into_iter()
            .find(Move::is_castle)
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
        let moves = self.legal_moves_filtered(RoleSet::only(role), Bitboard::from_square(n.to));
        let mut candidates: Candidates = moves.iter().copied().filter(fits).collect();
        if candidates.is_empty() && role == Role::King {
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
        if candidates.is_empty() {
            return Err(self
                .explain_normal(role, from_file, n.from_rank, n.to)
                .into());
        }
        match n.promotion {
            Some(promotion) => {
                if candidates.iter().all(|m| m.promotion.is_none()) {
                    return Err(IllegalReason::PromotionNotAllowed.into());
                }
                candidates.retain(|m| m.promotion == Some(promotion));
            }
            None => {
                if candidates.iter().any(|m| m.promotion.is_some()) {
                    return Err(IllegalReason::PromotionMissing { to: n.to }.into());
                }
            }
        }
        let m = match candidates.as_slice() {
            [m] => *m,
            _ => {
                return Err(SanError::Ambiguous {
                    candidates: candidates.to_vec(),
                });
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
        deviations |= disambiguation_deviations(&m, n.from_file, n.from_rank, &moves);
        Ok((m, deviations))
    }

    /// `e1h1`/`Ke1h1` (king onto its own rook, origin written) or, in standard chess, `e1g1`/`Kg1`
    /// (the king moving two or more files onto its castling destination), when legal.
    fn king_move_as_castle(&self, n: &NormalSan, mode: CastlingMode) -> Option<Move> {
        let side = self.castling_side_of_king_move(n, mode)?;
        self.legal_castle(side)
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
            Some(if n.to.file() > king.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            })
        } else {
            None
        }
    }
}

/// What the writer would need to tell `m` apart from the other legal moves of its role onto its
/// square, compared with what was written.
fn disambiguation_deviations(
    m: &Move,
    file: Option<File>,
    rank: Option<Rank>,
    moves: &MoveList,
) -> Deviations {
    let mut deviations = Deviations::NONE;
    let written = (file.is_some(), rank.is_some());
    let needed = match m.role {
        // A pawn capture names its file; nothing else is ever needed for pawns or kings.
        Role::Pawn => (m.is_capture(), false),
        Role::King => (false, false),
        _ => {
            let mut others = moves
                .iter()
                .filter(|o| !o.is_castle() && o.from != m.from)
                .map(|o| o.from);
            let others_bb = others.by_ref().fold(Bitboard::EMPTY, |bb, sq| bb | sq);
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

/// The check-suffix deviations of a move, given the position after it.
fn suffix_deviations(after: &Position, suffix: Option<CheckSuffix>) -> Deviations {
    let check = after.is_check();
    let mate = check && after.legal_moves().is_empty();
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
