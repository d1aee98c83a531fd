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
    if game.escapes.is_empty() {
        return Vec::new();
    }
    let start = body(game).map_or(u32::MAX, |b| b.start);
    directives(game, text, |range| range.start < start)
}

/// Rules switched off for the game after `game` by escape lines after its tags and moves (an escape
/// line right after a game's last line belongs to that game's extent).
pub fn trailing_ignores(game: &Game, text: &str) -> Vec<Rule> {
    if game.escapes.is_empty() {
        return Vec::new();
    }
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
/// same, in the same order, get the same key. The key hashes the content's words joined by single
/// spaces. ASCII text (the usual case) goes eight bytes at a time: a chunk without two whitespace
/// bytes in a row is that stream already, once its tabs and line breaks read as spaces; other
/// chunks go byte by byte. Other text is split on Unicode whitespace.
pub fn content_key(content: &str) -> u64 {
    let mut key = StreamHasher::default();
    if !content.is_ascii() {
        for (i, word) in content.split_whitespace().enumerate() {
            if i > 0 {
                key.push_byte(b' ');
            }
            key.push_bytes(word.as_bytes());
        }
        return key.finish();
    }
    let bytes = content.as_bytes();
    let start = bytes
        .iter()
        .position(|&b| !is_ascii_space(b))
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|&b| !is_ascii_space(b))
        .map_or(start, |i| i + 1);
    let bytes = &bytes[start..end];
    // Whether the last byte seen was whitespace (never at the start: `bytes` is trimmed).
    let mut after_space = false;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        let spaces = ascii_spaces(word);
        // Whitespace bytes whose previous byte (in this chunk or before it) is whitespace too.
        let runs = spaces & (spaces << 8 | u64::from(after_space) << 7);
        if runs == 0 {
            // Each whitespace byte becomes a space: 0xFF in every flagged byte selects it.
            let flagged = (spaces >> 7) * 0xff;
            key.push_word(word & !flagged | 0x2020_2020_2020_2020 & flagged);
        } else {
            for &b in chunk {
                push_collapsed(&mut key, b, after_space);
                after_space = is_ascii_space(b);
            }
        }
        after_space = spaces >> 63 != 0;
    }
    for &b in chunks.remainder() {
        push_collapsed(&mut key, b, after_space);
        after_space = is_ascii_space(b);
    }
    key.finish()
}

/// Pushes `b` onto the collapsed stream: a whitespace byte becomes one space, unless the byte
/// before it was whitespace too.
fn push_collapsed(key: &mut StreamHasher, b: u8, after_space: bool) {
    if !is_ascii_space(b) {
        key.push_byte(b);
    } else if !after_space {
        key.push_byte(b' ');
    }
}

/// Space, tab, line feed, vertical tab, form feed, carriage return: the ASCII characters
/// `char::is_whitespace` accepts.
fn is_ascii_space(b: u8) -> bool {
    const SPACES: u64 = 1 << b' ' | 0b11111 << b'\t';
    b < 64 && (SPACES >> b) & 1 != 0
}

/// The top bit of each byte of `chunk` (eight ASCII bytes, little-endian) that is an ASCII space
/// ([`is_ascii_space`]). A byte-wise subtraction from bytes with their top bit set cannot borrow
/// across bytes, so each test is exact per byte.
fn ascii_spaces(chunk: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let w = chunk | HIGH;
    // Top bit of each byte: b >= 0x09, b >= 0x0e, b >= 0x20, b >= 0x21.
    let (ge09, ge0e) = (w.wrapping_sub(0x09 * ONES), w.wrapping_sub(0x0e * ONES));
    let (ge20, ge21) = (w.wrapping_sub(0x20 * ONES), w.wrapping_sub(0x21 * ONES));
    ((ge09 & !ge0e) | (ge20 & !ge21)) & HIGH
}

/// A 64-bit hash of a byte stream, taken eight bytes at a time however the stream is fed. Every
/// step (rotate, xor eight bytes, multiply by an odd constant) is a bijection of the state, so
/// streams of one length that differ in one eight-byte block never collide; the length is mixed in
/// last, and a final avalanche (MurmurHash3's `fmix64`) spreads the bits.
#[derive(Default)]
struct StreamHasher {
    state: u64,
    /// Bytes not yet mixed in (little-endian), `n_pending` of them (0..8).
    pending: u64,
    n_pending: u32,
    len: u64,
}

impl StreamHasher {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;

    fn mix(&mut self, block: u64) {
        self.state = (self.state.rotate_left(23) ^ block).wrapping_mul(Self::K);
    }

    /// Pushes eight bytes (little-endian).
    fn push_word(&mut self, word: u64) {
        if self.n_pending == 0 {
            self.mix(word);
        } else {
            let shift = 8 * self.n_pending;
            self.mix(self.pending | word << shift);
            self.pending = word >> (64 - shift);
        }
        self.len += 8;
    }

    fn push_byte(&mut self, b: u8) {
        self.pending |= u64::from(b) << (8 * self.n_pending);
        self.n_pending += 1;
        self.len += 1;
        if self.n_pending == 8 {
            let block = self.pending;
            self.mix(block);
            self.pending = 0;
            self.n_pending = 0;
        }
    }

    fn push_bytes(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.push_byte(b));
    }

    fn finish(mut self) -> u64 {
        let (block, len) = (self.pending, self.len);
        self.mix(block);
        self.mix(len);
        let mut h = self.state;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
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

#[cfg(test)]
mod tests {
    use super::content_key;
    use proptest::prelude::*;
    use proptest::test_runner::TestCaseError;

    /// `a` has the key of its words joined by one space, and shares its key with `b` exactly when
    /// they have the same words.
    fn key_follows_the_words(a: &str, b: &str) -> Result<(), TestCaseError> {
        fn words(s: &str) -> Vec<&str> {
            s.split_whitespace().collect()
        }
        prop_assert_eq!(content_key(a), content_key(&words(a).join(" ")));
        prop_assert_eq!(content_key(a) == content_key(b), words(a) == words(b));
        Ok(())
    }

    proptest! {
        /// The key sees only the words: any text has the key of its words joined by one space,
        /// and texts with different words get different keys.
        #[test]
        fn key_is_a_function_of_the_words(
            a in "[a-c1 \t\n\r\u{b}\u{c}\u{1}\u{e}é\u{a0}]{0,100}",
            b in "[a-c1 \t\n\r\u{b}\u{c}\u{1}\u{e}é\u{a0}]{0,100}",
        ) {
            key_follows_the_words(&a, &b)?;
        }

        /// The same on ASCII text, which takes the eight-bytes-at-a-time path.
        #[test]
        fn ascii_key_is_a_function_of_the_words(
            a in "[a-c1 \t\n\r\u{b}\u{c}\u{1}\u{e}]{0,100}",
            b in "[ab \n]{0,60}",
        ) {
            key_follows_the_words(&a, &b)?;
            let spaced = a.replace(' ', "  \n");
            prop_assert_eq!(content_key(&spaced), content_key(&a));
        }
    }

    #[test]
    fn whitespace_runs_do_not_change_the_key() {
        let a = content_key("[Event \"x\"]\n\n1. e4 e5 { a  comment } 2. Nf3 *");
        let b = content_key("[Event \"x\"]\r\n\r\n1.  e4\te5 { a\ncomment }\n2. Nf3 *");
        assert_eq!(a, b);
        assert_eq!(content_key("  e4 e5  \n"), content_key("e4 e5"));
    }

    #[test]
    fn different_words_give_different_keys() {
        assert_ne!(content_key("ab c"), content_key("a bc"));
        assert_ne!(content_key("1. e4 e5 *"), content_key("1. e4 e6 *"));
        assert_ne!(content_key("1. e4 *"), content_key("1.e4 *"));
        assert_ne!(content_key(""), content_key(" x"));
        // Eight-byte words: a difference in any one of them changes the key.
        let base = "12345678 abcdefgh 12345678";
        assert_ne!(content_key(base), content_key("12345678 abcdefgh 12345679"));
        assert_ne!(content_key("abcdefgh"), content_key("abcdefgh\0"));
    }

    #[test]
    fn word_ends_are_found_at_every_offset() {
        // Each whitespace byte, at each position of an 8-byte chunk, ends the word there.
        for space in [' ', '\t', '\n', '\u{b}', '\u{c}', '\r'] {
            for at in 0..12 {
                let word = "x".repeat(at + 1);
                let spaced = format!("{word}{space}y");
                assert_eq!(
                    content_key(&spaced),
                    content_key(&format!("{word} y")),
                    "{spaced:?}"
                );
            }
        }
        // Control characters other than whitespace are part of a word.
        assert_ne!(content_key("ab\u{1}cd"), content_key("ab cd"));
        assert_ne!(content_key("ab\u{e}cd"), content_key("ab cd"));
        assert_ne!(content_key("ab\u{8}cd"), content_key("ab cd"));
        assert_ne!(content_key("ab!cd"), content_key("ab cd"));
        // The same ASCII words through the Unicode path give the same key.
        assert_eq!(content_key("é a  b"), content_key("é a b"));
    }

    #[test]
    fn non_ascii_text_collapses_unicode_whitespace() {
        assert_eq!(
            content_key("{ Müller\u{00a0}\u{00a0}wins }"),
            content_key("{ Müller wins }")
        );
        assert_ne!(content_key("{ Müller }"), content_key("{ Muller }"));
    }
}
