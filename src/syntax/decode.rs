//! Decoding PGN bytes to text.
//!
//! UTF-8 input is used as is (a BOM stays in the text; the lexer makes it a [`super::TokenKind::Bom`]
//! token). Input that is not valid UTF-8 is decoded as Windows-1252 in full, and [`Decoded`] says so;
//! byte offsets then refer to the decoded text, not the file.

use std::borrow::Cow;

/// Decoded text and what the decoder had to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded<'a> {
    /// The text; borrowed when the input was valid UTF-8.
    pub text: Cow<'a, str>,
    /// The input was not valid UTF-8 and was decoded as Windows-1252.
    pub was_windows_1252: bool,
    /// The text starts with a UTF-8 byte order mark.
    pub had_bom: bool,
}

/// Decodes `bytes` as UTF-8, or as Windows-1252 when they are not valid UTF-8.
pub fn decode(bytes: &[u8]) -> Decoded<'_> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Decoded {
            had_bom: text.starts_with('\u{feff}'),
            text: Cow::Borrowed(text),
            was_windows_1252: false,
        },
        Err(_) => Decoded {
            text: Cow::Owned(decode_windows_1252(bytes)),
            was_windows_1252: true,
            had_bom: false,
        },
    }
}

/// Decodes every byte as one Windows-1252 char (the five unassigned bytes map to C1 controls, as
/// WHATWG specifies).
pub fn decode_windows_1252(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + bytes.len() / 8);
    for &b in bytes {
        out.push(windows_1252_char(b));
    }
    out
}

/// The char Windows-1252 assigns to `b`.
pub fn windows_1252_char(b: u8) -> char {
    const HIGH: [char; 32] = [
        '\u{20ac}', '\u{81}', '\u{201a}', '\u{192}', '\u{201e}', '\u{2026}', '\u{2020}',
        '\u{2021}', '\u{2c6}', '\u{2030}', '\u{160}', '\u{2039}', '\u{152}', '\u{8d}', '\u{17d}',
        '\u{8f}', '\u{90}', '\u{2018}', '\u{2019}', '\u{201c}', '\u{201d}', '\u{2022}', '\u{2013}',
        '\u{2014}', '\u{2dc}', '\u{2122}', '\u{161}', '\u{203a}', '\u{153}', '\u{9d}', '\u{17e}',
        '\u{178}',
    ];
    match b {
        0x80..=0x9f => HIGH[(b - 0x80) as usize],
        _ => b as char,
    }
}
