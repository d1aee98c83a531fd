//! Format rules over the raw text of a game: long lines, tabs, control characters, blank lines.
//! File-level format rules (encoding, BOM) are in [`crate::lint::file`].

use crate::lint::context::GameContext;
use crate::lint::diagnostic::{Diagnostic, Edit, Fix};
use crate::lint::rule::Rule;
use crate::syntax::TextRange;

/// Runs the per-game format rules.
pub fn check(cx: &mut GameContext<'_>) {
    lines(cx);
    blank_line_after_tags(cx);
}

fn lines(cx: &mut GameContext<'_>) {
    let text = cx.text;
    let bytes = text.as_bytes();
    // Most games hold no byte that can start a tab or control character: one vectorised pass
    // rules that out, and the per-line scan below only measures lengths.
    let suspicious = has_suspicious_byte(bytes);
    let mut start = 0usize;
    let ends = memchr::memchr_iter(b'\n', bytes)
        .map(|i| i + 1)
        .chain((bytes.last() != Some(&b'\n') && !bytes.is_empty()).then_some(bytes.len()));
    for end in ends {
        let mut content_end = end;
        while content_end > start && matches!(bytes[content_end - 1], b'\n' | b'\r') {
            content_end -= 1;
        }
        let content = &text[start..content_end];
        // A line's characters never outnumber its bytes.
        if content.len() > cx.options.max_line_length() {
            line_length(cx, content, start);
        }
        if suspicious && has_suspicious_byte(content.as_bytes()) {
            control_characters(cx, content, start);
        }
        start = end;
    }
}

/// `true` if `bytes` holds a C0 control byte other than a line break, DEL, or 0xC2 (the UTF-8 lead
/// byte of the C1 range U+0080..U+009F). Branch-free over 64-byte chunks, so it vectorises.
fn has_suspicious_byte(bytes: &[u8]) -> bool {
    bytes.chunks(64).any(|chunk| {
        chunk.iter().fold(0u8, |acc, &b| {
            acc | u8::from(b < 0x20 && b != b'\n' && b != b'\r')
                | u8::from(b == 0x7f)
                | u8::from(b == 0xc2)
        }) != 0
    })
}

/// Reports a line (`content`, starting at byte `start` of the game) longer than the profile allows.
fn line_length(cx: &mut GameContext<'_>, content: &str, start: usize) {
    let max = cx.options.max_line_length();
    let n_chars = if content.is_ascii() {
        content.len()
    } else {
        content.chars().count()
    };
    if n_chars > max && !content.starts_with('%') {
        // Point at the part past the limit.
        let cut = content
            .char_indices()
            .nth(max)
            .map_or(content.len(), |(i, _)| i);
        cx.report(Diagnostic::new(
            Rule::LineTooLong,
            TextRange::from_usize(start + cut, start + content.len()),
            format!(
                "line is {n_chars} characters long; the {} profile allows {max}",
                cx.options.profile.as_str()
            ),
        ));
    }
}

/// Reports the tabs and control characters of a line (`content`, starting at byte `start`).
fn control_characters(cx: &mut GameContext<'_>, content: &str, start: usize) {
    for (i, c) in content.char_indices() {
        let at = TextRange::from_usize(start + i, start + i + c.len_utf8());
        if c == '\t' {
            cx.report(
                Diagnostic::new(
                    Rule::Tab,
                    at,
                    "tab character: PGN export format uses spaces",
                )
                .with_fix(Fix::safe(
                    "Replace the tab with a space",
                    Edit::replace(at, " "),
                )),
            );
        } else if c.is_control() && c != '\r' {
            cx.report(Diagnostic::new(
                Rule::ControlCharacter,
                at,
                format!("control character U+{:04X} in the text", c as u32),
            ));
        }
    }
}

/// The tag section must be followed by a blank line before the movetext.
fn blank_line_after_tags(cx: &mut GameContext<'_>) {
    let (Some(last_tag), Some((_, first))) = (cx.game.tags.last(), cx.game.mainline_nodes().next())
    else {
        return;
    };
    if first.range.start < last_tag.range.end {
        return;
    }
    let gap = TextRange::new(last_tag.range.end, first.range.start).slice(cx.text);
    let newlines = gap.matches('\n').count();
    if newlines < 2 {
        let newline = if gap.contains("\r\n") { "\r\n" } else { "\n" };
        let fix_text = format!("{newline}{newline}");
        let gap_range = TextRange::new(last_tag.range.end, first.range.start);
        let d = Diagnostic::new(
            Rule::MissingBlankLine,
            TextRange::empty(last_tag.range.end),
            "the movetext must be separated from the tags by a blank line",
        );
        let d = if gap.chars().all(char::is_whitespace) {
            d.with_fix(Fix::safe(
                "Insert a blank line",
                Edit::replace(gap_range, fix_text),
            ))
        } else {
            d
        };
        cx.report(d);
    }
}
