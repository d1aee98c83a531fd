//! The legal moves of one role onto one square, found backwards from the square.
//!
//! The SAN hot path: instead of generating every move of the role and keeping those that land on
//! the square, look up which pieces attack the square (one attack lookup from the target) and keep
//! those that are not pinned off the line to their king; a king step is tested directly. Positions
//! in check (for pieces other than the king), en passant and
//! castling go through the full generator, which handles them; the result is the same set either way
//! (checked by the differential test against shakmaty).

use crate::rules::attacks;
use crate::rules::bitboard::Bitboard;
use crate::rules::movegen::RoleSet;
use crate::rules::movegen::push_move_or_promotions;
use crate::rules::moves::{Move, MoveKind, MoveList};
use crate::rules::position::Position;
use crate::rules::types::{Color, Piece, Rank, Role, Square};

impl Position {
    /// Appends the legal moves of `role` whose `to` is `to` (castling included for the king, whose
    /// `to` is then the rook's square) to `moves`.
    pub(super) fn candidates_to(&self, role: Role, to: Square, moves: &mut MoveList) {
        let us = self.turn;
        let board = &self.board;
        // A king step onto a square without an own piece (castling lands on an own rook, so it
        // takes the full path): legal if the square is not attacked with the king lifted off.
        if role == Role::King
            && !board.by_color(us).contains(to)
            && let Some(king) = board.king_of(us)
        {
            let occupied = board.occupied() - king;
            if attacks::king_attacks(king).contains(to) && !board.is_attacked(to, !us, occupied) {
                let capture = board.role_at(to);
                moves.push(Move {
                    role,
                    from: king,
                    to,
                    capture,
                    promotion: None,
                    kind: MoveKind::Normal,
                });
            }
            return;
        }
        let fast = role != Role::King
            && self.ep_square != Some(to)
            && !board.by_color(us).contains(to)
            && board
                .king_of(us)
                .is_some_and(|king| !board.is_attacked(king, !us, board.occupied()));
        if !fast {
            self.generate(RoleSet::only(role), Bitboard::from_square(to), moves);
            return;
        }
        let Some(king) = board.king_of(us) else {
            return;
        };
        let occupied = board.occupied();
        let ours = board.by_piece(Piece { color: us, role });
        let capture = board.role_at(to);
        let origins = match role {
            Role::Knight => attacks::knight_attacks(to) & ours,
            Role::Bishop => attacks::bishop_attacks(to, occupied) & ours,
            Role::Rook => attacks::rook_attacks(to, occupied) & ours,
            Role::Queen => attacks::queen_attacks(to, occupied) & ours,
            Role::Pawn => pawn_origins(us, to, capture.is_some(), occupied) & ours,
            Role::King => Bitboard::EMPTY,
        };
        if origins.is_empty() {
            return;
        }
        // Only a piece on a line through its king can be pinned: skip the pin scan otherwise.
        let on_king_lines = origins & (attacks::rook_rays(king) | attacks::bishop_rays(king));
        let pinned = if on_king_lines.any() {
            board.slider_blockers(king, us) & on_king_lines
        } else {
            Bitboard::EMPTY
        };
        for from in origins {
            // A pinned piece moves only along the line through its king (never a knight).
            if pinned.contains(from) && !attacks::aligned(king, from, to) {
                continue;
            }
            push_move_or_promotions(role, from, to, capture, moves);
        }
    }
}

/// Squares from which a pawn of `color` could move to `to`: diagonally behind it for a capture,
/// straight behind it (one step, or two from the start rank through an empty square) for a push.
#[inline]
pub(super) fn pawn_origins(
    color: Color,
    to: Square,
    capture: bool,
    occupied: Bitboard,
) -> Bitboard {
    if capture {
        return attacks::pawn_attacks(!color, to);
    }
    let (back, double_rank) = match color {
        Color::White => (-8, Rank(3)),
        Color::Black => (8, Rank(4)),
    };
    let Some(one) = to.offset(back) else {
        return Bitboard::EMPTY;
    };
    let mut origins = Bitboard::from_square(one);
    if to.rank() == double_rank
        && !occupied.contains(one)
        && let Some(two) = one.offset(back)
    {
        origins.add(two);
    }
    origins
}
