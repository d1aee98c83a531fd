//! SAN resolution throughput, ours against shakmaty, on the real games in
//! `../shared/corpus/pgn/real/*.pgn` (main lines only).
//!
//! (A) `Position::play_san` (parse, resolve among legal moves, check-suffix verdict, play) and
//! (B) shakmaty's `SanPlus::from_ascii(..).san.to_move(&pos)` + `play_unchecked`, alternating
//! A B A B over several rounds. Prints moves/s of each and the ratio ours/shakmaty.
//!
//! Run with `cargo bench --bench san` (`SAN_BENCH_ROUNDS=n` sets the number of rounds, 10 by
//! default).

use pgn_arbiter::rules::{CastlingMode, Position, load_fen};
use shakmaty::{Chess, Position as _, fen::Fen, san::SanPlus};
use std::hint::black_box;
use std::time::{Duration, Instant};

struct Game {
    fen: Option<String>,
    sans: Vec<String>,
}

/// A throwaway movetext tokenizer: tags (keeping FEN), `{}` and `;` comments, variations (skipped
/// entirely), move numbers, NAGs and results are dropped; SAN tokens are kept without `!`/`?`.
fn games_of(text: &str) -> Vec<Game> {
    let mut games = Vec::new();
    let mut fen = None;
    let mut sans = Vec::new();
    let mut in_movetext = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            // A tag after movetext starts the next game.
            if in_movetext {
                games.push(Game {
                    fen: fen.take(),
                    sans: std::mem::take(&mut sans),
                });
                in_movetext = false;
            }
            if let Some(rest) = trimmed.strip_prefix("[FEN \"") {
                fen = rest.split('"').next().map(str::to_string);
            }
            continue;
        }
        in_movetext |= !trimmed.is_empty();
        sans.push(line.to_string());
    }
    if in_movetext {
        games.push(Game { fen, sans });
    }
    // Now tokenise each game's movetext lines.
    games
        .into_iter()
        .map(|g| Game {
            fen: g.fen,
            sans: tokens(&g.sans.join("\n")),
        })
        .filter(|g| !g.sans.is_empty())
        .collect()
}

fn tokens(movetext: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut chars = movetext.chars().peekable();
    let mut token = String::new();
    let flush = |token: &mut String, out: &mut Vec<String>, depth: usize| {
        let t = token.trim_end_matches(['!', '?']);
        let t = t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        let is_result = matches!(token.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*");
        if depth == 0 && !t.is_empty() && !is_result && !token.starts_with('$') {
            // `0-0` starts with a digit: keep the original token when stripping ate it all.
            let t = if token.starts_with('0') {
                token.as_str()
            } else {
                t
            };
            out.push(t.to_string());
        }
        token.clear();
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut token, &mut out, depth);
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
            }
            ';' => {
                flush(&mut token, &mut out, depth);
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut token, &mut out, depth);
                depth += 1;
            }
            ')' => {
                flush(&mut token, &mut out, depth);
                depth = depth.saturating_sub(1);
            }
            c if c.is_whitespace() => flush(&mut token, &mut out, depth),
            c => token.push(c),
        }
    }
    flush(&mut token, &mut out, depth);
    out
}

fn our_start(game: &Game) -> Option<Position> {
    match &game.fen {
        None => Some(Position::new()),
        Some(fen) => load_fen(fen, None).ok().map(|l| l.position),
    }
}

fn their_start(game: &Game) -> Option<Chess> {
    match &game.fen {
        None => Some(Chess::new()),
        Some(fen) => Fen::from_ascii(fen.as_bytes())
            .ok()?
            .into_position(shakmaty::CastlingMode::Chess960)
            .ok(),
    }
}

/// Keeps each game's longest prefix that both libraries replay.
fn validated(games: Vec<Game>) -> Vec<Game> {
    games
        .into_iter()
        .filter_map(|mut g| {
            let mut ours = our_start(&g)?;
            let mut theirs = their_start(&g)?;
            let mut n_ok = 0;
            for san in &g.sans {
                let Ok(ours_resolved) = ours.play_san(san, CastlingMode::Standard) else {
                    break;
                };
                let Some(m) = SanPlus::from_ascii(san.as_bytes())
                    .ok()
                    .and_then(|s| s.san.to_move(&theirs).ok())
                else {
                    break;
                };
                if ours_resolved.m.is_none() {
                    break;
                }
                theirs.play_unchecked(m);
                n_ok += 1;
            }
            g.sans.truncate(n_ok);
            (!g.sans.is_empty()).then_some(g)
        })
        .collect()
}

#[inline(never)]
fn run_ours(games: &[Game]) -> usize {
    let mut n = 0;
    for g in games {
        let mut pos = our_start(g).expect("validated");
        for san in &g.sans {
            let resolved = pos
                .play_san(black_box(san), CastlingMode::Standard)
                .expect("validated");
            black_box(resolved);
            n += 1;
        }
    }
    n
}

#[inline(never)]
fn run_shakmaty(games: &[Game]) -> usize {
    let mut n = 0;
    for g in games {
        let mut pos = their_start(g).expect("validated");
        for san in &g.sans {
            let san = SanPlus::from_ascii(black_box(san).as_bytes()).expect("validated");
            let m = san.san.to_move(&pos).expect("validated");
            pos.play_unchecked(black_box(m));
            n += 1;
        }
    }
    n
}

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/pgn/real");
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("NOTICE: {dir} missing; nothing to benchmark");
        return;
    };
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    paths.sort();
    let mut games = Vec::new();
    for path in &paths {
        let bytes = std::fs::read(path).expect("read pgn");
        games.extend(games_of(&String::from_utf8_lossy(&bytes)));
    }
    let n_games = games.len();
    let games = validated(games);
    let n_moves: usize = games.iter().map(|g| g.sans.len()).sum();
    println!(
        "{} files, {n_games} games, {} replayable, {n_moves} main-line moves",
        paths.len(),
        games.len()
    );

    // `SAN_BENCH_ROUNDS=1` for a quick run under `valgrind --tool=callgrind`, whose inclusive
    // counts of `run_ours` and `run_shakmaty` compare instructions independently of machine load.
    let rounds = std::env::var("SAN_BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(10);
    let (mut ours, mut theirs) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..rounds {
        let start = Instant::now();
        assert_eq!(run_ours(&games), n_moves);
        ours += start.elapsed();
        let start = Instant::now();
        assert_eq!(run_shakmaty(&games), n_moves);
        theirs += start.elapsed();
    }
    let rate = |d: Duration| (n_moves * rounds) as f64 / d.as_secs_f64();
    println!(
        "ours (play_san):               {:>12.0} moves/s",
        rate(ours)
    );
    println!(
        "shakmaty (to_move + play):     {:>12.0} moves/s",
        rate(theirs)
    );
    println!(
        "ratio ours/shakmaty:           {:>12.2}x",
        rate(ours) / rate(theirs)
    );
}
