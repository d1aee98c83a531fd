//! Reads and writes FEN, X-FEN and Shredder-FEN, with one specific error per problem.
//!
//! Castling rights are rook squares. On input, `K`/`Q` name the outermost own rook on the king's
//! h-side / a-side of the back rank (X-FEN), and a file letter names the own rook on that file
//! (Shredder-FEN, or X-FEN for an inner rook). On output, X-FEN writes `K`/`Q` where that is
//! unambiguous and a file letter otherwise; Shredder-FEN always writes file letters.
//!
//! Hard problems (a wrong field, a missing king, a check that cannot have happened) refuse the FEN.
//! Soft problems load with a [`FenWarning`]: an en-passant square no pawn can capture is dropped.
//!
//! This module reads and validates; `error` holds the problems and their messages, `write` the
//! writers.

use super::attacks;
use super::bitboard::Bitboard;
use super::board::Board;
use super::moves::{CastlingMode, CastlingSide};
use super::position::{Position, PositionParts};
use super::types::{Color, File, Piece, Rank, Role, Square};

mod error;
mod write;

pub use error::{FenError, FenErrors, FenWarning};
pub use write::board_fen;

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
        if seen
            .iter()
            .filter(|s| s.is_ascii_uppercase() == c.is_ascii_uppercase())
            .count()
            > 2
        {
            return Err(syntax());
        }
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
pub(super) fn above(square: Square) -> Bitboard {
    Bitboard(u64::MAX.checked_shl(square.index() as u32 + 1).unwrap_or(0))
}

/// Squares with a lower index than `square`.
pub(super) fn below(square: Square) -> Bitboard {
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
}

/// How strictly [`load_fen_with`] validates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FenOptions {
    /// `Some(Standard)` makes Chess960-only castling rights errors; `Some(Chess960)` and `None`
    /// accept them (`None` reports in [`LoadedFen::needs_chess960`] whether they were needed).
    pub mode: Option<CastlingMode>,
    /// Load a position whose check no legal last move could have given, with a
    /// [`FenWarning::ImpossibleCheck`] instead of a [`FenError::ImpossibleCheck`]. Move generation
    /// works on such positions; perft test suites contain some.
    pub allow_impossible_check: bool,
}

/// Loads and validates a FEN. `mode` forces standard chess (so Chess960-only rights are errors) or
/// Chess960; `None` accepts both and reports which was needed.
pub fn load_fen(text: &str, mode: Option<CastlingMode>) -> Result<LoadedFen, FenErrors> {
    load_fen_with(
        text,
        FenOptions {
            mode,
            ..FenOptions::default()
        },
    )
}

/// Loads and validates a FEN, as [`load_fen`] but with every option.
pub fn load_fen_with(text: &str, options: FenOptions) -> Result<LoadedFen, FenErrors> {
    let mode = options.mode;
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
    // More promoted pieces than missing pawns cannot arise in a game, but the moves of a composed
    // position can still be judged: a warning. Too many pieces or pawns stay errors (they also bound
    // the size of a move list).
    let mut material_warnings = Vec::new();
    for color in Color::ALL {
        match material_problem(&board, color) {
            Some(FenError::TooMuchMaterial {
                color,
                promoted,
                missing_pawns,
            }) => material_warnings.push(FenWarning::TooMuchMaterial {
                color,
                promoted,
                missing_pawns,
            }),
            Some(e) => errors.push(e),
            None => {}
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
    let mut warnings = material_warnings;
    let mut position = Position::from_parts_unchecked(PositionParts {
        board,
        turn,
        castling_rooks: castling.rooks,
        ep_square: None,
        halfmove_clock,
        fullmove_number,
    });
    let mut double_step = None;
    if let Some(ep) = ep_square {
        match validate_ep(&position, ep) {
            Err(e) => errors.push(e),
            Ok(()) => {
                double_step = Some(ep);
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
        match validate_checks(&position, double_step) {
            Ok(()) => {}
            Err(FenError::ImpossibleCheck { checkers }) if options.allow_impossible_check => {
                warnings.push(FenWarning::ImpossibleCheck { checkers });
            }
            Err(e) => errors.push(e),
        }
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

/// The first material problem of `color`, if any: more than 16 pieces, more than 8 pawns, or more
/// pieces beyond the initial set than pawns missing to have promoted into them. Positions without
/// these problems keep move generation within its bounds (no legal position has more than 218 moves).
fn material_problem(board: &Board, color: Color) -> Option<FenError> {
    let ours = board.by_color(color);
    let count = |role: Role| (board.by_role(role) & ours).count();
    let pieces = ours.count();
    if pieces > 16 {
        return Some(FenError::TooManyPieces {
            color,
            count: pieces,
        });
    }
    let pawns = count(Role::Pawn);
    if pawns > 8 {
        return Some(FenError::TooManyPawns {
            color,
            count: pawns,
        });
    }
    const DARK: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);
    let bishops = board.by_role(Role::Bishop) & ours;
    let promoted = count(Role::Queen).saturating_sub(1)
        + count(Role::Rook).saturating_sub(2)
        + count(Role::Knight).saturating_sub(2)
        + (bishops & DARK).count().saturating_sub(1)
        + (bishops - DARK).count().saturating_sub(1);
    let missing_pawns = 8 - pawns;
    (promoted > missing_pawns).then_some(FenError::TooMuchMaterial {
        color,
        promoted,
        missing_pawns,
    })
}

/// Checks that the position's checks could have arisen from a legal last move.
///
/// - The side not to move may not be in check ([`FenError::OppositeCheck`]).
/// - The side to move is in check by at most two pieces. A double check is a moved piece plus a
///   slider it uncovered, so two checkers cannot both be non-sliders (knights, pawns, kings), and
///   the king cannot stand between them on one line (the moved piece would have had to cross it).
/// - `double_step` is a plausible en-passant square: the last move was that double step. Then one
///   checker at most, and it is the pawn that moved or a slider it uncovered: with the pawn put
///   back on its origin square, the king must not have been in check.
fn validate_checks(position: &Position, double_step: Option<Square>) -> Result<(), FenError> {
    let board = &position.board;
    let turn = position.turn;
    if let Some(their_king) = board.king_of(!turn)
        && let Some(checker) = board
            .attackers_to(their_king, turn, board.occupied())
            .first()
    {
        return Err(FenError::OppositeCheck { checker });
    }
    let Some(king) = board.king_of(turn) else {
        return Ok(());
    };
    let checkers = board.attackers_to(king, !turn, board.occupied());
    let list: Vec<Square> = checkers.collect();
    let sliders = board.rooks_and_queens() | board.bishops_and_queens();
    let impossible = match list.as_slice() {
        [] => false,
        [checker] => match double_step {
            None => false,
            Some(ep) => {
                let (to, from) = match turn {
                    Color::White => (
                        Square::from_coords(ep.file(), Rank(4)),
                        Square::from_coords(ep.file(), Rank(6)),
                    ),
                    Color::Black => (
                        Square::from_coords(ep.file(), Rank(3)),
                        Square::from_coords(ep.file(), Rank(1)),
                    ),
                };
                let before = (board.occupied() - to) | from;
                *checker != to && board.attackers_to(king, !turn, before).any()
            }
        },
        [a, b] => {
            double_step.is_some()
                || (!sliders.contains(*a) && !sliders.contains(*b))
                || attacks::between(*a, *b).contains(king)
        }
        _ => true,
    };
    if impossible {
        Err(FenError::ImpossibleCheck { checkers: list })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests;
