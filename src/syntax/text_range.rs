//! Byte ranges into PGN text.
//!
//! Every token, node and error carries a [`TextRange`]: a half-open byte range `start..end` with `u32`
//! offsets (PGN files above 4 GiB are out of scope). Lines and columns exist only in [`super::LineIndex`].

use std::fmt;
use std::ops::Range;

/// A half-open byte range `start..end`; `start <= end` always holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct TextRange {
    /// First byte of the range.
    pub start: u32,
    /// One past the last byte of the range.
    pub end: u32,
}

impl TextRange {
    /// The range `start..end`. Panics in debug builds when `start > end`.
    #[inline]
    pub const fn new(start: u32, end: u32) -> TextRange {
        debug_assert!(start <= end);
        TextRange { start, end }
    }

    /// The range `start..end` from `usize` offsets (truncated to `u32`).
    #[inline]
    pub fn from_usize(start: usize, end: usize) -> TextRange {
        TextRange::new(start as u32, end as u32)
    }

    /// The empty range at `offset`.
    #[inline]
    pub const fn empty(offset: u32) -> TextRange {
        TextRange {
            start: offset,
            end: offset,
        }
    }

    /// Length in bytes.
    #[inline]
    pub const fn len(self) -> u32 {
        self.end - self.start
    }

    /// Whether the range covers no byte.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// Whether `offset` lies in `start..end`.
    #[inline]
    pub const fn contains(self, offset: u32) -> bool {
        self.start <= offset && offset < self.end
    }

    /// The smallest range covering both `self` and `other`.
    #[inline]
    pub fn cover(self, other: TextRange) -> TextRange {
        TextRange::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// The range moved right by `by` bytes.
    #[inline]
    pub const fn shifted(self, by: u32) -> TextRange {
        TextRange {
            start: self.start + by,
            end: self.end + by,
        }
    }

    /// The range as a `usize` range, for slicing.
    #[inline]
    pub const fn to_usize(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    /// The text this range covers. Panics if the range is out of bounds or not on char boundaries.
    #[inline]
    pub fn slice(self, text: &str) -> &str {
        &text[self.to_usize()]
    }
}

impl fmt::Debug for TextRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl fmt::Display for TextRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}
