//! Result rules: the `Result` tag against the termination marker and against the final position.

use crate::lint::context::GameContext;
use crate::lint::diagnostic::{Diagnostic, Edit, Fix};
use crate::lint::rule::Rule;
use crate::rules::{Color, Position};
use crate::syntax::GameResult;

fn parse_result(value: &str) -> Option<GameResult> {
    Some(match value {
        "1-0" => GameResult::WhiteWins,
        "0-1" => GameResult::BlackWins,
        "1/2-1/2" => GameResult::Draw,
        "*" => GameResult::Unknown,
        _ => return None,
    })
}

/// Checks the `Result` tag's value, the marker's spelling, and that the two agree.
pub fn check(cx: &mut GameContext<'_>) {
    let tag = cx
        .game
        .tags
        .iter()
        .copied()
        .find(|t| t.name(cx.text) == "Result");
    let tag_result = tag.and_then(|t| {
        let value = t.value(cx.text);
        let parsed = parse_result(&value);
        if parsed.is_none() {
            let d = Diagnostic::new(
                Rule::BadResultValue,
                t.value,
                format!("`Result` must be `1-0`, `0-1`, `1/2-1/2` or `*`, found `{value}`"),
            );
            let d = match cx.game.result {
                Some(marker) => d.with_fix(Fix::unsafe_edit(
                    format!(
                        "Use the termination marker's `{}`",
                        marker.token.result.as_str()
                    ),
                    Edit::replace(t.value, marker.token.result.as_str()),
                )),
                None => d,
            };
            cx.report(d);
        }
        parsed
    });
    let Some(marker) = cx.game.result else { return };
    if marker.token.is_deviation() {
        let spelled = marker.range.slice(cx.text);
        cx.report(
            Diagnostic::new(
                Rule::BadResultValue,
                marker.range,
                format!(
                    "result `{spelled}` should be written `{}`",
                    marker.token.result.as_str()
                ),
            )
            .with_fix(Fix::safe(
                format!("Write `{}`", marker.token.result.as_str()),
                Edit::replace(marker.range, marker.token.result.as_str()),
            )),
        );
    }
    if let (Some(tag), Some(tag_result)) = (tag, tag_result)
        && tag_result != marker.token.result
    {
        cx.report(
            Diagnostic::new(
                Rule::ResultMismatch,
                marker.range,
                format!(
                    "the termination marker says `{}` but the `Result` tag says `{}`",
                    marker.token.result.as_str(),
                    tag_result.as_str()
                ),
            )
            .with_related(tag.value, "the `Result` tag")
            .with_fix(Fix::unsafe_edit(
                format!("Set the `Result` tag to `{}`", marker.token.result.as_str()),
                Edit::replace(tag.value, marker.token.result.as_str()),
            )),
        );
    }
}

/// Checks the marker against the position after the last main-line move, when the whole main line
/// was replayed: a checkmate decides the game, a stalemate or dead position draws it.
pub fn check_final_position(cx: &mut GameContext<'_>, last: &Position) {
    let Some(marker) = cx.game.result else { return };
    let stated = marker.token.result;
    let (actual, why) = if last.is_checkmate() {
        let winner = !last.turn();
        let result = if winner == Color::White {
            GameResult::WhiteWins
        } else {
            GameResult::BlackWins
        };
        (result, format!("{} is checkmated", last.turn().name()))
    } else if last.is_stalemate() {
        (
            GameResult::Draw,
            format!("{} is stalemated", last.turn().name()),
        )
    } else if last.is_insufficient_material() {
        (
            GameResult::Draw,
            "neither side has mating material".to_string(),
        )
    } else {
        return;
    };
    if stated != actual {
        cx.report(
            Diagnostic::new(
                Rule::ResultContradictsPosition,
                marker.range,
                format!(
                    "the game ends with `{}`, but after the last move {why}: the result is `{}`",
                    stated.as_str(),
                    actual.as_str()
                ),
            )
            .with_fix(Fix::unsafe_edit(
                format!("Write `{}`", actual.as_str()),
                Edit::replace(marker.range, actual.as_str()),
            )),
        );
    }
}
