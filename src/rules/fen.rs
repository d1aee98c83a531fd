//! Reads and writes FEN, X-FEN and Shredder-FEN, with one specific error per problem.
//!
//! Castling rights are rook squares. On input, `K`/`Q` name the outermost own rook on the king's
//! h-side / a-side of the back rank (X-FEN), and a file letter names the own rook on that file
//! (Shredder-FEN, or X-FEN for an inner rook). On output, X-FEN writes `K`/`Q` where that is
//! unambiguous and a file letter otherwise; Shredder-FEN always writes file letters.
//!
//! Hard problems (a wrong field, a missing king, a check that cannot have happened) refuse the FEN.
//! Soft problems load with a [`FenWarning`]: an en-passant square no pawn can capture is dropped.

use super::attacks;
use super::bitboard::Bitboard;
use super::board::Board;
use super::moves::{CastlingMode, CastlingSide};
use super::position::{Position, PositionParts};
use super::types::{Color, File, Piece, Rank, Role, Square};
use std::fmt;

/// The start position in FEN.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// How to write castling rights.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FenFormat {
    /// `KQkq` for outermost rooks, a file letter for an inner rook (X-FEN; plain FEN in standard chess).
    #[default]
    XFen,
    /// File letters always (`HAha`).
    Shredder,
}

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
    /// The castling field is not `-` or castling letters (`KQkq`, `A`-`H`, `a`-`h`), or repeats one.
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

/// A problem that does not stop a FEN from loading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenWarning {
    /// The ep square is possible, but no pawn of the side to move can capture onto it; it is dropped.
    EpNotCapturable { square: Square },
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
                "the castling field must be `-` or letters from `KQkq`, `A-H`, `a-h` without repeats, found `{text}`"
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

/// A FEN that loaded: the position, whether its castling rights need Chess960, and soft problems.
#[derive(Debug, Clone)]
pub struct LoadedFen {
    /// The validated position.
    pub position: Position,
    /// `true` when the castling rights can only be read as Chess960 (king off the e-file, or a rook
    /// off the a/h-file).
    pub needs_chess960: bool,
    /// Problems that did not stop the FEN from loading.
    pub warnings: Vec<FenWarning>,
}

/// The castling field resolved against a board.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CastlingRights {
    /// Rook squares that carry a right.
    pub rooks: Bitboard,
    /// Rights that name no rook or whose king is not on its back rank, with the problem.
    pub problems: Vec<FenError>,
}

/// Resolves a castling field (`KQkq`, `HAha`, `Kq`, `-`, ...) against a board. A right counts only
/// if its side's king is on its back rank and the rook exists; other rights are listed as problems.
/// Syntax errors (unknown letters) fail the whole field.
pub fn parse_castling(board: &Board, text: &str) -> Result<CastlingRights, FenError> {
    let syntax = || FenError::CastlingSyntax {
        text: text.to_string(),
    };
    let mut rights = CastlingRights::default();
    if text == "-" {
        return Ok(rights);
    }
    if text.is_empty() || text.len() > 4 {
        return Err(syntax());
    }
    let mut seen = Vec::new();
    for c in text.chars() {
        if !matches!(c, 'K' | 'Q' | 'k' | 'q' | 'A'..='H' | 'a'..='h') || seen.contains(&c) {
            return Err(syntax());
        }
        seen.push(c);
        let color = Color::from_white(c.is_ascii_uppercase());
        let back_rank = Bitboard::rank(color.back_rank());
        let own_rooks = board.by_piece(Piece {
            color,
            role: Role::Rook,
        }) & back_rank;
        let Some(king) = board.king_of(color).filter(|k| back_rank.contains(*k)) else {
            rights
                .problems
                .push(FenError::CastlingWithoutKing { color, right: c });
            continue;
        };
        let rook = match c.to_ascii_lowercase() {
            'k' => (own_rooks & above(king)).last(),
            'q' => (own_rooks & below(king)).first(),
            letter => {
                let file = File::from_char(letter).expect("letter checked above");
                (own_rooks & Bitboard::file(file)).first()
            }
        };
        match rook {
            Some(rook) => rights.rooks.add(rook),
            None => rights
                .problems
                .push(FenError::CastlingWithoutRook { color, right: c }),
        }
    }
    Ok(rights)
}

/// Squares with a higher index than `square` (on its rank: the squares towards the h-file, and beyond).
fn above(square: Square) -> Bitboard {
    Bitboard(u64::MAX.checked_shl(square.index() as u32 + 1).unwrap_or(0))
}

/// Squares with a lower index than `square`.
fn below(square: Square) -> Bitboard {
    Bitboard((1u64 << square.index()) - 1)
}

/// The rook squares of a castling field read without a board, for positions built with
/// [`Position::from_parts_unchecked`]: `K`/`Q` are the corner squares h1/a1 (`k`/`q`: h8/a8), as in
/// standard chess; a file letter is that file's square on the colour's back rank; `-` is no rights.
/// Unlike [`parse_castling`], a right needs no king and no rook on the board.
pub fn castling_rooks_unchecked(text: &str) -> Result<Bitboard, FenError> {
    let mut rooks = Bitboard::EMPTY;
    if text == "-" {
        return Ok(rooks);
    }
    if text.is_empty() || text.len() > 4 {
        return Err(FenError::CastlingSyntax {
            text: text.to_string(),
        });
    }
    for c in text.chars() {
        let color = Color::from_white(c.is_ascii_uppercase());
        let file = match c.to_ascii_lowercase() {
            'k' => File(7),
            'q' => File(0),
            letter @ 'a'..='h' if c.is_ascii() => File::from_char(letter).expect("a file letter"),
            _ => {
                return Err(FenError::CastlingSyntax {
                    text: text.to_string(),
                });
            }
        };
        rooks.add(Square::from_coords(file, color.back_rank()));
    }
    Ok(rooks)
}

fn parse_board(text: &str, errors: &mut Vec<FenError>) -> Board {
    let mut board = Board::empty();
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        errors.push(FenError::RankCount { found: ranks.len() });
        return board;
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = Rank(7 - i as u8);
        let mut file = 0usize;
        let mut bad_char = false;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as usize;
            } else if let Some(piece) = Piece::from_char(c) {
                if file < 8 {
                    board.set(Square::from_coords(File(file as u8), rank), piece);
                }
                file += 1;
            } else if !bad_char {
                bad_char = true;
                errors.push(FenError::BoardCharacter { character: c, rank });
            }
        }
        if file != 8 && !bad_char {
            errors.push(FenError::RankFill {
                rank,
                squares: file,
            });
        }
    }
    board
}

fn parse_number(text: &str) -> Option<u32> {
    (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

impl Position {
    /// Loads a FEN, accepting X-FEN and Shredder-FEN castling, refusing it with every problem found.
    /// Missing trailing fields default to `w - - 0 1`.
    pub fn from_fen(text: &str) -> Result<Position, FenErrors> {
        load_fen(text, None).map(|loaded| loaded.position)
    }

    /// The position as FEN (see [`FenFormat`]).
    pub fn to_fen(&self, format: FenFormat) -> String {
        let mut fen = board_fen(&self.board);
        fen.push(' ');
        fen.push(if self.turn.is_white() { 'w' } else { 'b' });
        fen.push(' ');
        fen.push_str(&self.castling_fen(format));
        fen.push(' ');
        match self.ep_square {
            Some(sq) => fen.push_str(&sq.to_string()),
            None => fen.push('-'),
        }
        fen.push_str(&format!(
            " {} {}",
            self.halfmove_clock, self.fullmove_number
        ));
        fen
    }

    /// The castling field alone.
    pub fn castling_fen(&self, format: FenFormat) -> String {
        let mut out = String::new();
        for color in Color::ALL {
            let back_rank = Bitboard::rank(color.back_rank());
            let rooks = self.castling_rooks & back_rank;
            let own_rooks = self.board.by_piece(Piece {
                color,
                role: Role::Rook,
            }) & back_rank;
            let king = self.board.king_of(color);
            // King side first (h-side), then queen side, as in `KQkq`; by file descending.
            let mut letters: Vec<(u8, char)> = Vec::new();
            for rook in rooks {
                // Without a king, only a right on the h-file (a-file) is certainly on the king side
                // (queen side). A right is outermost if no own rook stands further out on its side,
                // whether or not a rook stands on its square (positions built unchecked may hold
                // rights without rooks; they are written as `KQkq` where that reads back the same).
                let side = match (king, rook.file()) {
                    (Some(k), _) => Some(CastlingSide::of_rook(k.file(), rook.file())),
                    (None, File(7)) => Some(CastlingSide::KingSide),
                    (None, File(0)) => Some(CastlingSide::QueenSide),
                    (None, _) => None,
                };
                let outermost = match side {
                    Some(CastlingSide::KingSide) => (own_rooks & above(rook)).is_empty(),
                    Some(CastlingSide::QueenSide) => (own_rooks & below(rook)).is_empty(),
                    None => false,
                };
                let c = match (format, side, outermost) {
                    (FenFormat::XFen, Some(CastlingSide::KingSide), true) => 'k',
                    (FenFormat::XFen, Some(CastlingSide::QueenSide), true) => 'q',
                    _ => rook.file().char(),
                };
                let order = match c {
                    'k' => 9,
                    'q' => 8,
                    _ => rook.file().0,
                };
                letters.push((
                    order,
                    if color.is_white() {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    },
                ));
            }
            letters.sort_by_key(|l| std::cmp::Reverse(l.0));
            out.extend(letters.into_iter().map(|(_, c)| c));
        }
        if out.is_empty() { "-".to_string() } else { out }
    }
}

/// The board field of a FEN.
pub fn board_fen(board: &Board) -> String {
    let mut out = String::with_capacity(64);
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match board.piece_at(Square::from_coords(File(file), Rank(rank))) {
                Some(piece) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(piece.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// Loads and validates a FEN. `mode` forces standard chess (so Chess960-only rights are errors) or
/// Chess960; `None` accepts both and reports which was needed.
pub fn load_fen(text: &str, mode: Option<CastlingMode>) -> Result<LoadedFen, FenErrors> {
    let mut errors = Vec::new();
    let fields: Vec<&str> = text.trim().split(' ').collect();
    if text.trim().is_empty() || fields.len() > 6 {
        return Err(FenErrors(vec![FenError::FieldCount {
            found: if text.trim().is_empty() {
                0
            } else {
                fields.len()
            },
        }]));
    }
    let board = parse_board(fields[0], &mut errors);
    let turn = match fields.get(1).copied() {
        None | Some("w") => Color::White,
        Some("b") => Color::Black,
        Some(other) => {
            errors.push(FenError::Side {
                text: other.to_string(),
            });
            Color::White
        }
    };
    let castling_text = fields.get(2).copied().unwrap_or("-");
    let ep_text = fields.get(3).copied().unwrap_or("-");
    let halfmove_clock = match fields.get(4) {
        None => 0,
        Some(t) => parse_number(t).unwrap_or_else(|| {
            errors.push(FenError::HalfmoveClock {
                text: t.to_string(),
            });
            0
        }),
    };
    let fullmove_number = match fields.get(5) {
        None => 1,
        Some(t) => match parse_number(t) {
            Some(n) if n > 0 => n,
            // python-chess and shakmaty read a fullmove number of 0 as 1.
            Some(0) => 1,
            _ => {
                errors.push(FenError::FullmoveNumber {
                    text: t.to_string(),
                });
                1
            }
        },
    };
    let ep_square = match ep_text {
        "-" => None,
        t => match Square::parse(t) {
            Some(sq) => Some(sq),
            None => {
                errors.push(FenError::EpSyntax {
                    text: t.to_string(),
                });
                None
            }
        },
    };
    let castling = match parse_castling(&board, castling_text) {
        Ok(rights) => rights,
        Err(e) => {
            errors.push(e);
            CastlingRights::default()
        }
    };
    if !errors.is_empty() {
        return Err(FenErrors(errors));
    }
    // Position-level validation.
    for color in Color::ALL {
        let kings = board
            .by_piece(Piece {
                color,
                role: Role::King,
            })
            .count();
        if kings == 0 {
            errors.push(FenError::MissingKing { color });
        } else if kings > 1 {
            errors.push(FenError::TooManyKings {
                color,
                count: kings,
            });
        }
    }
    for square in board.by_role(Role::Pawn) & Bitboard::BACK_RANKS {
        errors.push(FenError::PawnOnBackRank { square });
    }
    errors.extend(castling.problems.iter().cloned());
    let mut needs_chess960 = false;
    for color in Color::ALL {
        let rooks: Vec<Square> = (castling.rooks & Bitboard::rank(color.back_rank())).collect();
        let Some(king) = board.king_of(color) else {
            continue;
        };
        let mut sides = Vec::new();
        for rook in &rooks {
            let side = CastlingSide::of_rook(king.file(), rook.file());
            let right = rook.file().char();
            let right = if color.is_white() {
                right.to_ascii_uppercase()
            } else {
                right
            };
            if sides.contains(&side) {
                errors.push(FenError::CastlingDuplicate { color, right });
            }
            sides.push(side);
            let standard = king.file() == File(4)
                && match side {
                    CastlingSide::KingSide => rook.file() == File(7),
                    CastlingSide::QueenSide => rook.file() == File(0),
                };
            if !standard {
                needs_chess960 = true;
                if mode == Some(CastlingMode::Standard) {
                    errors.push(FenError::CastlingNotStandard { color, right });
                }
            }
        }
    }
    let mut warnings = Vec::new();
    let mut position = Position::from_parts_unchecked(PositionParts {
        board,
        turn,
        castling_rooks: castling.rooks,
        ep_square: None,
        halfmove_clock,
        fullmove_number,
    });
    if let Some(ep) = ep_square {
        match validate_ep(&position, ep) {
            Err(e) => errors.push(e),
            Ok(()) => {
                let capturers = attacks::pawn_attacks(!turn, ep)
                    & position.board.by_piece(Piece {
                        color: turn,
                        role: Role::Pawn,
                    });
                if capturers.is_empty() {
                    warnings.push(FenWarning::EpNotCapturable { square: ep });
                } else {
                    position.ep_square = Some(ep);
                }
            }
        }
    }
    if errors.is_empty() {
        validate_checks(&position, &mut errors);
    }
    if errors.is_empty() {
        Ok(LoadedFen {
            position,
            needs_chess960,
            warnings,
        })
    } else {
        Err(FenErrors(errors))
    }
}

fn validate_ep(position: &Position, ep: Square) -> Result<(), FenError> {
    let turn = position.turn;
    let (ep_rank, pawn_rank, origin_rank) = match turn {
        Color::White => (Rank(5), Rank(4), Rank(6)),
        Color::Black => (Rank(2), Rank(3), Rank(1)),
    };
    if ep.rank() != ep_rank {
        return Err(FenError::EpWrongRank { square: ep });
    }
    if position.board.occupied().contains(ep) {
        return Err(FenError::EpOccupied { square: ep });
    }
    let pawn = Square::from_coords(ep.file(), pawn_rank);
    if position.board.piece_at(pawn)
        != Some(Piece {
            color: !turn,
            role: Role::Pawn,
        })
    {
        return Err(FenError::EpNoPawn { square: ep });
    }
    let origin = Square::from_coords(ep.file(), origin_rank);
    if position.board.occupied().contains(origin) {
        return Err(FenError::EpOriginOccupied { square: origin });
    }
    Ok(())
}

fn validate_checks(position: &Position, errors: &mut Vec<FenError>) {
    let board = &position.board;
    let turn = position.turn;
    if let Some(their_king) = board.king_of(!turn)
        && let Some(checker) = board
            .attackers_to(their_king, turn, board.occupied())
            .first()
    {
        errors.push(FenError::OppositeCheck { checker });
        return;
    }
    let Some(king) = board.king_of(turn) else {
        return;
    };
    let checkers = board.attackers_to(king, !turn, board.occupied());
    let list: Vec<Square> = checkers.collect();
    let impossible = match list.as_slice() {
        [] | [_] => false,
        [a, b] => {
            let sliders = board.rooks_and_queens() | board.bishops_and_queens();
            // A double check is a moved piece plus a discovered slider (en passant aside). Two
            // non-sliders cannot both have checked, and a slider behind another on one line is blocked.
            let both_non_sliders = !sliders.contains(*a) && !sliders.contains(*b);
            let aligned = attacks::aligned(king, *a, *b)
                && (attacks::between(king, *a).contains(*b)
                    || attacks::between(king, *b).contains(*a));
            (both_non_sliders && position.ep_square.is_none()) || aligned
        }
        _ => true,
    };
    if impossible {
        errors.push(FenError::ImpossibleCheck { checkers: list });
    }
}
