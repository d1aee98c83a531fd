//! SARIF 2.1.0: one log with one run, written at the end (SARIF is a single JSON document).

use super::{Printer, Summary};
use crate::cli::findings::Finding;
use crate::lint::{Rule, Severity};
use serde_json::{Value, json};
use std::io::{self, Write};

/// Collects results and writes the SARIF log on `finish`.
pub struct SarifPrinter<W: Write> {
    out: W,
    results: Vec<Value>,
}

impl<W: Write> SarifPrinter<W> {
    /// A printer writing to `out`.
    pub fn new(out: W) -> Self {
        SarifPrinter {
            out,
            results: Vec::new(),
        }
    }
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

fn rules() -> Vec<Value> {
    Rule::ALL
        .iter()
        .map(|rule| {
            json!({
                "id": rule.id(),
                "shortDescription": { "text": rule.summary() },
                "helpUri": format!("https://github.com/pgn-arbiter/pgn-arbiter/blob/main/docs/rules.md#{}", rule.id()),
                "defaultConfiguration": { "level": level(rule.default_severity()) },
            })
        })
        .collect()
}

impl<W: Write> Printer for SarifPrinter<W> {
    fn finding(&mut self, path: &str, f: &Finding) -> io::Result<()> {
        let d = &f.diagnostic;
        let rule_index = Rule::ALL.iter().position(|r| *r == d.rule).unwrap_or(0);
        let region = json!({
            "startLine": f.start.line,
            "startColumn": f.start.column,
            "endLine": f.end.line,
            "endColumn": f.end.column,
            "byteOffset": f.byte_start(),
            "byteLength": f.byte_end() - f.byte_start(),
        });
        let related: Vec<Value> = f
            .related
            .iter()
            .enumerate()
            .map(|(i, r)| {
                json!({
                    "id": i,
                    "message": { "text": r.message },
                    "physicalLocation": {
                        "artifactLocation": { "uri": path },
                        "region": { "startLine": r.start.line, "startColumn": r.start.column,
                                    "byteOffset": r.byte_start, "byteLength": r.byte_end - r.byte_start },
                    },
                })
            })
            .collect();
        let fixes: Vec<Value> = d
            .fixes
            .iter()
            .map(|fix| {
                let replacements: Vec<Value> = fix
                    .edits
                    .iter()
                    .map(|e| {
                        json!({
                            "deletedRegion": {
                                "byteOffset": f.game_offset + u64::from(e.range.start),
                                "byteLength": e.range.end - e.range.start,
                            },
                            "insertedContent": { "text": e.text },
                        })
                    })
                    .collect();
                json!({
                    "description": { "text": format!("{} ({})", fix.title, fix.applicability.as_str()) },
                    "artifactChanges": [{ "artifactLocation": { "uri": path }, "replacements": replacements }],
                })
            })
            .collect();
        let mut result = json!({
            "ruleId": d.rule.id(),
            "ruleIndex": rule_index,
            "level": level(d.severity),
            "message": { "text": d.message },
            "locations": [{ "physicalLocation": { "artifactLocation": { "uri": path }, "region": region } }],
            "properties": { "game": f.game },
        });
        if !related.is_empty() {
            result["relatedLocations"] = Value::Array(related);
        }
        if !fixes.is_empty() {
            result["fixes"] = Value::Array(fixes);
        }
        self.results.push(result);
        Ok(())
    }

    fn finish(&mut self, _summary: &Summary) -> io::Result<()> {
        let log = json!({
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [{
                "tool": { "driver": {
                    "name": "pgn-arbiter",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": "https://github.com/pgn-arbiter/pgn-arbiter",
                    "rules": rules(),
                }},
                "columnKind": "unicodeCodePoints",
                "results": std::mem::take(&mut self.results),
            }],
        });
        serde_json::to_writer_pretty(&mut self.out, &log)?;
        writeln!(self.out)?;
        self.out.flush()
    }
}
