//! Perft counts from the shared corpus (`../shared/corpus/perft/{random,tricky,chess960}.perft`:
//! python-chess's random positions, shakmaty's tricky positions and all 960 Chess960 starts).
//!
//! Every position is loaded in Chess960 castling mode, as the source libraries do (`KQkq` names
//! the outermost rooks), allowing impossible checks (tricky.perft has double checks by two pawns or
//! two knights, and checks an en-passant square shows could not have been given: our FEN loader
//! refuses those by default, as python-chess and shakmaty do; their perft suites load them anyway). Every (position, depth) pair whose expected node count is at most
//! `PGN_ARBITER_PERFT_LIMIT` (default [`DEFAULT_LIMIT`], sized for the test profile) is checked.
//! CI in release raises the limit. Without `../shared/corpus` the test fails when `CI=true` and
//! otherwise prints a notice and passes.

mod common;

use pgn_arbiter::rules::{
    CastlingMode, FenError, FenOptions, Position, load_fen_with, perft, perft_divide,
};
use std::path::PathBuf;
use std::time::Instant;

/// Default node limit per (position, depth). In the test profile (opt-level 1) on one core this
/// checks ~27,000 pairs and ~580 million nodes in about 35 s (1,000,000 takes about 2 minutes).
const DEFAULT_LIMIT: u64 = 300_000;

const FILES: &[&str] = &["tricky.perft", "chess960.perft", "random.perft"];

/// Positions our FEN loader refuses on purpose, by id, with the error it must give and why. They
/// are checked to be refused with that error, not skipped.
/// (file, id, the error it must be refused with, why).
type Refusal = (
    &'static str,
    &'static str,
    fn(&FenError) -> bool,
    &'static str,
);

const REFUSED: &[Refusal] = &[(
    "tricky.perft",
    "max-legals-too-much-material",
    |e| matches!(e, FenError::TooManyPieces { .. }),
    "white has 28 pieces; shakmaty also refuses it unless told to ignore too much material. Move \
     generation is bounded (256 moves) for positions with a side's material that a game can reach",
)];

struct Case {
    file: &'static str,
    line: usize,
    id: String,
    epd: String,
    counts: Vec<(u32, u64)>,
}

fn corpus_dir() -> Option<PathBuf> {
    common::shared_corpus("perft")
}

fn parse(file: &'static str, text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match key {
            "id" => cases.push(Case {
                file,
                line: i + 1,
                id: rest.to_string(),
                epd: String::new(),
                counts: Vec::new(),
            }),
            "epd" => {
                let case = cases
                    .last_mut()
                    .unwrap_or_else(|| panic!("{file}:{}: epd before id", i + 1));
                assert!(
                    case.epd.is_empty(),
                    "{file}:{}: second epd in block {}",
                    i + 1,
                    case.id
                );
                case.epd = rest.to_string();
            }
            "perft" => {
                let case = cases
                    .last_mut()
                    .unwrap_or_else(|| panic!("{file}:{}: perft before id", i + 1));
                let mut parts = rest.split_whitespace();
                let depth = parts.next().and_then(|d| d.parse().ok());
                let nodes = parts.next().and_then(|n| n.parse().ok());
                match (depth, nodes, parts.next()) {
                    (Some(d), Some(n), None) => case.counts.push((d, n)),
                    _ => panic!("{file}:{}: bad perft line `{raw}`", i + 1),
                }
            }
            _ => panic!("{file}:{}: unknown line `{raw}`", i + 1),
        }
    }
    cases
}

#[test]
fn perft_corpus() {
    let Some(dir) = corpus_dir() else { return };
    let limit = match std::env::var("PGN_ARBITER_PERFT_LIMIT") {
        Ok(v) => v
            .trim()
            .replace('_', "")
            .parse()
            .unwrap_or_else(|_| panic!("PGN_ARBITER_PERFT_LIMIT={v} is not a number")),
        Err(_) => DEFAULT_LIMIT,
    };
    let start = Instant::now();
    let (mut positions, mut pairs, mut nodes, mut skipped, mut refused) =
        (0usize, 0usize, 0u64, 0usize, 0usize);
    let mut failures = Vec::new();
    for file in FILES {
        let text =
            std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("read {file}: {e}"));
        let cases = parse(file, &text);
        assert!(!cases.is_empty(), "{file} holds no positions");
        let mut file_pairs = 0;
        for case in &cases {
            assert!(
                !case.epd.is_empty(),
                "{}:{}: {} has no epd",
                case.file,
                case.line,
                case.id
            );
            let options = FenOptions {
                mode: Some(CastlingMode::Chess960),
                allow_impossible_check: true,
            };
            let loaded = load_fen_with(&case.epd, options);
            if let Some((_, _, expected_error, why)) =
                REFUSED.iter().find(|r| r.0 == case.file && r.1 == case.id)
            {
                match &loaded {
                    Err(e) if e.0.iter().any(expected_error) => {
                        println!(
                            "refused as expected: {} {} ({e}): {why}",
                            case.file, case.id
                        );
                        refused += 1;
                    }
                    other => failures.push(format!(
                        "{} {}: expected a refusal ({why}), got {other:?}",
                        case.file, case.id
                    )),
                }
                continue;
            }
            let position: Position = match loaded {
                Ok(loaded) => loaded.position,
                Err(e) => {
                    failures.push(format!(
                        "{}:{} {} `{}`: refused: {e}",
                        case.file, case.line, case.id, case.epd
                    ));
                    continue;
                }
            };
            positions += 1;
            for &(depth, expected) in &case.counts {
                if expected > limit {
                    skipped += 1;
                    continue;
                }
                let got = match std::panic::catch_unwind(|| perft(&position, depth)) {
                    Ok(got) => got,
                    Err(_) => {
                        failures.push(format!(
                            "{}:{} {} `{}` depth {depth}: panicked",
                            case.file, case.line, case.id, case.epd
                        ));
                        break;
                    }
                };
                pairs += 1;
                file_pairs += 1;
                nodes += expected;
                if got != expected {
                    let divide: Vec<String> = perft_divide(&position, depth)
                        .iter()
                        .map(|(m, n)| format!("{}:{n}", m.to_uci(CastlingMode::Chess960)))
                        .collect();
                    failures.push(format!(
                        "{}:{} {} `{}` depth {depth}: expected {expected}, got {got}; divide {}",
                        case.file,
                        case.line,
                        case.id,
                        case.epd,
                        divide.join(" ")
                    ));
                }
            }
        }
        println!(
            "{file}: {} positions, {file_pairs} (position, depth) pairs checked",
            cases.len()
        );
    }
    println!(
        "perft corpus: {positions} positions, {pairs} (position, depth) pairs, {nodes} nodes checked \
         (limit {limit} nodes per pair, {skipped} pairs above it; {refused} positions refused as listed) in {:.1?}",
        start.elapsed()
    );
    assert!(
        failures.is_empty(),
        "{} perft failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
