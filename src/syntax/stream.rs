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
use super::parser::GameParser;

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
    /// Undecoded bytes (an incomplete UTF-8 sequence at the end of a read).
    raw: Vec<u8>,
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
        let old = self.raw.len();
        self.raw.resize(old + want, 0);
        let n = loop {
            match self.reader.read(&mut self.raw[old..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.raw.truncate(old);
                    return Err(e);
                }
            }
        };
        self.raw.truncate(old + n);
        if n == 0 {
            self.eof = true;
        }
        if self.windows_1252_from.is_none() {
            match std::str::from_utf8(&self.raw) {
                Ok(s) => {
                    self.buf.push_str(s);
                    self.raw.clear();
                }
                Err(e) if e.error_len().is_none() && !self.eof => {
                    let valid = e.valid_up_to();
                    let s = std::str::from_utf8(&self.raw[..valid]).expect("valid prefix");
                    self.buf.push_str(s);
                    self.raw.drain(..valid);
                }
                Err(e) => {
                    let valid = e.valid_up_to();
                    let s = std::str::from_utf8(&self.raw[..valid]).expect("valid prefix");
                    self.buf.push_str(s);
                    self.raw.drain(..valid);
                    self.windows_1252_from = Some(self.buf.len());
                }
            }
        }
        if self.windows_1252_from.is_some() {
            for &b in &self.raw {
                self.buf.push(windows_1252_char(b));
            }
            self.raw.clear();
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
            let mut parser = GameParser::new(&self.buf, self.start);
            let parsed = parser.next_game();
            let end = parser.position();
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
