//! Properties: tokens tile any input, the parser never panics, incremental reparse equals parsing from
//! scratch, and streaming equals whole-file parsing.

use std::path::PathBuf;

use pgn_arbiter::syntax::{
    Document, Encoding, GameReader, LineCol, LineIndex, TextRange, decode, lex, parse,
};
use proptest::prelude::*;

fn assert_tiles(text: &str) {
    let tokens = lex(text);
    let mut at = 0;
    for t in &tokens {
        assert_eq!(t.range.start, at, "gap or overlap before {t:?}");
        assert!(t.range.end > t.range.start, "empty token {t:?}");
        at = t.range.end;
    }
    assert_eq!(at as usize, text.len());
    let joined: String = tokens.iter().map(|t| t.range.slice(text)).collect();
    assert_eq!(joined, text);
}

fn assert_games_tile(text: &str) {
    let parsed = parse(text);
    let mut at = 0;
    for g in &parsed.games {
        assert_eq!(g.offset, at);
        at += g.len;
        for e in &g.errors {
            assert!(
                e.range.end <= g.len,
                "{e:?} outside game of length {}",
                g.len
            );
        }
    }
    if !parsed.games.is_empty() {
        assert_eq!(at as usize, text.len());
    } else {
        let rest = text.strip_prefix('\u{feff}').unwrap_or(text);
        assert!(
            rest.chars().all(char::is_whitespace),
            "no games in {text:?}"
        );
    }
}

/// PGN-flavoured fragments, so random strings hit the interesting paths.
fn pgn_piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("{".to_owned()),
        Just("}".to_owned()),
        Just("(".to_owned()),
        Just(")".to_owned()),
        Just("[".to_owned()),
        Just("]".to_owned()),
        Just("\"".to_owned()),
        Just("\\".to_owned()),
        Just("\n".to_owned()),
        Just("\r".to_owned()),
        Just("\r\n".to_owned()),
        Just("\n\n".to_owned()),
        Just(" ".to_owned()),
        Just("%".to_owned()),
        Just(";".to_owned()),
        Just("1-0".to_owned()),
        Just("½–½".to_owned()),
        Just("1/2-1/2".to_owned()),
        Just("*".to_owned()),
        Just("$12".to_owned()),
        Just("!?".to_owned()),
        Just("12...".to_owned()),
        Just("Nf3".to_owned()),
        Just("[Event \"x\"]\n".to_owned()),
        Just("<".to_owned()),
        Just("\u{feff}".to_owned()),
        Just("é".to_owned()),
        Just("𝄞".to_owned()),
        "[a-h1-8xO0 .-]{1,4}",
    ]
}

fn pgn_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(pgn_piece(), 0..40).prop_map(|v| v.concat())
}

fn sample() -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/pgn/real/twic1599-sample.pgn");
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            // The first ~30 games: variations, comments, blank lines.
            let cut = text
                .match_indices("\n[Event ")
                .nth(30)
                .map_or(text.len(), |(i, _)| i + 1);
            Some(text[..cut].to_owned())
        }
        Err(e) => {
            if std::env::var("CI").as_deref() == Ok("true") {
                panic!("corpus file {} is required in CI: {e}", path.display());
            }
            eprintln!(
                "NOTICE: skipping, corpus file {} not found: {e}",
                path.display()
            );
            None
        }
    }
}

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn tokens_tile_arbitrary_bytes_and_the_parser_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let decoded = decode(&bytes);
        assert_tiles(&decoded.text);
        assert_games_tile(&decoded.text);
    }

    #[test]
    fn tokens_tile_arbitrary_strings_and_the_parser_never_panics(text in any::<String>()) {
        assert_tiles(&text);
        assert_games_tile(&text);
    }

    #[test]
    fn tokens_tile_pgn_like_strings_and_games_tile_the_file(text in pgn_text()) {
        assert_tiles(&text);
        assert_games_tile(&text);
    }

    #[test]
    fn streaming_gives_the_whole_file_games(text in pgn_text(), chunk in 1usize..64) {
        let whole = parse(&text).games;
        let streamed: Vec<_> = GameReader::with_chunk_size(text.as_bytes(), chunk).map(|g| g.expect("in-memory read")).collect();
        prop_assert_eq!(streamed.len(), whole.len());
        for (s, g) in streamed.iter().zip(&whole) {
            prop_assert_eq!(&s.game, g);
            prop_assert_eq!(s.text.as_str(), g.text(&text));
            prop_assert_eq!(s.line as usize, text[..g.offset as usize].matches('\n').count() + text[..g.offset as usize].matches('\r').count() - text[..g.offset as usize].matches("\r\n").count());
        }
    }

    #[test]
    fn incremental_reparse_of_random_strings_equals_parsing_from_scratch(
        text in pgn_text(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0usize..8, pgn_text()), 1..6),
    ) {
        let mut doc = Document::new(&text);
        let mut current = text.clone();
        for (at, del, insert) in edits {
            let start = floor_char_boundary(&current, at.index(current.len() + 1));
            let end = floor_char_boundary(&current, start + del);
            current.replace_range(start..end, &insert);
            doc.edit(TextRange::from_usize(start, end), &insert);
            prop_assert_eq!(doc.text(), current.clone());
            prop_assert_eq!(doc.games(), &parse(&current).games[..]);
        }
    }

    #[test]
    fn line_index_edits_equal_rebuilding(
        text in pgn_text(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0usize..8, pgn_text()), 1..6),
    ) {
        let mut index = LineIndex::new(&text);
        let mut current = text.clone();
        for (at, del, insert) in edits {
            let start = floor_char_boundary(&current, at.index(current.len() + 1));
            let end = floor_char_boundary(&current, start + del);
            let before = start.checked_sub(1).map(|i| current.as_bytes()[i]);
            let after = current.as_bytes().get(end).copied();
            current.replace_range(start..end, &insert);
            index.edit(TextRange::from_usize(start, end), &insert, before, after);
            prop_assert_eq!(&index, &LineIndex::new(&current));
        }
        for (offset, _) in current.char_indices() {
            for enc in [Encoding::Utf8, Encoding::Utf16, Encoding::Utf32] {
                let lc = index.line_col(offset as u32, enc);
                prop_assert_eq!(index.offset(lc, enc), Some(offset as u32));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn incremental_reparse_of_a_real_file_equals_parsing_from_scratch(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0usize..40, pgn_text()), 1..8),
    ) {
        let Some(text) = sample() else { return Ok(()) };
        let mut doc = Document::new(&text);
        let mut current = text;
        for (at, del, insert) in edits {
            let start = floor_char_boundary(&current, at.index(current.len() + 1));
            let end = floor_char_boundary(&current, start + del);
            current.replace_range(start..end, &insert);
            doc.edit(TextRange::from_usize(start, end), &insert);
            prop_assert_eq!(doc.games(), &parse(&current).games[..]);
        }
        prop_assert_eq!(doc.text(), current);
    }
}

#[test]
fn line_col_counts_utf16_and_utf32_units() {
    let text = "a\r\nb𝄞é\rc\n";
    let index = LineIndex::new(text);
    assert_eq!(index.n_lines(), 4);
    let offset = text.find('é').unwrap() as u32;
    assert_eq!(
        index.line_col(offset, Encoding::Utf8),
        LineCol { line: 1, col: 5 }
    );
    assert_eq!(
        index.line_col(offset, Encoding::Utf16),
        LineCol { line: 1, col: 3 }
    );
    assert_eq!(
        index.line_col(offset, Encoding::Utf32),
        LineCol { line: 1, col: 2 }
    );
    assert_eq!(
        index.line_col(text.find('c').unwrap() as u32, Encoding::Utf8),
        LineCol { line: 2, col: 0 }
    );
}
