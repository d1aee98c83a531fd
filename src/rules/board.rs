//! Piece placement: which piece stands on which square, as one bitboard per role and per colour.

use super::attacks;
use super::bitboard::Bitboard;
use super::types::{Color, Piece, Role, Square};

/// Piece placement without any game state. May hold any number of kings (or none): validation is
/// the FEN layer's job, so that partial boards (test fixtures, puzzles) can still be asked questions.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    occupied: Bitboard,
}

impl Board {
    /// An empty board.
    pub fn empty() -> Board {
        Board::default()
    }

    /// The standard starting placement.
    pub fn standard() -> Board {
        let mut board = Board::empty();
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for (file, role) in back.into_iter().enumerate() {
            let file = file as u32;
            board.set(
                Square::new(file).unwrap(),
                Piece {
                    color: Color::White,
                    role,
                },
            );
            board.set(
                Square::new(8 + file).unwrap(),
                Piece {
                    color: Color::White,
                    role: Role::Pawn,
                },
            );
            board.set(
                Square::new(48 + file).unwrap(),
                Piece {
                    color: Color::Black,
                    role: Role::Pawn,
                },
            );
            board.set(
                Square::new(56 + file).unwrap(),
                Piece {
                    color: Color::Black,
                    role,
                },
            );
        }
        board
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// Squares occupied by `color`.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Squares occupied by pieces of `role`, of either colour.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// Squares occupied by `piece`.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role(piece.role) & self.by_color(piece.color)
    }

    /// Rooks and queens of both colours.
    #[inline]
    pub fn rooks_and_queens(&self) -> Bitboard {
        self.by_role(Role::Rook) | self.by_role(Role::Queen)
    }

    /// Bishops and queens of both colours.
    #[inline]
    pub fn bishops_and_queens(&self) -> Bitboard {
        self.by_role(Role::Bishop) | self.by_role(Role::Queen)
    }

    /// The king of `color`, if it has exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        (self.by_role(Role::King) & self.by_color(color)).single()
    }

    /// The role of the piece on `square`, if any.
    #[inline]
    pub fn role_at(&self, square: Square) -> Option<Role> {
        if !self.occupied.contains(square) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|&role| self.by_role(role).contains(square))
    }

    /// The colour of the piece on `square`, if any.
    #[inline]
    pub fn color_at(&self, square: Square) -> Option<Color> {
        if self.by_color[0].contains(square) {
            Some(Color::White)
        } else if self.by_color[1].contains(square) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The piece on `square`, if any.
    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        Some(Piece {
            color: self.color_at(square)?,
            role: self.role_at(square)?,
        })
    }

    /// Puts `piece` on `square`, replacing whatever stood there.
    pub fn set(&mut self, square: Square, piece: Piece) {
        self.clear(square);
        self.put_on_empty(square, piece);
    }

    /// Removes whatever stands on `square`, returning it.
    pub fn clear(&mut self, square: Square) -> Option<Piece> {
        let piece = self.piece_at(square)?;
        self.toggle(square, piece);
        Some(piece)
    }

    /// Puts `piece` on a square known to be empty.
    #[inline]
    pub(crate) fn put_on_empty(&mut self, square: Square, piece: Piece) {
        self.toggle(square, piece);
    }

    /// Flips the presence of `piece` on `square` (adds it if absent, removes it if present).
    #[inline]
    pub(crate) fn toggle(&mut self, square: Square, piece: Piece) {
        let bb = Bitboard::from_square(square);
        self.by_role[piece.role.index()] ^= bb;
        self.by_color[piece.color.index()] ^= bb;
        self.occupied ^= bb;
    }

    /// Pieces of `attacker` that attack `square`, with `occupied` as the blockers.
    #[inline]
    pub fn attackers_to(&self, square: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color(attacker);
        ((attacks::rook_attacks(square, occupied) & self.rooks_and_queens())
            | (attacks::bishop_attacks(square, occupied) & self.bishops_and_queens())
            | (attacks::knight_attacks(square) & self.by_role(Role::Knight))
            | (attacks::king_attacks(square) & self.by_role(Role::King))
            | (attacks::pawn_attacks(!attacker, square) & self.by_role(Role::Pawn)))
            & them
    }

    /// `true` if any piece of `attacker` attacks `square`.
    #[inline]
    pub fn is_attacked(&self, square: Square, attacker: Color, occupied: Bitboard) -> bool {
        self.attackers_to(square, attacker, occupied).any()
    }

    /// Enemy sliders of `king_color`'s king on `king` that would give check if the one piece
    /// between them moved away, paired into the set of those in-between pieces (of either colour).
    pub fn slider_blockers(&self, king: Square, king_color: Color) -> Bitboard {
        let snipers = ((attacks::rook_rays(king) & self.rooks_and_queens())
            | (attacks::bishop_rays(king) & self.bishops_and_queens()))
            & self.by_color(!king_color);
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = attacks::between(king, sniper) & self.occupied;
            if !between.more_than_one() {
                blockers |= between;
            }
        }
        blockers
    }

    /// Iterates over `(square, piece)` for every occupied square, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied.map(move |sq| {
            (
                sq,
                self.piece_at(sq).expect("occupied square holds a piece"),
            )
        })
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::new(rank * 8 + file).unwrap();
                write!(f, "{}", self.piece_at(sq).map_or('.', Piece::char))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
