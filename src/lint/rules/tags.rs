//! Tag rules: duplicates, names, escapes, value formats, the Seven Tag Roster and its order.

use crate::lint::context::GameContext;
use crate::lint::diagnostic::{Diagnostic, Edit, Fix};
use crate::lint::rule::Rule;
use crate::syntax::TextRange;

/// The Seven Tag Roster, in the order the export format wants it.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Runs every tag rule on the game.
pub fn check(cx: &mut GameContext<'_>) {
    // Each name sliced once: the duplicate scan compares every pair.
    let names: Vec<&str> = cx.game.tags.iter().map(|t| t.name(cx.text)).collect();
    duplicates_and_names(cx, &names);
    values(cx, &names);
    roster(cx, &names);
}

fn duplicates_and_names(cx: &mut GameContext<'_>, names: &[&str]) {
    let (game, text) = (cx.game, cx.text);
    let tags = &game.tags;
    // One vectorised search over the whole tag section usually rules out any escape to check.
    let section = match (tags.first(), tags.last()) {
        (Some(first), Some(last)) => TextRange::new(first.range.start, last.range.end),
        _ => return,
    };
    let any_backslash = memchr::memchr(b'\\', section.slice(text).as_bytes()).is_some();
    for (i, (tag, &name)) in tags.iter().zip(names).enumerate() {
        if name.is_empty() {
            continue;
        }
        if let Some(first) = names[..i].iter().position(|&n| n == name).map(|j| &tags[j]) {
            let d = Diagnostic::new(
                Rule::DuplicateTag,
                tag.range,
                format!("tag `{name}` appears twice in this game"),
            )
            .with_related(first.range, "first given here");
            cx.report(d);
        }
        let valid_name = name.as_bytes()[0].is_ascii_alphabetic()
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if !valid_name {
            cx.report(Diagnostic::new(
                Rule::TagName,
                tag.name,
                format!("tag name `{name}` must start with a letter and contain only letters, digits and `_`"),
            ));
        }
        if !any_backslash {
            continue;
        }
        let raw = tag.value.slice(text).as_bytes();
        let mut from = 0;
        while let Some(found) = raw[from..].iter().position(|&b| b == b'\\') {
            let i = from + found;
            if matches!(raw.get(i + 1), Some(b'"' | b'\\')) {
                from = i + 2;
                continue;
            }
            let at = tag.value.start + i as u32;
            cx.report(
                Diagnostic::new(
                    Rule::TagEscape,
                    TextRange::new(at, at + 1),
                    "a backslash in a tag value escapes only `\"` and `\\`; write `\\\\` for a backslash",
                )
                .with_fix(Fix::safe("Escape the backslash", Edit::insert(at, "\\"))),
            );
            from = i + 1;
        }
    }
}

fn values(cx: &mut GameContext<'_>, names: &[&str]) {
    let (game, text) = (cx.game, cx.text);
    for (tag, &name) in game.tags.iter().zip(names) {
        // Only these tags have a format; their names are matched once.
        let (well_formed, rule, expected): (fn(&str) -> bool, Rule, &str) = match name {
            "Date" | "EventDate" | "UTCDate" => (
                is_pgn_date,
                Rule::DateFormat,
                "`YYYY.MM.DD` with `??` for unknown parts",
            ),
            "Round" => (
                is_round,
                Rule::RoundFormat,
                "`-`, `?` or dot-separated numbers",
            ),
            "WhiteElo" | "BlackElo" => (is_elo, Rule::EloFormat, "a number, `-` or empty"),
            "TimeControl" => (
                is_time_control,
                Rule::TimeControlFormat,
                "`?`, `-`, or fields like `40/7200:3600`, `300+2`, `*60`",
            ),
            _ => continue,
        };
        let value = tag.value(text);
        if !well_formed(&value) {
            let message = format!("`{name}` must be {expected}, found `{value}`");
            cx.report(Diagnostic::new(rule, tag.value, message));
        }
    }
}

fn roster(cx: &mut GameContext<'_>, names: &[&str]) {
    if cx.game.tags.is_empty() && cx.game.mainline == crate::syntax::NO_NODE {
        return;
    }
    // One pass: which roster tags are present, whether they come first and in roster order.
    let mut present = [false; 7];
    let (mut roster_first, mut in_order) = (true, true);
    let (mut seen_other, mut last) = (false, None);
    for name in names {
        match SEVEN_TAG_ROSTER.iter().position(|r| r == name) {
            Some(i) => {
                present[i] = true;
                roster_first &= !seen_other;
                in_order &= last.is_none_or(|l| l < i);
                last = Some(i);
            }
            None => seen_other = true,
        }
    }
    if present.contains(&false) {
        let missing: Vec<&str> = SEVEN_TAG_ROSTER
            .iter()
            .zip(present)
            .filter(|(_, p)| !p)
            .map(|(r, _)| *r)
            .collect();
        let at = cx.game.tags.first().map_or(cx.game.content, |t| t.range);
        cx.report(Diagnostic::new(
            Rule::SevenTagRoster,
            TextRange::new(at.start, at.start),
            format!(
                "the Seven Tag Roster is incomplete: missing {}",
                quoted_list(&missing)
            ),
        ));
    }
    if !(roster_first && in_order) && cx.game.tags.len() > 1 {
        let mut d = Diagnostic::new(
            Rule::TagOrder,
            TextRange::new(
                cx.game.tags[0].range.start,
                cx.game.tags.last().unwrap().range.end,
            ),
            "the Seven Tag Roster must come first, in the order Event, Site, Date, Round, White, Black, Result",
        );
        if let Some(fix) = reorder_fix(cx) {
            d = d.with_fix(fix);
        }
        cx.report(d);
    }
}

/// Rewrites the tag section in roster order, other tags after, each on its own line. Only when the
/// tags are contiguous lines with nothing but whitespace between them (no comments to lose).
fn reorder_fix(cx: &GameContext<'_>) -> Option<Fix> {
    let tags = &cx.game.tags;
    let span = TextRange::new(tags.first()?.range.start, tags.last()?.range.end);
    for pair in tags.windows(2) {
        let gap = TextRange::new(pair[0].range.end, pair[1].range.start).slice(cx.text);
        if !gap.chars().all(char::is_whitespace) {
            return None;
        }
    }
    let mut ordered: Vec<_> = tags.iter().collect();
    ordered.sort_by_key(|t| {
        SEVEN_TAG_ROSTER
            .iter()
            .position(|r| *r == t.name(cx.text))
            .unwrap_or(SEVEN_TAG_ROSTER.len())
    });
    let newline = if cx.text.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    let text: Vec<&str> = ordered.iter().map(|t| t.range.slice(cx.text)).collect();
    Some(Fix::safe(
        "Put the Seven Tag Roster first, in order",
        Edit::replace(span, text.join(newline)),
    ))
}

fn quoted_list(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `YYYY.MM.DD` where each part may be all `?`.
pub fn is_pgn_date(value: &str) -> bool {
    let part_ok = |p: &[u8], max: u32| {
        if p.iter().all(|&b| b == b'?') {
            return true;
        }
        if !p.iter().all(u8::is_ascii_digit) {
            return false;
        }
        let n = p.iter().fold(0u32, |n, &b| n * 10 + u32::from(b - b'0'));
        (p.len() == 4 || n >= 1) && n <= max
    };
    match value.as_bytes() {
        [y0, y1, y2, y3, b'.', m0, m1, b'.', d0, d1] => {
            part_ok(&[*y0, *y1, *y2, *y3], 9999)
                && part_ok(&[*m0, *m1], 12)
                && part_ok(&[*d0, *d1], 31)
        }
        _ => false,
    }
}

fn is_round(value: &str) -> bool {
    value == "-"
        || value == "?"
        || (!value.is_empty()
            && value
                .split('.')
                .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())))
}

fn is_elo(value: &str) -> bool {
    value.is_empty()
        || value == "-"
        || value == "?"
        || (value.len() <= 5 && value.bytes().all(|b| b.is_ascii_digit()))
}

fn is_time_control(value: &str) -> bool {
    let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let field = |f: &str| {
        if let Some(rest) = f.strip_prefix('*') {
            return number(rest);
        }
        if let Some((moves, secs)) = f.split_once('/') {
            return number(moves) && number(secs);
        }
        if let Some((base, inc)) = f.split_once('+') {
            return number(base) && number(inc);
        }
        number(f)
    };
    value == "?" || value == "-" || (!value.is_empty() && value.split(':').all(field))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_accept_unknown_parts_and_reject_other_shapes() {
        assert!(is_pgn_date("2024.05.01"));
        assert!(is_pgn_date("????.??.??"));
        assert!(is_pgn_date("1997.??.??"));
        assert!(!is_pgn_date("2024-05-01"));
        assert!(!is_pgn_date("2024.13.01"));
        assert!(!is_pgn_date("24.05.01"));
    }

    #[test]
    fn time_controls_follow_the_standard_forms() {
        for ok in ["?", "-", "300+2", "40/7200:3600", "*60", "600"] {
            assert!(is_time_control(ok), "{ok}");
        }
        for bad in ["", "5 min", "300+", "40/"] {
            assert!(!is_time_control(bad), "{bad}");
        }
    }
}
