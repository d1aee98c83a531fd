//! Properties of the FEN loader: it never panics, whatever the input, and every position it
//! accepts is written by `to_fen` (X-FEN and Shredder-FEN) as a FEN that reloads to an equal position.

use pgn_arbiter::rules::{
    CastlingMode, FenFormat, FenOptions, FenWarning, load_fen, load_fen_with,
};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

/// Loads `text` every way there is and checks the round trip of whatever loads.
fn check(text: &str) -> Result<(), TestCaseError> {
    for mode in [
        None,
        Some(CastlingMode::Standard),
        Some(CastlingMode::Chess960),
    ] {
        for allow_impossible_check in [false, true] {
            let Ok(loaded) = load_fen_with(
                text,
                FenOptions {
                    mode,
                    allow_impossible_check,
                },
            ) else {
                continue;
            };
            let position = loaded.position;
            let _ = position.legal_moves();
            for format in [FenFormat::XFen, FenFormat::Shredder] {
                let written = position.to_fen(format);
                let again = load_fen_with(
                    &written,
                    FenOptions {
                        mode: Some(CastlingMode::Chess960),
                        allow_impossible_check,
                    },
                );
                prop_assert!(
                    again.is_ok(),
                    "`{}` loaded, but our {:?} `{}` does not: {:?}",
                    text,
                    format,
                    written,
                    again
                );
                let again = again.unwrap();
                prop_assert_eq!(&again.position, &position, "`{}` -> `{}`", text, written);
                let dropped_ep = again
                    .warnings
                    .iter()
                    .any(|w| matches!(w, FenWarning::EpNotCapturable { .. }));
                prop_assert!(
                    !dropped_ep,
                    "our `{}` has an ep square we would drop",
                    written
                );
            }
        }
    }
    Ok(())
}

/// FEN-like text: a board of piece letters and digits, then fields from the FEN alphabet.
fn fen_like() -> impl Strategy<Value = String> {
    let rank = "[1-8pnbrqkPNBRQK]{0,8}";
    let board = proptest::collection::vec(rank, 1..=9).prop_map(|ranks| ranks.join("/"));
    (
        board,
        "( [wb](( [KQkqA-Ha-h\\-]{1,4})( ([a-h][1-8]|-)( [0-9]{1,3}( [0-9]{1,3})?)?)?)?)?",
    )
        .prop_map(|(board, rest)| format!("{board}{rest}"))
}

/// Plausible boards: two kings and some pieces placed on random squares, with random fields.
fn board_like() -> impl Strategy<Value = String> {
    let squares = proptest::collection::vec((0usize..64, "[pnbrqPNBRQ]"), 0..20);
    (
        0usize..64,
        0usize..64,
        squares,
        "[wb]",
        "(-|[KQkq]{1,4}|[A-Ha-h]{1,4})",
        "(-|[a-h][36])",
        0u32..120,
        1u32..200,
    )
        .prop_map(|(wk, bk, pieces, side, castling, ep, half, full)| {
            let mut cells = ['.'; 64];
            for (sq, p) in pieces {
                cells[sq] = p.chars().next().unwrap();
            }
            cells[wk] = 'K';
            cells[bk] = 'k';
            let mut board = String::new();
            for rank in (0..8).rev() {
                let mut empty = 0;
                for file in 0..8 {
                    match cells[rank * 8 + file] {
                        '.' => empty += 1,
                        c => {
                            if empty > 0 {
                                board.push_str(&empty.to_string());
                                empty = 0;
                            }
                            board.push(c);
                        }
                    }
                }
                if empty > 0 {
                    board.push_str(&empty.to_string());
                }
                if rank > 0 {
                    board.push('/');
                }
            }
            format!("{board} {side} {castling} {ep} {half} {full}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn never_panics_on_arbitrary_strings(text in any::<String>()) {
        check(&text)?;
    }

    #[test]
    fn never_panics_on_lossy_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..120)) {
        check(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn never_panics_on_the_fen_alphabet(text in "[1-8pnbrqkPNBRQK/ wb\\-KQkqA-Ha-h0-9]{0,90}") {
        check(&text)?;
    }

    #[test]
    fn fen_like_text_round_trips(text in fen_like()) {
        check(&text)?;
    }

    #[test]
    fn random_boards_round_trip(text in board_like()) {
        check(&text)?;
    }
}

#[test]
fn random_boards_sometimes_load() {
    // Guards the generators above: a property over no accepted positions would prove nothing.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut loaded = 0;
    for _ in 0..500 {
        let text = board_like().new_tree(&mut runner).unwrap().current();
        loaded += usize::from(load_fen(&text, None).is_ok());
    }
    println!("{loaded} of 500 random boards loaded");
    assert!(loaded > 20, "only {loaded} of 500 random boards loaded");
}
