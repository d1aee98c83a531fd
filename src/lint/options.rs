//! Which rules run: the profile, `--select`/`--ignore`, and `% pgn-arbiter: ignore RULE` escape lines.

use super::rule::{Profile, Rule};

/// The rule selection for a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LintOptions {
    /// Import (default) or export.
    pub profile: Profile,
    /// When non-empty, only these rules run (on top of the profile's).
    pub select: Vec<Rule>,
    /// These rules never run.
    pub ignore: Vec<Rule>,
}

impl Default for LintOptions {
    fn default() -> Self {
        LintOptions {
            profile: Profile::Import,
            select: Vec::new(),
            ignore: Vec::new(),
        }
    }
}

impl LintOptions {
    /// `true` if `rule` runs under these options. `--select` can switch on an export rule under
    /// the import profile; `--ignore` always wins.
    pub fn is_enabled(&self, rule: Rule) -> bool {
        if self.ignore.contains(&rule) {
            return false;
        }
        if !self.select.is_empty() {
            return self.select.contains(&rule);
        }
        match rule.profile() {
            Profile::Import => true,
            Profile::Export => self.profile == Profile::Export,
        }
    }

    /// The longest line the profile allows, in characters.
    pub fn max_line_length(&self) -> usize {
        match self.profile {
            Profile::Import => 255,
            Profile::Export => 80,
        }
    }
}

/// Parses the rules named by a `% pgn-arbiter: ignore RULE...` escape line; `None` when the line is
/// not such a directive. Unknown rule ids are returned as errors so they can be reported.
pub fn parse_ignore_directive(line: &str) -> Option<Vec<Result<Rule, String>>> {
    let rest = line.strip_prefix('%')?.trim_start();
    let rest = rest.strip_prefix("pgn-arbiter:")?.trim_start();
    let rest = rest.strip_prefix("ignore")?;
    Some(
        rest.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
            .map(|id| Rule::from_id(id).ok_or_else(|| id.to_string()))
            .collect(),
    )
}
