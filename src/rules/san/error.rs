//! Why a SAN token was rejected: a syntax problem, an illegal move (with the reason, naming the
//! squares and pieces involved), or an ambiguous one (with the candidates). Data first; the English
//! comes from the `Display` impls.

use crate::rules::moves::{CastlingSide, Move};
use crate::rules::types::{Color, Role, Square};
use std::fmt;

/// Why a text is not SAN at all, whatever the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SanSyntaxError {
    /// The text is empty.
    Empty,
    /// The text contains whitespace (a SAN token never does, e.g. `O-O\n`).
    Whitespace,
    /// The text is far longer than any move.
    TooLong,
    /// A piece drop (`N@f3`): crazyhouse, which this project does not replay.
    Drop,
    /// No destination square where one must be.
    NoDestination,
    /// A promotion suffix that is not a piece letter.
    BadPromotion,
    /// Characters that fit no reading of a move.
    Malformed,
}

impl fmt::Display for SanSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SanSyntaxError::Empty => "empty move",
            SanSyntaxError::Whitespace => "a move may not contain whitespace",
            SanSyntaxError::TooLong => "too long to be a move",
            SanSyntaxError::Drop => "piece drops (crazyhouse) are not supported",
            SanSyntaxError::NoDestination => "no destination square",
            SanSyntaxError::BadPromotion => "the promotion is not a piece letter",
            SanSyntaxError::Malformed => "not a move in SAN",
        })
    }
}

impl std::error::Error for SanSyntaxError {}

/// Why a well-formed SAN move cannot be played in the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// No piece of that kind (of the side to move) reaches the square, even ignoring king safety.
    NoPieceReaches {
        color: Color,
        role: Role,
        to: Square,
    },
    /// Long algebraic with an empty origin square (`e3e4` with nothing on e3).
    EmptyOrigin { from: Square },
    /// Long algebraic naming an opponent's piece as the one to move.
    NotYourPiece { from: Square, role: Role },
    /// The piece that would move is pinned to its king.
    Pinned {
        role: Role,
        from: Square,
        pinner_role: Role,
        pinner: Square,
    },
    /// The move would leave (or put) the king in check.
    LeavesKingInCheck {
        role: Role,
        from: Square,
        checker_role: Role,
        checker: Square,
    },
    /// The castling right for that side is gone (king or rook has moved, or never had it).
    CastlingRightLost { side: CastlingSide },
    /// A piece stands on the king's or rook's castling path.
    CastlingPathBlocked { side: CastlingSide, square: Square },
    /// The king would pass through or land on an attacked square.
    CastlingThroughCheck {
        side: CastlingSide,
        square: Square,
        attacker_role: Role,
        attacker: Square,
    },
    /// The king is in check, so it may not castle.
    CastlingOutOfCheck { checker_role: Role, checker: Square },
    /// A pawn capture onto an empty square that is not the en-passant square.
    NoEnPassant { to: Square },
    /// A pawn reaches the last rank but no promotion piece was given.
    PromotionMissing { to: Square },
    /// A promotion was given for a move that does not promote.
    PromotionNotAllowed,
    /// Promotion to a king or pawn.
    WrongPromotion { role: Role },
}

/// `the knight on d2`.
struct PieceOn(Role, Square);

impl fmt::Display for PieceOn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} on {}", self.0.name(), self.1)
    }
}

fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "kingside",
        CastlingSide::QueenSide => "queenside",
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalReason::NoPieceReaches { color, role, to } => {
                write!(f, "no {} {} can reach {to}", color.name(), role.name())
            }
            IllegalReason::EmptyOrigin { from } => write!(f, "there is no piece on {from}"),
            IllegalReason::NotYourPiece { from, role } => {
                write!(f, "{} belongs to the opponent", PieceOn(role, from))
            }
            IllegalReason::Pinned {
                role,
                from,
                pinner_role,
                pinner,
            } => {
                write!(
                    f,
                    "{} is pinned by {}",
                    PieceOn(role, from),
                    PieceOn(pinner_role, pinner)
                )
            }
            IllegalReason::LeavesKingInCheck {
                role,
                from,
                checker_role,
                checker,
            } => {
                let whose = if role == Role::King {
                    "the king would be"
                } else {
                    "it would leave the king"
                };
                write!(
                    f,
                    "{} cannot move there: {whose} in check from {}",
                    PieceOn(role, from),
                    PieceOn(checker_role, checker)
                )
            }
            IllegalReason::CastlingRightLost { side } => {
                write!(f, "the {} castling right is lost", side_name(side))
            }
            IllegalReason::CastlingPathBlocked { side, square } => {
                write!(f, "{} castling path blocked at {square}", side_name(side))
            }
            IllegalReason::CastlingThroughCheck {
                side,
                square,
                attacker_role,
                attacker,
            } => write!(
                f,
                "cannot castle {}: {square} is attacked by {}",
                side_name(side),
                PieceOn(attacker_role, attacker)
            ),
            IllegalReason::CastlingOutOfCheck {
                checker_role,
                checker,
            } => {
                write!(
                    f,
                    "cannot castle out of check (from {})",
                    PieceOn(checker_role, checker)
                )
            }
            IllegalReason::NoEnPassant { to } => write!(f, "en passant on {to} is not available"),
            IllegalReason::PromotionMissing { to } => {
                write!(f, "a pawn reaching {to} must promote (e.g. `=Q`)")
            }
            IllegalReason::PromotionNotAllowed => f.write_str("this move is not a promotion"),
            IllegalReason::WrongPromotion { role } => {
                write!(f, "a pawn cannot promote to a {}", role.name())
            }
        }
    }
}

/// Why a SAN token could not be resolved to a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SanError {
    /// Not SAN at all.
    Invalid { reason: SanSyntaxError },
    /// Well-formed but not a legal move here.
    Illegal { reason: IllegalReason },
    /// More than one legal move fits; the candidates, in generation order.
    Ambiguous { candidates: Vec<Move> },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Invalid { reason } => write!(f, "invalid move: {reason}"),
            SanError::Illegal { reason } => write!(f, "illegal move: {reason}"),
            SanError::Ambiguous { candidates } => {
                f.write_str("ambiguous move: ")?;
                let role = candidates.first().map_or(Role::Pawn, |m| m.role);
                write!(f, "{}s on ", role.name())?;
                for (idx, m) in candidates.iter().enumerate() {
                    match idx {
                        0 => {}
                        _ if idx + 1 == candidates.len() => f.write_str(" and ")?,
                        _ => f.write_str(", ")?,
                    }
                    write!(f, "{}", m.from)?;
                }
                if let Some(m) = candidates.first() {
                    write!(f, " can all move to {}", m.to)?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for SanError {}

impl From<SanSyntaxError> for SanError {
    fn from(reason: SanSyntaxError) -> SanError {
        SanError::Invalid { reason }
    }
}

impl From<IllegalReason> for SanError {
    fn from(reason: IllegalReason) -> SanError {
        SanError::Illegal { reason }
    }
}
