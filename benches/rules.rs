//! perft speed against shakmaty, measured side by side in one run (the anchor, see DESIGN.md
//! "Measuring speed").
//!
//! For each position and each of two measures, our code (A) and shakmaty (B) run alternately
//! A B A B … (the order flips every round, so neither side always runs warm) for several rounds;
//! each side's best round gives its nodes/s, and the table shows ours/shakmaty per position plus the
//! geometric mean over positions:
//!
//! * `bulk`: perft with bulk counting (the legal-move count stands in for the last ply): our
//!   [`perft`] vs [`shakmaty::perft`];
//! * `full`: every leaf move played (one clone-and-play per node): our [`perft_full`] vs the same
//!   loop written over shakmaty's `legal_moves` and `play_unchecked`.
//!
//! Usage: `cargo bench --bench rules [-- [--rounds N] [--depth-delta D] [--filter TEXT]]`, or the
//! environment variables `BENCH_ROUNDS`, `BENCH_DEPTH_DELTA`, `BENCH_FILTER`. `--depth-delta -1`
//! runs every position one ply shallower (a quick smoke run).

use pgn_arbiter::rules::{Position, perft, perft_full};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// (name, FEN, depth with bulk counting, depth playing every leaf). Depths aim at 0.05-0.3 s a run.
const POSITIONS: &[(&str, &str, u32, u32)] = &[
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 5),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4),
    ("cpw-3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 5),
    ("cpw-4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 4),
    ("cpw-5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 4),
    ("cpw-6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 4),
    ("960 bqnb1rkr", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 5, 4),
    ("960 2nnrbkr", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", 4, 4),
];

fn shakmaty_full(pos: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        nodes += shakmaty_full(&child, depth - 1);
    }
    nodes
}

struct Options {
    rounds: u32,
    depth_delta: i32,
    filter: Option<String>,
}

fn options() -> Options {
    let mut opts = Options {
        rounds: std::env::var("BENCH_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(5),
        depth_delta: std::env::var("BENCH_DEPTH_DELTA").ok().and_then(|v| v.parse().ok()).unwrap_or(0),
        filter: std::env::var("BENCH_FILTER").ok(),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1);
        match args[i].as_str() {
            "--rounds" => opts.rounds = value.and_then(|v| v.parse().ok()).expect("--rounds N"),
            "--depth-delta" => opts.depth_delta = value.and_then(|v| v.parse().ok()).expect("--depth-delta D"),
            "--filter" => opts.filter = value.cloned(),
            // `cargo bench` passes `--bench`; ignore it and anything else unknown.
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    opts.rounds = opts.rounds.max(1);
    opts
}

fn time<F: FnMut() -> u64>(mut f: F) -> (u64, Duration) {
    let start = Instant::now();
    let nodes = black_box(f());
    (nodes, start.elapsed())
}

/// Best-of-rounds nodes/s for (ours, shakmaty), alternating which runs first.
fn measure(rounds: u32, mut ours: impl FnMut() -> u64, mut theirs: impl FnMut() -> u64, name: &str) -> (f64, f64) {
    let (mut best_ours, mut best_theirs) = (Duration::MAX, Duration::MAX);
    let mut nodes = 0;
    for round in 0..rounds {
        let ((n_ours, t_ours), (n_theirs, t_theirs)) = if round % 2 == 0 {
            let a = time(&mut ours);
            (a, time(&mut theirs))
        } else {
            let b = time(&mut theirs);
            (time(&mut ours), b)
        };
        nodes = n_ours;
        assert_eq!(n_ours, n_theirs, "{name}: node counts differ");
        best_ours = best_ours.min(t_ours);
        best_theirs = best_theirs.min(t_theirs);
    }
    let nodes = nodes as f64;
    (nodes / best_ours.as_secs_f64(), nodes / best_theirs.as_secs_f64())
}

fn main() {
    let opts = options();
    println!(
        "perft nodes/s, ours vs shakmaty 0.30.1, best of {} alternating rounds (A B, then B A, ...)",
        opts.rounds
    );
    println!(
        "{:<14} {:>5} {:>10} {:>10} {:>7}   {:>5} {:>10} {:>10} {:>7}",
        "position", "depth", "bulk ours", "shakmaty", "ratio", "depth", "full ours", "shakmaty", "ratio"
    );
    let (mut log_bulk, mut log_full, mut n) = (0.0f64, 0.0f64, 0u32);
    for &(name, fen, bulk_depth, full_depth) in POSITIONS {
        if opts.filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let ours = Position::from_fen(fen).expect("our FEN");
        let theirs: Chess = Fen::from_ascii(fen.as_bytes())
            .expect("shakmaty FEN")
            .into_position(CastlingMode::Chess960)
            .expect("shakmaty position");
        let bulk_depth = (bulk_depth as i32 + opts.depth_delta).max(1) as u32;
        let full_depth = (full_depth as i32 + opts.depth_delta).max(1) as u32;
        let (bulk_ours, bulk_theirs) = measure(
            opts.rounds,
            || perft(black_box(&ours), bulk_depth),
            || shakmaty::perft(black_box(&theirs), bulk_depth),
            name,
        );
        let (full_ours, full_theirs) = measure(
            opts.rounds,
            || perft_full(black_box(&ours), full_depth),
            || shakmaty_full(black_box(&theirs), full_depth),
            name,
        );
        let (rb, rf) = (bulk_ours / bulk_theirs, full_ours / full_theirs);
        log_bulk += rb.ln();
        log_full += rf.ln();
        n += 1;
        println!(
            "{:<14} {:>5} {:>9.1}M {:>9.1}M {:>6.2}x   {:>5} {:>9.1}M {:>9.1}M {:>6.2}x",
            name,
            bulk_depth,
            bulk_ours / 1e6,
            bulk_theirs / 1e6,
            rb,
            full_depth,
            full_ours / 1e6,
            full_theirs / 1e6,
            rf
        );
    }
    if n > 0 {
        println!(
            "geometric mean ours/shakmaty: bulk {:.2}x, full {:.2}x ({n} positions)",
            (log_bulk / n as f64).exp(),
            (log_full / n as f64).exp()
        );
    }
}
