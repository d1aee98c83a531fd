//! Why a move is illegal: found by examining the pseudo-legal candidates when no legal move fits.
//!
//! A candidate that is pinned names its pinner; one that leaves the king in check names a checker;
//! castling names the lost right, the blocking square, the attacked square or the checker. When
//! several pseudo-legal candidates fit, the reason given is the first one's (a1 first).

use super::error::{IllegalReason, SanError};
use crate::rules::attacks;
use crate::rules::bitboard::Bitboard;
use crate::rules::movegen::CastlingObstacle;
use crate::rules::moves::{CastlingSide, Move, MoveKind};
use crate::rules::position::Position;
use crate::rules::types::{File, Rank, Role, Square};

impl Position {
    /// Why castling on `side` is impossible (called when no legal castling move exists).
    pub(super) fn explain_castling(&self, side: CastlingSide) -> SanError {
        let us = self.turn;
        let (Some(king), Some(rook)) = (self.our_king(), self.castling_rook(us, side)) else {
            return IllegalReason::CastlingRightLost { side }.into();
        };
        if king.rank() != us.back_rank() {
            return IllegalReason::CastlingRightLost { side }.into();
        }
        if let Some(checker) = self.checkers().first() {
            return IllegalReason::CastlingOutOfCheck {
                checker_role: self.role_or_pawn(checker),
                checker,
            }
            .into();
        }
        match self.castling_obstacle(king, rook) {
            Some(CastlingObstacle::Blocked { square }) => {
                IllegalReason::CastlingPathBlocked { side, square }.into()
            }
            Some(CastlingObstacle::Attacked { square, attacker }) => {
                IllegalReason::CastlingThroughCheck {
                    side,
                    square,
                    attacker_role: self.role_or_pawn(attacker),
                    attacker,
                }
                .into()
            }
            // Rights, check and path are fine, so the rook itself must be missing.
            None => IllegalReason::CastlingRightLost { side }.into(),
        }
    }

    /// Why no legal move of `role` onto `to` (with the written origin filters) exists.
    pub(super) fn explain_normal(
        &self,
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        to: Square,
    ) -> IllegalReason {
        let us = self.turn;
        let candidates = self.pseudo_legal_moves().into_iter().filter(|m| {
            m.role == role
                && m.to == to
                && !m.is_castle()
                && file.is_none_or(|f| m.from.file() == f)
                && rank.is_none_or(|r| m.from.rank() == r)
        });
        let mut first_reason = None;
        for m in candidates {
            if let Some(reason) = self.why_illegal(&m) {
                first_reason.get_or_insert(reason);
            }
        }
        if let Some(reason) = first_reason {
            return reason;
        }
        // No pseudo-legal candidate. A pawn capture onto an empty square on the en-passant rank,
        // with an enemy pawn just behind it, is an en-passant capture that is not available now.
        if role == Role::Pawn
            && file.is_some_and(|f| f != to.file())
            && !self.board.occupied().contains(to)
            && let Some(behind) = to.offset(if us.is_white() { -8 } else { 8 })
            && self
                .board
                .piece_at(behind)
                .is_some_and(|p| p.color != us && p.role == Role::Pawn)
            && to.rank() == if us.is_white() { Rank(5) } else { Rank(2) }
        {
            return IllegalReason::NoEnPassant { to };
        }
        IllegalReason::NoPieceReaches {
            color: us,
            role,
            to,
        }
    }

    /// Why a pseudo-legal move is not legal: its piece is pinned, or it leaves the king in check.
    fn why_illegal(&self, m: &Move) -> Option<IllegalReason> {
        let us = self.turn;
        let king = self.our_king()?;
        if m.role != Role::King && m.kind != MoveKind::EnPassant {
            let snipers = ((attacks::rook_rays(king) & self.board.rooks_and_queens())
                | (attacks::bishop_rays(king) & self.board.bishops_and_queens()))
                & self.board.by_color(!us);
            for pinner in snipers {
                let between = attacks::between(king, pinner) & self.board.occupied();
                if between == Bitboard::from_square(m.from)
                    && !attacks::line(king, pinner).contains(m.to)
                {
                    return Some(IllegalReason::Pinned {
                        role: m.role,
                        from: m.from,
                        pinner_role: self.role_or_pawn(pinner),
                        pinner,
                    });
                }
            }
        }
        let after = self.played(m);
        let king_after = after.board.king_of(us)?;
        let checker = after
            .board
            .attackers_to(king_after, !us, after.board.occupied())
            .first()?;
        Some(IllegalReason::LeavesKingInCheck {
            role: m.role,
            from: m.from,
            checker_role: after.role_or_pawn(checker),
            checker,
        })
    }

    fn role_or_pawn(&self, square: Square) -> Role {
        self.board.role_at(square).unwrap_or(Role::Pawn)
    }
}
