//! Output printers for `check`: human (rustc/ruff-like), JSON Lines, GitHub annotations, SARIF 2.1.0.

mod github;
mod human;
mod json;
mod sarif;

pub use github::GithubPrinter;
pub use human::HumanPrinter;
pub use json::JsonPrinter;
pub use sarif::SarifPrinter;

use super::findings::Finding;
use std::io;
use std::time::Duration;

/// Totals of a run, for the summary line.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// Files read.
    pub n_files: usize,
    /// Games read.
    pub n_games: usize,
    /// Moves replayed.
    pub n_moves: usize,
    /// Findings at error severity.
    pub n_errors: usize,
    /// Findings at warning severity.
    pub n_warnings: usize,
    /// Findings at info severity.
    pub n_infos: usize,
    /// Wall time.
    pub elapsed: Duration,
}

impl Summary {
    /// `checked 3 files, 1548 games, 120345 moves: 2 errors, 5 warnings, 0 infos in 0.81s`.
    pub fn line(&self) -> String {
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        format!(
            "checked {}, {}, {}: {}, {}, {} in {:.2}s",
            plural(self.n_files, "file"),
            plural(self.n_games, "game"),
            plural(self.n_moves, "move"),
            plural(self.n_errors, "error"),
            plural(self.n_warnings, "warning"),
            plural(self.n_infos, "info"),
            self.elapsed.as_secs_f64()
        )
    }
}

/// Something that writes findings as they come, in file order.
pub trait Printer {
    /// Writes one finding of the file at `path`.
    fn finding(&mut self, path: &str, finding: &Finding) -> io::Result<()>;
    /// Called once at the end of the run.
    fn finish(&mut self, summary: &Summary) -> io::Result<()>;
}
