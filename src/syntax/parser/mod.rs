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
//! each game gets exact-size copies (a huge game takes the buffers themselves). The byte-level
//! scanners of the fast paths are in `scan`.

use super::TextRange;
use super::ast::{Game, NO_NODE, Node, NodeId, NodeKind, ParsedFile, ResultNode, TagPair};
use super::error::{SyntaxError, SyntaxErrorKind as K};
use super::lexer::Lexer;
use super::token::{Token, TokenKind};

mod scan;

use scan::{
    C_DIGIT, C_LBRACE, C_LBRACKET, C_LETTER, C_NEWLINE, C_SPACE, CLASS, ascii_symbol, move_number,
    plain_tag, short_comment, skip_trivia,
};

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
mod tests;
