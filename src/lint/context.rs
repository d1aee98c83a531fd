//! What a rule family sees of one game, and where it puts its findings.

use super::diagnostic::Diagnostic;
use super::options::LintOptions;
use super::rule::Rule;
use crate::syntax::Game;

/// One game under lint: its parse, its text (the game's extent; all ranges are relative to it), the
/// options, and the findings so far.
pub struct GameContext<'a> {
    /// The parsed game.
    pub game: &'a Game,
    /// The game's text.
    pub text: &'a str,
    /// The run's options.
    pub options: &'a LintOptions,
    /// Rules switched off for this game by an escape line.
    pub ignored: Vec<Rule>,
    /// Findings, in the order rules report them.
    pub diagnostics: Vec<Diagnostic>,
}

impl<'a> GameContext<'a> {
    /// `true` if `rule` runs for this game.
    pub fn enabled(&self, rule: Rule) -> bool {
        self.options.is_enabled(rule) && !self.ignored.contains(&rule)
    }

    /// Records a finding, if its rule runs for this game; returns its index in `diagnostics`.
    pub fn report(&mut self, diagnostic: Diagnostic) -> Option<usize> {
        if self.enabled(diagnostic.rule) {
            self.diagnostics.push(diagnostic);
            Some(self.diagnostics.len() - 1)
        } else {
            None
        }
    }

    /// The unescaped value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<std::borrow::Cow<'a, str>> {
        self.game.tag(self.text, name)
    }
}
