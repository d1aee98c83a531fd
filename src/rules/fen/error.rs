//! What can be wrong with a FEN: one error per problem, and the soft problems a FEN loads with.

use crate::rules::types::{Color, Rank, Square};
use std::fmt;

/// One thing wrong with a FEN. Each variant names exactly one problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// Not 1 to 6 space-separated fields (board, side, castling, ep, halfmove clock, fullmove number).
    FieldCount { found: usize },
    /// The board does not have 8 ranks separated by `/`.
    RankCount { found: usize },
    /// A rank does not describe exactly 8 squares.
    RankFill { rank: Rank, squares: usize },
    /// A character in the board field that is neither a piece letter nor a digit 1-8.
    BoardCharacter { character: char, rank: Rank },
    /// The side to move is not `w` or `b`.
    Side { text: String },
    /// The castling field is not `-` or castling letters (`KQkq`, `A`-`H`, `a`-`h`), repeats one, or
    /// gives one colour more than two rights.
    CastlingSyntax { text: String },
    /// The en-passant field is not `-` or a square.
    EpSyntax { text: String },
    /// The halfmove clock is not a non-negative integer.
    HalfmoveClock { text: String },
    /// The fullmove number is not a positive integer.
    FullmoveNumber { text: String },
    /// A side has no king.
    MissingKing { color: Color },
    /// A side has more than one king.
    TooManyKings { color: Color, count: u32 },
    /// A side has more than 16 pieces (kings and pawns included).
    TooManyPieces { color: Color, count: u32 },
    /// A side has more than 8 pawns.
    TooManyPawns { color: Color, count: u32 },
    /// A side has more pieces beyond its initial set (a third knight, a second queen, a second
    /// bishop on squares of one colour, ...) than it has pawns missing to promote.
    TooMuchMaterial {
        color: Color,
        promoted: u32,
        missing_pawns: u32,
    },
    /// A pawn stands on rank 1 or 8.
    PawnOnBackRank { square: Square },
    /// A castling right is given but the king of that side is not on its back rank.
    CastlingWithoutKing { color: Color, right: char },
    /// A castling right names a rook that is not there.
    CastlingWithoutRook { color: Color, right: char },
    /// Two rights for the same side of the same king (`KH`, or three rights for one colour).
    CastlingDuplicate { color: Color, right: char },
    /// Standard-chess rights (not Chess960) with the king off the e-file or a rook off the a/h-file.
    CastlingNotStandard { color: Color, right: char },
    /// The ep square is not on rank 6 (white to move) or rank 3 (black to move).
    EpWrongRank { square: Square },
    /// The ep square is occupied.
    EpOccupied { square: Square },
    /// No enemy pawn stands in front of the ep square, where the double step would have landed.
    EpNoPawn { square: Square },
    /// The square the double-stepping pawn came from is occupied.
    EpOriginOccupied { square: Square },
    /// The side not to move is in check.
    OppositeCheck { checker: Square },
    /// The side to move is in a check that no legal last move could have given.
    ImpossibleCheck { checkers: Vec<Square> },
}

impl FenError {
    /// `true` for problems of the text itself (field count, rank fill, characters, side, castling
    /// letters, ep square spelling, clocks); `false` for problems of the position it describes.
    pub fn is_syntax(&self) -> bool {
        use FenError::*;
        matches!(
            self,
            FieldCount { .. }
                | RankCount { .. }
                | RankFill { .. }
                | BoardCharacter { .. }
                | Side { .. }
                | CastlingSyntax { .. }
                | EpSyntax { .. }
                | HalfmoveClock { .. }
                | FullmoveNumber { .. }
        )
    }
}

/// A problem that does not stop a FEN from loading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenWarning {
    /// The ep square is possible, but no pawn of the side to move can capture onto it; it is dropped.
    EpNotCapturable { square: Square },
    /// An impossible check, loaded anyway because [`FenOptions::allow_impossible_check`] asked for it
    /// (see [`FenError::ImpossibleCheck`]).
    ImpossibleCheck { checkers: Vec<Square> },
    /// More promoted pieces (beyond the initial set, counting bishops per square colour) than
    /// missing pawns: the position cannot arise in a game, but its moves can still be judged.
    TooMuchMaterial {
        color: Color,
        promoted: u32,
        missing_pawns: u32,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FenError::*;
        match self {
            FieldCount { found } => {
                write!(f, "a FEN has 1 to 6 space-separated fields, found {found}")
            }
            RankCount { found } => write!(
                f,
                "the board has {found} ranks separated by `/`, expected 8"
            ),
            RankFill { rank, squares } => {
                write!(
                    f,
                    "rank {} describes {squares} squares, expected 8",
                    rank.char()
                )
            }
            BoardCharacter { character, rank } => {
                write!(
                    f,
                    "unexpected character `{character}` on rank {} of the board",
                    rank.char()
                )
            }
            Side { text } => write!(f, "the side to move must be `w` or `b`, found `{text}`"),
            CastlingSyntax { text } => write!(
                f,
                "the castling field must be `-` or up to two letters per side from `KQkq`, `A-H`, `a-h` without repeats, found `{text}`"
            ),
            EpSyntax { text } => write!(
                f,
                "the en-passant field must be `-` or a square, found `{text}`"
            ),
            HalfmoveClock { text } => write!(
                f,
                "the halfmove clock must be a non-negative integer, found `{text}`"
            ),
            FullmoveNumber { text } => write!(
                f,
                "the fullmove number must be a positive integer, found `{text}`"
            ),
            MissingKing { color } => write!(f, "{} has no king", color.name()),
            TooManyKings { color, count } => write!(f, "{} has {count} kings", color.name()),
            TooManyPieces { color, count } => {
                write!(f, "{} has {count} pieces, more than 16", color.name())
            }
            TooManyPawns { color, count } => {
                write!(f, "{} has {count} pawns, more than 8", color.name())
            }
            TooMuchMaterial {
                color,
                promoted,
                missing_pawns,
            } => write!(
                f,
                "{} has {promoted} pieces beyond its initial set but only {missing_pawns} pawns missing to promote",
                color.name()
            ),
            PawnOnBackRank { square } => write!(f, "a pawn stands on {square}, on a back rank"),
            CastlingWithoutKing { color, right } => {
                write!(
                    f,
                    "castling right `{right}` but the {} king is not on its back rank",
                    color.name()
                )
            }
            CastlingWithoutRook { color, right } => {
                write!(
                    f,
                    "castling right `{right}` but there is no {} rook for it",
                    color.name()
                )
            }
            CastlingDuplicate { color, right } => {
                write!(
                    f,
                    "castling right `{right}` repeats a right {} already has on that side",
                    color.name()
                )
            }
            CastlingNotStandard { color, right } => write!(
                f,
                "castling right `{right}` needs the {} king on the e-file and rooks on the a/h-files in standard chess (is this Chess960?)",
                color.name()
            ),
            EpWrongRank { square } => write!(
                f,
                "the en-passant square {square} is not on the rank behind a double step"
            ),
            EpOccupied { square } => write!(f, "the en-passant square {square} is occupied"),
            EpNoPawn { square } => {
                write!(
                    f,
                    "the en-passant square {square} has no double-stepped pawn in front of it"
                )
            }
            EpOriginOccupied { square } => write!(
                f,
                "the en-passant square is behind a double step, but {square}, where that pawn started, is occupied"
            ),
            OppositeCheck { checker } => {
                write!(f, "the side not to move is in check (from {checker})")
            }
            ImpossibleCheck { checkers } => {
                let list: Vec<String> = checkers.iter().map(|s| s.to_string()).collect();
                write!(
                    f,
                    "impossible check: no single move could give check from {}",
                    list.join(" and ")
                )
            }
        }
    }
}

impl fmt::Display for FenWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenWarning::EpNotCapturable { square } => {
                write!(
                    f,
                    "no pawn can capture on the en-passant square {square}; it is dropped"
                )
            }
            FenWarning::TooMuchMaterial {
                color,
                promoted,
                missing_pawns,
            } => write!(
                f,
                "{} has {promoted} pieces beyond its initial set but only {missing_pawns} pawns missing to promote (loaded anyway)",
                color.name()
            ),
            FenWarning::ImpossibleCheck { checkers } => {
                let list: Vec<String> = checkers.iter().map(|s| s.to_string()).collect();
                write!(
                    f,
                    "impossible check from {} (loaded anyway)",
                    list.join(" and ")
                )
            }
        }
    }
}

/// The problems of a refused FEN, at least one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenErrors(pub Vec<FenError>);

impl fmt::Display for FenErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let messages: Vec<String> = self.0.iter().map(|e| e.to_string()).collect();
        f.write_str(&messages.join("; "))
    }
}

impl std::error::Error for FenErrors {}
