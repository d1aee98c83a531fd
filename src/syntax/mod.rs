//! The PGN syntax layer: lossless, span-carrying, error-recovering. Knows nothing of chess.
//!
//! - [`lex`] turns text into [`Token`]s that tile it exactly; [`decode`] turns bytes into text
//!   (Windows-1252 when not UTF-8).
//! - [`parse`] turns text into [`Game`]s (tag pairs, a flat movetext arena, the result) and never fails:
//!   [`SyntaxError`]s are collected per game, with game-relative ranges.
//! - [`Document`] keeps a parse up to date under edits, reparsing only the games an edit touches.
//! - [`LineIndex`] converts byte offsets to lines and columns in UTF-8, UTF-16 or UTF-32 units.
//! - [`GameReader`] streams games from any `io::Read` for the CLI.
//!
//! A SAN is just a [`TokenKind::Symbol`] here; the lint layer hands it to `rules`.

mod ast;
mod decode;
mod error;
mod incremental;
mod lexer;
mod line_index;
mod parser;
mod stream;
mod text_range;
mod token;

pub use ast::{
    Game, MoveView, NO_NODE, Node, NodeId, NodeKind, ParsedFile, ResultNode, Siblings, TagPair,
};
pub use decode::{Decoded, decode, decode_windows_1252, windows_1252_char};
pub use error::{SyntaxError, SyntaxErrorKind};
pub use incremental::Document;
pub use lexer::{Lexer, MAX_LOOKAHEAD, lex};
pub use line_index::{Encoding, LineCol, LineIndex};
pub use parser::{GameParser, parse};
pub use stream::{GameReader, StreamedGame};
pub use text_range::TextRange;
pub use token::{GameResult, ResultToken, SuffixAnnotation, Token, TokenKind};
