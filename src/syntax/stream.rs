//! Streaming games from any `io::Read`.
//!
//! Contract: [`GameReader`] yields the same games, in the same order and with the same absolute offsets,
//! as [`super::parse`] on the whole (UTF-8) input, while holding at most one game plus a read buffer.
//! A game is only yielded once the text after it is known well enough that the game cannot change.
//! Input that stops being valid UTF-8 is decoded as Windows-1252 from the first invalid read on (the
//! whole-file [`super::decode`] would decode all of it); [`StreamedGame::byte_offset`] always counts
//! input bytes.

use std::io::{self, Read};

use super::ast::Game;
use super::decode::windows_1252_char;
use super::lexer::MAX_LOOKAHEAD;
use super::parser::{GameParser, Scratch};

/// One game read from a stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamedGame {
    /// The parsed game; `offset` is its absolute offset in the decoded text (wrapping past 4 GiB).
    pub game: Game,
    /// The game's text (its extent).
    pub text: String,
    /// Absolute offset of the game's first input byte.
    pub byte_offset: u64,
    /// 0-based line of the game's first byte.
    pub line: u64,
    /// Whether any of this game was decoded as Windows-1252.
    pub windows_1252: bool,
}

/// Reads games one at a time.
#[derive(Debug)]
pub struct GameReader<R> {
    reader: R,
    /// Decoded text; `buf[..start]` is consumed, except one context char before `start`.
    buf: String,
    start: usize,
    /// The read buffer; `raw[..raw_len]` are undecoded bytes (an incomplete UTF-8 sequence at the end
    /// of a read). It keeps its length (and so its zeroed bytes) from read to read.
    raw: Vec<u8>,
    raw_len: usize,
    /// The parser's buffers, reused from game to game.
    scratch: Scratch,
    /// Offset in `buf` from which text was decoded as Windows-1252, if any.
    windows_1252_from: Option<usize>,
    eof: bool,
    text_offset: u64,
    byte_offset: u64,
    line: u64,
    chunk: usize,
}

impl<R: Read> GameReader<R> {
    /// A reader over `reader`, with a 64 KiB read size.
    pub fn new(reader: R) -> GameReader<R> {
        GameReader::with_chunk_size(reader, 64 * 1024)
    }

    /// A reader that reads at least `chunk` bytes at a time.
    pub fn with_chunk_size(reader: R, chunk: usize) -> GameReader<R> {
        GameReader {
            reader,
            buf: String::new(),
            start: 0,
            raw: Vec::new(),
            raw_len: 0,
            scratch: Scratch::default(),
            windows_1252_from: None,
            eof: false,
            text_offset: 0,
            byte_offset: 0,
            line: 0,
            chunk: chunk.max(1),
        }
    }

    fn fill(&mut self) -> io::Result<()> {
        // Drop consumed text, keeping one context char, once it is at least half the buffer.
        if self.start > 0 && self.start * 2 >= self.buf.len() {
            let keep = self.buf[..self.start]
                .chars()
                .next_back()
                .map_or(0, char::len_utf8);
            let cut = self.start - keep;
            self.buf.drain(..cut);
            self.start = keep;
            if let Some(w) = &mut self.windows_1252_from {
                *w = w.saturating_sub(cut);
            }
        }
        let want = self.chunk.max(self.buf.len() - self.start);
        let old = self.raw_len;
        if self.raw.len() < old + want {
            self.raw.resize(old + want, 0);
        }
        let n = loop {
            match self.reader.read(&mut self.raw[old..old + want]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        let filled = old + n;
        if n == 0 {
            self.eof = true;
        }
        // How many bytes at the start of `raw[..filled]` are decoded now.
        let mut decoded = 0;
        if self.windows_1252_from.is_none() {
            let raw = &self.raw[..filled];
            match std::str::from_utf8(raw) {
                Ok(s) => {
                    self.buf.push_str(s);
                    decoded = filled;
                }
                Err(e) => {
                    let valid = e.valid_up_to();
                    let s = std::str::from_utf8(&raw[..valid]).expect("valid prefix");
                    self.buf.push_str(s);
                    decoded = valid;
                    if e.error_len().is_some() || self.eof {
                        self.windows_1252_from = Some(self.buf.len());
                    }
                }
            }
        }
        if self.windows_1252_from.is_some() {
            for &b in &self.raw[decoded..filled] {
                self.buf.push(windows_1252_char(b));
            }
            decoded = filled;
        }
        self.raw.copy_within(decoded..filled, 0);
        self.raw_len = filled - decoded;
        // A giant game grew the read buffer; its bytes are decoded now, so let the memory go.
        if self.raw.len() > 4 * self.chunk && self.raw_len <= self.chunk {
            self.raw.truncate(self.chunk);
            self.raw.shrink_to_fit();
        }
        Ok(())
    }

    fn raw_len(&self, from: usize, to: usize) -> u64 {
        match self.windows_1252_from {
            Some(w) if w < to => {
                let utf8 = w.saturating_sub(from).min(to - from);
                (utf8 + self.buf[w.max(from)..to].chars().count()) as u64
            }
            _ => (to - from) as u64,
        }
    }

    /// The next game, or `None` at the end of the input.
    pub fn read_game(&mut self) -> io::Result<Option<StreamedGame>> {
        loop {
            let scratch = std::mem::take(&mut self.scratch);
            let mut parser = GameParser::with_scratch(&self.buf, self.start, scratch);
            let parsed = parser.next_game();
            let end = parser.position();
            self.scratch = parser.into_scratch();
            match parsed {
                Some(mut game) if self.eof || end + MAX_LOOKAHEAD <= self.buf.len() => {
                    let text = self.buf[self.start..end].to_owned();
                    game.offset = self.text_offset as u32;
                    let byte_offset = self.byte_offset;
                    let line = self.line;
                    let windows_1252 = self.windows_1252_from.is_some_and(|w| w < end);
                    self.byte_offset += self.raw_len(self.start, end);
                    self.text_offset += text.len() as u64;
                    self.line += count_line_breaks(text.as_bytes());
                    self.start = end;
                    return Ok(Some(StreamedGame {
                        game,
                        text,
                        byte_offset,
                        line,
                        windows_1252,
                    }));
                }
                None if self.eof => return Ok(None),
                _ => self.fill()?,
            }
        }
    }
}

impl<R: Read> Iterator for GameReader<R> {
    type Item = io::Result<StreamedGame>;

    fn next(&mut self) -> Option<Self::Item> {
        self.read_game().transpose()
    }
}

fn count_line_breaks(bytes: &[u8]) -> u64 {
    if memchr::memchr(b'\r', bytes).is_none() {
        return count_newlines(bytes);
    }
    let mut n = 0;
    let mut i = 0;
    while let Some(k) = memchr::memchr2(b'\n', b'\r', &bytes[i..]) {
        let j = i + k;
        n += 1;
        i = if bytes[j] == b'\r' && bytes.get(j + 1) == Some(&b'\n') {
            j + 2
        } else {
            j + 1
        };
    }
    n
}

/// The number of `\n` bytes: byte-wide counts over blocks short enough not to overflow, which the
/// compiler vectorizes.
fn count_newlines(bytes: &[u8]) -> u64 {
    bytes
        .chunks(255)
        .map(|block| {
            block
                .iter()
                .fold(0u8, |n, &b| n.wrapping_add((b == b'\n') as u8)) as u64
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::stream_reference;
    use super::*;

    fn same_as_reference(bytes: &[u8], chunk: usize) {
        let ours: Vec<_> = GameReader::with_chunk_size(bytes, chunk)
            .map(|g| g.expect("in-memory read"))
            .collect();
        let reference: Vec<_> = stream_reference::GameReader::with_chunk_size(bytes, chunk)
            .map(|g| g.expect("in-memory read"))
            .collect();
        assert_eq!(ours, reference, "{bytes:?} chunk {chunk}");
    }

    fn piece() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            Just(b"[Event \"x\"]\n".to_vec()),
            Just(b"1. e4 e5 { c } 1-0\n\n".to_vec()),
            Just(b"\r\n".to_vec()),
            Just(b"\n".to_vec()),
            Just(b"\r".to_vec()),
            Just("é𝄞½".as_bytes().to_vec()),
            Just(vec![0xe9]),
            Just(vec![0xf0, 0x9d]),
            Just(vec![0x80]),
            proptest::collection::vec(any::<u8>(), 0..8),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

        #[test]
        fn equals_reference_reader(v in proptest::collection::vec(piece(), 0..40), chunk in 1usize..40) {
            same_as_reference(&v.concat(), chunk);
        }
    }

    #[test]
    fn equals_reference_reader_on_a_real_sample() {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/corpus/pgn/real/lichess-classical-100.pgn");
        let Ok(mut bytes) = std::fs::read(&path) else {
            eprintln!("NOTICE: skipping, {} not found", path.display());
            return;
        };
        for chunk in [1, 7, 4096, 65536] {
            same_as_reference(&bytes, chunk);
        }
        // Invalid UTF-8 in the middle: Windows-1252 from there on.
        let mid = bytes.len() / 2;
        bytes.insert(mid, 0xe9);
        for chunk in [1, 7, 4096, 65536] {
            same_as_reference(&bytes, chunk);
        }
    }

    #[test]
    fn counts_line_breaks() {
        for text in [
            "",
            "\n",
            "a\nb\n\n",
            "\r\n\r\r\n\n\r",
            &"x\n".repeat(1000),
            &"\n".repeat(5000),
            &"abc\ndefghij\u{e9}\n\n".repeat(300),
        ] {
            let bytes = text.as_bytes();
            let naive = text
                .replace("\r\n", "\n")
                .bytes()
                .filter(|&b| b == b'\n' || b == b'\r')
                .count();
            assert_eq!(count_line_breaks(bytes), naive as u64, "{text:?}");
        }
    }
}
