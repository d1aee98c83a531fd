//! GitHub Actions workflow commands: `::error file=...,line=...,col=...::message`.

use super::{Printer, Summary};
use crate::cli::findings::Finding;
use crate::lint::Severity;
use std::io::{self, Write};

/// Writes one annotation per finding.
pub struct GithubPrinter<W: Write> {
    out: W,
}

impl<W: Write> GithubPrinter<W> {
    /// A printer writing to `out`.
    pub fn new(out: W) -> Self {
        GithubPrinter { out }
    }
}

/// Escapes a property value (`%`, CR, LF, `:` and `,`).
fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// Escapes the message (`%`, CR, LF).
fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

impl<W: Write> Printer for GithubPrinter<W> {
    fn finding(&mut self, path: &str, f: &Finding) -> io::Result<()> {
        let level = match f.diagnostic.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        writeln!(
            self.out,
            "::{level} file={},line={},col={},endLine={},endColumn={},title={}::{}",
            escape_property(path),
            f.start.line,
            f.start.column,
            f.end.line,
            f.end.column,
            escape_property(&format!("pgn-arbiter ({})", f.diagnostic.rule.id())),
            escape_data(&f.diagnostic.message)
        )
    }

    fn finish(&mut self, _summary: &Summary) -> io::Result<()> {
        self.out.flush()
    }
}
