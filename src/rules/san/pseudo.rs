//! Pseudo-legal moves (king safety ignored) and the seed FA-82636 contract built on them.
//!
//! Real SAN resolution counts legal moves only; pseudo-legal candidates serve to explain why a move
//! is illegal (which piece is pinned, which move leaves the king in check) and to answer the
//! FA-82636 contract on partial boards.

use super::error::SanSyntaxError;
use super::parse::{SanKind, parse_san};
use crate::rules::attacks;
use crate::rules::bitboard::Bitboard;
use crate::rules::board::Board;
use crate::rules::movegen::push_move_or_promotions;
use crate::rules::movegen::{RoleSet, pawn_targets};
use crate::rules::moves::{Move, MoveKind, MoveList};
use crate::rules::position::{Position, PositionParts};
use crate::rules::types::{Color, Piece, Rank, Role, Square};
use std::fmt;

impl Position {
    /// Pseudo-legal moves: every move a piece of the side to move could make if its own king's
    /// safety did not matter (en passant included), plus the legal castling moves.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let us = self.turn;
        let board = &self.board;
        let ours = board.by_color(us);
        let theirs = board.by_color(!us);
        let occupied = board.occupied();
        let mut moves = MoveList::new();
        for from in ours {
            let Some(role) = board.role_at(from) else {
                continue;
            };
            let targets = match role {
                Role::Pawn => pawn_targets(us, from, occupied, theirs),
                _ => attacks::attacks(Piece { color: us, role }, from, occupied) & !ours,
            };
            for to in targets {
                let capture = board.role_at(to);
                push_move_or_promotions(role, from, to, capture, &mut moves);
            }
        }
        if let Some(ep) = self.ep_square
            && !occupied.contains(ep)
        {
            let behind = match (us, ep.rank()) {
                (Color::White, Rank(5)) => ep.offset(-8),
                (Color::Black, Rank(2)) => ep.offset(8),
                _ => None,
            };
            if behind.is_some_and(|sq| {
                board
                    .by_piece(Piece {
                        color: !us,
                        role: Role::Pawn,
                    })
                    .contains(sq)
            }) {
                for from in attacks::pawn_attacks(!us, ep)
                    & board.by_piece(Piece {
                        color: us,
                        role: Role::Pawn,
                    })
                {
                    moves.push(Move {
                        role: Role::Pawn,
                        from,
                        to: ep,
                        capture: Some(Role::Pawn),
                        promotion: None,
                        kind: MoveKind::EnPassant,
                    });
                }
            }
        }
        for m in self.legal_moves_filtered(RoleSet::only(Role::King), self.castling_rooks) {
            if m.is_castle() {
                moves.push(m);
            }
        }
        moves
    }
}

/// The answer of [`resolve_pseudo_legal_origin`] when there is no unique origin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PseudoLegalSanError {
    /// The text is not a non-castling SAN move.
    Invalid(SanSyntaxError),
    /// Two or more pieces fit.
    Ambiguous,
    /// No piece fits.
    Illegal,
}

impl fmt::Display for PseudoLegalSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PseudoLegalSanError::Invalid(reason) => write!(f, "invalid: {reason}"),
            PseudoLegalSanError::Ambiguous => f.write_str("ambiguous"),
            PseudoLegalSanError::Illegal => f.write_str("illegal"),
        }
    }
}

impl std::error::Error for PseudoLegalSanError {}

/// The seed FA-82636 contract: resolves a non-castling SAN move to the unique origin square of a
/// pseudo-legal move of `turn` on `board` (which may lack kings).
///
/// Check suffixes are ignored. Sliders need a clear path; pawns push one square, or two from their
/// start rank through an empty square, and capture one step diagonally forward (no en passant: the
/// board carries no en-passant square). `x` requires an enemy piece on the target and its absence
/// an empty target. A file letter filters candidates by file, a rank digit by rank. A promotion
/// piece, if written, must be on a pawn move to the last rank; a missing one is not required.
pub fn resolve_pseudo_legal_origin(
    board: &Board,
    turn: Color,
    san: &str,
) -> Result<Square, PseudoLegalSanError> {
    let parsed = parse_san(san).map_err(PseudoLegalSanError::Invalid)?;
    let SanKind::Normal(n) = parsed.kind else {
        return Err(PseudoLegalSanError::Illegal);
    };
    let role = match (n.role, n.from_square()) {
        (Some(role), _) => role,
        (None, Some(from)) => board.role_at(from).ok_or(PseudoLegalSanError::Illegal)?,
        (None, None) => Role::Pawn,
    };
    let target = board.color_at(n.to);
    let capture_ok = if n.capture {
        target == Some(!turn)
    } else {
        target.is_none()
    };
    if !capture_ok {
        return Err(PseudoLegalSanError::Illegal);
    }
    let from_file = match (role, n.from_file) {
        (Role::Pawn, None) => Some(n.to.file()),
        (_, file) => file,
    };
    let position = Position::from_parts_unchecked(PositionParts {
        board: board.clone(),
        turn,
        castling_rooks: Bitboard::EMPTY,
        ep_square: None,
        halfmove_clock: 0,
        fullmove_number: 1,
    });
    let mut origins = Bitboard::EMPTY;
    for m in position.pseudo_legal_moves() {
        if m.role == role
            && m.to == n.to
            && from_file.is_none_or(|f| m.from.file() == f)
            && n.from_rank.is_none_or(|r| m.from.rank() == r)
            && n.promotion.is_none_or(|p| m.promotion == Some(p))
        {
            origins.add(m.from);
        }
    }
    match origins.count() {
        0 => Err(PseudoLegalSanError::Illegal),
        1 => origins.first().ok_or(PseudoLegalSanError::Illegal),
        _ => Err(PseudoLegalSanError::Ambiguous),
    }
}
