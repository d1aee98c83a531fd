//! What the linter reports: diagnostics with a rule, a severity, a message, ranges and fixes.
//!
//! Ranges are byte ranges relative to the game's text (the game's extent); printers and the language
//! server add the game's offset and convert to lines and columns at the edge.

use super::rule::Rule;
use crate::syntax::TextRange;

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Worth knowing; never fails a run.
    Info,
    /// Not what the standard asks for, but the game still means one thing.
    Warning,
    /// The game is wrong or cannot be read as intended.
    Error,
}

impl Severity {
    /// `error`, `warning` or `info`, as in the JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// Whether a fix may be applied without asking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Applicability {
    /// Cannot change what the game means (a canonical spelling, a check suffix).
    Safe,
    /// Chooses between meanings or changes content (which knight moved; a tag value).
    Unsafe,
}

impl Applicability {
    /// `safe` or `unsafe`, as in the JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

/// Replace the text of `range` with `text`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Edit {
    /// The bytes to replace (relative to the game).
    pub range: TextRange,
    /// The replacement.
    pub text: String,
}

impl Edit {
    /// An edit replacing `range` with `text`.
    pub fn replace(range: TextRange, text: impl Into<String>) -> Edit {
        Edit {
            range,
            text: text.into(),
        }
    }

    /// An edit inserting `text` at `offset`.
    pub fn insert(offset: u32, text: impl Into<String>) -> Edit {
        Edit {
            range: TextRange::empty(offset),
            text: text.into(),
        }
    }

    /// An edit deleting `range`.
    pub fn delete(range: TextRange) -> Edit {
        Edit {
            range,
            text: String::new(),
        }
    }
}

/// A fix: a title for the user, its edits, and whether it is safe.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Fix {
    /// What the fix does, e.g. "Replace with `Nbd2`".
    pub title: String,
    /// Non-overlapping edits, applied together.
    pub edits: Vec<Edit>,
    /// Safe or unsafe.
    pub applicability: Applicability,
}

impl Fix {
    /// A safe fix with one edit.
    pub fn safe(title: impl Into<String>, edit: Edit) -> Fix {
        Fix {
            title: title.into(),
            edits: vec![edit],
            applicability: Applicability::Safe,
        }
    }

    /// An unsafe fix with one edit.
    pub fn unsafe_edit(title: impl Into<String>, edit: Edit) -> Fix {
        Fix {
            title: title.into(),
            edits: vec![edit],
            applicability: Applicability::Unsafe,
        }
    }
}

/// Another place that matters to a diagnostic (the move that lost a castling right, the double step
/// an en-passant capture relies on).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Related {
    /// Where (relative to the game).
    pub range: TextRange,
    /// Why it matters.
    pub message: String,
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// The rule that found it.
    pub rule: Rule,
    /// Its severity (the rule's, possibly changed by the profile).
    pub severity: Severity,
    /// What is wrong and why, in one sentence.
    pub message: String,
    /// The primary range (relative to the game).
    pub range: TextRange,
    /// Other places that matter.
    pub related: Vec<Related>,
    /// Ways to fix it.
    pub fixes: Vec<Fix>,
}

impl Diagnostic {
    /// A diagnostic of `rule` at its default severity, without related ranges or fixes.
    pub fn new(rule: Rule, range: TextRange, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            rule,
            severity: rule.default_severity(),
            message: message.into(),
            range,
            related: Vec::new(),
            fixes: Vec::new(),
        }
    }

    /// Adds a fix.
    pub fn with_fix(mut self, fix: Fix) -> Diagnostic {
        self.fixes.push(fix);
        self
    }

    /// Adds a related range.
    pub fn with_related(mut self, range: TextRange, message: impl Into<String>) -> Diagnostic {
        self.related.push(Related {
            range,
            message: message.into(),
        });
        self
    }
}
