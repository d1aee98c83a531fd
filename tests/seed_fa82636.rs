//! Seed contract FA-82636: SAN rank/file disambiguation against pseudo-legal moves on partial
//! boards (kings may be missing). Fixtures: `tests/fixtures/seed-contracts.json`.

use pgn_arbiter::rules::{
    Board, Color, Piece, PseudoLegalSanError, Square, resolve_pseudo_legal_origin,
};
use serde_json::Value;

fn board_of(map: &serde_json::Map<String, Value>) -> Board {
    let mut board = Board::empty();
    for (square, piece) in map {
        let square = Square::parse(square).unwrap_or_else(|| panic!("bad square {square}"));
        let letter = piece
            .as_str()
            .and_then(|p| p.chars().next())
            .expect("piece letter");
        board.set(
            square,
            Piece::from_char(letter).unwrap_or_else(|| panic!("bad piece {letter}")),
        );
    }
    board
}

#[test]
fn fa82636_all_fixtures_resolve_to_the_expected_origin() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/seed-contracts.json"
    ))
    .expect("tests/fixtures/seed-contracts.json");
    let contracts: Value = serde_json::from_str(&text).expect("JSON");
    let cases = contracts["FA-82636"]["cases"]
        .as_array()
        .expect("FA-82636 cases");
    let mut failures = Vec::new();
    for case in cases {
        let label = case["label"].as_str().unwrap_or("?");
        let input = &case["input"];
        let board = board_of(input["board"].as_object().expect("board"));
        let turn = if input["white"].as_bool().expect("white") {
            Color::White
        } else {
            Color::Black
        };
        let san = input["san"].as_str().expect("san");
        let got = match resolve_pseudo_legal_origin(&board, turn, san) {
            Ok(square) => square.to_string(),
            Err(PseudoLegalSanError::Ambiguous) => "ambiguous".into(),
            Err(PseudoLegalSanError::Illegal) => "illegal".into(),
            Err(PseudoLegalSanError::Invalid(e)) => format!("invalid ({e})"),
        };
        let expected = case["expected"].as_str().expect("expected");
        if got != expected {
            failures.push(format!("{label}: {san} gave {got}, expected {expected}"));
        }
    }
    println!("FA-82636: {} cases checked", cases.len());
    assert_eq!(cases.len(), 16);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fa82636_rank_digit_filters_ranks_and_file_letter_filters_files() {
    // Rooks on b2 and c3, both reaching c2: `R2c2` names the rank-2 rook, `Rbc2` its file.
    let mut board = Board::empty();
    board.set(Square::parse("b2").unwrap(), Piece::from_char('R').unwrap());
    board.set(Square::parse("c3").unwrap(), Piece::from_char('R').unwrap());
    assert_eq!(
        resolve_pseudo_legal_origin(&board, Color::White, "R2c2"),
        Ok(Square::parse("b2").unwrap())
    );
    assert_eq!(
        resolve_pseudo_legal_origin(&board, Color::White, "Rbc2"),
        Ok(Square::parse("b2").unwrap())
    );
    assert_eq!(
        resolve_pseudo_legal_origin(&board, Color::White, "R3c2"),
        Ok(Square::parse("c3").unwrap())
    );
    assert_eq!(
        resolve_pseudo_legal_origin(&board, Color::White, "Rc2"),
        Err(PseudoLegalSanError::Ambiguous)
    );
}
