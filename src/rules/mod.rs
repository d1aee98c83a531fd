//! The rules of chess, standard and Chess960: positions, legal moves, SAN, FEN, perft.
//!
//! No I/O and no PGN here. Everything the linter reports about a move rests on this module, so its
//! verdicts carry their reasons (which piece pins, which square is attacked, which candidates make a
//! move ambiguous).

pub mod attacks;
pub mod bitboard;
pub mod board;
pub mod fen;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod position;
pub mod san;
pub mod types;

pub use bitboard::Bitboard;
pub use board::Board;
pub use fen::{FenError, FenErrors, FenFormat, FenWarning, LoadedFen, STARTING_FEN, load_fen};
pub use movegen::RoleSet;
pub use moves::{CastlingMode, CastlingSide, Move, MoveKind, MoveList};
pub use perft::{perft, perft_divide, perft_full};
pub use position::{Position, PositionParts};
pub use san::{
    CheckSuffix, Deviation, Deviations, IllegalReason, NormalSan, ParsedSan, PseudoLegalSanError,
    Resolved, SanError, SanKind, SanSyntaxError, parse_san, resolve_pseudo_legal_origin,
};
pub use types::{Color, File, Piece, Rank, Role, Square};
