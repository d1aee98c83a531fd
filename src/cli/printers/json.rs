//! JSON Lines: one object per finding, the stable contract of DESIGN.md (documented in README).

use super::{Printer, Summary};
use crate::cli::findings::Finding;
use serde_json::{Value, json};
use std::io::{self, Write};

/// The JSON object for one finding.
pub fn finding_json(path: &str, f: &Finding) -> Value {
    let d = &f.diagnostic;
    let fixes: Vec<Value> = d
        .fixes
        .iter()
        .map(|fix| {
            let edits: Vec<Value> = fix
                .edits
                .iter()
                .map(|e| {
                    json!({
                        "byte_start": f.game_offset + u64::from(e.range.start),
                        "byte_end": f.game_offset + u64::from(e.range.end),
                        "text": e.text,
                    })
                })
                .collect();
            json!({ "title": fix.title, "applicability": fix.applicability.as_str(), "edits": edits })
        })
        .collect();
    let related: Vec<Value> = f
        .related
        .iter()
        .map(|r| {
            json!({
                "line": r.start.line, "column": r.start.column,
                "byte_start": r.byte_start, "byte_end": r.byte_end, "message": r.message,
            })
        })
        .collect();
    json!({
        "path": path,
        "game": f.game,
        "rule": d.rule.id(),
        "severity": d.severity.as_str(),
        "message": d.message,
        "line": f.start.line,
        "column": f.start.column,
        "end_line": f.end.line,
        "end_column": f.end.column,
        "byte_start": f.byte_start(),
        "byte_end": f.byte_end(),
        "related": related,
        "fixes": fixes,
    })
}

/// Writes one JSON object per line.
pub struct JsonPrinter<W: Write> {
    out: W,
}

impl<W: Write> JsonPrinter<W> {
    /// A printer writing to `out`.
    pub fn new(out: W) -> Self {
        JsonPrinter { out }
    }
}

impl<W: Write> Printer for JsonPrinter<W> {
    fn finding(&mut self, path: &str, finding: &Finding) -> io::Result<()> {
        writeln!(self.out, "{}", finding_json(path, finding))
    }

    fn finish(&mut self, _summary: &Summary) -> io::Result<()> {
        self.out.flush()
    }
}
