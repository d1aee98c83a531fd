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
    duplicates_and_names(cx);
    values(cx);
    roster(cx);
}

fn duplicates_and_names(cx: &mut GameContext<'_>) {
    let tags = &cx.game.tags;
    for (i, tag) in tags.iter().enumerate() {
        let name = tag.name(cx.text);
        if name.is_empty() {
            continue;
        }
        if let Some(first) = tags[..i].iter().find(|t| t.name(cx.text) == name) {
            let d = Diagnostic::new(
                Rule::DuplicateTag,
                tag.range,
                format!("tag `{name}` appears twice in this game"),
            )
            .with_related(first.range, "first given here");
            cx.report(d);
        }
        let valid_name = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid_name {
            cx.report(Diagnostic::new(
                Rule::TagName,
                tag.name,
                format!("tag name `{name}` must start with a letter and contain only letters, digits and `_`"),
            ));
        }
        let raw = tag.value.slice(cx.text);
        let mut bytes = raw.bytes().enumerate();
        while let Some((i, b)) = bytes.next() {
            if b == b'\\' {
                match bytes.next() {
                    Some((_, b'"' | b'\\')) => {}
                    _ => {
                        let at = tag.value.start + i as u32;
                        cx.report(
                            Diagnostic::new(
                                Rule::TagEscape,
                                TextRange::new(at, at + 1),
                                "a backslash in a tag value escapes only `\"` and `\\`; write `\\\\` for a backslash",
                            )
                            .with_fix(Fix::safe("Escape the backslash", Edit::insert(at, "\\"))),
                        );
                    }
                }
            }
        }
    }
}

fn values(cx: &mut GameContext<'_>) {
    let tags = cx.game.tags.clone();
    for tag in &tags {
        let name = tag.name(cx.text);
        let value = tag.value(cx.text);
        let problem = match name {
            "Date" | "EventDate" | "UTCDate" => (!is_pgn_date(&value))
                .then(|| (Rule::DateFormat, format!("`{name}` must be `YYYY.MM.DD` with `??` for unknown parts, found `{value}`"))),
            "Round" => (!is_round(&value))
                .then(|| (Rule::RoundFormat, format!("`Round` must be `-`, `?` or dot-separated numbers, found `{value}`"))),
            "WhiteElo" | "BlackElo" => (!is_elo(&value))
                .then(|| (Rule::EloFormat, format!("`{name}` must be a number, `-` or empty, found `{value}`"))),
            "TimeControl" => (!is_time_control(&value)).then(|| {
                (
                    Rule::TimeControlFormat,
                    format!("`TimeControl` must be `?`, `-`, or fields like `40/7200:3600`, `300+2`, `*60`, found `{value}`"),
                )
            }),
            _ => None,
        };
        if let Some((rule, message)) = problem {
            cx.report(Diagnostic::new(rule, tag.value, message));
        }
    }
}

fn roster(cx: &mut GameContext<'_>) {
    if cx.game.tags.is_empty() && cx.game.mainline == crate::syntax::NO_NODE {
        return;
    }
    let names: Vec<&str> = cx.game.tags.iter().map(|t| t.name(cx.text)).collect();
    let missing: Vec<&str> = SEVEN_TAG_ROSTER
        .iter()
        .copied()
        .filter(|r| !names.contains(r))
        .collect();
    let at = cx.game.tags.first().map_or(cx.game.content, |t| t.range);
    if !missing.is_empty() {
        cx.report(Diagnostic::new(
            Rule::SevenTagRoster,
            TextRange::new(at.start, at.start),
            format!(
                "the Seven Tag Roster is incomplete: missing {}",
                quoted_list(&missing)
            ),
        ));
    }
    // The roster tags present must come first, in roster order.
    let present: Vec<usize> = names
        .iter()
        .filter_map(|n| SEVEN_TAG_ROSTER.iter().position(|r| r == n))
        .collect();
    let n_roster = present.len();
    let roster_first = names
        .iter()
        .take(n_roster)
        .all(|n| SEVEN_TAG_ROSTER.contains(n));
    let in_order = present.windows(2).all(|w| w[0] < w[1]);
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
    let parts: Vec<&str> = value.split('.').collect();
    if parts.len() != 3 {
        return false;
    }
    let part_ok = |p: &str, len: usize, max: u32| {
        p.len() == len
            && (p.bytes().all(|b| b == b'?')
                || (p.bytes().all(|b| b.is_ascii_digit())
                    && p.parse::<u32>()
                        .is_ok_and(|n| (len == 4 || n >= 1) && n <= max)))
    };
    part_ok(parts[0], 4, 9999) && part_ok(parts[1], 2, 12) && part_ok(parts[2], 2, 31)
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
