//! The fused parser against the reference (the plain lexer-driven parser it replaced).

use std::path::PathBuf;

use proptest::prelude::*;

use super::super::parser_reference;
use super::*;

fn check(text: &str) {
    let ours = parse(text);
    let reference = parser_reference::parse(text);
    assert_eq!(ours, reference, "{text:?}");
    // From every game boundary, game by game, with positions.
    for g in &ours.games {
        let mut a = GameParser::new(text, g.offset as usize);
        let mut b = parser_reference::GameParser::new(text, g.offset as usize);
        for _ in 0..2 {
            assert_eq!(a.next_game(), b.next_game(), "{text:?}");
            assert_eq!(a.position(), b.position(), "{text:?}");
        }
    }
    let mut a = GameParser::new(text, 0);
    let mut b = parser_reference::GameParser::new(text, 0);
    assert_eq!(a.position(), b.position());
    loop {
        let (x, y) = (a.next_game(), b.next_game());
        assert_eq!(x, y, "{text:?}");
        assert_eq!(a.position(), b.position(), "{text:?}");
        if x.is_none() {
            break;
        }
    }
}

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("{".to_owned()),
        Just("}".to_owned()),
        Just("{ [%clk 0:05:00] }".to_owned()),
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
        Just("\t".to_owned()),
        Just("\u{b}".to_owned()),
        Just("\u{a0}".to_owned()),
        Just("%".to_owned()),
        Just(";".to_owned()),
        Just("1-0".to_owned()),
        Just("0-1".to_owned()),
        Just("½–½".to_owned()),
        Just("1/2-1/2".to_owned()),
        Just("*".to_owned()),
        Just("$12".to_owned()),
        Just("!?".to_owned()),
        Just("12...".to_owned()),
        Just("1.".to_owned()),
        Just("Nf3".to_owned()),
        Just("[Event \"x\"]\n".to_owned()),
        Just("[Site \"a\\\"b\"]\n".to_owned()),
        Just("[White\"é\"]".to_owned()),
        Just("[Black \"x\" ]".to_owned()),
        Just("<".to_owned()),
        Just("\u{feff}".to_owned()),
        Just("é".to_owned()),
        Just("𝄞".to_owned()),
        "[a-h1-8xO0 .-]{1,4}",
        "[a-zA-Z0-9 .\\-\"\\[\\]{}()\n]{1,6}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn equals_reference_on_pgn_like_text(v in proptest::collection::vec(piece(), 0..60)) {
        check(&v.concat());
    }

    #[test]
    fn equals_reference_on_arbitrary_text(text in any::<String>()) {
        check(&text);
    }

    #[test]
    fn equals_reference_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        check(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn equals_reference_on_fixed_cases() {
    for text in [
        "",
        " ",
        "\u{feff}",
        "\u{feff}[Event \"a\"]\n\n1. e4 *\n",
        "%esc\n[Event \"a\"]\n1. e4 1-0 e5\n\n[Event \"b\"] *",
        "[Event \"a\"][Site \"b\"]\n[Event \"c\"]\n\n1. e4 {a\n[Event \"d\"]\n1. d4 *",
        "1. e4 { nested { } e5 (1... d5 2. exd5) ( ) ) 1-0 2. Nf3",
        "12a 3 4.. 5.e4 1.-- e2e4+ Qxe8=Q#",
        "[Event \"a\" \"b\"]\n[Name]\n[ \"v\"]\n[A \"unterminated\n",
    ] {
        check(text);
    }
}

#[test]
fn equals_reference_on_real_samples() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/pgn/real");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("NOTICE: skipping, {} not found", dir.display());
        return;
    };
    for entry in entries {
        let path = entry.expect("dir entry").path();
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        assert_eq!(
            parse(&text),
            parser_reference::parse(&text),
            "{}",
            path.display()
        );
    }
}
