//! Human output, like rustc and ruff: the message, the location, the source line and a caret
//! under the range, then related locations and fixes.

use super::{Printer, Summary};
use crate::cli::findings::Finding;
use std::io::{self, Write};

/// Writes findings for people.
pub struct HumanPrinter<W: Write> {
    out: W,
}

impl<W: Write> HumanPrinter<W> {
    /// A printer writing to `out`.
    pub fn new(out: W) -> Self {
        HumanPrinter { out }
    }
}

impl<W: Write> Printer for HumanPrinter<W> {
    fn finding(&mut self, path: &str, f: &Finding) -> io::Result<()> {
        let d = &f.diagnostic;
        writeln!(
            self.out,
            "{}[{}]: {}",
            d.severity.as_str(),
            d.rule.id(),
            d.message
        )?;
        writeln!(
            self.out,
            "  --> {}:{}:{} (game {})",
            path, f.start.line, f.start.column, f.game
        )?;
        let gutter = f.start.line.to_string().len();
        let pad = " ".repeat(gutter);
        // Tabs and control characters would shift the caret: show them as spaces.
        let shown: String = f
            .source_line
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        const MAX: usize = 160;
        let start_col = f.source_column;
        let width = if f.end.line == f.start.line {
            (f.end.column - f.start.column).max(1) as usize
        } else {
            1
        };
        // Long lines are cut around the range.
        let skip = if shown.chars().count() <= MAX {
            0
        } else {
            start_col.saturating_sub(MAX / 2)
        };
        let visible: String = shown.chars().skip(skip).take(MAX).collect();
        let prefix = if skip > 0 || f.source_cut { "…" } else { "" };
        writeln!(self.out, "{pad} |")?;
        writeln!(self.out, "{} | {prefix}{visible}", f.start.line)?;
        let caret_at = start_col - skip + prefix.chars().count();
        writeln!(
            self.out,
            "{pad} | {}{}",
            " ".repeat(caret_at),
            "^".repeat(width.min(MAX))
        )?;
        for r in &f.related {
            writeln!(
                self.out,
                "{pad} = note: {} at {}:{}:{}",
                r.message, path, r.start.line, r.start.column
            )?;
        }
        for fix in &d.fixes {
            writeln!(
                self.out,
                "{pad} = fix ({}): {}",
                fix.applicability.as_str(),
                fix.title
            )?;
        }
        writeln!(self.out)
    }

    fn finish(&mut self, _summary: &Summary) -> io::Result<()> {
        self.out.flush()
    }
}
