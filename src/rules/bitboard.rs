//! A set of squares as a 64-bit mask (bit `i` is square `i`, a1 = 0).

use super::types::{File, Rank, Square};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// Rank 1 and rank 8.
    pub const BACK_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

    /// The set holding only `square`.
    #[inline]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square.index())
    }

    /// All squares of a rank.
    #[inline]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank.0 as u32))
    }

    /// All squares of a file.
    #[inline]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file.0 as u32)
    }

    /// `true` if the set holds `square`.
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.index()) != 0
    }

    /// `true` if the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `true` if the set holds at least one square.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// `true` if the set holds two or more squares.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::new(self.0.trailing_zeros())
        }
    }

    /// The highest square, if any.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::new(63 - self.0.leading_zeros())
        }
    }

    /// The only square, if the set holds exactly one.
    #[inline]
    pub const fn single(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.first()
        }
    }

    /// Adds a square.
    #[inline]
    pub fn add(&mut self, square: Square) {
        self.0 |= 1 << square.index();
    }

    /// Removes a square.
    #[inline]
    pub fn remove(&mut self, square: Square) {
        self.0 &= !(1 << square.index());
    }

    /// Toggles a square.
    #[inline]
    pub fn toggle(&mut self, square: Square) {
        self.0 ^= 1 << square.index();
    }

    /// Shifts every square one rank towards rank 8 (squares on rank 8 fall off).
    #[inline]
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// Shifts every square one rank towards rank 1.
    #[inline]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let square = self.first()?;
        self.0 &= self.0 - 1;
        Some(square)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(square: Square) -> Bitboard {
        Bitboard::from_square(square)
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $op:tt, $tra:ident, $fa:ident) => {
        impl<T: Into<Bitboard>> $tr<T> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: T) -> Bitboard {
                Bitboard(self.0 $op rhs.into().0)
            }
        }
        impl<T: Into<Bitboard>> $tra<T> for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: T) {
                self.0 = self.0 $op rhs.into().0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, &, BitAndAssign, bitand_assign);
bit_op!(BitOr, bitor, |, BitOrAssign, bitor_assign);
bit_op!(BitXor, bitxor, ^, BitXorAssign, bitxor_assign);

impl<T: Into<Bitboard>> Sub<T> for Bitboard {
    type Output = Bitboard;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: T) -> Bitboard {
        Bitboard(self.0 & !rhs.into().0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}
