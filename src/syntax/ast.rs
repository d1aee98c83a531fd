//! The syntax tree: games, tag pairs and a flat movetext arena.
//!
//! Ranges inside a [`Game`] are relative to [`Game::offset`], so a game's parse stays valid when text
//! before it changes (incremental reparse only moves `offset`). Movetext is a flat arena of [`Node`]s
//! in source order, linked by `next` sibling indices; a variation node points at its first child. Nothing
//! is recursive, so neither building nor dropping a tree of 100,000 nested variations uses the stack.

use std::borrow::Cow;

use super::token::{ResultToken, SuffixAnnotation};
use super::{SyntaxError, TextRange};

/// Index of a node in [`Game::nodes`].
pub type NodeId = u32;

/// The absent node.
pub const NO_NODE: NodeId = u32::MAX;

/// A parsed file: its games in order. Errors live on the games that contain them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParsedFile {
    /// The games. Their extents tile the file (unless it is only whitespace: then there are none).
    pub games: Vec<Game>,
}

impl ParsedFile {
    /// Every error of every game, with absolute ranges, in file order.
    pub fn errors(&self) -> impl Iterator<Item = SyntaxError> + '_ {
        self.games
            .iter()
            .flat_map(|g| g.errors.iter().map(move |e| e.shifted(g.offset)))
    }
}

/// One game: its extent, tag pairs, movetext arena, result and errors.
///
/// The extent `offset..offset + len` runs from the game's first token (for the first game, from byte 0)
/// to the first token of the next game, so it includes trailing blank lines. All other ranges are
/// relative to `offset`: slice them from [`Game::text`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    /// Absolute byte offset of the extent.
    pub offset: u32,
    /// Length of the extent in bytes.
    pub len: u32,
    /// From the first to the last non-whitespace token (relative).
    pub content: TextRange,
    /// Tag pairs in source order.
    pub tags: Vec<TagPair>,
    /// The movetext arena in source order.
    pub nodes: Vec<Node>,
    /// First node of the main line, or [`NO_NODE`].
    pub mainline: NodeId,
    /// The first termination marker of the main line, if any.
    pub result: Option<ResultNode>,
    /// `%` escape lines inside the extent (relative).
    pub escapes: Vec<TextRange>,
    /// Syntax errors (relative ranges), in source order of detection.
    pub errors: Vec<SyntaxError>,
}

/// A tag pair `[Name "value"]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TagPair {
    /// The name (relative).
    pub name: TextRange,
    /// The value between the quotes, still escaped (relative).
    pub value: TextRange,
    /// The whole pair from `[` to `]` (or to where it ends when `]` is missing).
    pub range: TextRange,
}

impl TagPair {
    /// The name's text; `game_text` is [`Game::text`].
    pub fn name<'a>(&self, game_text: &'a str) -> &'a str {
        self.name.slice(game_text)
    }

    /// The value with `\"` and `\\` unescaped; borrowed when there is no backslash.
    pub fn value<'a>(&self, game_text: &'a str) -> Cow<'a, str> {
        let raw = self.value.slice(game_text);
        if !raw.contains('\\') {
            return Cow::Borrowed(raw);
        }
        let mut out = String::with_capacity(raw.len());
        let mut chars = raw.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                match chars.next() {
                    Some(e @ ('"' | '\\')) => out.push(e),
                    Some(other) => {
                        out.push('\\');
                        out.push(other);
                    }
                    None => out.push('\\'),
                }
            } else {
                out.push(c);
            }
        }
        Cow::Owned(out)
    }
}

/// The termination marker of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultNode {
    /// The result and its spelling deviations.
    pub token: ResultToken,
    /// Where it is (relative).
    pub range: TextRange,
}

/// One movetext node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// What it is.
    pub kind: NodeKind,
    /// Its bytes (relative). A variation covers `(` to `)`.
    pub range: TextRange,
    /// The next node in the same line, or [`NO_NODE`].
    pub next: NodeId,
}

/// The kind of a movetext [`Node`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// A move: its range is the SAN symbol. `number` is the move-number node right before it.
    Move {
        /// The move-number node directly before the move, or [`NO_NODE`].
        number: NodeId,
    },
    /// Move-number text such as `12.` or `12...`.
    MoveNumber,
    /// `$n`.
    Nag,
    /// `!`, `?`, `!!`, `??`, `!?`, `?!`.
    Suffix(SuffixAnnotation),
    /// A `{}` comment (`brace`) or a `;` comment.
    Comment {
        /// Whether it is a `{}` comment.
        brace: bool,
    },
    /// A variation `( ... )`: an alternative to the move before it in its line.
    Variation {
        /// First node inside, or [`NO_NODE`].
        first: NodeId,
        /// Whether a `)` closes it.
        closed: bool,
    },
}

/// A move with the nodes attached to it, as [`Game::moves`] computes them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveView {
    /// The move node.
    pub id: NodeId,
    /// The SAN text range (relative).
    pub san: TextRange,
    /// Its move-number node, if any.
    pub number: Option<NodeId>,
    /// NAG nodes after it.
    pub nags: Vec<NodeId>,
    /// Suffix-annotation nodes after it.
    pub suffixes: Vec<NodeId>,
    /// Comments before it (only for the first move of a line).
    pub comments_before: Vec<NodeId>,
    /// Comments after it, up to the next move.
    pub comments_after: Vec<NodeId>,
    /// Variations after it: alternatives to this move.
    pub variations: Vec<NodeId>,
}

impl Game {
    /// The absolute extent.
    pub fn range(&self) -> TextRange {
        TextRange::new(self.offset, self.offset + self.len)
    }

    /// The game's text, sliced from the whole file's text.
    pub fn text<'a>(&self, file_text: &'a str) -> &'a str {
        self.range().slice(file_text)
    }

    /// A relative range made absolute.
    pub fn absolute(&self, range: TextRange) -> TextRange {
        range.shifted(self.offset)
    }

    /// The nodes of a line starting at `first`, in order.
    pub fn line(&self, first: NodeId) -> Siblings<'_> {
        Siblings {
            game: self,
            next: first,
        }
    }

    /// The main line's nodes.
    pub fn mainline_nodes(&self) -> Siblings<'_> {
        self.line(self.mainline)
    }

    /// The tag with this name, if any (first occurrence); `game_text` is [`Game::text`].
    pub fn tag<'a>(&self, game_text: &'a str, name: &str) -> Option<Cow<'a, str>> {
        self.tags
            .iter()
            .find(|t| t.name(game_text) == name)
            .map(|t| t.value(game_text))
    }

    /// The moves of the line starting at `first`, with their attached nodes.
    pub fn moves(&self, first: NodeId) -> Vec<MoveView> {
        let mut out: Vec<MoveView> = Vec::new();
        let mut before = Vec::new();
        for (id, node) in self.line(first) {
            match node.kind {
                NodeKind::Move { number } => {
                    out.push(MoveView {
                        id,
                        san: node.range,
                        number: (number != NO_NODE).then_some(number),
                        comments_before: if out.is_empty() {
                            std::mem::take(&mut before)
                        } else {
                            Vec::new()
                        },
                        ..MoveView::default()
                    });
                }
                NodeKind::Comment { .. } => match out.last_mut() {
                    Some(m) => m.comments_after.push(id),
                    None => before.push(id),
                },
                NodeKind::Nag => {
                    if let Some(m) = out.last_mut() {
                        m.nags.push(id)
                    }
                }
                NodeKind::Suffix(_) => {
                    if let Some(m) = out.last_mut() {
                        m.suffixes.push(id)
                    }
                }
                NodeKind::Variation { .. } => {
                    if let Some(m) = out.last_mut() {
                        m.variations.push(id)
                    }
                }
                NodeKind::MoveNumber => {}
            }
        }
        out
    }

    /// Number of move nodes in all lines.
    pub fn n_moves(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| matches!(n.kind, NodeKind::Move { .. }))
            .count()
    }

    /// Number of `{}` comment nodes in all lines.
    pub fn n_brace_comments(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| matches!(n.kind, NodeKind::Comment { brace: true }))
            .count()
    }
}

/// Iterator over a line's nodes, following `next` links.
#[derive(Clone, Debug)]
pub struct Siblings<'a> {
    game: &'a Game,
    next: NodeId,
}

impl<'a> Iterator for Siblings<'a> {
    type Item = (NodeId, &'a Node);

    fn next(&mut self) -> Option<Self::Item> {
        let id = self.next;
        let node = self.game.nodes.get(id as usize)?;
        self.next = node.next;
        Some((id, node))
    }
}
