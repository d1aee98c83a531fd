//! Syntax errors: a kind and a byte range, rendered to a message only by `Display`.

use std::fmt;

use super::TextRange;

/// One syntax error. The parser never fails; it collects these instead.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct SyntaxError {
    /// What is wrong.
    pub kind: SyntaxErrorKind,
    /// Where. Inside a [`super::Game`] the range is relative to the game's offset.
    pub range: TextRange,
}

/// What kind of syntax error.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum SyntaxErrorKind {
    /// A `"` string without a closing quote on its line.
    UnterminatedString,
    /// A `{` comment without a closing `}`; the range is the `{`.
    UnterminatedComment,
    /// A `[` tag without a name and a value before the end of the line.
    UnterminatedTag,
    /// A tag pair whose `]` is missing.
    MissingBracket,
    /// A `}` outside a comment.
    StrayBrace,
    /// A `(` never closed; the range is the `(`.
    UnclosedParen,
    /// A `)` without a matching `(`.
    UnmatchedParen,
    /// A variation with no move in it; the range covers `(` to `)`.
    EmptyVariation,
    /// A `(` before any move of the line it would be an alternative to.
    VariationBeforeFirstMove,
    /// A token that has no place where it stands.
    UnknownToken,
    /// `<` or `>`, reserved by the PGN standard.
    ReservedToken,
    /// A game without a termination marker; the range is empty, at the end of the game's content.
    MissingResult,
    /// A second termination marker.
    MultipleResults,
    /// Movetext after the termination marker; the range covers those tokens.
    TokensAfterResult,
    /// A `{` inside a comment (PGN comments do not nest); the range is that `{`.
    NestedBrace,
}

impl SyntaxErrorKind {
    /// A short kebab-case name, stable for snapshots and rule ids.
    pub fn code(self) -> &'static str {
        match self {
            SyntaxErrorKind::UnterminatedString => "unterminated-string",
            SyntaxErrorKind::UnterminatedComment => "unterminated-comment",
            SyntaxErrorKind::UnterminatedTag => "unterminated-tag",
            SyntaxErrorKind::MissingBracket => "missing-bracket",
            SyntaxErrorKind::StrayBrace => "stray-brace",
            SyntaxErrorKind::UnclosedParen => "unclosed-paren",
            SyntaxErrorKind::UnmatchedParen => "unmatched-paren",
            SyntaxErrorKind::EmptyVariation => "empty-variation",
            SyntaxErrorKind::VariationBeforeFirstMove => "variation-before-first-move",
            SyntaxErrorKind::UnknownToken => "unknown-token",
            SyntaxErrorKind::ReservedToken => "reserved-token",
            SyntaxErrorKind::MissingResult => "missing-result",
            SyntaxErrorKind::MultipleResults => "multiple-results",
            SyntaxErrorKind::TokensAfterResult => "tokens-after-result",
            SyntaxErrorKind::NestedBrace => "nested-brace",
        }
    }
}

impl fmt::Display for SyntaxErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SyntaxErrorKind::UnterminatedString => {
                "unterminated string: no closing `\"` on this line"
            }
            SyntaxErrorKind::UnterminatedComment => {
                "unterminated comment: this `{` is never closed"
            }
            SyntaxErrorKind::UnterminatedTag => {
                "unterminated tag: expected a name and a quoted value"
            }
            SyntaxErrorKind::MissingBracket => "missing `]` at the end of the tag pair",
            SyntaxErrorKind::StrayBrace => "stray `}` outside a comment",
            SyntaxErrorKind::UnclosedParen => "unbalanced `(`: this variation is never closed",
            SyntaxErrorKind::UnmatchedParen => "unbalanced `)`: no variation to close",
            SyntaxErrorKind::EmptyVariation => "empty variation",
            SyntaxErrorKind::VariationBeforeFirstMove => "variation before the first move",
            SyntaxErrorKind::UnknownToken => "unknown token",
            SyntaxErrorKind::ReservedToken => {
                "reserved token: `<` and `>` are reserved by the PGN standard"
            }
            SyntaxErrorKind::MissingResult => "missing result: the game has no termination marker",
            SyntaxErrorKind::MultipleResults => "more than one result",
            SyntaxErrorKind::TokensAfterResult => "tokens after the result",
            SyntaxErrorKind::NestedBrace => "nested `{` inside a comment: comments do not nest",
        })
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}", self.kind, self.range)
    }
}

impl SyntaxError {
    /// The error moved right by `by` bytes (from game-relative to absolute offsets).
    pub fn shifted(self, by: u32) -> SyntaxError {
        SyntaxError {
            kind: self.kind,
            range: self.range.shifted(by),
        }
    }
}
