//! Findings located for output: a diagnostic with its file, game number, absolute byte range and
//! 1-based line and column (in characters), computed once here for every printer.

use crate::lint::Diagnostic;
use crate::syntax::{Encoding, LineIndex, TextRange};

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
pub struct GameLocator<'a> {
    text: &'a str,
    index: LineIndex,
    game_offset: u64,
    first_line: u64,
    first_column: u64,
}

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
            index: LineIndex::new(text),
            game_offset,
            first_line,
            first_column,
        }
    }

    fn line_column(&self, offset: u32) -> LineColumn {
        let lc = self.index.line_col(offset, Encoding::Utf32);
        let column = if lc.line == 0 {
            self.first_column + u64::from(lc.col)
        } else {
            u64::from(lc.col)
        };
        LineColumn {
            line: self.first_line + u64::from(lc.line) + 1,
            column: column + 1,
        }
    }

    /// The excerpt of the line around `offset`: its text, the character index of `offset` in it,
    /// and whether it was cut on the left. Costs O(EXCERPT_CHARS), whatever the line's length.
    fn line_excerpt(&self, offset: u32) -> (String, usize, bool) {
        let lc = self.index.line_col(offset, Encoding::Utf8);
        let line_start = self.index.line_start(lc.line).unwrap_or(0) as usize;
        let offset = offset as usize;
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
        let rest = &self.text[offset..];
        let mut to = offset;
        for (i, c) in rest.char_indices().take(EXCERPT_CHARS) {
            if c == '\n' || c == '\r' {
                break;
            }
            to = offset + i + c.len_utf8();
        }
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
        let (source_line, source_column, source_cut) = self.line_excerpt(range.start);
        Finding {
            game,
            start: self.line_column(range.start),
            end: self.line_column(range.end),
            source_line,
            source_column,
            source_cut,
            game_offset: self.game_offset,
            related,
            diagnostic,
        }
    }
}

fn clamp(range: TextRange, len: u32) -> TextRange {
    TextRange::new(
        range.start.min(len),
        range.end.min(len).max(range.start.min(len)),
    )
}
