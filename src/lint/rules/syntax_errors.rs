//! Turns the parser's syntax errors into diagnostics of the matching rules.

use crate::lint::context::GameContext;
use crate::lint::diagnostic::{Diagnostic, Edit, Fix};
use crate::lint::rule::Rule;
use crate::syntax::{SyntaxErrorKind, TagPair, TextRange};

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

/// A tag pair whose value holds unescaped `"` (`[Event "The "Open""]`): the parser reads the value
/// up to the second quote and the rest as stray tokens. Reported once, as `tag-syntax`, with a fix
/// escaping the inner quotes, instead of one `unknown-token` per stray piece.
fn unescaped_quote_tag(cx: &GameContext<'_>, tag: &TagPair) -> Option<(Diagnostic, TextRange)> {
    let text = cx.text;
    let whole = tag.range.slice(text);
    let close = whole.strip_suffix(']')?;
    // The value runs from the first quote after the name to the last quote before `]`.
    let name_end = (tag.name.end - tag.range.start) as usize;
    let open = name_end + whole[name_end..].find('"')?;
    let last = close.rfind('"')?;
    if last <= open {
        return None;
    }
    let raw = &whole[open + 1..last];
    let mut escaped = String::with_capacity(raw.len() + 8);
    let mut chars = raw.chars();
    let mut n_unescaped = 0;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                escaped.push(c);
                if let Some(next) = chars.next() {
                    escaped.push(next);
                }
            }
            '"' => {
                n_unescaped += 1;
                escaped.push_str("\\\"");
            }
            _ => escaped.push(c),
        }
    }
    if n_unescaped == 0 || escaped.contains('\n') {
        return None;
    }
    let value = TextRange::new(
        tag.range.start + open as u32 + 1,
        tag.range.start + last as u32,
    );
    let name = tag.name(text);
    let d = Diagnostic::new(
        Rule::TagSyntax,
        value,
        format!("the value of tag `{name}` holds {n_unescaped} unescaped `\"`; inside a tag value write `\\\"`"),
    )
    .with_fix(Fix::unsafe_edit("Escape the quotes", Edit::replace(value, escaped)));
    Some((d, tag.range))
}

/// Reports every syntax error of the game.
pub fn check(cx: &mut GameContext<'_>) {
    let errors = cx.game.errors.clone();
    // Tags broken by unescaped quotes: one diagnostic each, replacing their stray-token errors.
    let mut broken_tags: Vec<TextRange> = Vec::new();
    if errors
        .iter()
        .any(|e| e.kind == SyntaxErrorKind::UnknownToken)
    {
        for tag in &cx.game.tags {
            let inside = |e: &crate::syntax::SyntaxError| {
                e.kind == SyntaxErrorKind::UnknownToken
                    && tag.range.start <= e.range.start
                    && e.range.end <= tag.range.end
            };
            if errors.iter().any(inside)
                && let Some((d, range)) = unescaped_quote_tag(cx, tag)
            {
                broken_tags.push(range);
                cx.report(d);
            }
        }
    }
    for error in errors {
        if error.kind == SyntaxErrorKind::UnknownToken
            && broken_tags
                .iter()
                .any(|t| t.start <= error.range.start && error.range.end <= t.end)
        {
            continue;
        }
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
