//! The PGN parser: text to games, never failing.
//!
//! Contract: every input parses. Problems become [`SyntaxError`]s on the game they occur in. The game is
//! the unit of recovery and of reuse: [`GameParser`] parses one game at a time from a game boundary with
//! no state carried over, so the games of a file are exactly what parsing each game's start yields.
//!
//! Game boundaries: a game starts at its first non-whitespace token. In the movetext (and after the
//! result), a blank line or a `[` at the start of a line ends the game; in the tag section, a `[Event`
//! tag ends the game when the game already has tags. Whitespace after the end belongs to the ending
//! game. An unterminated `{` stops at the next `[Event` line or `[` line after a blank line (see the
//! lexer), so it never swallows the rest of the file. Nesting uses an explicit stack: no recursion.
//!
//! Implementation: lexing is fused into the parser's loop. It dispatches on a byte-class table and
//! handles the common tokens inline (spaces and line breaks, a SAN, a move number, a one-line `{}`
//! comment, a plain `[Name "value"]` tag pair); anything else, or anything unusual about those (a
//! non-ASCII char, an escape, a nested `{`, a comment over several lines), is lexed by [`Lexer`] and
//! handled by the general token logic, which the fast paths must (and, in `tests`, are checked to)
//! agree with exactly. Scratch buffers (node arena, tags, variation stack) are reused across games;
//! each game gets exact-size copies.

use super::TextRange;
use super::ast::{Game, NO_NODE, Node, NodeId, NodeKind, ParsedFile, ResultNode, TagPair};
use super::error::{SyntaxError, SyntaxErrorKind as K};
use super::lexer::{Lexer, SYMBOL_ASCII, char_at};
use super::token::{Token, TokenKind};

/// Parses a whole text into games.
pub fn parse(text: &str) -> ParsedFile {
    let mut parser = GameParser::new(text, 0);
    let mut games = Vec::new();
    while let Some(game) = parser.next_game() {
        games.push(game);
    }
    ParsedFile { games }
}

/// Parses games one at a time, starting at a game boundary.
#[derive(Clone, Debug)]
pub struct GameParser<'a> {
    text: &'a str,
    /// Where the next token starts.
    pos: usize,
    scratch: Scratch,
}

/// Buffers reused from game to game.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    nodes: Vec<Node>,
    tags: Vec<TagPair>,
    stack: Vec<Frame>,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Phase {
    Tags,
    Movetext,
    AfterResult,
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The variation node (NO_NODE for the main line).
    node: NodeId,
    first: NodeId,
    last: NodeId,
    has_move: bool,
    number: NodeId,
}

impl Frame {
    fn new(node: NodeId) -> Frame {
        Frame {
            node,
            first: NO_NODE,
            last: NO_NODE,
            has_move: false,
            number: NO_NODE,
        }
    }
}

struct TagState {
    open: TextRange,
    name: Option<TextRange>,
    value: Option<TextRange>,
    value_terminated: bool,
    end: u32,
}

struct Builder {
    off: u32,
    nodes: Vec<Node>,
    tags: Vec<TagPair>,
    escapes: Vec<TextRange>,
    errors: Vec<SyntaxError>,
    result: Option<ResultNode>,
    /// The line being parsed.
    cur: Frame,
    /// The lines enclosing it (explicit stack: no recursion).
    stack: Vec<Frame>,
    phase: Phase,
    tag: Option<TagState>,
    after_result: Option<TextRange>,
}

impl<'a> GameParser<'a> {
    /// A parser over `text` whose next game starts at byte `start`, a game boundary (or 0).
    pub fn new(text: &'a str, start: usize) -> GameParser<'a> {
        GameParser::with_scratch(text, start, Scratch::default())
    }

    /// Like [`GameParser::new`], reusing the buffers of an earlier parser.
    pub(crate) fn with_scratch(text: &'a str, start: usize, scratch: Scratch) -> GameParser<'a> {
        GameParser {
            text,
            pos: start,
            scratch,
        }
    }

    /// The buffers, for a later [`GameParser::with_scratch`].
    pub(crate) fn into_scratch(self) -> Scratch {
        self.scratch
    }

    /// Where the next game starts (its first token), or the text length at the end.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Parses the next game, or returns `None` when only whitespace is left (which then belongs to the
    /// previous game).
    pub fn next_game(&mut self) -> Option<Game> {
        let bytes = self.text.as_bytes();
        let start = self.pos;
        // Leading whitespace (only ever at the start of the file) belongs to the game.
        let first = skip_trivia(bytes, start);
        if first >= bytes.len() {
            self.pos = bytes.len();
            return None;
        }
        let off = start as u32;
        let mut b = Builder {
            off,
            nodes: std::mem::take(&mut self.scratch.nodes),
            tags: std::mem::take(&mut self.scratch.tags),
            escapes: Vec::new(),
            errors: Vec::new(),
            result: None,
            cur: Frame::new(NO_NODE),
            stack: std::mem::take(&mut self.scratch.stack),
            phase: Phase::Tags,
            tag: None,
            after_result: None,
        };
        let content_start = first as u32 - off;
        let (end, content_end) = b.run(self.text, first);
        self.pos = end;
        b.finish_tag();
        b.finish(content_end);
        let game = Game {
            offset: off,
            len: end as u32 - off,
            content: TextRange::new(content_start, content_end),
            tags: b.tags.as_slice().to_vec(),
            // A huge game takes the buffer itself: copying it would double the peak memory.
            nodes: if b.nodes.len() >= HAND_OVER_NODES {
                std::mem::take(&mut b.nodes)
            } else {
                b.nodes.as_slice().to_vec()
            },
            mainline: b.cur.first,
            result: b.result,
            escapes: b.escapes,
            errors: b.errors,
        };
        b.nodes.clear();
        b.tags.clear();
        b.stack.clear();
        self.scratch = Scratch {
            nodes: b.nodes,
            tags: b.tags,
            stack: b.stack,
        };
        Some(game)
    }
}

/// Games with at least this many nodes take the parser's node buffer instead of a copy of it.
const HAND_OVER_NODES: usize = 1 << 16;

/// Whether `bytes` starts with an `[Event` tag (not `[EventDate`).
pub(crate) fn is_event_tag(bytes: &[u8]) -> bool {
    bytes.starts_with(b"[Event")
        && bytes
            .get(6)
            .is_none_or(|c| matches!(c, b' ' | b'\t' | b'"' | b']'))
}

/// Byte classes for the parser's dispatch.
const C_OTHER: u8 = 0;
/// Spaces, tabs, vertical tabs, form feeds: a `Whitespace` token.
const C_SPACE: u8 = 1;
/// `\n` or `\r`: a `Newline` token.
const C_NEWLINE: u8 = 2;
/// A letter, `-` or `_`: always starts a `Symbol`.
const C_LETTER: u8 = 3;
const C_DIGIT: u8 = 4;
const C_LBRACE: u8 = 5;
const C_LBRACKET: u8 = 6;

static CLASS: [u8; 256] = {
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
fn skip_trivia(bytes: &[u8], mut i: usize) -> usize {
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
fn ascii_symbol(bytes: &[u8], i: usize) -> Option<usize> {
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
fn move_number(bytes: &[u8], i: usize) -> Option<usize> {
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
fn short_comment(bytes: &[u8], i: usize) -> Option<usize> {
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
fn plain_tag(bytes: &[u8], i: usize) -> Option<(usize, usize, usize, usize, usize)> {
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

impl Builder {
    /// Lexes and parses from `i` (the game's first token) to the end of the game: returns where the next
    /// game starts and the end of the content (relative).
    fn run(&mut self, text: &str, mut i: usize) -> (usize, u32) {
        let bytes = text.as_bytes();
        let len = bytes.len();
        let off = self.off;
        let rel = |a: usize, b: usize| TextRange::new(a as u32 - off, b as u32 - off);
        let mut content_end = i as u32 - off;
        let mut line_empty = false;
        while i < len {
            let c = bytes[i];
            match CLASS[c as usize] {
                C_SPACE => {
                    i += 1;
                    continue;
                }
                C_NEWLINE => {
                    i += if c == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                        2
                    } else {
                        1
                    };
                    self.finish_tag();
                    if line_empty && self.phase != Phase::Tags {
                        // The game ends; trailing whitespace belongs to it.
                        i = skip_trivia(bytes, i);
                        break;
                    }
                    line_empty = true;
                    continue;
                }
                C_LETTER if self.tag.is_none() => {
                    if let Some(j) = ascii_symbol(bytes, i) {
                        let r = rel(i, j);
                        self.enter_movetext();
                        let number = std::mem::replace(&mut self.cur.number, NO_NODE);
                        self.push_node(NodeKind::Move { number }, r);
                        self.cur.has_move = true;
                        self.flag_after_result(r);
                        line_empty = false;
                        content_end = r.end;
                        i = j;
                        // The usual separator, without a trip round the loop.
                        if bytes.get(i) == Some(&b' ') {
                            i += 1;
                        }
                        continue;
                    }
                }
                C_DIGIT if self.tag.is_none() => {
                    if let Some(j) = move_number(bytes, i) {
                        let r = rel(i, j);
                        self.enter_movetext();
                        let id = self.push_node(NodeKind::MoveNumber, r);
                        self.cur.number = id;
                        self.flag_after_result(r);
                        line_empty = false;
                        content_end = r.end;
                        i = j;
                        // The usual separator, without a trip round the loop.
                        if bytes.get(i) == Some(&b' ') {
                            i += 1;
                        }
                        continue;
                    }
                }
                C_LBRACE if self.tag.is_none() => {
                    if let Some(j) = short_comment(bytes, i) {
                        let r = rel(i, j);
                        self.enter_movetext();
                        self.push_node(NodeKind::Comment { brace: true }, r);
                        line_empty = false;
                        content_end = r.end;
                        i = j;
                        // The usual separator, without a trip round the loop.
                        if bytes.get(i) == Some(&b' ') {
                            i += 1;
                        }
                        continue;
                    }
                }
                C_LBRACKET if self.tag.is_none() && self.phase == Phase::Tags => {
                    if !self.tags.is_empty() && is_event_tag(&bytes[i..]) {
                        break;
                    }
                    if let Some((ns, ne, vs, ve, end)) = plain_tag(bytes, i) {
                        let range = rel(i, end);
                        self.tags.push(TagPair {
                            name: rel(ns, ne),
                            value: rel(vs, ve),
                            range,
                        });
                        line_empty = false;
                        content_end = range.end;
                        i = end;
                        continue;
                    }
                }
                _ => {}
            }
            // Anything else: the lexer and the general token logic.
            let tok = Lexer::new(text, i)
                .next()
                .expect("a token starts before the end");
            match tok.kind {
                TokenKind::Whitespace | TokenKind::Bom => {
                    i = tok.range.end as usize;
                    continue;
                }
                TokenKind::LBracket if self.tag.is_none() => {
                    let ends_game = match self.phase {
                        Phase::Tags => !self.tags.is_empty() && is_event_tag(&bytes[i..]),
                        _ => line_empty,
                    };
                    if ends_game {
                        break;
                    }
                }
                _ => {}
            }
            debug_assert!(tok.kind != TokenKind::Newline);
            line_empty = false;
            content_end = tok.range.end - off;
            self.token(tok, text);
            i = tok.range.end as usize;
        }
        (i, content_end)
    }

    #[inline(always)]
    fn enter_movetext(&mut self) {
        if self.phase == Phase::Tags {
            self.phase = Phase::Movetext;
        }
    }

    #[inline(always)]
    fn flag_after_result(&mut self, r: TextRange) {
        if self.phase == Phase::AfterResult {
            self.after_result = Some(self.after_result.map_or(r, |a| a.cover(r)));
        }
    }

    #[inline]
    fn rel(&self, r: TextRange) -> TextRange {
        TextRange::new(r.start - self.off, r.end - self.off)
    }

    #[inline]
    fn error(&mut self, kind: K, range: TextRange) {
        self.errors.push(SyntaxError { kind, range });
    }

    #[inline(always)]
    fn push_node(&mut self, kind: NodeKind, range: TextRange) -> NodeId {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(Node {
            kind,
            range,
            next: NO_NODE,
        });
        let frame = &mut self.cur;
        if frame.last == NO_NODE {
            frame.first = id;
        } else {
            self.nodes[frame.last as usize].next = id;
        }
        frame.last = id;
        id
    }

    fn close_frame(&mut self, end: u32, closed: bool) {
        let parent = self.stack.pop().expect("only variation frames are closed");
        let frame = std::mem::replace(&mut self.cur, parent);
        let node = &mut self.nodes[frame.node as usize];
        node.kind = NodeKind::Variation {
            first: frame.first,
            closed,
        };
        if closed {
            node.range.end = end;
            if !frame.has_move {
                let range = node.range;
                self.error(K::EmptyVariation, range);
            }
        } else {
            let range = node.range;
            self.error(K::UnclosedParen, range);
        }
    }

    #[inline]
    fn finish_tag(&mut self) {
        if self.tag.is_some() {
            self.finish_open_tag();
        }
    }

    #[cold]
    fn finish_open_tag(&mut self) {
        let Some(tag) = self.tag.take() else { return };
        let range = TextRange::new(tag.open.start, tag.end);
        match (tag.name, tag.value) {
            (Some(name), Some(value)) => {
                if tag.value_terminated {
                    self.error(K::MissingBracket, range);
                }
                self.tags.push(TagPair { name, value, range });
            }
            _ => self.error(K::UnterminatedTag, range),
        }
    }
    fn tag_token(&mut self, kind: TokenKind, r: TextRange) {
        let tag = self.tag.as_mut().expect("in a tag");
        match kind {
            TokenKind::RBracket => {
                tag.end = r.end;
                let tag = self.tag.take().expect("in a tag");
                let range = TextRange::new(tag.open.start, r.end);
                match (tag.name, tag.value) {
                    (Some(name), Some(value)) => self.tags.push(TagPair { name, value, range }),
                    _ => self.error(K::UnterminatedTag, range),
                }
            }
            TokenKind::Symbol | TokenKind::MoveNumber
                if tag.name.is_none() && tag.value.is_none() =>
            {
                tag.name = Some(r);
                tag.end = r.end;
            }
            TokenKind::String { terminated } if tag.value.is_none() => {
                tag.value = Some(TextRange::new(
                    r.start + 1,
                    if terminated { r.end - 1 } else { r.end },
                ));
                tag.value_terminated = terminated;
                tag.end = r.end;
                if !terminated {
                    self.error(K::UnterminatedString, r);
                }
            }
            _ => {
                tag.end = r.end;
                self.error(K::UnknownToken, r);
                if let TokenKind::String { terminated: false } = kind {
                    self.error(K::UnterminatedString, r);
                }
            }
        }
    }

    fn token(&mut self, tok: Token, text: &str) {
        let r = self.rel(tok.range);
        if self.tag.is_some() {
            if tok.kind == TokenKind::LBracket {
                self.finish_tag();
            } else {
                self.tag_token(tok.kind, r);
                return;
            }
        }
        match tok.kind {
            TokenKind::Escape => {
                self.escapes.push(r);
                return;
            }
            TokenKind::LBracket if self.phase == Phase::Tags => {
                self.tag = Some(TagState {
                    open: r,
                    name: None,
                    value: None,
                    value_terminated: false,
                    end: r.end,
                });
                return;
            }
            _ => {}
        }
        if self.phase == Phase::Tags {
            self.phase = Phase::Movetext;
        }
        let after_result = self.phase == Phase::AfterResult;
        let mut flag_after_result = after_result;
        match tok.kind {
            TokenKind::BraceComment {
                terminated,
                nested_open,
            } => {
                flag_after_result = false;
                self.push_node(NodeKind::Comment { brace: true }, r);
                if !terminated {
                    self.error(K::UnterminatedComment, TextRange::new(r.start, r.start + 1));
                }
                if nested_open {
                    let body =
                        &text.as_bytes()[tok.range.start as usize + 1..tok.range.end as usize];
                    for (i, &c) in body.iter().enumerate() {
                        if c == b'{' {
                            let at = r.start + 1 + i as u32;
                            self.error(K::NestedBrace, TextRange::new(at, at + 1));
                        }
                    }
                }
            }
            TokenKind::LineComment => {
                flag_after_result = false;
                self.push_node(NodeKind::Comment { brace: false }, r);
            }
            TokenKind::MoveNumber => {
                let id = self.push_node(NodeKind::MoveNumber, r);
                self.cur.number = id;
            }
            TokenKind::Symbol => {
                let number = std::mem::replace(&mut self.cur.number, NO_NODE);
                self.push_node(NodeKind::Move { number }, r);
                self.cur.has_move = true;
            }
            TokenKind::Nag => {
                self.push_node(NodeKind::Nag, r);
            }
            TokenKind::Suffix(s) => {
                self.push_node(NodeKind::Suffix(s), r);
            }
            TokenKind::LParen => {
                if !self.cur.has_move {
                    self.error(K::VariationBeforeFirstMove, r);
                }
                self.cur.number = NO_NODE;
                let id = self.push_node(
                    NodeKind::Variation {
                        first: NO_NODE,
                        closed: false,
                    },
                    r,
                );
                let parent = std::mem::replace(&mut self.cur, Frame::new(id));
                self.stack.push(parent);
            }
            TokenKind::RParen => {
                if !self.stack.is_empty() {
                    self.close_frame(r.end, true);
                } else {
                    self.error(K::UnmatchedParen, r);
                }
            }
            TokenKind::Result(token) => {
                flag_after_result = false;
                while !self.stack.is_empty() {
                    self.close_frame(r.end, false);
                }
                if self.result.is_some() {
                    self.error(K::MultipleResults, r);
                } else {
                    self.result = Some(ResultNode { token, range: r });
                }
                self.phase = Phase::AfterResult;
            }
            TokenKind::RBrace => self.error(K::StrayBrace, r),
            TokenKind::LAngle | TokenKind::RAngle => self.error(K::ReservedToken, r),
            TokenKind::String { terminated } => {
                self.error(K::UnknownToken, r);
                if !terminated {
                    self.error(K::UnterminatedString, r);
                }
            }
            TokenKind::Unknown | TokenKind::LBracket | TokenKind::RBracket => {
                self.error(K::UnknownToken, r)
            }
            TokenKind::Bom | TokenKind::Whitespace | TokenKind::Newline | TokenKind::Escape => {}
        }
        if flag_after_result {
            self.after_result = Some(self.after_result.map_or(r, |a| a.cover(r)));
        }
    }

    fn finish(&mut self, content_end: u32) {
        while !self.stack.is_empty() {
            self.close_frame(content_end, false);
        }
        if let Some(range) = self.after_result {
            self.error(K::TokensAfterResult, range);
        }
        if self.result.is_none() && (!self.tags.is_empty() || !self.nodes.is_empty()) {
            self.error(K::MissingResult, TextRange::empty(content_end));
        }
    }
}

#[cfg(test)]
mod tests {
    //! The fused parser against the reference (the plain lexer-driven parser it replaced).

    use std::path::PathBuf;

    use proptest::prelude::*;

    use super::super::parser_reference;
    use super::*;

    fn check(text: &str) {
        let ours = parse(text);
        let reference = parser_reference::parse(text);
        assert_eq!(ours, reference, "{text:?}");
        // From every game boundary, game by game, with positions.
        for g in &ours.games {
            let mut a = GameParser::new(text, g.offset as usize);
            let mut b = parser_reference::GameParser::new(text, g.offset as usize);
            for _ in 0..2 {
                assert_eq!(a.next_game(), b.next_game(), "{text:?}");
                assert_eq!(a.position(), b.position(), "{text:?}");
            }
        }
        let mut a = GameParser::new(text, 0);
        let mut b = parser_reference::GameParser::new(text, 0);
        assert_eq!(a.position(), b.position());
        loop {
            let (x, y) = (a.next_game(), b.next_game());
            assert_eq!(x, y, "{text:?}");
            assert_eq!(a.position(), b.position(), "{text:?}");
            if x.is_none() {
                break;
            }
        }
    }

    fn piece() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("{".to_owned()),
            Just("}".to_owned()),
            Just("{ [%clk 0:05:00] }".to_owned()),
            Just("(".to_owned()),
            Just(")".to_owned()),
            Just("[".to_owned()),
            Just("]".to_owned()),
            Just("\"".to_owned()),
            Just("\\".to_owned()),
            Just("\n".to_owned()),
            Just("\r".to_owned()),
            Just("\r\n".to_owned()),
            Just("\n\n".to_owned()),
            Just(" ".to_owned()),
            Just("\t".to_owned()),
            Just("\u{b}".to_owned()),
            Just("\u{a0}".to_owned()),
            Just("%".to_owned()),
            Just(";".to_owned()),
            Just("1-0".to_owned()),
            Just("0-1".to_owned()),
            Just("½–½".to_owned()),
            Just("1/2-1/2".to_owned()),
            Just("*".to_owned()),
            Just("$12".to_owned()),
            Just("!?".to_owned()),
            Just("12...".to_owned()),
            Just("1.".to_owned()),
            Just("Nf3".to_owned()),
            Just("[Event \"x\"]\n".to_owned()),
            Just("[Site \"a\\\"b\"]\n".to_owned()),
            Just("[White\"é\"]".to_owned()),
            Just("[Black \"x\" ]".to_owned()),
            Just("<".to_owned()),
            Just("\u{feff}".to_owned()),
            Just("é".to_owned()),
            Just("𝄞".to_owned()),
            "[a-h1-8xO0 .-]{1,4}",
            "[a-zA-Z0-9 .\\-\"\\[\\]{}()\n]{1,6}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

        #[test]
        fn equals_reference_on_pgn_like_text(v in proptest::collection::vec(piece(), 0..60)) {
            check(&v.concat());
        }

        #[test]
        fn equals_reference_on_arbitrary_text(text in any::<String>()) {
            check(&text);
        }

        #[test]
        fn equals_reference_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            check(&String::from_utf8_lossy(&bytes));
        }
    }

    #[test]
    fn equals_reference_on_fixed_cases() {
        for text in [
            "",
            " ",
            "\u{feff}",
            "\u{feff}[Event \"a\"]\n\n1. e4 *\n",
            "%esc\n[Event \"a\"]\n1. e4 1-0 e5\n\n[Event \"b\"] *",
            "[Event \"a\"][Site \"b\"]\n[Event \"c\"]\n\n1. e4 {a\n[Event \"d\"]\n1. d4 *",
            "1. e4 { nested { } e5 (1... d5 2. exd5) ( ) ) 1-0 2. Nf3",
            "12a 3 4.. 5.e4 1.-- e2e4+ Qxe8=Q#",
            "[Event \"a\" \"b\"]\n[Name]\n[ \"v\"]\n[A \"unterminated\n",
        ] {
            check(text);
        }
    }

    #[test]
    fn equals_reference_on_real_samples() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/pgn/real");
        let Ok(entries) = std::fs::read_dir(&dir) else {
            eprintln!("NOTICE: skipping, {} not found", dir.display());
            return;
        };
        for entry in entries {
            let path = entry.expect("dir entry").path();
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            assert_eq!(
                parse(&text),
                parser_reference::parse(&text),
                "{}",
                path.display()
            );
        }
    }
}
