//! Token kinds produced by the lexer.
//!
//! Tokens are small `Copy` values: a [`TokenKind`] and a [`TextRange`]. The lexer's tokens tile the input:
//! trivia (whitespace, newlines, escape lines, the BOM) are tokens too, so concatenating every token's
//! text gives back the source exactly.

use super::TextRange;

/// One lexical token: what it is and which bytes it covers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// The bytes it covers; never empty.
    pub range: TextRange,
}

/// The kind of a [`Token`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum TokenKind {
    /// A UTF-8 byte order mark at offset 0.
    Bom,
    /// A run of spaces, tabs, vertical tabs and form feeds, or one non-ASCII whitespace char.
    Whitespace,
    /// One line break: `\n`, `\r\n` or a lone `\r`.
    Newline,
    /// A `%` escape line: `%` at column 0 up to, not including, the line break.
    Escape,
    /// A `;` comment up to, not including, the line break.
    LineComment,
    /// A `{...}` comment. `terminated` is false when no `}` closes it before the file ends or before
    /// the recovery point (a `[` line after a blank line, or a line starting `[Event`); the token then
    /// ends at the end of the line before that point. `nested_open` says a `{` occurs inside.
    BraceComment {
        /// Whether a `}` closes the comment.
        terminated: bool,
        /// Whether the comment contains a `{`.
        nested_open: bool,
    },
    /// `[`.
    LBracket,
    /// `]`.
    RBracket,
    /// A `"..."` string with `\"` and `\\` escapes; unterminated strings end at the line break.
    String {
        /// Whether a closing `"` was found on the line.
        terminated: bool,
    },
    /// A symbol: SAN, a tag name, castling, `--`, anything word-like the lexer does not know better.
    Symbol,
    /// Move-number text: digits followed by any number of `.`, or a run of `.` alone (`...`).
    MoveNumber,
    /// A numeric annotation glyph `$n` (at least one digit).
    Nag,
    /// A suffix annotation: `!`, `?`, `!!`, `??`, `!?`, `?!`.
    Suffix(SuffixAnnotation),
    /// A game termination marker, with any deviation from the standard spelling.
    Result(ResultToken),
    /// `(`.
    LParen,
    /// `)`.
    RParen,
    /// `<`, reserved by the PGN standard.
    LAngle,
    /// `>`, reserved by the PGN standard.
    RAngle,
    /// `}` outside a comment.
    RBrace,
    /// Any other single character (control characters, stray punctuation, a lone `$`).
    Unknown,
}

impl TokenKind {
    /// Whether the token carries no meaning for the parser: whitespace, line breaks, the BOM.
    #[inline]
    pub fn is_trivia(self) -> bool {
        matches!(
            self,
            TokenKind::Whitespace | TokenKind::Newline | TokenKind::Bom
        )
    }
}

/// A suffix annotation and its equivalent NAG.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum SuffixAnnotation {
    /// `!` ($1).
    Good,
    /// `?` ($2).
    Mistake,
    /// `!!` ($3).
    Brilliant,
    /// `??` ($4).
    Blunder,
    /// `!?` ($5).
    Speculative,
    /// `?!` ($6).
    Dubious,
}

impl SuffixAnnotation {
    /// The NAG number the PGN standard assigns to this suffix.
    pub fn nag(self) -> u8 {
        match self {
            SuffixAnnotation::Good => 1,
            SuffixAnnotation::Mistake => 2,
            SuffixAnnotation::Brilliant => 3,
            SuffixAnnotation::Blunder => 4,
            SuffixAnnotation::Speculative => 5,
            SuffixAnnotation::Dubious => 6,
        }
    }
}

/// Which result a termination marker states.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`.
    Unknown,
}

impl GameResult {
    /// The standard spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }
}

/// A result token: the result and how its spelling deviates from the standard.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct ResultToken {
    /// The stated result.
    pub result: GameResult,
    /// Written with `½` instead of `1/2`.
    pub half_sign: bool,
    /// Written with a unicode dash (U+2010..U+2015, U+2212) instead of `-`.
    pub unicode_dash: bool,
}

impl ResultToken {
    /// Whether the spelling deviates from the PGN standard.
    pub fn is_deviation(self) -> bool {
        self.half_sign || self.unicode_dash
    }
}
