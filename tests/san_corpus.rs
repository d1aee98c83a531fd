//! SAN cases transcribed from python-chess and shakmaty (`../shared/corpus/san/`), checked against
//! our parser, resolver and writer. Where this project's policy differs from the source library,
//! the case is listed in [`EXCEPTIONS`] with our verdict and the reason; nothing is skipped silently.

mod common;
#[path = "common/corpus_fen.rs"]
mod corpus_fen;
use corpus_fen::load_corpus_fen;

use pgn_arbiter::rules::{
    CastlingMode, Deviation, FenFormat, Position, SanError, SanKind, parse_san,
};
use serde_json::Value;
use std::path::PathBuf;

/// Cases where we deliberately differ from the source library: (case id, our verdict, why).
const EXCEPTIONS: &[(&str, &str, &str)] = &[(
    "python-chess-002",
    "e1g1",
    "`Kg1` for O-O: python-chess rejects it; we accept it in standard chess (the king moves two files, \
     so it can only mean castling) and record Deviation::CastlingAsKingMove for the castling-notation rule",
)];

/// Syntax cases (shakmaty `SanPlus::from_str`) where our parser differs: (text, why).
const SYNTAX_EXCEPTIONS: &[(&str, &str)] = &[
    (
        "@e4#",
        "crazyhouse drop: this project reports variants it does not replay, so drops are SanSyntaxError::Drop",
    ),
    ("K@b3", "crazyhouse drop: SanSyntaxError::Drop"),
    ("P@f2", "crazyhouse drop: SanSyntaxError::Drop"),
];

fn corpus_dir() -> Option<PathBuf> {
    common::shared_corpus("san")
}

fn load(dir: &std::path::Path, name: &str) -> Value {
    let text = std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn mode_of(case: &Value) -> CastlingMode {
    if case["chess960"].as_bool().unwrap_or(false) {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    }
}

/// Our verdict for a parse case: the UCI move, `0000`, `illegal`, `ambiguous` or `invalid`.
fn verdict(position: &Position, san: &str, mode: CastlingMode) -> String {
    match position.resolve_san(san, mode) {
        Ok(resolved) => resolved
            .m
            .map_or_else(|| "0000".to_string(), |m| m.to_uci(mode)),
        Err(SanError::Illegal { .. }) => "illegal".into(),
        Err(SanError::Ambiguous { .. }) => "ambiguous".into(),
        Err(SanError::Invalid { .. }) => "invalid".into(),
    }
}

fn check_case(case: &Value) -> Result<(), String> {
    let id = case["id"].as_str().unwrap_or("?");
    let fen = case["fen"].as_str().ok_or("no fen")?;
    let san = case["san"].as_str().ok_or("no san")?;
    let expect = case["expect"].as_str().ok_or("no expect")?;
    let mode = mode_of(case);
    let position = load_corpus_fen(fen, mode).map_err(|e| format!("{id}: FEN {fen}: {e}"))?;
    let expect = match EXCEPTIONS.iter().find(|(case_id, ..)| *case_id == id) {
        Some((_, ours, _)) => *ours,
        None => expect,
    };
    match case["basis"].as_str().unwrap_or("parse") {
        "render" => {
            let m = position
                .legal_moves()
                .into_iter()
                .find(|m| m.to_uci(mode) == expect || m.to_uci(CastlingMode::Chess960) == expect)
                .ok_or_else(|| format!("{id}: {expect} is not a legal move in {fen}"))?;
            let ours = position.san(&m);
            if ours != san {
                return Err(format!(
                    "{id}: wrote {ours}, expected {san} for {expect} in {fen}"
                ));
            }
            // What we write, we must read back canonically.
            let back = position
                .resolve_san(&ours, mode)
                .map_err(|e| format!("{id}: {ours}: {e}"))?;
            if back.m != Some(m) || !back.deviations.is_empty() {
                return Err(format!("{id}: {ours} read back as {back:?}"));
            }
        }
        _ => {
            let ours = verdict(&position, san, mode);
            if ours != expect {
                return Err(format!(
                    "{id}: {san:?} in {fen}: got {ours}, expected {expect}"
                ));
            }
            if let Some(after) = case["fen_after"].as_str() {
                let mut played = position.clone();
                played
                    .play_san(san, mode)
                    .map_err(|e| format!("{id}: {e}"))?;
                let format = if mode == CastlingMode::Chess960 {
                    FenFormat::Shredder
                } else {
                    FenFormat::XFen
                };
                let ours = played.to_fen(format);
                let n_fields = after.split(' ').count();
                let ours: Vec<&str> = ours.split(' ').take(n_fields).collect();
                if ours.join(" ") != after {
                    return Err(format!("{id}: after {san}: {} != {after}", ours.join(" ")));
                }
            }
        }
    }
    Ok(())
}

#[test]
fn san_corpus_cases_resolve_and_render_as_the_source_libraries_say() {
    let Some(dir) = corpus_dir() else { return };
    let mut failures = Vec::new();
    let mut used_exceptions = 0;
    for name in ["python-chess.json", "shakmaty.json"] {
        let corpus = load(&dir, name);
        let cases = corpus["cases"].as_array().expect("cases");
        for case in cases {
            if let Err(e) = check_case(case) {
                failures.push(e);
            }
            if EXCEPTIONS
                .iter()
                .any(|(id, ..)| Some(*id) == case["id"].as_str())
            {
                used_exceptions += 1;
            }
        }
        println!("{name}: {} cases checked", cases.len());
    }
    assert_eq!(
        used_exceptions,
        EXCEPTIONS.len(),
        "every exception names a case in the corpus"
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn shakmaty_syntax_cases_parse() {
    let Some(dir) = corpus_dir() else { return };
    let corpus = load(&dir, "shakmaty.json");
    let cases = corpus["syntax_cases"].as_array().expect("syntax_cases");
    let mut failures = Vec::new();
    for case in cases {
        let san = case["san"].as_str().expect("san");
        let valid = case["valid_syntax"].as_bool().expect("valid_syntax");
        let parsed = parse_san(san);
        let expected_ok = valid && !SYNTAX_EXCEPTIONS.iter().any(|(text, _)| *text == san);
        if parsed.is_ok() != expected_ok {
            failures.push(format!(
                "{san:?}: parsed {parsed:?}, expected ok = {expected_ok}"
            ));
        }
        if let (Ok(parsed), Some("--")) = (parsed, case["roundtrip"].as_str())
            && parsed.kind != SanKind::Null
        {
            failures.push(format!("{san:?} should be a null move"));
        }
    }
    let pe4 = parse_san("Pe4").expect("Pe4");
    assert!(pe4.deviations.contains(Deviation::PawnLetter));
    println!(
        "shakmaty.json: {} syntax cases checked ({} exceptions)",
        cases.len(),
        SYNTAX_EXCEPTIONS.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
