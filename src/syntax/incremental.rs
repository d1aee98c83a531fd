//! Incremental reparse: a [`Document`] keeps text and games in step under edits.
//!
//! Contract: after any sequence of [`Document::edit`]s, [`Document::games`] equals `parse(text).games`
//! exactly — ranges, nodes and errors. The text is stored per game, so an edit touches the strings and
//! parses of the games around it only: the window is the game containing the edit (minus lookahead), one
//! game before and one after. Games are reparsed from the window start until a new game boundary lands
//! on an old one past the edit (with the lexer's lookahead inside the window); if none does, the window
//! grows (doubling) into later games. Later games keep their parse; only their `offset` moves.

use super::TextRange;
use super::ast::Game;
use super::lexer::MAX_LOOKAHEAD;
use super::parser::{GameParser, parse};

/// A text with its parse, updated per edit. Keep a [`super::LineIndex`] beside it if you need lines.
#[derive(Clone, Debug)]
pub struct Document {
    /// One string per game (the game's extent); one string in all when there are no games.
    chunks: Vec<String>,
    games: Vec<Game>,
    len: u32,
}

impl Document {
    /// Parses `text` in full.
    pub fn new(text: &str) -> Document {
        let games = parse(text).games;
        let chunks = if games.is_empty() {
            vec![text.to_owned()]
        } else {
            games
                .iter()
                .map(|g| g.range().slice(text).to_owned())
                .collect()
        };
        Document {
            chunks,
            games,
            len: text.len() as u32,
        }
    }

    /// The games, as `parse(&self.text())` would give them.
    pub fn games(&self) -> &[Game] {
        &self.games
    }

    /// The text of game `game_idx`'s extent.
    pub fn game_text(&self, game_idx: usize) -> &str {
        &self.chunks[game_idx]
    }

    /// The whole text (allocates; O(length)).
    pub fn text(&self) -> String {
        self.chunks.concat()
    }

    /// Length in bytes.
    pub fn len(&self) -> u32 {
        self.len
    }

    /// Whether the text is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The index of the game whose extent contains `offset` (the last game for the end of the text).
    pub fn game_at(&self, offset: u32) -> Option<usize> {
        if self.games.is_empty() {
            return None;
        }
        Some(
            self.games
                .partition_point(|g| g.offset <= offset)
                .saturating_sub(1),
        )
    }

    /// The byte at `offset`, if any (for updating a [`super::LineIndex`] alongside).
    pub fn byte_at(&self, offset: u32) -> Option<u8> {
        if offset >= self.len {
            return None;
        }
        if self.games.is_empty() {
            return self.chunks[0].as_bytes().get(offset as usize).copied();
        }
        let i = self.game_at(offset)?;
        self.chunks[i]
            .as_bytes()
            .get((offset - self.games[i].offset) as usize)
            .copied()
    }

    /// Replaces `range` with `new_text` and reparses the games it touches. Panics if `range` is out of
    /// bounds or not on char boundaries.
    pub fn edit(&mut self, range: TextRange, new_text: &str) {
        assert!(range.end <= self.len, "edit range {range:?} out of bounds");
        if self.games.is_empty() {
            let mut text = std::mem::take(&mut self.chunks[0]);
            text.replace_range(range.to_usize(), new_text);
            *self = Document::new(&text);
            return;
        }
        let delta = new_text.len() as i64 - range.len() as i64;
        let n = self.games.len();
        let mut a = self
            .game_at(range.start.saturating_sub(MAX_LOOKAHEAD as u32))
            .unwrap_or(0)
            .saturating_sub(1);
        let mut b = (self.game_at(range.end).unwrap_or(0) + 1).min(n - 1);
        loop {
            if let Some(()) = self.try_reparse(a, &mut b, range, new_text, delta) {
                break;
            }
            // The window became whitespace only: the game before must absorb it.
            a -= 1;
        }
        self.len = (self.len as i64 + delta) as u32;
    }

    /// Reparses from game `a`; returns `None` if the window has no game and `a > 0`.
    fn try_reparse(
        &mut self,
        a: usize,
        b: &mut usize,
        range: TextRange,
        new_text: &str,
        delta: i64,
    ) -> Option<()> {
        let n = self.games.len();
        let window_start = self.games[a].offset;
        // One context char before the window, so the lexer sees the real previous byte.
        let ctx_char = if a > 0 {
            self.chunks[a - 1].chars().next_back()
        } else {
            None
        };
        let ctx = ctx_char.map_or(0, char::len_utf8);
        let mut window = String::with_capacity(
            ctx + self.chunks[a..=*b].iter().map(String::len).sum::<usize>() + new_text.len(),
        );
        if let Some(c) = ctx_char {
            window.push(c);
        }
        for chunk in &self.chunks[a..=*b] {
            window.push_str(chunk);
        }
        let rel = |o: u32| (o - window_start) as usize + ctx;
        window.replace_range(rel(range.start)..rel(range.end), new_text);
        let to_abs = |pos: usize| window_start + (pos - ctx) as u32;
        let mut new_games: Vec<Game> = Vec::new();
        let mut new_ends: Vec<usize> = Vec::new();
        let mut pos = ctx;
        let sync: Option<usize> = 'outer: loop {
            let at_eof = *b == n - 1;
            let mut parser = GameParser::new(&window, pos);
            loop {
                let Some(mut game) = parser.next_game() else {
                    if at_eof {
                        break 'outer None;
                    }
                    break;
                };
                let end = parser.position();
                if !at_eof && end + MAX_LOOKAHEAD > window.len() {
                    break; // may depend on text past the window
                }
                game.offset = to_abs(game.offset as usize);
                new_games.push(game);
                new_ends.push(end);
                pos = end;
                let old_end = to_abs(end) as i64 - delta;
                if old_end > range.end as i64 {
                    let j = self.games.partition_point(|g| (g.offset as i64) < old_end);
                    if j < n && j <= *b && self.games[j].offset as i64 == old_end {
                        break 'outer Some(j);
                    }
                }
            }
            // Grow the window into later games.
            let grow = (*b + 1 - a).max(1);
            let new_b = (*b + grow).min(n - 1);
            for chunk in &self.chunks[*b + 1..=new_b] {
                window.push_str(chunk);
            }
            *b = new_b;
        };
        if new_games.is_empty() && sync.is_none() && a > 0 {
            return None;
        }
        let replace_end = sync.unwrap_or(n);
        let mut new_chunks = Vec::with_capacity(new_games.len());
        let mut start = ctx;
        for &end in &new_ends {
            new_chunks.push(window[start..end].to_owned());
            start = end;
        }
        if let Some(last) = new_chunks.last_mut() {
            // Whitespace at the end of the window (only at the end of the text) belongs to the last game.
            if sync.is_none() {
                last.push_str(&window[start..]);
            }
        }
        if sync.is_none() && new_games.is_empty() {
            // a == 0: the whole text is whitespace now.
            self.games.clear();
            self.chunks = vec![window[ctx..].to_owned()];
            return Some(());
        }
        if sync.is_none()
            && let Some(g) = new_games.last_mut()
        {
            g.len = to_abs(window.len()) - g.offset;
        }
        for g in &mut self.games[replace_end..] {
            g.offset = (g.offset as i64 + delta) as u32;
        }
        self.games.splice(a..replace_end, new_games);
        self.chunks.splice(a..replace_end, new_chunks);
        Some(())
    }
}
