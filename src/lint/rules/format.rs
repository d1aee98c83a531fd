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
    let max = cx.options.max_line_length();
    let text = cx.text;
    let mut start = 0usize;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
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
        // Fast path: no byte that can start a tab or control character (C0, DEL, or the C1 range
        // U+0080..U+009F, whose UTF-8 lead byte is 0xC2).
        let suspicious = content.bytes().any(|b| b < 0x20 || b == 0x7f || b == 0xc2);
        for (i, c) in content.char_indices().filter(|_| suspicious) {
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
        start += line.len();
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
