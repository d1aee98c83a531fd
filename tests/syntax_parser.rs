//! Direct parser facts: deep nesting, recovery, deviations, move attachments.

use pgn_arbiter::syntax::{GameResult, SyntaxErrorKind, TokenKind, lex, parse};

#[test]
fn hundred_thousand_open_parens_neither_overflow_the_stack_nor_hang() {
    let text = format!("1. e4 {}*", "(e5 ".repeat(100_000));
    let parsed = parse(&text);
    assert_eq!(parsed.games.len(), 1);
    let unclosed = parsed
        .errors()
        .filter(|e| e.kind == SyntaxErrorKind::UnclosedParen)
        .count();
    assert_eq!(unclosed, 100_000);
    drop(parsed);
}

#[test]
fn an_unterminated_comment_at_the_top_does_not_swallow_the_rest_of_the_file() {
    let mut text = String::from("[Event \"a\"]\n\n1. e4 { forgot to close\n\n");
    for _ in 0..100 {
        text.push_str("[Event \"b\"]\n\n1. d4 d5 1-0\n\n");
    }
    let parsed = parse(&text);
    assert_eq!(parsed.games.len(), 101);
    let first = parsed.errors().next().unwrap();
    assert_eq!(first.kind, SyntaxErrorKind::UnterminatedComment);
    assert_eq!(&text[first.range.to_usize()], "{");
    assert!(parsed.games[1..].iter().all(|g| g.errors.is_empty()));
}

#[test]
fn an_event_line_right_after_an_unterminated_comment_starts_a_new_game() {
    let text = "1. e4 { oops\n[Event \"b\"]\n\n1. d4 *\n";
    let parsed = parse(text);
    assert_eq!(parsed.games.len(), 2);
    assert!(parsed.games[1].errors.is_empty());
}

#[test]
fn half_sign_and_unicode_dash_results_are_recorded_as_deviations() {
    let tokens = lex("½-½ 1–0 0—1 1/2-1/2");
    let results: Vec<_> = tokens
        .iter()
        .filter_map(|t| match t.kind {
            TokenKind::Result(r) => Some((r.result, r.half_sign, r.unicode_dash)),
            _ => None,
        })
        .collect();
    assert_eq!(
        results,
        vec![
            (GameResult::Draw, true, false),
            (GameResult::WhiteWins, false, true),
            (GameResult::BlackWins, false, true),
            (GameResult::Draw, false, false),
        ]
    );
}

#[test]
fn castling_with_zeros_is_a_symbol_not_a_result() {
    let kinds: Vec<_> = lex("0-0 0-0-0 0-1")
        .into_iter()
        .map(|t| t.kind)
        .filter(|k| !k.is_trivia())
        .collect();
    assert_eq!(kinds[0], TokenKind::Symbol);
    assert_eq!(kinds[1], TokenKind::Symbol);
    assert!(matches!(kinds[2], TokenKind::Result(_)));
}

#[test]
fn comments_nags_and_variations_attach_to_the_move_before_them() {
    let text = "{intro} 1. e4 $1 {good} (1. d4 d5) 1... e5 *";
    let parsed = parse(text);
    let game = &parsed.games[0];
    let moves = game.moves(game.mainline);
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0].comments_before.len(), 1);
    assert_eq!(moves[0].nags.len(), 1);
    assert_eq!(moves[0].comments_after.len(), 1);
    assert_eq!(moves[0].variations.len(), 1);
    assert_eq!(
        moves[0]
            .number
            .map(|n| game.nodes[n as usize].range.slice(text)),
        Some("1.")
    );
    assert_eq!(
        moves[1]
            .number
            .map(|n| game.nodes[n as usize].range.slice(text)),
        Some("1...")
    );
}

#[test]
fn tag_values_are_unescaped() {
    let text = "[White \"A \\\"B\\\" C\\\\D\"]\n\n*";
    let parsed = parse(text);
    let game = &parsed.games[0];
    assert_eq!(
        game.tag(game.text(text), "White").as_deref(),
        Some("A \"B\" C\\D")
    );
}
