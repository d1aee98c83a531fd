//! Turns the parser's syntax errors into diagnostics of the matching rules.

use crate::lint::context::GameContext;
use crate::lint::diagnostic::{Diagnostic, Edit, Fix};
use crate::lint::rule::Rule;
use crate::syntax::SyntaxErrorKind;

/// The rule that reports a syntax error of `kind`.
pub fn rule_for(kind: SyntaxErrorKind) -> Rule {
    match kind {
        SyntaxErrorKind::UnterminatedString
        | SyntaxErrorKind::UnterminatedTag
        | SyntaxErrorKind::MissingBracket => Rule::TagSyntax,
        SyntaxErrorKind::UnterminatedComment => Rule::UnterminatedComment,
        SyntaxErrorKind::StrayBrace => Rule::StrayBrace,
        SyntaxErrorKind::UnclosedParen | SyntaxErrorKind::UnmatchedParen => {
            Rule::UnbalancedParenthesis
        }
        SyntaxErrorKind::EmptyVariation => Rule::EmptyVariation,
        SyntaxErrorKind::VariationBeforeFirstMove => Rule::VariationBeforeFirstMove,
        SyntaxErrorKind::UnknownToken => Rule::UnknownToken,
        SyntaxErrorKind::ReservedToken => Rule::ReservedToken,
        SyntaxErrorKind::MissingResult => Rule::MissingResult,
        SyntaxErrorKind::MultipleResults => Rule::MultipleResults,
        SyntaxErrorKind::TokensAfterResult => Rule::ResultNotLast,
        SyntaxErrorKind::NestedBrace => Rule::NestedComment,
    }
}

/// Reports every syntax error of the game.
pub fn check(cx: &mut GameContext<'_>) {
    let errors = cx.game.errors.clone();
    for error in errors {
        let rule = rule_for(error.kind);
        let mut message = error.kind.to_string();
        match error.kind {
            SyntaxErrorKind::UnknownToken => {
                message = format!("unknown token `{}`", error.range.slice(cx.text));
            }
            SyntaxErrorKind::UnterminatedComment => {
                message.push_str(
                    "; the rest of the game is not read (reading resumes at the next game)",
                );
            }
            _ => {}
        }
        let mut d = Diagnostic::new(rule, error.range, message);
        match error.kind {
            SyntaxErrorKind::MissingResult => {
                let fallback = cx
                    .tag("Result")
                    .filter(|r| matches!(r.as_ref(), "1-0" | "0-1" | "1/2-1/2" | "*"));
                let result = fallback.map_or_else(|| "*".to_string(), |r| r.into_owned());
                d = d.with_fix(Fix::unsafe_edit(
                    format!("Add the result `{result}`"),
                    Edit::insert(error.range.start, format!(" {result}")),
                ));
            }
            SyntaxErrorKind::EmptyVariation => {
                d = d.with_fix(Fix::safe(
                    "Remove the empty variation",
                    Edit::delete(error.range),
                ));
            }
            _ => {}
        }
        cx.report(d);
    }
}
