//! A chess position: placement, side to move, castling rights (as rook squares), en-passant square
//! and clocks; and how a move changes it.
//!
//! State updates follow one model for standard chess and Chess960: a king move clears both of its
//! side's castling rights; any move from or onto a castling rook's square clears that right; a pawn
//! double step sets the en-passant square only when an enemy pawn stands beside its destination; the
//! halfmove clock resets on pawn moves and captures.

use super::attacks;
use super::bitboard::Bitboard;
use super::board::Board;
use super::moves::{CastlingSide, Move, MoveKind};
use super::types::{Color, Piece, Role, Square};

/// A position. Build one with [`Position::new`], from FEN ([`Position::from_fen`]) or, for partial
/// boards that need no validation, [`Position::from_parts_unchecked`].
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) castling_rooks: Bitboard,
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

/// The parts of a position, for building one without FEN. No validation is done with them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionParts {
    /// Piece placement.
    pub board: Board,
    /// Side to move.
    pub turn: Color,
    /// Squares of the rooks that still carry castling rights (both colours).
    pub castling_rooks: Bitboard,
    /// The en-passant target square, if any.
    pub ep_square: Option<Square>,
    /// Halfmoves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and incremented after black moves.
    pub fullmove_number: u32,
}

impl Position {
    /// The standard starting position.
    pub fn new() -> Position {
        Position {
            board: Board::standard(),
            turn: Color::White,
            castling_rooks: Bitboard(0x8100_0000_0000_0081),
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// A position from its parts, unvalidated: kings may be missing, rights may be meaningless.
    /// Move generation assumes at most one king per side; [`Position::play_unchecked`] works on any board.
    pub fn from_parts_unchecked(parts: PositionParts) -> Position {
        Position {
            board: parts.board,
            turn: parts.turn,
            castling_rooks: parts.castling_rooks,
            ep_square: parts.ep_square,
            halfmove_clock: parts.halfmove_clock,
            fullmove_number: parts.fullmove_number.max(1),
        }
    }

    /// The parts of this position.
    pub fn to_parts(&self) -> PositionParts {
        PositionParts {
            board: self.board.clone(),
            turn: self.turn,
            castling_rooks: self.castling_rooks,
            ep_square: self.ep_square,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    /// Piece placement.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Squares of the rooks that carry castling rights, both colours.
    #[inline]
    pub fn castling_rooks(&self) -> Bitboard {
        self.castling_rooks
    }

    /// The castling rook of `color` on `side`, if that right exists.
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let king = self.board.king_of(color)?;
        let rooks = self.castling_rooks & Bitboard::rank(color.back_rank());
        rooks
            .into_iter()
            .find(|rook| CastlingSide::of_rook(king.file(), rook.file()) == side)
    }

    /// The en-passant target square as stored: set after a double step when an enemy pawn stands
    /// beside the pawn (or as read from FEN).
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The en-passant square only if some legal move captures en passant.
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        self.legal_moves()
            .iter()
            .any(|m| m.is_en_passant())
            .then_some(ep)
    }

    /// Halfmoves since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number: 1 at the start, incremented after each black move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The king of the side to move, if it has exactly one.
    #[inline]
    pub fn our_king(&self) -> Option<Square> {
        self.board.king_of(self.turn)
    }

    /// Enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        match self.our_king() {
            Some(king) => self
                .board
                .attackers_to(king, !self.turn, self.board.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// `true` if the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// `true` if the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// `true` if the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// `true` if neither side can ever checkmate, whatever the moves: king against king, or with a
    /// single minor piece, or with bishops all on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let b = &self.board;
        if (b.by_role(Role::Pawn) | b.rooks_and_queens()).any() {
            return false;
        }
        let knights = b.by_role(Role::Knight);
        let bishops = b.by_role(Role::Bishop);
        if (knights | bishops).count() <= 1 {
            return true;
        }
        if knights.is_empty() {
            const DARK: u64 = 0xAA55_AA55_AA55_AA55;
            return bishops.0 & DARK == 0 || bishops.0 & !DARK == 0;
        }
        false
    }

    /// Plays a move known to be legal (or at least pseudo-legal for this board) and updates every
    /// piece of state. Works on boards without kings, so the state rules can be asked of partial boards.
    #[inline]
    pub fn play_unchecked(&mut self, m: &Move) {
        let us = self.turn;
        let them = !us;
        self.ep_square = None;
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        match m.kind {
            MoveKind::Castle => {
                let side = CastlingSide::of_rook(m.from.file(), m.to.file());
                let rank = m.from.rank();
                let king_to = Square::from_coords(side.king_to_file(), rank);
                let rook_to = Square::from_coords(side.rook_to_file(), rank);
                self.board.toggle(
                    m.from,
                    Piece {
                        color: us,
                        role: Role::King,
                    },
                );
                self.board.toggle(
                    m.to,
                    Piece {
                        color: us,
                        role: Role::Rook,
                    },
                );
                self.board.toggle(
                    king_to,
                    Piece {
                        color: us,
                        role: Role::King,
                    },
                );
                self.board.toggle(
                    rook_to,
                    Piece {
                        color: us,
                        role: Role::Rook,
                    },
                );
                self.castling_rooks = self.castling_rooks - Bitboard::rank(us.back_rank());
            }
            MoveKind::EnPassant => {
                let captured = Square::from_coords(m.to.file(), m.from.rank());
                self.board.toggle(
                    captured,
                    Piece {
                        color: them,
                        role: Role::Pawn,
                    },
                );
                self.board.toggle(
                    m.from,
                    Piece {
                        color: us,
                        role: Role::Pawn,
                    },
                );
                self.board.toggle(
                    m.to,
                    Piece {
                        color: us,
                        role: Role::Pawn,
                    },
                );
                self.halfmove_clock = 0;
            }
            MoveKind::Normal => {
                let from = Bitboard::from_square(m.from);
                let to = Bitboard::from_square(m.to);
                if let Some(captured) = m.capture {
                    self.board.toggle_bits(to, them, captured);
                    self.halfmove_clock = 0;
                }
                match m.promotion {
                    None => self.board.toggle_bits(from | to, us, m.role),
                    Some(promoted) => {
                        self.board.toggle_bits(from, us, m.role);
                        self.board.toggle_bits(to, us, promoted);
                    }
                }
                match m.role {
                    Role::Pawn => {
                        self.halfmove_clock = 0;
                        // A double step flips only bit 4 of the square index (rank 2 <-> 4, 7 <-> 5).
                        if m.from.index() ^ m.to.index() == 16 {
                            let skipped = Square::from_index_wrapping(
                                ((m.from.index() + m.to.index()) / 2) as u32,
                            );
                            let beside = attacks::pawn_attacks(us, skipped)
                                & self.board.by_piece(Piece {
                                    color: them,
                                    role: Role::Pawn,
                                });
                            if beside.any() {
                                self.ep_square = Some(skipped);
                            }
                        }
                    }
                    Role::King => {
                        self.castling_rooks = self.castling_rooks - Bitboard::rank(us.back_rank());
                    }
                    _ => {}
                }
                self.castling_rooks = self.castling_rooks - (from | to);
            }
        }
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = them;
    }

    /// `true` if playing `m` (a move of the side to move, as the generator makes them) puts the
    /// other side in check: the same answer as `self.played(m).is_check()`, without the copy.
    ///
    /// For a normal move the board after it differs only on `from` (emptied) and `to` (now the
    /// moved piece, promoted if it promotes). So the checkers after it are the moved piece, if it
    /// attacks the king from `to`, and our other pieces that attack the king on the new occupancy.
    /// Castling, en passant and moves onto a king or an own piece take the copy.
    #[inline]
    pub(crate) fn gives_check(&self, m: &Move) -> bool {
        let us = self.turn;
        let board = &self.board;
        if m.kind != MoveKind::Normal
            || m.capture == Some(Role::King)
            || board.by_color(us).contains(m.to)
        {
            return self.played(m).is_check();
        }
        let Some(king) = board.king_of(!us) else {
            return false;
        };
        let occupied = (board.occupied() - m.from) | m.to;
        // Slider attacks as "on the line, nothing between" (small tables, see
        // `attacks::unblocked`).
        let slides = |rays: Bitboard| {
            rays.contains(king) && (attacks::between(m.to, king) & occupied).is_empty()
        };
        let direct = match m.promotion.unwrap_or(m.role) {
            Role::Pawn => attacks::pawn_attacks(us, m.to).contains(king),
            Role::Knight => attacks::knight_attacks(m.to).contains(king),
            Role::Bishop => slides(attacks::bishop_rays(m.to)),
            Role::Rook => slides(attacks::rook_rays(m.to)),
            Role::Queen => slides(attacks::rook_rays(m.to) | attacks::bishop_rays(m.to)),
            Role::King => attacks::king_attacks(m.to).contains(king),
        };
        let check = direct || {
            // Our other pieces keep their squares and roles (`to` held none of them).
            let others = board.by_color(us) - m.from;
            let steppers = (attacks::knight_attacks(king) & board.by_role(Role::Knight))
                | (attacks::pawn_attacks(!us, king) & board.by_role(Role::Pawn))
                | (attacks::king_attacks(king) & board.by_role(Role::King));
            let snipers = ((attacks::rook_rays(king) & board.rooks_and_queens())
                | (attacks::bishop_rays(king) & board.bishops_and_queens()))
                & others;
            (steppers & others).any() || attacks::unblocked(king, snipers, occupied).any()
        };
        debug_assert_eq!(check, self.played(m).is_check(), "{m:?}");
        check
    }

    /// A copy of this position with `m` played (see [`Position::play_unchecked`]).
    #[must_use]
    #[inline]
    pub fn played(&self, m: &Move) -> Position {
        let mut next = self.clone();
        next.play_unchecked(m);
        next
    }

    /// Passes the turn (a null move, `--` or `Z0` in PGN): clears the ep square, counts a halfmove.
    pub fn play_null(&mut self) {
        self.ep_square = None;
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        if self.turn == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = !self.turn;
    }
}
