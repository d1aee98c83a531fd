//! Applies fixes to a game's text, re-linting until nothing applicable is left, and refuses the
//! result when it would change what the game means.

use super::diagnostic::{Applicability, Diagnostic, Edit};
use super::meaning::{Allowance, change_of_meaning, meaning};
use super::options::LintOptions;
use super::rule::Rule;
use crate::syntax::parse;

/// Rounds of lint-and-fix per game; fixes converge in one or two.
const MAX_ROUNDS: usize = 4;

/// The outcome of fixing one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameFix {
    /// No applicable fix.
    Unchanged,
    /// The new text, and how many fixes were applied.
    Fixed { text: String, n_fixes: usize },
    /// The fixes would change the meaning of the game: the text stays as it was.
    Refused { reason: String },
}

/// Which fixes to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FixPolicy {
    /// Also apply unsafe fixes (never those that offer a choice, like the candidates of an
    /// ambiguous move).
    pub unsafe_fixes: bool,
}

/// The edits of the fixes to apply among `diagnostics`: one fix per diagnostic when it is the only
/// one offered and the policy allows it; overlapping edits are left for the next round.
pub fn applicable_edits(diagnostics: &[Diagnostic], policy: FixPolicy) -> Vec<Edit> {
    let mut edits: Vec<Edit> = Vec::new();
    for d in diagnostics {
        let [fix] = d.fixes.as_slice() else { continue };
        if fix.applicability == Applicability::Unsafe && !policy.unsafe_fixes {
            continue;
        }
        let overlaps = fix.edits.iter().any(|e| {
            edits.iter().any(|o| {
                (e.range.start < o.range.end && o.range.start < e.range.end)
                    || (e.range.is_empty() && o.range.is_empty() && e.range.start == o.range.start)
            })
        });
        if !overlaps {
            edits.extend(fix.edits.iter().cloned());
        }
    }
    edits.sort_by_key(|e| (e.range.start, e.range.end));
    edits
}

/// Applies sorted, non-overlapping edits to `text`.
pub fn apply_edits(text: &str, edits: &[Edit]) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut at = 0usize;
    for edit in edits {
        let (start, end) = (edit.range.start as usize, edit.range.end as usize);
        if start < at
            || end > text.len()
            || !text.is_char_boundary(start)
            || !text.is_char_boundary(end)
        {
            continue;
        }
        out.push_str(&text[at..start]);
        out.push_str(&edit.text);
        at = end;
    }
    out.push_str(&text[at..]);
    out
}

/// Fixes one game's text (a game's extent, as the parser gives it). `ignored` are the rules an
/// escape line switched off for it.
pub fn fix_game(text: &str, options: &LintOptions, ignored: &[Rule], policy: FixPolicy) -> GameFix {
    let original = parse(text);
    let [game] = original.games.as_slice() else {
        return GameFix::Unchanged;
    };
    let before = meaning(game, text);
    let mut current = text.to_string();
    let mut n_fixes = 0;
    for _ in 0..MAX_ROUNDS {
        let parsed = parse(&current);
        let [game] = parsed.games.as_slice() else {
            return GameFix::Refused {
                reason: "the fixes would split or merge games".to_string(),
            };
        };
        let report = super::lint_game(game, &current, options, ignored);
        let edits = applicable_edits(&report.diagnostics, policy);
        if edits.is_empty() {
            break;
        }
        n_fixes += edits.len();
        current = apply_edits(&current, &edits);
    }
    if current == text {
        return GameFix::Unchanged;
    }
    let parsed = parse(&current);
    let [game] = parsed.games.as_slice() else {
        return GameFix::Refused {
            reason: "the fixes would split or merge games".to_string(),
        };
    };
    let allowance = if policy.unsafe_fixes {
        Allowance::Unsafe
    } else {
        Allowance::Exact
    };
    match change_of_meaning(&before, &meaning(game, &current), allowance) {
        Some(reason) => GameFix::Refused { reason },
        None => GameFix::Fixed {
            text: current,
            n_fixes,
        },
    }
}
