//! Writing FEN, X-FEN and Shredder-FEN.

use super::{FenFormat, above, below};
use crate::rules::bitboard::Bitboard;
use crate::rules::board::Board;
use crate::rules::moves::CastlingSide;
use crate::rules::position::Position;
use crate::rules::types::{Color, File, Piece, Rank, Role, Square};

impl Position {
    /// The position as FEN (see [`FenFormat`]).
    pub fn to_fen(&self, format: FenFormat) -> String {
        let mut fen = board_fen(&self.board);
        fen.push(' ');
        fen.push(if self.turn.is_white() { 'w' } else { 'b' });
        fen.push(' ');
        fen.push_str(&self.castling_fen(format));
        fen.push(' ');
        match self.ep_square {
            Some(sq) => fen.push_str(&sq.to_string()),
            None => fen.push('-'),
        }
        fen.push_str(&format!(
            " {} {}",
            self.halfmove_clock, self.fullmove_number
        ));
        fen
    }

    /// The castling field alone.
    pub fn castling_fen(&self, format: FenFormat) -> String {
        let mut out = String::new();
        for color in Color::ALL {
            let back_rank = Bitboard::rank(color.back_rank());
            let rooks = self.castling_rooks & back_rank;
            let own_rooks = self.board.by_piece(Piece {
                color,
                role: Role::Rook,
            }) & back_rank;
            let king = self.board.king_of(color);
            // King side first (h-side), then queen side, as in `KQkq`; by file descending.
            let mut letters: Vec<(u8, char)> = Vec::new();
            for rook in rooks {
                // Without a king, only a right on the h-file (a-file) is certainly on the king side
                // (queen side). A right is outermost if no own rook stands further out on its side,
                // whether or not a rook stands on its square (positions built unchecked may hold
                // rights without rooks; they are written as `KQkq` where that reads back the same).
                let side = match (king, rook.file()) {
                    (Some(k), _) => Some(CastlingSide::of_rook(k.file(), rook.file())),
                    (None, File(7)) => Some(CastlingSide::KingSide),
                    (None, File(0)) => Some(CastlingSide::QueenSide),
                    (None, _) => None,
                };
                let outermost = match side {
                    Some(CastlingSide::KingSide) => (own_rooks & above(rook)).is_empty(),
                    Some(CastlingSide::QueenSide) => (own_rooks & below(rook)).is_empty(),
                    None => false,
                };
                let c = match (format, side, outermost) {
                    (FenFormat::XFen, Some(CastlingSide::KingSide), true) => 'k',
                    (FenFormat::XFen, Some(CastlingSide::QueenSide), true) => 'q',
                    _ => rook.file().char(),
                };
                let order = match c {
                    'k' => 9,
                    'q' => 8,
                    _ => rook.file().0,
                };
                letters.push((
                    order,
                    if color.is_white() {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    },
                ));
            }
            letters.sort_by_key(|l| std::cmp::Reverse(l.0));
            out.extend(letters.into_iter().map(|(_, c)| c));
        }
        if out.is_empty() { "-".to_string() } else { out }
    }
}

/// The board field of a FEN.
pub fn board_fen(board: &Board) -> String {
    let mut out = String::with_capacity(64);
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match board.piece_at(Square::from_coords(File(file), Rank(rank))) {
                Some(piece) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(piece.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}
