//! Findings located for output: a diagnostic with its file, game number, absolute byte range and
//! 1-based line and column (in characters), computed once here for every printer.

use crate::lint::Diagnostic;
use crate::syntax::{Encoding, LineIndex, TextRange};
use std::cell::{Cell, OnceCell};

/// Characters of the source line kept on either side of a finding's start.
pub const EXCERPT_CHARS: usize = 200;

/// A position for humans: 1-based line and 1-based column in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineColumn {
    /// 1-based line.
    pub line: u64,
    /// 1-based column, in characters.
    pub column: u64,
}

/// A related location, located.
#[derive(Debug, Clone)]
pub struct LocatedRelated {
    /// Where it starts.
    pub start: LineColumn,
    /// Absolute byte range.
    pub byte_start: u64,
    /// Absolute byte range end.
    pub byte_end: u64,
    /// Why it matters.
    pub message: String,
}

/// One diagnostic, located in its file.
#[derive(Debug, Clone)]
pub struct Finding {
    /// 1-based game number in the file.
    pub game: usize,
    /// The diagnostic, with ranges still relative to the game.
    pub diagnostic: Diagnostic,
    /// Absolute byte offset of the game in the file.
    pub game_offset: u64,
    /// Where the range starts.
    pub start: LineColumn,
    /// Where the range ends.
    pub end: LineColumn,
    /// The text of the line the range starts on (without its line break), cut to at most
    /// [`EXCERPT_CHARS`] characters on either side of the range start, so a finding on a 64 MB line
    /// costs kilobytes, not a copy of the line.
    pub source_line: String,
    /// 0-based character index of the range start inside [`Finding::source_line`].
    pub source_column: usize,
    /// Whether [`Finding::source_line`] was cut before its start (the line goes on to the left).
    pub source_cut: bool,
    /// Related locations.
    pub related: Vec<LocatedRelated>,
}

impl Finding {
    /// Absolute byte offset where the range starts.
    pub fn byte_start(&self) -> u64 {
        self.game_offset + u64::from(self.diagnostic.range.start)
    }
    /// Absolute byte offset where the range ends.
    pub fn byte_end(&self) -> u64 {
        self.game_offset + u64::from(self.diagnostic.range.end)
    }
}

/// Locates the diagnostics of one game. `first_line` is the 0-based line of the game's first byte,
/// `first_column` the 0-based character column of that byte (non-zero only when a game starts in the
/// middle of a line).
///
/// The first few lookups scan the text before the offset for line breaks (most games have one or
/// two findings); after that a [`LineIndex`] of the game is built once and answers the rest.
pub struct GameLocator<'a> {
    text: &'a str,
    index: OnceCell<LineIndex>,
    scans: Cell<u32>,
    game_offset: u64,
    first_line: u64,
    first_column: u64,
}

/// Lookups answered by scanning before a [`GameLocator`] builds its index.
const SCANS_BEFORE_INDEX: u32 = 8;

impl<'a> GameLocator<'a> {
    /// A locator for a game's text.
    pub fn new(
        text: &'a str,
        game_offset: u64,
        first_line: u64,
        first_column: u64,
    ) -> GameLocator<'a> {
        GameLocator {
            text,
            index: OnceCell::new(),
            scans: Cell::new(0),
            game_offset,
            first_line,
            first_column,
        }
    }

    /// The 0-based line of `offset` and the byte offset where that line starts. Lines end at `\n`,
    /// `\r\n` or a lone `\r`, as in [`LineIndex`].
    fn line_of(&self, offset: u32) -> (u32, u32) {
        if self.scans.get() < SCANS_BEFORE_INDEX {
            self.scans.set(self.scans.get() + 1);
            return scan_line_of(self.text.as_bytes(), offset as usize);
        }
        let index = self.index.get_or_init(|| LineIndex::new(self.text));
        let line = index.line_col(offset, Encoding::Utf8).line;
        (line, index.line_start(line).unwrap_or(0))
    }

    fn line_column(&self, offset: u32) -> LineColumn {
        self.column_on(offset, self.line_of(offset))
    }

    /// The position of `offset` on `line` (its number and start, from [`GameLocator::line_of`]).
    fn column_on(&self, offset: u32, (line, start): (u32, u32)) -> LineColumn {
        let col = self.text[start as usize..offset as usize].chars().count() as u64;
        let column = if line == 0 {
            self.first_column + col
        } else {
            col
        };
        LineColumn {
            line: self.first_line + u64::from(line) + 1,
            column: column + 1,
        }
    }

    /// The excerpt of the line (starting at `line_start`) around `offset`: its text, the character
    /// index of `offset` in it, and whether it was cut on the left. Costs O(EXCERPT_CHARS), whatever
    /// the line's length; ASCII (the usual case) is measured in bytes.
    fn line_excerpt(&self, offset: u32, line_start: u32) -> (String, usize, bool) {
        let (bytes, line_start, offset) =
            (self.text.as_bytes(), line_start as usize, offset as usize);
        let left = &bytes[offset.saturating_sub(EXCERPT_CHARS).max(line_start)..offset];
        let (from, before) = if left.is_ascii() {
            (offset - left.len(), left.len())
        } else {
            let mut from = offset;
            let mut before = 0;
            for (i, _) in self.text[line_start..offset]
                .char_indices()
                .rev()
                .take(EXCERPT_CHARS)
            {
                from = line_start + i;
                before += 1;
            }
            (from, before)
        };
        let window = &bytes[offset..(offset + EXCERPT_CHARS).min(bytes.len())];
        let right = &window[..memchr::memchr2(b'\n', b'\r', window).unwrap_or(window.len())];
        let to = if right.is_ascii() {
            offset + right.len()
        } else {
            let mut to = offset;
            for (i, c) in self.text[offset..].char_indices().take(EXCERPT_CHARS) {
                if c == '\n' || c == '\r' {
                    break;
                }
                to = offset + i + c.len_utf8();
            }
            to
        };
        (self.text[from..to].to_string(), before, from > line_start)
    }

    /// Locates one diagnostic of game `game` (1-based).
    pub fn locate(&self, game: usize, diagnostic: Diagnostic) -> Finding {
        let range = clamp(diagnostic.range, self.text.len() as u32);
        let related = diagnostic
            .related
            .iter()
            .map(|r| {
                let rr = clamp(r.range, self.text.len() as u32);
                LocatedRelated {
                    start: self.line_column(rr.start),
                    byte_start: self.game_offset + u64::from(rr.start),
                    byte_end: self.game_offset + u64::from(rr.end),
                    message: r.message.clone(),
                }
            })
            .collect();
        let start_line = self.line_of(range.start);
        let (source_line, source_column, source_cut) = self.line_excerpt(range.start, start_line.1);
        let start = self.column_on(range.start, start_line);
        let end = if range.end == range.start {
            start
        } else {
            self.line_column(range.end)
        };
        Finding {
            game,
            start,
            end,
            source_line,
            source_column,
            source_cut,
            game_offset: self.game_offset,
            related,
            diagnostic,
        }
    }
}

/// [`GameLocator::line_of`] by scanning `bytes` up to `offset` (at most `bytes.len()`).
fn scan_line_of(bytes: &[u8], offset: usize) -> (u32, u32) {
    let (mut line, mut start, mut i) = (0, 0, 0);
    while let Some(k) = memchr::memchr2(b'\n', b'\r', &bytes[i..offset]) {
        let j = i + k;
        i = if bytes[j] == b'\r' && bytes.get(j + 1) == Some(&b'\n') {
            j + 2
        } else {
            j + 1
        };
        if i > offset {
            // `offset` is at the `\n` of a `\r\n`: still on this line.
            break;
        }
        line += 1;
        start = i;
    }
    (line, start as u32)
}

fn clamp(range: TextRange, len: u32) -> TextRange {
    TextRange::new(
        range.start.min(len),
        range.end.min(len).max(range.start.min(len)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Scanning and the index agree on every offset of any text of line breaks and wide chars.
        #[test]
        fn scanning_agrees_with_the_line_index(text in "[a\\r\\né😀]{0,40}") {
            let index = LineIndex::new(&text);
            for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
                let line = index.line_col(offset as u32, Encoding::Utf8).line;
                let start = index.line_start(line).unwrap();
                prop_assert_eq!(scan_line_of(text.as_bytes(), offset), (line, start));
            }
        }
    }

    #[test]
    fn many_lookups_switch_to_the_index_with_the_same_answers() {
        let text = "[Event \"x\"]\r\n\r\n1. e4 é5\r2. Nf3\n*";
        let locator = GameLocator::new(text, 100, 4, 0);
        let offsets: Vec<u32> = text.char_indices().map(|(i, _)| i as u32).collect();
        let first: Vec<LineColumn> = offsets.iter().map(|&o| locator.line_column(o)).collect();
        assert!(locator.index.get().is_some());
        let again: Vec<LineColumn> = offsets.iter().map(|&o| locator.line_column(o)).collect();
        assert_eq!(first, again);
        assert_eq!(
            locator.line_column(text.find("Nf3").unwrap() as u32),
            LineColumn { line: 8, column: 4 }
        );
    }
}
