//! The rule families, one file each. Each exposes `check(cx)` (and helpers the replay calls).

pub mod format;
pub mod moves;
pub mod movetext;
pub mod results;
pub mod setup;
pub mod syntax_errors;
pub mod tags;
