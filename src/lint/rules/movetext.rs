//! Movetext rules that need no replay: NAG range and suffix annotations; and the `PlyCount` tag
//! against what the replay counted.

use crate::lint::context::GameContext;
use crate::lint::diagnostic::{Diagnostic, Edit, Fix};
use crate::lint::replay::ReplayOutcome;
use crate::lint::rule::Rule;
use crate::syntax::NodeKind;

/// Checks every NAG and suffix annotation of the game.
pub fn check(cx: &mut GameContext<'_>) {
    let game = cx.game;
    let suffixes = cx.enabled(Rule::SuffixAnnotation);
    for node in &game.nodes {
        match node.kind {
            NodeKind::Nag => {
                let text = node.range.slice(cx.text);
                let digits = text.trim_start_matches('$');
                let valid = !digits.is_empty()
                    && digits.len() <= 3
                    && digits.bytes().all(|b| b.is_ascii_digit())
                    && digits.parse::<u32>().is_ok_and(|n| n <= 255);
                if !valid {
                    cx.report(Diagnostic::new(
                        Rule::NagRange,
                        node.range,
                        format!("NAG `{text}` is outside `$0`..`$255`"),
                    ));
                }
            }
            NodeKind::Suffix(suffix) if suffixes => {
                let text = node.range.slice(cx.text);
                let nag = format!("${}", suffix.nag());
                // `e4!` → `e4 $1`: keep a space before the NAG.
                let replacement = format!(" {nag}");
                cx.report(
                    Diagnostic::new(
                        Rule::SuffixAnnotation,
                        node.range,
                        format!("`{text}` is written `{nag}` in the export format"),
                    )
                    .with_fix(Fix::safe(
                        format!("Write `{nag}`"),
                        Edit::replace(node.range, replacement),
                    )),
                );
            }
            _ => {}
        }
    }
}

/// Checks the `PlyCount` tag against the number of main-line moves, when the main line was read
/// to its end.
pub fn check_ply_count(cx: &mut GameContext<'_>, outcome: &ReplayOutcome) {
    let Some(tag) = cx
        .game
        .tags
        .iter()
        .copied()
        .find(|t| t.name(cx.text) == "PlyCount")
    else {
        return;
    };
    let value = tag.value(cx.text);
    let plies = outcome.n_mainline_plies;
    if value.parse::<usize>().ok() != Some(plies) {
        cx.report(
            Diagnostic::new(
                Rule::PlyCountMismatch,
                tag.value,
                format!("`PlyCount` says {value} but the main line has {plies} plies"),
            )
            .with_fix(Fix::safe(
                format!("Set `PlyCount` to {plies}"),
                Edit::replace(tag.value, plies.to_string()),
            )),
        );
    }
}
