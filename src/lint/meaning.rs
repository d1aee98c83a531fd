//! What a game means, for refusing any fix or reformatting that would change it: its tags, and the
//! moves of each line as the rules module resolves them (not as they are spelled).

use super::context::GameContext;
use super::options::LintOptions;
use super::replay::{self, Recording};
use super::rules::setup;
use crate::rules::Move;
use crate::syntax::{Game, NodeKind};
use std::collections::BTreeMap;

/// The meaning of one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameMeaning {
    /// Tag values by name (unescaped; a repeated name keeps every value in order).
    pub tags: BTreeMap<String, Vec<String>>,
    /// The moves of each line with at least one replayed move, main line first.
    pub lines: Vec<Vec<Option<Move>>>,
    /// Comment texts, NAG numbers and suffix annotations, in source order.
    pub annotations: Vec<String>,
}

/// Tags whose value follows from the rest of the game (`SetUp` from `FEN`, `PlyCount` from the
/// moves): a fix may add or correct them.
const DERIVED_TAGS: [&str; 2] = ["SetUp", "PlyCount"];

/// Reads the meaning of a game.
pub fn meaning(game: &Game, text: &str) -> GameMeaning {
    let options = LintOptions::default();
    let mut cx = GameContext {
        game,
        text,
        options: &options,
        ignored: Vec::new(),
        diagnostics: Vec::new(),
    };
    let lines = match setup::check(&mut cx) {
        Some(start) => replay::replay(&mut cx, &start, Recording::Lines).lines,
        None => Vec::new(),
    };
    let mut tags: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for tag in &game.tags {
        tags.entry(tag.name(text).to_string())
            .or_default()
            .push(tag.value(text).into_owned());
    }
    let annotations = game
        .nodes
        .iter()
        .filter_map(|node| match node.kind {
            // Whitespace inside a comment is not content: the formatter may reflow it.
            NodeKind::Comment { .. } => Some(
                node.range
                    .slice(text)
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            NodeKind::Nag => Some(node.range.slice(text).trim_start_matches('$').to_string()),
            NodeKind::Suffix(suffix) => Some(suffix.nag().to_string()),
            _ => None,
        })
        .collect();
    GameMeaning {
        tags,
        lines: lines.into_iter().filter(|l| !l.is_empty()).collect(),
        annotations,
    }
}

/// How much a rewrite may change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allowance {
    /// Nothing but derived tags: the same tags, lines, comments and NAGs (safe fixes, `fmt`).
    Exact,
    /// Also the `Result` and `Variant` tags, lines that get longer (an ambiguous move resolved),
    /// and NAGs (unsafe fixes).
    Unsafe,
}

/// Why a rewrite was refused, or `None` if `after` means what `before` meant within `allowance`.
pub fn change_of_meaning(
    before: &GameMeaning,
    after: &GameMeaning,
    allowance: Allowance,
) -> Option<String> {
    let relevant = |tags: &BTreeMap<String, Vec<String>>| -> BTreeMap<String, Vec<String>> {
        tags.iter()
            .filter(|(name, _)| !DERIVED_TAGS.contains(&name.as_str()))
            .filter(|(name, _)| {
                allowance == Allowance::Exact || !matches!(name.as_str(), "Result" | "Variant")
            })
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    };
    if relevant(&before.tags) != relevant(&after.tags) {
        return Some("the tags would change".to_string());
    }
    match allowance {
        Allowance::Exact => {
            if before.lines != after.lines {
                return Some("the moves would change".to_string());
            }
        }
        Allowance::Unsafe => {
            if after.lines.len() < before.lines.len()
                || before
                    .lines
                    .iter()
                    .zip(&after.lines)
                    .any(|(b, a)| !a.starts_with(b))
            {
                return Some("the moves would change".to_string());
            }
        }
    }
    // Suffix annotations may become NAGs (`!` → `$1`): compare NAG numbers, which both give.
    if before.annotations != after.annotations {
        return Some("comments or annotations would change".to_string());
    }
    None
}
