//! Linear time on pathological inputs: time per byte must stay flat from 1 MB to 100 MB.
//!
//! Usage: `cargo bench --bench syntax_linear [-- SIZES_MB...]` (default 1 10 100). Each input is lexed
//! and parsed game by game (each game dropped after parsing, like the streaming reader does).

use std::hint::black_box;
use std::time::Instant;

use pgn_arbiter::syntax::GameParser;

fn repeat_to(unit: &str, size: usize) -> String {
    let mut s = String::with_capacity(size + unit.len());
    while s.len() < size {
        s.push_str(unit);
    }
    s
}

fn inputs(size: usize) -> Vec<(&'static str, String)> {
    let deep = {
        let mut s = String::from("[Event \"deep\"]\n\n1. e4 ");
        let half = size / 2;
        s.push_str(&repeat_to("(e4 ", half));
        s.push_str(&repeat_to(")", size - s.len()));
        s.push_str(" *\n");
        s
    };
    let giant_comment = {
        let mut s = String::from("[Event \"comment\"]\n\n1. e4 {");
        s.push_str(&repeat_to("a long comment with words and lines\n", size));
        s.push_str("} *\n");
        s
    };
    let giant_line = {
        let mut s = String::from("[Event \"line\"]\n\n");
        s.push_str(&repeat_to("1. e4 e5 2. Nf3 Nc6 $1 ", size));
        s.push_str("*\n");
        s
    };
    let tiny_games = repeat_to("[Event \"t\"]\n\n1. e4 *\n\n", size);
    let unterminated = {
        let mut s = String::from("[Event \"broken\"]\n\n1. e4 { never closed\n");
        s.push_str(&repeat_to(
            "[Event \"g\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 {ok} Nc6 3. Bb5 a6 1-0\n\n",
            size,
        ));
        s
    };
    vec![
        ("deep parentheses", deep),
        ("one giant comment", giant_comment),
        ("giant single line", giant_line),
        ("many tiny games", tiny_games),
        ("unterminated { at top", unterminated),
    ]
}

fn parse_all(text: &str) -> (usize, usize) {
    let mut parser = GameParser::new(text, 0);
    let (mut games, mut nodes) = (0, 0);
    while let Some(game) = parser.next_game() {
        games += 1;
        nodes += black_box(&game).nodes.len();
    }
    (games, nodes)
}

fn main() {
    let sizes: Vec<usize> = {
        let args: Vec<usize> = std::env::args()
            .skip(1)
            .filter_map(|a| a.parse().ok())
            .collect();
        if args.is_empty() {
            vec![1, 10, 100]
        } else {
            args
        }
    };
    println!(
        "{:<24} {:>8} {:>10} {:>10} {:>12}",
        "input", "MB", "games", "ms", "ns/byte"
    );
    for &mb in &sizes {
        for (name, text) in inputs(mb * 1_000_000) {
            let runs = if mb >= 50 { 1 } else { 3 };
            let mut best = f64::INFINITY;
            let mut games = 0;
            for _ in 0..runs {
                let t = Instant::now();
                games = parse_all(&text).0;
                best = best.min(t.elapsed().as_secs_f64());
            }
            println!(
                "{:<24} {:>8} {:>10} {:>10.1} {:>12.3}",
                name,
                mb,
                games,
                best * 1e3,
                best * 1e9 / text.len() as f64
            );
        }
    }
}
