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

use super::TextRange;
use super::ast::{Game, NO_NODE, Node, NodeId, NodeKind, ParsedFile, ResultNode, TagPair};
use super::error::{SyntaxError, SyntaxErrorKind as K};
use super::lexer::Lexer;
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
    lexer: Lexer<'a>,
    pending: Option<Token>,
    /// Node count of the previous game, to size the next arena.
    nodes_hint: usize,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Phase {
    Tags,
    Movetext,
    AfterResult,
}

#[derive(Clone, Copy)]
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
    game: Game,
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
        GameParser {
            text,
            lexer: Lexer::new(text, start),
            pending: None,
            nodes_hint: 16,
        }
    }

    /// Where the next game starts (its first token), or the text length at the end.
    pub fn position(&self) -> usize {
        self.pending
            .map_or(self.lexer.position(), |t| t.range.start as usize)
    }

    #[inline]
    fn next_token(&mut self) -> Option<Token> {
        match self.pending.take() {
            Some(t) => Some(t),
            None => {
                // Spaces carry no meaning for the parser: skip them without making tokens.
                self.lexer.skip_spaces();
                self.lexer.next()
            }
        }
    }

    /// Parses the next game, or returns `None` when only whitespace is left (which then belongs to the
    /// previous game).
    pub fn next_game(&mut self) -> Option<Game> {
        let start = self.position();
        let mut first = self.next_token()?;
        // Leading whitespace (only ever at the start of the file) belongs to the game.
        while first.kind.is_trivia() {
            first = self.next_token()?;
        }
        self.pending = Some(first);
        let off = start as u32;
        let mut b = Builder {
            off,
            game: Game {
                offset: off,
                mainline: NO_NODE,
                nodes: Vec::with_capacity(self.nodes_hint),
                tags: Vec::with_capacity(8),
                ..Game::default()
            },
            cur: Frame::new(NO_NODE),
            stack: Vec::new(),
            phase: Phase::Tags,
            tag: None,
            after_result: None,
        };
        let content_start = first.range.start - off;
        let mut content_end = content_start;
        let mut line_empty = false;
        let mut ending = false;
        while let Some(tok) = self.next_token() {
            if ending {
                if tok.kind.is_trivia() {
                    continue;
                }
                self.pending = Some(tok);
                break;
            }
            match tok.kind {
                TokenKind::Whitespace | TokenKind::Bom => continue,
                TokenKind::Newline => {
                    b.finish_tag();
                    if line_empty && b.phase != Phase::Tags {
                        ending = true;
                    }
                    line_empty = true;
                    continue;
                }
                TokenKind::LBracket if b.tag.is_none() => {
                    let ends_game = match b.phase {
                        Phase::Tags => {
                            !b.game.tags.is_empty()
                                && is_event_tag(&self.text.as_bytes()[tok.range.start as usize..])
                        }
                        _ => line_empty,
                    };
                    if ends_game {
                        self.pending = Some(tok);
                        break;
                    }
                }
                _ => {}
            }
            line_empty = false;
            content_end = tok.range.end - off;
            b.token(tok, self.text);
        }
        b.finish_tag();
        let end = self.position() as u32;
        b.finish(content_end);
        b.game.len = end - off;
        b.game.content = TextRange::new(content_start, content_end);
        self.nodes_hint = (b.game.nodes.len() + b.game.nodes.len() / 4).clamp(16, 4096);
        Some(b.game)
    }
}

/// Whether `bytes` starts with an `[Event` tag (not `[EventDate`).
pub(crate) fn is_event_tag(bytes: &[u8]) -> bool {
    bytes.starts_with(b"[Event")
        && bytes
            .get(6)
            .is_none_or(|c| matches!(c, b' ' | b'\t' | b'"' | b']'))
}

impl Builder {
    #[inline]
    fn rel(&self, r: TextRange) -> TextRange {
        TextRange::new(r.start - self.off, r.end - self.off)
    }

    #[inline]
    fn error(&mut self, kind: K, range: TextRange) {
        self.game.errors.push(SyntaxError { kind, range });
    }

    fn push_node(&mut self, kind: NodeKind, range: TextRange) -> NodeId {
        let id = self.game.nodes.len() as NodeId;
        self.game.nodes.push(Node {
            kind,
            range,
            next: NO_NODE,
        });
        let frame = &mut self.cur;
        if frame.last == NO_NODE {
            frame.first = id;
        } else {
            self.game.nodes[frame.last as usize].next = id;
        }
        frame.last = id;
        id
    }

    fn close_frame(&mut self, end: u32, closed: bool) {
        let parent = self.stack.pop().expect("only variation frames are closed");
        let frame = std::mem::replace(&mut self.cur, parent);
        let node = &mut self.game.nodes[frame.node as usize];
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

    fn finish_tag(&mut self) {
        let Some(tag) = self.tag.take() else { return };
        let range = TextRange::new(tag.open.start, tag.end);
        match (tag.name, tag.value) {
            (Some(name), Some(value)) => {
                if tag.value_terminated {
                    self.error(K::MissingBracket, range);
                }
                self.game.tags.push(TagPair { name, value, range });
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
                    (Some(name), Some(value)) => {
                        self.game.tags.push(TagPair { name, value, range })
                    }
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
                self.game.escapes.push(r);
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
                if self.game.result.is_some() {
                    self.error(K::MultipleResults, r);
                } else {
                    self.game.result = Some(ResultNode { token, range: r });
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
        self.game.mainline = self.cur.first;
        if let Some(range) = self.after_result {
            self.error(K::TokensAfterResult, range);
        }
        if self.game.result.is_none() && (!self.game.tags.is_empty() || !self.game.nodes.is_empty())
        {
            self.error(K::MissingResult, TextRange::empty(content_end));
        }
    }
}
