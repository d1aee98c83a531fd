//! pgn-arbiter: a linter and language server for chess games in PGN.
//!
//! Layers, each knowing only the ones before it:
//! - [`rules`]: legal chess (standard and Chess960), SAN, FEN/X-FEN/Shredder-FEN, perft. No I/O, no PGN.
//! - [`syntax`]: PGN text only — a lossless lexer, an error-recovering parser, line index, incremental
//!   reparse and a streaming reader. It knows nothing of chess.
//! - [`lint`]: replays games through `rules` and runs the rule catalogue over the `syntax` tree.
//! - [`cli`]: the command line (`check`, `fix`, `fmt`, `fens`, `perft`, `san`, `fen`).

pub mod cli;
pub mod lint;
pub mod rules;
pub mod syntax;
