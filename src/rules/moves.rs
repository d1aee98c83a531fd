//! Moves: what moved where, what it took, what it became; and their UCI spelling.

use super::types::{File, Role, Square};
use std::fmt;

/// How castling is written in UCI and FEN: standard chess, or Chess960 (Fischer random).
///
/// The position model is the same for both (castling rights are rook squares). The mode only
/// changes notation: UCI castling is king-to-destination (`e1g1`) in standard chess and
/// king-onto-rook (`e1h1`) in Chess960; FEN castling is `KQkq` (X-FEN) or file letters (Shredder).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CastlingMode {
    /// Standard chess.
    #[default]
    Standard,
    /// Chess960.
    Chess960,
}

/// Which way a castling move goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file: `O-O`, the king lands on g, the rook on f.
    KingSide,
    /// Towards the a-file: `O-O-O`, the king lands on c, the rook on d.
    QueenSide,
}

impl CastlingSide {
    /// The file the king lands on (g or c).
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File(6),
            CastlingSide::QueenSide => File(2),
        }
    }
    /// The file the rook lands on (f or d).
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File(5),
            CastlingSide::QueenSide => File(3),
        }
    }
    /// `O-O` or `O-O-O`.
    pub const fn san(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        }
    }
    /// The side of a castling rook on `rook_file` for a king on `king_file`.
    pub fn of_rook(king_file: File, rook_file: File) -> CastlingSide {
        if rook_file > king_file {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }
}

/// What kind of move it is, beyond from/to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Any move that is not en passant or castling (including pawn double steps and promotions).
    Normal,
    /// A pawn captures en passant: `to` is the ep square, the captured pawn stands behind it.
    EnPassant,
    /// Castling: `from` is the king's square and `to` the castling rook's square.
    Castle,
}

/// A move in a position. Castling is stored king-onto-rook, which covers Chess960 too.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The role of the moving piece (the king, for castling).
    pub role: Role,
    /// The origin square.
    pub from: Square,
    /// The destination square; for castling, the rook's square.
    pub to: Square,
    /// The role of the captured piece, if any (a pawn for en passant).
    pub capture: Option<Role>,
    /// The promotion role, if any.
    pub promotion: Option<Role>,
    /// Normal, en passant, or castling.
    pub kind: MoveKind,
}

impl Move {
    /// `true` for castling.
    #[inline]
    pub fn is_castle(&self) -> bool {
        self.kind == MoveKind::Castle
    }

    /// `true` for en passant.
    #[inline]
    pub fn is_en_passant(&self) -> bool {
        self.kind == MoveKind::EnPassant
    }

    /// `true` for captures (en passant included; castling never captures).
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.capture.is_some()
    }

    /// The side of a castling move.
    pub fn castling_side(&self) -> Option<CastlingSide> {
        self.is_castle()
            .then(|| CastlingSide::of_rook(self.from.file(), self.to.file()))
    }

    /// Where the moving piece ends up: for castling the king's destination, else `to`.
    pub fn destination(&self) -> Square {
        match self.castling_side() {
            Some(side) => Square::from_coords(side.king_to_file(), self.from.rank()),
            None => self.to,
        }
    }

    /// The UCI spelling: `e2e4`, `e7e8q`; castling `e1g1` in standard chess, `e1h1` in Chess960.
    pub fn to_uci(&self, mode: CastlingMode) -> String {
        let to = match mode {
            CastlingMode::Standard => self.destination(),
            CastlingMode::Chess960 => self.to,
        };
        let mut uci = format!("{}{}", self.from, to);
        if let Some(role) = self.promotion {
            uci.push(role.lower_char());
        }
        uci
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}{}",
            self.role.upper_char(),
            self.from,
            if self.is_capture() { "x" } else { "-" }
        )?;
        write!(f, "{}", self.to)?;
        if let Some(p) = self.promotion {
            write!(f, "={}", p.upper_char())?;
        }
        match self.kind {
            MoveKind::Castle => write!(f, " (castle)"),
            MoveKind::EnPassant => write!(f, " (ep)"),
            MoveKind::Normal => Ok(()),
        }
    }
}

/// A list of moves with room for any position's legal moves (the known maximum is 218).
pub type MoveList = arrayvec::ArrayVec<Move, 256>;
