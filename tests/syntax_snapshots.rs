//! Snapshot tests: each fixture's parse, rendered as a tree with every error's range and message.

use std::fmt::Write;
use std::path::PathBuf;

use pgn_arbiter::syntax::{
    Encoding, Game, LineIndex, NodeId, NodeKind, SyntaxErrorKind, TextRange, decode, parse,
};

fn fixture(dir: &str, name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/syntax")
        .join(dir)
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn render_line(out: &mut String, game: &Game, text: &str, first: NodeId, depth: usize) {
    for (_, node) in game.line(first) {
        let indent = "  ".repeat(depth + 2);
        let snippet = |r: TextRange| format!("{:?}", r.slice(text));
        match node.kind {
            NodeKind::Move { .. } => {
                writeln!(out, "{indent}move {} {}", snippet(node.range), node.range)
            }
            NodeKind::MoveNumber => {
                writeln!(out, "{indent}number {} {}", snippet(node.range), node.range)
            }
            NodeKind::Nag => writeln!(out, "{indent}nag {} {}", snippet(node.range), node.range),
            NodeKind::Suffix(s) => writeln!(out, "{indent}suffix {s:?} {}", node.range),
            NodeKind::Comment { brace } => {
                writeln!(
                    out,
                    "{indent}comment{} {} {}",
                    if brace { "" } else { " (line)" },
                    snippet(node.range),
                    node.range
                )
            }
            NodeKind::Variation { first, closed } => {
                writeln!(
                    out,
                    "{indent}variation{} {}",
                    if closed { "" } else { " (unclosed)" },
                    node.range
                )
                .unwrap();
                render_line(out, game, text, first, depth + 1);
                Ok(())
            }
        }
        .unwrap();
    }
}

/// Renders a parse: tags, movetext tree, result, errors with absolute range, line:col and message.
fn render(bytes: &[u8]) -> String {
    let decoded = decode(bytes);
    let file = &decoded.text;
    let index = LineIndex::new(file);
    let parsed = parse(file);
    let mut out = String::new();
    writeln!(
        out,
        "windows-1252: {}, bom: {}",
        decoded.was_windows_1252, decoded.had_bom
    )
    .unwrap();
    for (game_idx, game) in parsed.games.iter().enumerate() {
        let text = game.text(file);
        writeln!(
            out,
            "game {} at {} (content {})",
            game_idx + 1,
            game.range(),
            game.content
        )
        .unwrap();
        for esc in &game.escapes {
            writeln!(out, "  escape {:?}", esc.slice(text)).unwrap();
        }
        for tag in &game.tags {
            writeln!(
                out,
                "  tag {} = {:?} {}",
                tag.name(text),
                tag.value(text),
                tag.range
            )
            .unwrap();
        }
        render_line(&mut out, game, text, game.mainline, 0);
        match game.result {
            Some(r) => writeln!(
                out,
                "  result {} {}{}{}",
                r.token.result.as_str(),
                r.range,
                if r.token.half_sign {
                    " (deviation: ½)"
                } else {
                    ""
                },
                if r.token.unicode_dash {
                    " (deviation: unicode dash)"
                } else {
                    ""
                }
            )
            .unwrap(),
            None => writeln!(out, "  no result").unwrap(),
        }
        for e in &game.errors {
            let abs = game.absolute(e.range);
            let lc = index.line_col(abs.start, Encoding::Utf32);
            writeln!(
                out,
                "  error {} at {} ({}:{}) {:?}: {}",
                e.kind.code(),
                abs,
                lc.line + 1,
                lc.col + 1,
                abs.slice(file),
                e.kind
            )
            .unwrap();
        }
    }
    out
}

macro_rules! snapshot_tests {
    ($dir:literal: $($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                let rendered = render(&fixture($dir, concat!(stringify!($name), ".pgn")));
                insta::assert_snapshot!(concat!($dir, "_", stringify!($name)), rendered);
            }
        )*
    };
}

mod valid {
    use super::*;
    snapshot_tests!("valid": annotated, two_games_crlf, bom_escape_and_deviations, tags_only_and_tagless);
}

mod invalid {
    use super::*;
    snapshot_tests!("invalid":
        unterminated_string, unterminated_comment, unterminated_tag, missing_bracket, stray_brace,
        unclosed_paren, unmatched_paren, empty_variation, variation_before_first_move, unknown_token,
        reserved_token, missing_result, multiple_results, tokens_after_result, nested_brace, windows_1252,
    );
}

#[test]
fn every_error_kind_has_an_invalid_fixture_that_reports_it() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/syntax/invalid");
    let mut seen = std::collections::HashSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        for e in parse(&decode(&bytes).text).errors() {
            seen.insert(e.kind.code());
        }
    }
    use SyntaxErrorKind as K;
    for kind in [
        K::UnterminatedString,
        K::UnterminatedComment,
        K::UnterminatedTag,
        K::MissingBracket,
        K::StrayBrace,
        K::UnclosedParen,
        K::UnmatchedParen,
        K::EmptyVariation,
        K::VariationBeforeFirstMove,
        K::UnknownToken,
        K::ReservedToken,
        K::MissingResult,
        K::MultipleResults,
        K::TokensAfterResult,
        K::NestedBrace,
    ] {
        assert!(
            seen.contains(kind.code()),
            "no fixture reports {}",
            kind.code()
        );
    }
}
