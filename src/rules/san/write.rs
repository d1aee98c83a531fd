//! Writes canonical SAN.
//!
//! Pieces other than pawns and kings are disambiguated among the legal moves of the same role onto
//! the same square only: by file if that suffices, else by rank, else by square. Pawn captures name
//! their file. Castling is `O-O`/`O-O-O` in every mode (Chess960 too). Promotions are `=Q`. The
//! suffix is `#` for mate and `+` for check.

use crate::rules::bitboard::Bitboard;
use crate::rules::movegen::RoleSet;
use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::types::Role;

impl Position {
    /// The canonical SAN of a legal move, with its check or mate suffix.
    pub fn san(&self, m: &Move) -> String {
        let mut san = String::with_capacity(8);
        self.write_san(m, &mut san);
        let after = self.played(m);
        if after.is_check() {
            san.push(if after.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        san
    }

    /// The canonical SAN of a legal move without `+`/`#`.
    pub fn san_without_suffix(&self, m: &Move) -> String {
        let mut san = String::with_capacity(8);
        self.write_san(m, &mut san);
        san
    }

    /// Appends the canonical SAN of a legal move, without suffix, to `out`.
    pub fn write_san(&self, m: &Move, out: &mut String) {
        if let Some(side) = m.castling_side() {
            out.push_str(side.san());
            return;
        }
        match m.role {
            Role::Pawn => {
                if m.is_capture() {
                    out.push(m.from.file().char());
                }
            }
            role => {
                out.push(role.upper_char());
                if role != Role::King {
                    self.write_disambiguation(m, out);
                }
            }
        }
        if m.is_capture() {
            out.push('x');
        }
        out.push(m.to.file().char());
        out.push(m.to.rank().char());
        if let Some(promotion) = m.promotion {
            out.push('=');
            out.push(promotion.upper_char());
        }
    }

    fn write_disambiguation(&self, m: &Move, out: &mut String) {
        let others = self
            .legal_moves_filtered(RoleSet::only(m.role), Bitboard::from_square(m.to))
            .iter()
            .filter(|o| !o.is_castle() && o.from != m.from)
            .fold(Bitboard::EMPTY, |bb, o| bb | o.from);
        if others.is_empty() {
            return;
        }
        if (others & Bitboard::file(m.from.file())).is_empty() {
            out.push(m.from.file().char());
        } else if (others & Bitboard::rank(m.from.rank())).is_empty() {
            out.push(m.from.rank().char());
        } else {
            out.push(m.from.file().char());
            out.push(m.from.rank().char());
        }
    }
}
