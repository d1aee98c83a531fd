//! Byte offset ↔ line and column, in UTF-8, UTF-16 or UTF-32 code units.
//!
//! Contract: lines are 0-based and end at `\n`, `\r\n` or a lone `\r`; columns are 0-based code-unit
//! counts from the line start. Building is one pass over the bytes; [`LineIndex::edit`] updates the
//! index for one replacement without rescanning the text (cost: the new text plus a shift of later
//! entries).

use memchr::memchr2;

use super::TextRange;

/// The code unit columns are counted in.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Encoding {
    /// Bytes.
    Utf8,
    /// UTF-16 code units (LSP's default).
    Utf16,
    /// Chars.
    Utf32,
}

/// A 0-based line and column.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct LineCol {
    /// 0-based line.
    pub line: u32,
    /// 0-based column in the chosen [`Encoding`].
    pub col: u32,
}

/// Line starts and the positions of non-ASCII chars of a text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineIndex {
    line_starts: Vec<u32>,
    /// (offset, UTF-8 length) of every non-ASCII char, sorted.
    wide: Vec<(u32, u8)>,
    len: u32,
}

fn scan(bytes: &[u8], base: u32, starts: &mut Vec<u32>) {
    let mut i = 0;
    while let Some(k) = memchr2(b'\n', b'\r', &bytes[i..]) {
        let j = i + k;
        if bytes[j] == b'\r' && bytes.get(j + 1) == Some(&b'\n') {
            i = j + 2;
        } else {
            i = j + 1;
        }
        starts.push(base + i as u32);
    }
}

fn scan_wide(text: &str, base: u32, wide: &mut Vec<(u32, u8)>) {
    if text.is_ascii() {
        return;
    }
    for (i, c) in text.char_indices() {
        if !c.is_ascii() {
            wide.push((base + i as u32, c.len_utf8() as u8));
        }
    }
}

impl LineIndex {
    /// Indexes `text`.
    pub fn new(text: &str) -> LineIndex {
        let mut line_starts = vec![0];
        scan(text.as_bytes(), 0, &mut line_starts);
        let mut wide = Vec::new();
        scan_wide(text, 0, &mut wide);
        LineIndex {
            line_starts,
            wide,
            len: text.len() as u32,
        }
    }

    /// Number of lines (at least 1).
    pub fn n_lines(&self) -> usize {
        self.line_starts.len()
    }

    /// Byte offset where `line` starts.
    pub fn line_start(&self, line: u32) -> Option<u32> {
        self.line_starts.get(line as usize).copied()
    }

    fn units(&self, from: u32, to: u32, enc: Encoding) -> u32 {
        let bytes = to - from;
        if enc == Encoding::Utf8 {
            return bytes;
        }
        let lo = self.wide.partition_point(|&(o, _)| o < from);
        let hi = self.wide.partition_point(|&(o, _)| o < to);
        let mut units = bytes;
        for &(_, l) in &self.wide[lo..hi] {
            let l = l as u32;
            units -= match enc {
                Encoding::Utf16 if l == 4 => 2,
                _ => l - 1,
            };
        }
        units
    }

    /// The line and column of `offset` (clamped to the text length).
    pub fn line_col(&self, offset: u32, enc: Encoding) -> LineCol {
        let offset = offset.min(self.len);
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        LineCol {
            line: line as u32,
            col: self.units(start, offset, enc),
        }
    }

    /// The byte offset of a line and column; `None` if the line does not exist. A column past the end
    /// of the line is clamped to the line's end (before its line break); a column inside a char maps
    /// to the char's start.
    pub fn offset(&self, pos: LineCol, enc: Encoding) -> Option<u32> {
        let start = *self.line_starts.get(pos.line as usize)?;
        let end = self
            .line_starts
            .get(pos.line as usize + 1)
            .copied()
            .unwrap_or(self.len);
        let mut offset = start;
        let mut units = 0;
        let mut w = self.wide.partition_point(|&(o, _)| o < start);
        while offset < end && units < pos.col {
            let (len, n_units) = match self.wide.get(w) {
                Some(&(o, l)) if o == offset => {
                    w += 1;
                    let l = l as u32;
                    let u = match enc {
                        Encoding::Utf8 => l,
                        Encoding::Utf16 => {
                            if l == 4 {
                                2
                            } else {
                                1
                            }
                        }
                        Encoding::Utf32 => 1,
                    };
                    (l, u)
                }
                _ => (1, 1),
            };
            if units + n_units > pos.col {
                break;
            }
            units += n_units;
            offset += len;
        }
        Some(offset.min(end))
    }

    /// Updates the index for replacing `range` with `new_text`. `before` is the byte just before the
    /// range and `after` the byte just after it (both unchanged by the edit), if any.
    pub fn edit(
        &mut self,
        range: TextRange,
        new_text: &str,
        before: Option<u8>,
        after: Option<u8>,
    ) {
        let delta = new_text.len() as i64 - range.len() as i64;
        let shift = |o: u32| (o as i64 + delta) as u32;
        // Line starts in [start, end] may change; 0 always stays.
        let lo = self
            .line_starts
            .partition_point(|&s| s < range.start.max(1));
        let hi = self.line_starts.partition_point(|&s| s <= range.end);
        let mut fresh = Vec::new();
        let new_end = range.start + new_text.len() as u32;
        let byte = |p: u32| -> Option<u8> {
            if p < range.start {
                before
            } else if p < new_end {
                Some(new_text.as_bytes()[(p - range.start) as usize])
            } else {
                after
            }
        };
        for p in range.start.max(1)..=new_end {
            let is_start = match byte(p - 1) {
                Some(b'\n') => true,
                Some(b'\r') => byte(p) != Some(b'\n'),
                _ => false,
            };
            if is_start {
                fresh.push(p);
            }
        }
        for s in &mut self.line_starts[hi..] {
            *s = shift(*s);
        }
        self.line_starts.splice(lo..hi, fresh);
        let wlo = self.wide.partition_point(|&(o, _)| o < range.start);
        let whi = self.wide.partition_point(|&(o, _)| o < range.end);
        let mut fresh_wide = Vec::new();
        scan_wide(new_text, range.start, &mut fresh_wide);
        for w in &mut self.wide[whi..] {
            w.0 = shift(w.0);
        }
        self.wide.splice(wlo..whi, fresh_wide);
        self.len = shift(self.len);
    }
}
