//! SAN: parse, resolve, write.
//!
//! - [`parse_san`] reads a token leniently (`0-0`, `e8Q`, `Ng1f3`, `nf3`, `--`, …) and records each
//!   deviation from canonical SAN as data ([`Deviation`]), so the linter can report every one.
//! - [`Position::resolve_san`] finds the move among the legal moves, adds the deviations that need
//!   the position (capture marker, check suffix, disambiguation), or says why it cannot: a syntax
//!   problem, an [`IllegalReason`] naming the pieces and squares involved, or the candidates of an
//!   ambiguous move. Resolution counts legal moves only: a pinned knight never makes `Nd2`
//!   ambiguous.
//! - [`Position::san`] writes canonical SAN: disambiguation by file, else rank, else square, among
//!   legal alternatives only; `+`/`#`; `=Q`; `O-O`/`O-O-O` (Chess960 too).
//! - [`resolve_pseudo_legal_origin`] answers the seed FA-82636 contract on partial boards.

mod candidates;
mod deviation;
mod error;
mod explain;
mod parse;
mod pseudo;
mod resolve;
mod write;

#[cfg(test)]
mod tests;

pub use deviation::{Deviation, Deviations};
pub use error::{IllegalReason, SanError, SanSyntaxError};
pub use parse::{CheckSuffix, MAX_LEN, NormalSan, ParsedSan, SanKind, parse_san};
pub use pseudo::{PseudoLegalSanError, resolve_pseudo_legal_origin};
pub use resolve::Resolved;
