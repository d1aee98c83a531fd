//! The parser's byte-level scanners: the byte-class table and the fast paths for the common
//! tokens (a SAN, a move number, a one-line comment, a plain tag pair), eight bytes at a time where
//! that pays. Each returns `None` for anything unusual, which the lexer then reads.

use super::super::lexer::{SYMBOL_ASCII, char_at};

/// Byte classes for the parser's dispatch.
const C_OTHER: u8 = 0;
/// Spaces, tabs, vertical tabs, form feeds: a `Whitespace` token.
pub(super) const C_SPACE: u8 = 1;
/// `\n` or `\r`: a `Newline` token.
pub(super) const C_NEWLINE: u8 = 2;
/// A letter, `-` or `_`: always starts a `Symbol`.
pub(super) const C_LETTER: u8 = 3;
pub(super) const C_DIGIT: u8 = 4;
pub(super) const C_LBRACE: u8 = 5;
pub(super) const C_LBRACKET: u8 = 6;

pub(super) static CLASS: [u8; 256] = {
    let mut t = [C_OTHER; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = match b {
            b' ' | b'\t' | 0x0b | 0x0c => C_SPACE,
            b'\n' | b'\r' => C_NEWLINE,
            b'a'..=b'z' | b'A'..=b'Z' | b'-' | b'_' => C_LETTER,
            b'0'..=b'9' => C_DIGIT,
            b'{' => C_LBRACE,
            b'[' => C_LBRACKET,
            _ => C_OTHER,
        };
        c += 1;
    }
    t
};

/// Bytes that continue a symbol (ASCII only; a non-ASCII byte needs the lexer).
static SYMBOL_CONT: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 128 {
        t[c] = SYMBOL_ASCII[c];
        c += 1;
    }
    t
};

/// The first non-trivia byte at or after `i` (trivia: whitespace, line breaks, a BOM at offset 0).
pub(super) fn skip_trivia(bytes: &[u8], mut i: usize) -> usize {
    while let Some(&c) = bytes.get(i) {
        match c {
            b' ' | b'\t' | 0x0b | 0x0c | b'\n' | b'\r' => i += 1,
            0x80.. => {
                if i == 0 && bytes.starts_with(b"\xef\xbb\xbf") {
                    i = 3;
                    continue;
                }
                let ch = char_at(bytes, i);
                if !ch.is_whitespace() {
                    break;
                }
                i += ch.len_utf8();
            }
            _ => break,
        }
    }
    i
}

/// The end of a symbol starting with a letter at `i`, if it is all ASCII.
#[inline(always)]
pub(super) fn ascii_symbol(bytes: &[u8], i: usize) -> Option<usize> {
    let mut j = i + 1;
    while j < bytes.len() && SYMBOL_CONT[bytes[j] as usize] {
        j += 1;
    }
    if j < bytes.len() && bytes[j] >= 0x80 {
        return None;
    }
    Some(j)
}

/// The end of a move number (digits then dots, or digits before a non-symbol ASCII byte) starting
/// with a digit at `i`, when it is plainly not a result or a symbol.
#[inline(always)]
pub(super) fn move_number(bytes: &[u8], i: usize) -> Option<usize> {
    let len = bytes.len();
    // A second digit or a dot rules out a result (`1-0`, `0-1`, `1/2-1/2`).
    match bytes.get(i + 1) {
        Some(b'0'..=b'9' | b'.') => {}
        _ => return None,
    }
    let mut j = i + 1;
    while j < len && bytes[j].is_ascii_digit() {
        j += 1;
    }
    if j < len && bytes[j] == b'.' {
        while j < len && bytes[j] == b'.' {
            j += 1;
        }
        return Some(j);
    }
    if j == len || (bytes[j] < 0x80 && !SYMBOL_CONT[bytes[j] as usize]) {
        return Some(j);
    }
    None
}

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// SWAR: the high bit of each byte of `w` below `n` (`n <= 128`). The lowest set bit is exact; bits
/// above it may be false positives (borrows), so only the first match may be trusted.
#[inline(always)]
fn bytes_below(w: u64, n: u8) -> u64 {
    w.wrapping_sub(LO * n as u64) & !w & HI
}

/// SWAR: the high bit of each zero byte of `w` (lowest set bit exact, as in [`bytes_below`]).
#[inline(always)]
fn zero_bytes(w: u64) -> u64 {
    bytes_below(w, 1)
}

/// The eight bytes at `k` as a little-endian word, if there are eight.
#[inline(always)]
fn word_at(bytes: &[u8], k: usize) -> Option<u64> {
    let chunk: [u8; 8] = bytes.get(k..k + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(chunk))
}

/// The end of a `{...}` comment starting at `i` when it ends on the same line with no `{` inside.
#[inline(always)]
pub(super) fn short_comment(bytes: &[u8], i: usize) -> Option<usize> {
    let mut k = i + 1;
    // Eight bytes at a time: stop at a control char (including line breaks) or at a byte equal to
    // `y`, `{`, `}` or DEL under the mask 0xf9 (false positives are checked and skipped).
    while let Some(w) = word_at(bytes, k) {
        let m = bytes_below(w, 0x0e) | zero_bytes((w & (LO * 0xf9)) ^ (LO * 0x79));
        if m == 0 {
            k += 8;
            continue;
        }
        k += (m.trailing_zeros() / 8) as usize;
        match bytes[k] {
            b'}' => return Some(k + 1),
            b'{' | b'\n' | b'\r' => return None,
            _ => k += 1,
        }
    }
    while k < bytes.len() {
        match bytes[k] {
            b'}' => return Some(k + 1),
            b'{' | b'\n' | b'\r' => return None,
            _ => k += 1,
        }
    }
    None
}

/// The end (the closing quote) of a string value starting after the quote at `k`, when it is on one
/// line with no escape.
#[inline(always)]
fn plain_string_end(bytes: &[u8], mut k: usize) -> Option<usize> {
    while let Some(w) = word_at(bytes, k) {
        let m = bytes_below(w, 0x0e)
            | zero_bytes(w ^ (LO * b'"' as u64))
            | zero_bytes(w ^ (LO * b'\\' as u64));
        if m == 0 {
            k += 8;
            continue;
        }
        k += (m.trailing_zeros() / 8) as usize;
        match bytes[k] {
            b'"' => return Some(k),
            b'\\' | b'\n' | b'\r' => return None,
            _ => k += 1,
        }
    }
    loop {
        match *bytes.get(k)? {
            b'"' => return Some(k),
            b'\\' | b'\n' | b'\r' => return None,
            _ => k += 1,
        }
    }
}

#[inline(always)]
fn skip_spaces(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && CLASS[bytes[i] as usize] == C_SPACE {
        i += 1;
    }
    i
}

/// A plain tag pair `[Name "value"]` starting at `i` on one line: (name, value, end), absolute.
#[inline(always)]
pub(super) fn plain_tag(bytes: &[u8], i: usize) -> Option<(usize, usize, usize, usize, usize)> {
    let name_start = skip_spaces(bytes, i + 1);
    if CLASS[*bytes.get(name_start)? as usize] != C_LETTER {
        return None;
    }
    let name_end = ascii_symbol(bytes, name_start)?;
    let q = skip_spaces(bytes, name_end);
    if *bytes.get(q)? != b'"' {
        return None;
    }
    let k = plain_string_end(bytes, q + 1)?;
    let close = skip_spaces(bytes, k + 1);
    if *bytes.get(close)? != b']' {
        return None;
    }
    Some((name_start, name_end, q + 1, k, close + 1))
}
