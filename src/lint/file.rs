//! File-level rules and escape-line directives: encoding, BOM, duplicate games, and
//! `% pgn-arbiter: ignore RULE...` lines.

use super::diagnostic::{Diagnostic, Edit, Fix};
use super::options::parse_ignore_directive;
use super::rule::Rule;
use crate::syntax::{Game, TextRange};
use std::collections::HashMap;

/// The span of a game's tags, movetext and syntax errors — its content without the escape lines
/// around it (the parser counts escape lines as content). `None` for a game of escape lines only.
pub fn body(game: &Game) -> Option<TextRange> {
    let ranges = game
        .tags
        .iter()
        .map(|t| t.range)
        .chain(game.nodes.iter().map(|n| n.range))
        .chain(game.result.iter().map(|r| r.range))
        .chain(game.errors.iter().map(|e| e.range));
    ranges.reduce(|a, b| TextRange::new(a.start.min(b.start), a.end.max(b.end)))
}

/// Rules switched off for `game` by escape lines before its first tag or move (an escape line after
/// a blank line that ends the previous game starts the next one).
pub fn leading_ignores(game: &Game, text: &str) -> Vec<Rule> {
    let start = body(game).map_or(u32::MAX, |b| b.start);
    directives(game, text, |range| range.start < start)
}

/// Rules switched off for the game after `game` by escape lines after its tags and moves (an escape
/// line right after a game's last line belongs to that game's extent).
pub fn trailing_ignores(game: &Game, text: &str) -> Vec<Rule> {
    let Some(body) = body(game) else {
        return Vec::new();
    };
    directives(game, text, |range| range.start >= body.end)
}

fn directives(game: &Game, text: &str, keep: impl Fn(TextRange) -> bool) -> Vec<Rule> {
    game.escapes
        .iter()
        .filter(|r| keep(**r))
        .filter_map(|r| parse_ignore_directive(r.slice(text).trim_end()))
        .flatten()
        .filter_map(Result::ok)
        .collect()
}

/// A diagnostic for a file that was not UTF-8 (reported on the first game, at offset 0).
pub fn encoding_diagnostic() -> Diagnostic {
    Diagnostic::new(
        Rule::Encoding,
        TextRange::empty(0),
        "the file is not valid UTF-8; it was read as Windows-1252 (PGN export format is UTF-8 since 2021, ASCII before)",
    )
}

/// A diagnostic for a byte-order mark at the start of the file (3 bytes), with a fix removing it.
pub fn bom_diagnostic() -> Diagnostic {
    let range = TextRange::new(0, 3);
    Diagnostic::new(
        Rule::Bom,
        range,
        "byte-order mark at the start of the file; PGN readers may take it for text",
    )
    .with_fix(Fix::safe("Remove the byte-order mark", Edit::delete(range)))
}

/// Finds games whose tags and movetext are byte-identical to an earlier game's in the same file.
#[derive(Debug, Default)]
pub struct DuplicateFinder {
    seen: HashMap<u64, usize>,
}

impl DuplicateFinder {
    /// Records game `game_idx` (0-based) with its content text; returns the index of an earlier
    /// identical game, if any.
    pub fn record(&mut self, game_idx: usize, content: &str) -> Option<usize> {
        self.record_key(game_idx, content_key(content))
    }

    /// [`DuplicateFinder::record`] with a key [`content_key`] computed beforehand (in parallel).
    pub fn record_key(&mut self, game_idx: usize, key: u64) -> Option<usize> {
        match self.seen.get(&key) {
            Some(&first) => Some(first),
            None => {
                self.seen.insert(key, game_idx);
                None
            }
        }
    }
}

/// A 64-bit key of a game's content with whitespace runs collapsed: games whose words are the
/// same, in the same order, get the same key. FNV-1a over the words, one separator between words;
/// ASCII text (the usual case) is scanned byte by byte, other text is split on Unicode whitespace.
pub fn content_key(content: &str) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut h = OFFSET;
    let mut feed = |b: u8| h = (h ^ u64::from(b)).wrapping_mul(PRIME);
    if content.is_ascii() {
        let mut pending_space = false;
        let mut started = false;
        for &b in content.as_bytes() {
            if b.is_ascii_whitespace() || b == 0x0b {
                pending_space = started;
                continue;
            }
            if pending_space {
                feed(0xff);
                pending_space = false;
            }
            started = true;
            feed(b);
        }
    } else {
        for (i, word) in content.split_whitespace().enumerate() {
            if i > 0 {
                feed(0xff);
            }
            word.bytes().for_each(&mut feed);
        }
    }
    h
}

/// The duplicate-game diagnostic for a game whose content repeats game `first` (0-based).
pub fn duplicate_diagnostic(content: TextRange, first: usize) -> Diagnostic {
    Diagnostic::new(
        Rule::DuplicateGame,
        TextRange::new(content.start, content.start),
        format!(
            "this game repeats game {} of the file (same tags and moves)",
            first + 1
        ),
    )
}
