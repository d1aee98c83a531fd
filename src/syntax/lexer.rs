//! The PGN lexer.
//!
//! Contract: the tokens tile the input. Every byte belongs to exactly one token, tokens are never empty
//! and always start and end on char boundaries, and no token is dropped: unknown characters become
//! [`TokenKind::Unknown`] tokens. The lexer is stateless apart from its position: whether a `%` starts
//! an escape line is decided from the byte before it (or a BOM before it at offset 3), so lexing can start at any token boundary (the
//! parser and incremental reparse rely on this). Lookahead never exceeds [`MAX_LOOKAHEAD`] bytes past
//! the end of the token being produced.

use memchr::{memchr, memchr3};

use super::TextRange;
use super::token::{GameResult, ResultToken, SuffixAnnotation, Token, TokenKind};

/// How many bytes past a token's end the lexer may look to decide that token.
pub const MAX_LOOKAHEAD: usize = 16;

/// Lexes the whole text into tokens that tile it.
pub fn lex(text: &str) -> Vec<Token> {
    Lexer::new(text, 0).collect()
}

/// An iterator of tokens over `text`, starting at a token boundary.
#[derive(Clone, Debug)]
pub struct Lexer<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Lexer<'a> {
    /// A lexer over `text` starting at byte `pos`, which must be a token boundary of a lex from 0
    /// (the start of a game is always one).
    pub fn new(text: &'a str, pos: usize) -> Lexer<'a> {
        Lexer {
            bytes: text.as_bytes(),
            pos,
        }
    }

    /// Skips spaces and tabs (a parser fast path: the skipped bytes would be a `Whitespace` token).
    #[inline]
    pub fn skip_spaces(&mut self) {
        while self.pos < self.bytes.len() && matches!(self.bytes[self.pos], b' ' | b'\t') {
            self.pos += 1;
        }
    }

    /// The byte offset of the next token.
    pub fn position(&self) -> usize {
        self.pos
    }

    #[inline]
    fn at(&self, i: usize) -> Option<u8> {
        self.bytes.get(i).copied()
    }

    #[inline]
    fn line_end(&self, from: usize) -> usize {
        match memchr::memchr2(b'\n', b'\r', &self.bytes[from..]) {
            Some(i) => from + i,
            None => self.bytes.len(),
        }
    }

    /// Length of the char starting at `i` (a char boundary).
    #[inline]
    fn char_len(&self, i: usize) -> usize {
        utf8_len(self.bytes[i])
    }

    fn lex_token(&mut self) -> TokenKind {
        let b = self.bytes;
        let start = self.pos;
        let c = b[start];
        match c {
            b' ' | b'\t' | 0x0b | 0x0c => {
                let mut i = start + 1;
                while i < b.len() && matches!(b[i], b' ' | b'\t' | 0x0b | 0x0c) {
                    i += 1;
                }
                self.pos = i;
                TokenKind::Whitespace
            }
            b'\n' => {
                self.pos += 1;
                TokenKind::Newline
            }
            b'\r' => {
                self.pos += if self.at(start + 1) == Some(b'\n') {
                    2
                } else {
                    1
                };
                TokenKind::Newline
            }
            b'%' if start == 0
                || matches!(b[start - 1], b'\n' | b'\r')
                || (start == 3 && b.starts_with(b"\xef\xbb\xbf")) =>
            {
                self.pos = self.line_end(start);
                TokenKind::Escape
            }
            b';' => {
                self.pos = self.line_end(start);
                TokenKind::LineComment
            }
            b'{' => self.brace_comment(),
            b'}' => self.one(TokenKind::RBrace),
            b'[' => self.one(TokenKind::LBracket),
            b']' => self.one(TokenKind::RBracket),
            b'(' => self.one(TokenKind::LParen),
            b')' => self.one(TokenKind::RParen),
            b'<' => self.one(TokenKind::LAngle),
            b'>' => self.one(TokenKind::RAngle),
            b'"' => self.string(),
            b'$' => {
                let mut i = start + 1;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                if i == start + 1 {
                    self.one(TokenKind::Unknown)
                } else {
                    self.pos = i;
                    TokenKind::Nag
                }
            }
            b'!' | b'?' => {
                let next = self.at(start + 1);
                let (kind, len) = match (c, next) {
                    (b'!', Some(b'!')) => (SuffixAnnotation::Brilliant, 2),
                    (b'!', Some(b'?')) => (SuffixAnnotation::Speculative, 2),
                    (b'?', Some(b'?')) => (SuffixAnnotation::Blunder, 2),
                    (b'?', Some(b'!')) => (SuffixAnnotation::Dubious, 2),
                    (b'!', _) => (SuffixAnnotation::Good, 1),
                    _ => (SuffixAnnotation::Mistake, 1),
                };
                self.pos += len;
                TokenKind::Suffix(kind)
            }
            b'*' => self.one(TokenKind::Result(ResultToken {
                result: GameResult::Unknown,
                half_sign: false,
                unicode_dash: false,
            })),
            b'.' => {
                let mut i = start + 1;
                while i < b.len() && b[i] == b'.' {
                    i += 1;
                }
                self.pos = i;
                TokenKind::MoveNumber
            }
            b'0'..=b'9' => {
                if let Some(kind) = self.result() {
                    return kind;
                }
                let mut i = start + 1;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                if i < b.len() && b[i] == b'.' {
                    while i < b.len() && b[i] == b'.' {
                        i += 1;
                    }
                    self.pos = i;
                    TokenKind::MoveNumber
                } else if i < b.len() && self.continues_symbol(i) {
                    self.pos = i;
                    self.symbol_rest()
                } else {
                    self.pos = i;
                    TokenKind::MoveNumber
                }
            }
            0xc2 if self.at(start + 1) == Some(0xbd) => {
                if let Some(kind) = self.result() {
                    return kind;
                }
                self.pos += 2;
                self.symbol_rest()
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'-' | b'_' => {
                self.pos += 1;
                self.symbol_rest()
            }
            0x80.. => {
                let len = self.char_len(start);
                let ch = char_at(b, start);
                self.pos += len;
                if ch.is_whitespace() {
                    TokenKind::Whitespace
                } else if ch.is_control() {
                    TokenKind::Unknown
                } else {
                    self.symbol_rest()
                }
            }
            _ => self.one(TokenKind::Unknown),
        }
    }

    #[inline]
    fn one(&mut self, kind: TokenKind) -> TokenKind {
        self.pos += 1;
        kind
    }

    /// Whether the char at `i` may continue a symbol.
    #[inline]
    fn continues_symbol(&self, i: usize) -> bool {
        let c = self.bytes[i];
        if c < 0x80 {
            SYMBOL_ASCII[c as usize]
        } else {
            let ch = char_at(self.bytes, i);
            !ch.is_whitespace() && !ch.is_control()
        }
    }

    fn symbol_rest(&mut self) -> TokenKind {
        let b = self.bytes;
        let mut i = self.pos;
        while i < b.len() {
            let c = b[i];
            if c < 0x80 {
                if SYMBOL_ASCII[c as usize] {
                    i += 1;
                } else {
                    break;
                }
            } else if self.continues_symbol(i) {
                i += self.char_len(i);
            } else {
                break;
            }
        }
        self.pos = i;
        TokenKind::Symbol
    }

    /// Matches a dash at `i`: returns (length, unicode).
    #[inline]
    fn dash(&self, i: usize) -> Option<(usize, bool)> {
        match self.at(i)? {
            b'-' => Some((1, false)),
            0xe2 => {
                let b1 = self.at(i + 1)?;
                let b2 = self.at(i + 2)?;
                // U+2010..=U+2015 are E2 80 90..95; U+2212 is E2 88 92.
                if (b1 == 0x80 && (0x90..=0x95).contains(&b2)) || (b1 == 0x88 && b2 == 0x92) {
                    Some((3, true))
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// Matches a half: `1/2` or `½`. Returns (length, half_sign).
    #[inline]
    fn half(&self, i: usize) -> Option<(usize, bool)> {
        let b = self.bytes;
        if b.get(i..i + 3) == Some(b"1/2") {
            Some((3, false))
        } else if b.get(i..i + 2) == Some("½".as_bytes()) {
            Some((2, true))
        } else {
            None
        }
    }

    /// A result token at the current position, followed by a symbol boundary.
    fn result(&mut self) -> Option<TokenKind> {
        let start = self.pos;
        let b = self.bytes;
        let (result, end, half_sign, unicode_dash) = if let Some((h1, hs1)) = self.half(start) {
            let (d, ud) = self.dash(start + h1)?;
            let (h2, hs2) = self.half(start + h1 + d)?;
            (GameResult::Draw, start + h1 + d + h2, hs1 || hs2, ud)
        } else {
            let first = b[start];
            let (d, ud) = self.dash(start + 1)?;
            let second = *b.get(start + 1 + d)?;
            let result = match (first, second) {
                (b'1', b'0') => GameResult::WhiteWins,
                (b'0', b'1') => GameResult::BlackWins,
                _ => return None,
            };
            (result, start + 2 + d, false, ud)
        };
        if end < b.len() && self.continues_symbol(end) {
            return None;
        }
        self.pos = end;
        Some(TokenKind::Result(ResultToken {
            result,
            half_sign,
            unicode_dash,
        }))
    }

    fn string(&mut self) -> TokenKind {
        let b = self.bytes;
        let mut i = self.pos + 1;
        loop {
            match memchr3(b'"', b'\\', b'\n', &b[i..]) {
                None => {
                    // No quote and no line feed: the string may still end at a lone CR.
                    let end = match memchr(b'\r', &b[i..]) {
                        Some(k) => i + k,
                        None => b.len(),
                    };
                    self.pos = end;
                    return TokenKind::String { terminated: false };
                }
                Some(k) => {
                    let j = i + k;
                    if let Some(cr) = memchr(b'\r', &b[i..j]) {
                        self.pos = i + cr;
                        return TokenKind::String { terminated: false };
                    }
                    match b[j] {
                        b'"' => {
                            self.pos = j + 1;
                            return TokenKind::String { terminated: true };
                        }
                        b'\\' => {
                            // An escape covers the next char unless it is a line break.
                            match b.get(j + 1) {
                                Some(b'\n' | b'\r') | None => i = j + 1,
                                Some(&c) => i = j + 1 + utf8_len(c),
                            }
                        }
                        _ => {
                            self.pos = j;
                            return TokenKind::String { terminated: false };
                        }
                    }
                }
            }
        }
    }

    /// Whether a line starting at `i` is a recovery point for an unterminated comment: it starts
    /// `[Event`, or it is blank and the line after it starts with `[`.
    fn is_recovery_line(&self, i: usize) -> bool {
        let b = self.bytes;
        if super::parser::is_event_tag(&b[i..]) {
            return true;
        }
        let mut j = i;
        while j < b.len() && matches!(b[j], b' ' | b'\t') {
            j += 1;
        }
        let after_break = match b.get(j) {
            Some(b'\n') => j + 1,
            Some(b'\r') if b.get(j + 1) == Some(&b'\n') => j + 2,
            Some(b'\r') => j + 1,
            _ => return false,
        };
        b.get(after_break) == Some(&b'[')
    }

    fn brace_comment(&mut self) -> TokenKind {
        let b = self.bytes;
        let start = self.pos;
        let mut i = start + 1;
        let end;
        let terminated;
        loop {
            match memchr3(b'}', b'\n', b'\r', &b[i..]) {
                None => {
                    end = b.len();
                    terminated = false;
                    break;
                }
                Some(k) => {
                    let j = i + k;
                    match b[j] {
                        b'}' => {
                            end = j + 1;
                            terminated = true;
                            break;
                        }
                        c => {
                            let next_line = if c == b'\r' && b.get(j + 1) == Some(&b'\n') {
                                j + 2
                            } else {
                                j + 1
                            };
                            if next_line < b.len() && self.is_recovery_line(next_line) {
                                end = j;
                                terminated = false;
                                break;
                            }
                            i = next_line;
                        }
                    }
                }
            }
        }
        let body_end = if terminated { end - 1 } else { end };
        let nested_open = memchr(b'{', &b[start + 1..body_end]).is_some();
        self.pos = end;
        TokenKind::BraceComment {
            terminated,
            nested_open,
        }
    }
}

impl Iterator for Lexer<'_> {
    type Item = Token;

    #[inline]
    fn next(&mut self) -> Option<Token> {
        if self.pos >= self.bytes.len() {
            return None;
        }
        let start = self.pos;
        let kind = if start == 0 && self.bytes.starts_with(b"\xef\xbb\xbf") {
            self.pos = 3;
            TokenKind::Bom
        } else {
            self.lex_token()
        };
        Some(Token {
            kind,
            range: TextRange::from_usize(start, self.pos),
        })
    }
}

/// ASCII bytes that continue a symbol.
static SYMBOL_ASCII: [bool; 128] = {
    let mut t = [false; 128];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'_' | b'+' | b'#' | b'=' | b':' | b'-' | b'/' | b'.' | b'@' | b'~'
            );
        c += 1;
    }
    t
};

#[inline]
fn utf8_len(first: u8) -> usize {
    match first {
        0..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        _ => 4,
    }
}

#[inline]
fn char_at(bytes: &[u8], i: usize) -> char {
    let len = utf8_len(bytes[i]);
    // The lexer only ever indexes char boundaries of a `&str`.
    std::str::from_utf8(&bytes[i..i + len])
        .ok()
        .and_then(|s| s.chars().next())
        .unwrap_or('\u{fffd}')
}
