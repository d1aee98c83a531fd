//! `parse_san` and `resolve_san` never panic, whatever the input: arbitrary strings (unicode
//! included), arbitrary bytes decoded lossily, and SAN-shaped strings built from SAN characters.

use pgn_arbiter::rules::{CastlingMode, Position, parse_san};
use proptest::prelude::*;

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
];

fn resolve_everywhere(text: &str) {
    let _ = parse_san(text);
    for fen in FENS {
        let position = Position::from_fen(fen).expect("fen");
        for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
            if let Err(e) = position.resolve_san(text, mode) {
                let _ = e.to_string();
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_strings_never_panic(text in ".{0,40}") {
        resolve_everywhere(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..40)) {
        resolve_everywhere(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn san_shaped_strings_never_panic(text in "[NBRQKPnbrqkpOo0a-h1-8x:=/()+#@Z.-]{0,12}") {
        resolve_everywhere(&text);
    }
}

#[test]
fn very_long_input_is_rejected_quickly() {
    let text = "Nf3".repeat(100_000);
    assert!(parse_san(&text).is_err());
}
