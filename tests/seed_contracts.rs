//! The seed contracts (`tests/fixtures/seed-contracts.json`, a byte-for-byte copy of
//! `../shared/seed-contracts.json`), run through the public rules API.
//!
//! Covered here: FA-82391 (pawn destinations), FA-82416 (en passant legality), FA-82601 (state after
//! a move: castling rights, ep square, halfmove clock), FA-82751 (castling rights to rook squares).
//! FA-82636 (SAN pseudo-legal resolution) is covered by `tests/seed_fa82636.rs`.
//!
//! The fixture boards are `{square: piece}` maps and may lack kings; the adapters below only turn
//! them into a [`Board`] and the answers into the contract's spelling.

use pgn_arbiter::rules::fen::{castling_rooks_unchecked, parse_castling};
use pgn_arbiter::rules::movegen::{is_legal_en_passant, pawn_destinations};
use pgn_arbiter::rules::{
    Board, FenFormat, Move, MoveKind, Piece, Position, PositionParts, Square,
};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

const COVERED: &[&str] = &["FA-82391", "FA-82416", "FA-82601", "FA-82751"];
const ELSEWHERE: &[(&str, &str)] = &[("FA-82636", "tests/seed_fa82636.rs")];

fn contracts() -> Value {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ours = std::fs::read(root.join("tests/fixtures/seed-contracts.json"))
        .expect("read the in-repo seed contracts");
    let shared_path = root.join("../shared/seed-contracts.json");
    if shared_path.exists() {
        let shared = std::fs::read(&shared_path).expect("read ../shared/seed-contracts.json");
        assert!(
            ours == shared,
            "tests/fixtures/seed-contracts.json differs from ../shared/seed-contracts.json: copy it again"
        );
    }
    serde_json::from_slice(&ours).expect("seed contracts are JSON")
}

fn cases<'a>(all: &'a Value, id: &str) -> &'a [Value] {
    all[id]["cases"]
        .as_array()
        .unwrap_or_else(|| panic!("{id} has cases"))
}

fn square(v: &Value) -> Square {
    let s = v
        .as_str()
        .unwrap_or_else(|| panic!("square expected, found {v}"));
    Square::parse(s).unwrap_or_else(|| panic!("bad square {s}"))
}

fn opt_square(v: &Value) -> Option<Square> {
    (!v.is_null()).then(|| square(v))
}

fn board(v: &Value) -> Board {
    let mut board = Board::empty();
    for (sq, piece) in v.as_object().expect("board is an object") {
        let sq = Square::parse(sq).unwrap_or_else(|| panic!("bad square {sq}"));
        let c = piece
            .as_str()
            .and_then(|p| p.chars().next())
            .expect("piece letter");
        board.set(
            sq,
            Piece::from_char(c).unwrap_or_else(|| panic!("bad piece {c}")),
        );
    }
    board
}

fn label(case: &Value) -> String {
    format!(
        "{} ({})",
        case["label"].as_str().unwrap_or("?"),
        case["input"]
    )
}

#[test]
fn seed_contracts_copy_and_coverage() {
    let all = contracts();
    let ids: Vec<&String> = all
        .as_object()
        .expect("object of contracts")
        .keys()
        .collect();
    println!("seed contracts in the file: {ids:?}");
    println!("covered by tests/seed_contracts.rs: {COVERED:?}");
    for (id, file) in ELSEWHERE {
        println!("covered elsewhere: {id} by {file}");
    }
    for id in ids {
        assert!(
            COVERED.contains(&id.as_str()) || ELSEWHERE.iter().any(|(e, _)| e == id),
            "contract {id} is covered by no test"
        );
    }
}

/// FA-82391: sorted pseudo-legal pawn destinations, promotions suffixed `q`, `r`, `b`, `n`.
#[test]
fn fa_82391_pawn_destinations() {
    let all = contracts();
    let cases = cases(&all, "FA-82391");
    for case in cases {
        let input = &case["input"];
        let board = board(&input["board"]);
        let mut got: Vec<String> =
            pawn_destinations(&board, square(&input["from"]), opt_square(&input["ep"]))
                .into_iter()
                .map(|(to, promotion)| match promotion {
                    Some(role) => format!("{to}{}", role.lower_char()),
                    None => to.to_string(),
                })
                .collect();
        got.sort();
        let expected: Vec<String> = serde_json::from_value(case["expected"].clone()).unwrap();
        assert_eq!(got, expected, "FA-82391 {}", label(case));
    }
    println!("FA-82391: {} fixtures passed", cases.len());
}

/// FA-82416: is the move a legal en-passant capture?
#[test]
fn fa_82416_en_passant_legality() {
    let all = contracts();
    let cases = cases(&all, "FA-82416");
    for case in cases {
        let input = &case["input"];
        let board = board(&input["board"]);
        let mv = input["move"].as_array().expect("move is [from, to]");
        let got = is_legal_en_passant(
            &board,
            square(&mv[0]),
            square(&mv[1]),
            opt_square(&input["ep"]),
        );
        assert_eq!(
            got,
            case["expected"].as_bool().unwrap(),
            "FA-82416 {}",
            label(case)
        );
    }
    println!("FA-82416: {} fixtures passed", cases.len());
}

/// FA-82601: the castling rights, ep square and halfmove clock after a move.
#[test]
fn fa_82601_state_after_a_move() {
    let all = contracts();
    let cases = cases(&all, "FA-82601");
    for case in cases {
        let input = &case["input"];
        let board = board(&input["board"]);
        let mv = input["move"].as_array().expect("move is [from, to]");
        let (from, to) = (square(&mv[0]), square(&mv[1]));
        let piece = board
            .piece_at(from)
            .unwrap_or_else(|| panic!("no piece on {from}: {}", label(case)));
        // The contract's rights are letters that need no rook: `K` is the right tied to h1, etc.
        let rights = castling_rooks_unchecked(input["rights"].as_str().unwrap())
            .expect("castling field parses");
        let mut position = Position::from_parts_unchecked(PositionParts {
            turn: piece.color,
            castling_rooks: rights,
            ep_square: None,
            halfmove_clock: input["halfmove"].as_u64().unwrap() as u32,
            fullmove_number: 1,
            board: board.clone(),
        });
        let m = Move {
            role: piece.role,
            from,
            to,
            capture: board.role_at(to),
            promotion: None,
            kind: MoveKind::Normal,
        };
        position.play_unchecked(&m);
        let got = serde_json::json!({
            "rights": position.castling_fen(FenFormat::XFen),
            "ep": position.ep_square().map(|s| s.to_string()),
            "halfmove": position.halfmove_clock(),
        });
        assert_eq!(got, case["expected"], "FA-82601 {}", label(case));
        assert_eq!(position.turn(), !piece.color);
    }
    println!("FA-82601: {} fixtures passed", cases.len());
}

/// FA-82751: castling rights (X-FEN / Shredder letters) resolved to sorted rook squares.
#[test]
fn fa_82751_castling_rights_to_rook_squares() {
    let all = contracts();
    let cases = cases(&all, "FA-82751");
    for case in cases {
        let input = &case["input"];
        let board = board(&input["board"]);
        let rights = parse_castling(&board, input["rights"].as_str().unwrap())
            .unwrap_or_else(|e| panic!("FA-82751 {}: {e}", label(case)));
        // A bitboard iterates a1 first; the contract sorts square names as strings.
        let mut got: Vec<String> = rights.rooks.into_iter().map(|s| s.to_string()).collect();
        got.sort();
        let expected: Vec<String> = serde_json::from_value(case["expected"].clone()).unwrap();
        assert_eq!(got, expected, "FA-82751 {}", label(case));
    }
    println!("FA-82751: {} fixtures passed", cases.len());
}

/// Every fixture of the covered contracts is counted exactly once by the tests above.
#[test]
fn fixture_counts() {
    let all = contracts();
    let counts: BTreeMap<&str, usize> = COVERED
        .iter()
        .map(|id| (*id, cases(&all, id).len()))
        .collect();
    println!("fixtures per covered contract: {counts:?}");
    assert!(counts.values().all(|&n| n > 0));
}
