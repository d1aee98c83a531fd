//! The lenient SAN parser: accepts what real PGN files contain and records each deviation from
//! canonical SAN.
//!
//! Accepted beyond SAN: castling with `0`, `o` or unicode dashes; promotion without `=`, in lower
//! case, in parentheses or after `/`; long algebraic (`e2-e4`, `e2e4`, `Ng1f3`, `Ng1-f3`, `Nxg1f3`,
//! `Ng1xf3`) and UCI (`g1f3`, `e1g1`, `e1h1`); `Pe4`; lower-case piece letters (`nf3`); `e.p.`/`ep`;
//! `++`; null moves `--`, `Z0`, `0000`.
//!
//! A lower-case `b` is a file first: `bxc3` and `bc3` read as b-pawn captures. They also carry
//! [`NormalSan::bishop_or_pawn`], and the resolver falls back to a bishop move (recording
//! [`Deviation::PieceCase`]) only when no b-pawn move fits.
//!
//! The parser looks at each byte a bounded number of times and never panics; inputs longer than
//! [`MAX_LEN`] bytes are rejected before any other work.

use super::deviation::{Deviation, Deviations};
use super::error::SanSyntaxError;
use crate::rules::moves::CastlingSide;
use crate::rules::types::{File, Rank, Role, Square};

/// The longest text the parser considers (the longest real spelling, `Qa1xb2=Q++e.p.`, is shorter).
pub const MAX_LEN: usize = 32;

/// A check suffix as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckSuffix {
    /// `+`
    Check,
    /// `#`
    Mate,
    /// `++` (check or mate, in older notation)
    DoublePlus,
}

/// A non-castling move as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NormalSan {
    /// The piece letter, if any was written. `None` means a pawn, except when the whole origin
    /// square is given (`g1f3`, `e2e4`): then the piece on that square moves.
    pub role: Option<Role>,
    /// The origin file, if written (for pawn captures, the pawn's file).
    pub from_file: Option<File>,
    /// The origin rank, if written.
    pub from_rank: Option<Rank>,
    /// `true` if `x` (or `:`) was written.
    pub capture: bool,
    /// The destination square.
    pub to: Square,
    /// The promotion piece, if written.
    pub promotion: Option<Role>,
    /// `bxc3` / `bc3`: a b-pawn capture, or a bishop move with a lower-case letter.
    pub bishop_or_pawn: bool,
}

impl NormalSan {
    /// The origin square, if both file and rank were written.
    pub fn from_square(&self) -> Option<Square> {
        Some(Square::from_coords(self.from_file?, self.from_rank?))
    }
}

/// What kind of move the text names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SanKind {
    /// A piece or pawn move.
    Normal(NormalSan),
    /// `O-O` or `O-O-O`.
    Castle(CastlingSide),
    /// A null move (`--`, `Z0`, `0000`): the side to move passes.
    Null,
}

/// A parsed SAN token: the move, its check suffix, and the deviations seen in its spelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ParsedSan {
    /// The move.
    pub kind: SanKind,
    /// The check suffix, as written.
    pub suffix: Option<CheckSuffix>,
    /// Spelling deviations (the resolver adds the ones that need the position).
    pub deviations: Deviations,
}

/// Parses a SAN token leniently. Never panics; linear in the length of `text`.
#[inline]
pub fn parse_san(text: &str) -> Result<ParsedSan, SanSyntaxError> {
    match parse_canonical(text.as_bytes()) {
        Some(parsed) => Ok(parsed),
        None => parse_lenient(text),
    }
}

/// The happy path: the canonical shapes real games are made of (`e4`, `Nf3`, `exd5`, `Nbd2`,
/// `R1e2`, `Qxf7`, `Raxd1`, `e8=Q`, `bxa8=N`, `O-O`, `O-O-O`, each with an optional single `+` or
/// `#`), matched byte by byte. `None` for anything else, which [`parse_lenient`] then reads; for
/// every text it accepts, the result is the one [`parse_lenient`] gives (checked exhaustively by
/// a test below).
#[inline(always)]
pub(crate) fn parse_canonical(b: &[u8]) -> Option<ParsedSan> {
    let (body, suffix) = match b {
        [.., b'+', b'+'] => return None,
        [body @ .., b'+'] => (body, Some(CheckSuffix::Check)),
        [body @ .., b'#'] => (body, Some(CheckSuffix::Mate)),
        _ => (b, None),
    };
    let file = |c: u8| (c.wrapping_sub(b'a') < 8).then(|| File(c - b'a'));
    let rank = |c: u8| (c.wrapping_sub(b'1') < 8).then(|| Rank(c - b'1'));
    let square = |f: u8, r: u8| Some(Square::from_coords(file(f)?, rank(r)?));
    let piece = |c: u8| match c {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    };
    let normal = NormalSan {
        role: None,
        from_file: None,
        from_rank: None,
        capture: false,
        to: Square::from_coords(File(0), Rank(0)),
        promotion: None,
        bishop_or_pawn: false,
    };
    let n = match *body {
        [f, r] => NormalSan {
            to: square(f, r)?,
            ..normal
        },
        [b'O', b'-', b'O'] => {
            return Some(ParsedSan {
                kind: SanKind::Castle(CastlingSide::KingSide),
                suffix,
                deviations: Deviations::NONE,
            });
        }
        [p, f, r] => NormalSan {
            role: Some(piece(p)?),
            to: square(f, r)?,
            ..normal
        },
        [p, b'x', f, r] => match piece(p) {
            Some(role) => NormalSan {
                role: Some(role),
                capture: true,
                to: square(f, r)?,
                ..normal
            },
            None => NormalSan {
                from_file: Some(file(p)?),
                capture: true,
                to: square(f, r)?,
                bishop_or_pawn: p == b'b',
                ..normal
            },
        },
        [f, r, b'=', q] => NormalSan {
            to: square(f, r)?,
            promotion: Some(piece(q).filter(|&role| role != Role::King)?),
            ..normal
        },
        [p, d, f, r] => NormalSan {
            role: Some(piece(p)?),
            from_file: file(d),
            from_rank: rank(d),
            to: square(f, r)?,
            ..normal
        }
        .with_one_disambiguator()?,
        [b'O', b'-', b'O', b'-', b'O'] => {
            return Some(ParsedSan {
                kind: SanKind::Castle(CastlingSide::QueenSide),
                suffix,
                deviations: Deviations::NONE,
            });
        }
        [p, d, b'x', f, r] => NormalSan {
            role: Some(piece(p)?),
            from_file: file(d),
            from_rank: rank(d),
            capture: true,
            to: square(f, r)?,
            ..normal
        }
        .with_one_disambiguator()?,
        [p, b'x', f, r, b'=', q] => NormalSan {
            from_file: Some(file(p)?),
            capture: true,
            to: square(f, r)?,
            promotion: Some(piece(q).filter(|&role| role != Role::King)?),
            ..normal
        },
        _ => return None,
    };
    Some(ParsedSan {
        kind: SanKind::Normal(n),
        suffix,
        deviations: Deviations::NONE,
    })
}

impl NormalSan {
    /// `Some(self)` if exactly one of origin file and origin rank is set.
    #[inline]
    fn with_one_disambiguator(self) -> Option<NormalSan> {
        (self.from_file.is_some() != self.from_rank.is_some()).then_some(self)
    }
}

/// Everything [`parse_san`] accepts, the lenient way.
pub(crate) fn parse_lenient(text: &str) -> Result<ParsedSan, SanSyntaxError> {
    if text.is_empty() {
        return Err(SanSyntaxError::Empty);
    }
    if text.len() > MAX_LEN {
        return Err(SanSyntaxError::TooLong);
    }
    // One pass over the bytes; the char decoder only for non-ASCII text (unicode castling dashes).
    let mut ascii = true;
    for &byte in text.as_bytes() {
        match byte {
            b'@' => return Err(SanSyntaxError::Drop),
            b if b.is_ascii_whitespace() || b == 0x0b => return Err(SanSyntaxError::Whitespace),
            b => ascii &= b.is_ascii(),
        }
    }
    if !ascii && text.chars().any(char::is_whitespace) {
        return Err(SanSyntaxError::Whitespace);
    }
    let mut deviations = Deviations::NONE;
    let (mut body, mut suffix) = strip_check_suffix(text);
    if matches!(body.as_bytes().last(), Some(b'.' | b'p'))
        && let Some(rest) = body
            .strip_suffix("e.p.")
            .or_else(|| body.strip_suffix("ep"))
    {
        deviations.insert(Deviation::EnPassantSuffix);
        body = rest;
        if suffix.is_none() {
            (body, suffix) = strip_check_suffix(body);
        }
    }
    if suffix == Some(CheckSuffix::DoublePlus) {
        deviations.insert(Deviation::DoublePlus);
    }
    if matches!(body.as_bytes().first(), Some(b'-' | b'Z' | b'0'))
        && matches!(body, "--" | "Z0" | "0000")
    {
        return Ok(ParsedSan {
            kind: SanKind::Null,
            suffix,
            deviations,
        });
    }
    let kind = match body.as_bytes().first() {
        None => return Err(SanSyntaxError::Empty),
        Some(b'O' | b'o' | b'0') => SanKind::Castle(parse_castling(body, &mut deviations)?),
        Some(_) if !ascii => return Err(SanSyntaxError::Malformed),
        Some(_) => SanKind::Normal(parse_normal(body.as_bytes(), &mut deviations)?),
    };
    Ok(ParsedSan {
        kind,
        suffix,
        deviations,
    })
}

fn strip_check_suffix(text: &str) -> (&str, Option<CheckSuffix>) {
    let bytes = text.as_bytes();
    // Suffixes are ASCII, so slicing before them stays on a char boundary.
    match bytes {
        [.., b'+', b'+'] => (&text[..text.len() - 2], Some(CheckSuffix::DoublePlus)),
        [.., b'+'] => (&text[..text.len() - 1], Some(CheckSuffix::Check)),
        [.., b'#'] => (&text[..text.len() - 1], Some(CheckSuffix::Mate)),
        _ => (text, None),
    }
}

/// `O-O`, `O-O-O` and their variants: `O`, `o` or `0`, joined by `-` or a unicode dash.
fn parse_castling(body: &str, deviations: &mut Deviations) -> Result<CastlingSide, SanSyntaxError> {
    let mut n_os = 0;
    let mut expect_o = true;
    for c in body.chars() {
        if expect_o {
            match c {
                'O' => {}
                'o' => deviations.insert(Deviation::CastlingLowercase),
                '0' => deviations.insert(Deviation::CastlingZero),
                _ => return Err(SanSyntaxError::Malformed),
            }
            n_os += 1;
        } else {
            match c {
                '-' => {}
                '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2212}' => {
                    deviations.insert(Deviation::CastlingUnicodeDash)
                }
                _ => return Err(SanSyntaxError::Malformed),
            }
        }
        expect_o = !expect_o;
    }
    match (n_os, expect_o) {
        (2, false) => Ok(CastlingSide::KingSide),
        (3, false) => Ok(CastlingSide::QueenSide),
        _ => Err(SanSyntaxError::Malformed),
    }
}

fn parse_normal(b: &[u8], deviations: &mut Deviations) -> Result<NormalSan, SanSyntaxError> {
    let mut start = 0;
    let mut role = None;
    match b[0] {
        c @ (b'N' | b'B' | b'R' | b'Q' | b'K') => {
            role = Role::from_char(c as char);
            start = 1;
        }
        b'P' => {
            role = Some(Role::Pawn);
            deviations.insert(Deviation::PawnLetter);
            start = 1;
        }
        c @ (b'n' | b'r' | b'q' | b'k') => {
            role = Role::from_char(c as char);
            deviations.insert(Deviation::PieceCase);
            start = 1;
        }
        b'p' => {
            role = Some(Role::Pawn);
            deviations.insert(Deviation::PawnLetter);
            deviations.insert(Deviation::PieceCase);
            start = 1;
        }
        _ => {}
    }
    let (end, promotion) = parse_promotion(b, start, deviations)?;
    if end < start + 2 {
        return Err(SanSyntaxError::NoDestination);
    }
    let (Some(to_file), Some(to_rank)) = (
        File::from_char(b[end - 2] as char),
        Rank::from_char(b[end - 1] as char),
    ) else {
        return Err(SanSyntaxError::NoDestination);
    };
    let to = Square::from_coords(to_file, to_rank);

    // The middle: `x`? file? rank? then `x` and/or `-` in either order.
    let middle = &b[start..end - 2];
    let mut idx = 0;
    let mut capture = false;
    let mut hyphen = false;
    if let Some(b'x' | b':') = middle.first() {
        capture = true;
        idx += 1;
    }
    let from_file = middle.get(idx).and_then(|&c| File::from_char(c as char));
    if from_file.is_some() {
        idx += 1;
    }
    let from_rank = middle.get(idx).and_then(|&c| Rank::from_char(c as char));
    if from_rank.is_some() {
        idx += 1;
    }
    for _ in 0..2 {
        match middle.get(idx) {
            Some(b'x' | b':') => capture = true,
            Some(b'-') if !hyphen => hyphen = true,
            _ => break,
        }
        idx += 1;
    }
    if idx != middle.len() {
        return Err(SanSyntaxError::Malformed);
    }
    if hyphen {
        deviations.insert(Deviation::LongAlgebraic);
    }
    let bishop_or_pawn = role.is_none()
        && b[0] == b'b'
        && from_file == Some(File(1))
        && from_rank.is_none()
        && promotion.is_none();
    Ok(NormalSan {
        role,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
        bishop_or_pawn,
    })
}

/// Finds a promotion suffix at the end of `b[start..]`; returns where the rest ends and the role.
fn parse_promotion(
    b: &[u8],
    start: usize,
    deviations: &mut Deviations,
) -> Result<(usize, Option<Role>), SanSyntaxError> {
    let end = b.len();
    let body = &b[start..];
    let role_of = |c: u8, deviations: &mut Deviations| {
        let role = Role::from_char(c as char)?;
        if c.is_ascii_lowercase() {
            deviations.insert(Deviation::PromotionLowercase);
        }
        Some(role)
    };
    match body {
        [.., b'(', c, b')'] => match role_of(*c, deviations) {
            Some(role) => {
                deviations.insert(Deviation::PromotionParentheses);
                let end = end - 3;
                // `e8=(Q)`: tolerate a redundant `=` as well.
                let end = if end > start && b[end - 1] == b'=' {
                    end - 1
                } else {
                    end
                };
                Ok((end, Some(role)))
            }
            None => Err(SanSyntaxError::BadPromotion),
        },
        [.., b'=', c] => match role_of(*c, deviations) {
            Some(role) => Ok((end - 2, Some(role))),
            None => Err(SanSyntaxError::BadPromotion),
        },
        [.., b'/', c] => match role_of(*c, deviations) {
            Some(role) => {
                deviations.insert(Deviation::PromotionSlash);
                Ok((end - 2, Some(role)))
            }
            None => Err(SanSyntaxError::BadPromotion),
        },
        [.., b'1'..=b'8', c] if c.is_ascii_alphabetic() => match role_of(*c, deviations) {
            Some(role) => {
                deviations.insert(Deviation::PromotionWithoutEquals);
                Ok((end - 1, Some(role)))
            }
            None => Err(SanSyntaxError::Malformed),
        },
        [.., b'='] => Err(SanSyntaxError::BadPromotion),
        _ => Ok((end, None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string over `alphabet` of length `len`, passed to `f`.
    fn each_string(alphabet: &[u8], len: usize, f: &mut impl FnMut(&str)) {
        let mut indices = vec![0; len];
        let mut text = vec![alphabet[0]; len];
        loop {
            f(std::str::from_utf8(&text).expect("ascii"));
            let mut i = 0;
            loop {
                if i == len {
                    return;
                }
                indices[i] += 1;
                if indices[i] < alphabet.len() {
                    text[i] = alphabet[indices[i]];
                    break;
                }
                indices[i] = 0;
                text[i] = alphabet[0];
                i += 1;
            }
        }
    }

    #[test]
    fn canonical_fast_path_agrees_with_the_lenient_parser() {
        let mut n_fast = 0;
        let mut check = |text: &str| {
            if let Some(fast) = parse_canonical(text.as_bytes()) {
                n_fast += 1;
                assert_eq!(Ok(fast), parse_lenient(text), "{text:?}");
            }
        };
        let wide = b"abh18NBRKPQnqxO0o-=+#/(.pZ";
        for len in 0..=4 {
            each_string(wide, len, &mut check);
        }
        let narrow = b"bh18NBKQxO-=+#";
        for len in 5..=6 {
            each_string(narrow, len, &mut check);
        }
        each_string(b"b8BQKx=+#", 7, &mut check);
        assert!(n_fast > 500, "{n_fast}");
    }
}
