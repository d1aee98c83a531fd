//! The lint engine: replays every game through [`crate::rules`], runs the rule catalogue over the
//! [`crate::syntax`] tree, and produces [`Diagnostic`]s with [`Fix`]es.
//!
//! Linting is per game ([`lint_game`]), so the CLI can stream and parallelise over games and the
//! language server can re-lint only the game an edit touched. Ranges in a [`GameReport`] are
//! relative to the game's text; callers add the game's offset.

pub mod context;
pub mod diagnostic;
pub mod export_format;
pub mod file;
pub mod fixer;
pub mod meaning;
pub mod options;
pub mod replay;
pub mod rule;
pub mod rules;

pub use diagnostic::{Applicability, Diagnostic, Edit, Fix, Related, Severity};
pub use options::LintOptions;
pub use rule::{Profile, Rule};

use crate::syntax::Game;
use context::GameContext;

/// The findings for one game, and what was replayed.
#[derive(Debug, Clone, Default)]
pub struct GameReport {
    /// Findings, sorted by position in the game.
    pub diagnostics: Vec<Diagnostic>,
    /// Moves replayed (main line and variations).
    pub n_moves: usize,
}

/// Lints one game. `text` is the game's text (its extent, as [`Game::text`] gives it); `ignored`
/// holds the rules an escape line switched off for this game.
pub fn lint_game(game: &Game, text: &str, options: &LintOptions, ignored: &[Rule]) -> GameReport {
    let mut cx = GameContext {
        game,
        text,
        options,
        ignored: ignored.to_vec(),
        diagnostics: Vec::new(),
    };
    cx.ignored.extend(file::leading_ignores(game, text));
    rules::syntax_errors::check(&mut cx);
    rules::tags::check(&mut cx);
    rules::results::check(&mut cx);
    rules::format::check(&mut cx);
    rules::movetext::check(&mut cx);
    let n_moves = match rules::setup::check(&mut cx) {
        Some(start) => {
            let outcome = replay::replay(&mut cx, &start, replay::Recording::Off);
            if let Some(last) = &outcome.final_position {
                rules::results::check_final_position(&mut cx, last);
            }
            rules::movetext::check_ply_count(&mut cx, &outcome);
            outcome.n_moves
        }
        None => game.n_moves(),
    };
    let mut diagnostics = cx.diagnostics;
    diagnostics.sort_by_key(|d| (d.range.start, d.range.end));
    GameReport {
        diagnostics,
        n_moves,
    }
}
