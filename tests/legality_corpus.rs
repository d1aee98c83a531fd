//! Legality cases from python-chess (`../shared/corpus/legality/python-chess.json`): single moves
//! given in UCI with the library's verdict, and move counts, checked against
//! `Position::legal_moves` (and `Position::pseudo_legal_moves` for the pseudo-legal counts).

mod common;
#[path = "common/corpus_fen.rs"]
mod corpus_fen;
use corpus_fen::load_corpus_fen;

use pgn_arbiter::rules::{CastlingMode, Move, Position};
use serde_json::Value;

fn corpus() -> Option<Value> {
    let path = common::shared_corpus("legality/python-chess.json")?;
    let text = std::fs::read_to_string(&path).expect("read corpus");
    Some(serde_json::from_str(&text).expect("JSON"))
}

fn mode_of(case: &Value) -> CastlingMode {
    if case["chess960"].as_bool().unwrap_or(false) {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    }
}

/// The legal move with this UCI spelling in `mode`, if any.
fn legal_uci(position: &Position, uci: &str, mode: CastlingMode) -> Option<Move> {
    position
        .legal_moves()
        .into_iter()
        .find(|m| m.to_uci(mode) == uci)
}

#[test]
fn python_chess_legality_cases_agree() {
    let Some(corpus) = corpus() else { return };
    let cases = corpus["legality_cases"].as_array().expect("legality_cases");
    let mut failures = Vec::new();
    for case in cases {
        let id = case["id"].as_str().unwrap_or("?");
        let fen = case["fen"].as_str().expect("fen");
        let uci = case["uci"].as_str().expect("uci");
        let mode = mode_of(case);
        let position = load_corpus_fen(fen, mode).unwrap_or_else(|e| panic!("{id}: {fen}: {e}"));
        let legal = legal_uci(&position, uci, mode).is_some();
        if legal != case["legal"].as_bool().expect("legal") {
            failures.push(format!("{id}: {uci} in {fen}: legal = {legal}"));
        }
        if let Some(pseudo) = case["pseudo_legal"].as_bool() {
            let ours = position
                .pseudo_legal_moves()
                .iter()
                .any(|m| m.to_uci(mode) == uci);
            if ours != pseudo {
                failures.push(format!("{id}: {uci} in {fen}: pseudo-legal = {ours}"));
            }
        }
    }
    println!("legality_cases: {} checked", cases.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn python_chess_move_counts_agree() {
    let Some(corpus) = corpus() else { return };
    let cases = corpus["move_count_cases"]
        .as_array()
        .expect("move_count_cases");
    let mut failures = Vec::new();
    for case in cases {
        let id = case["id"].as_str().unwrap_or("?");
        let fen = case["fen"].as_str().expect("fen");
        let position =
            load_corpus_fen(fen, mode_of(case)).unwrap_or_else(|e| panic!("{id}: {fen}: {e}"));
        let count = match case["kind"].as_str().expect("kind") {
            "legal_moves" => position.legal_moves().len(),
            "legal_captures" => position
                .legal_moves()
                .iter()
                .filter(|m| m.is_capture())
                .count(),
            "pseudo_legal_moves" => position.pseudo_legal_moves().len(),
            "pseudo_legal_captures" => position
                .pseudo_legal_moves()
                .iter()
                .filter(|m| m.is_capture())
                .count(),
            other => panic!("{id}: unknown kind {other}"),
        };
        if count as u64 != case["count"].as_u64().expect("count") {
            failures.push(format!("{id}: {fen}: {count} moves"));
        }
    }
    println!("move_count_cases: {} checked", cases.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
