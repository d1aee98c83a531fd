//! Throughput of lex + parse against pgn-reader's tokenizer, and the cost of an incremental edit.
//!
//! Usage: `cargo bench --bench syntax_throughput`. Needs `../shared/corpus/pgn/real/`. The lichess and
//! TWIC samples are repeated to at least 100 MB; runs alternate A B A B; ratios > 1 mean we are faster.

use std::hint::black_box;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use pgn_arbiter::syntax::{Document, GameParser, TextRange, parse};
use pgn_reader::{Nag, Outcome, RawComment, RawTag, Reader, SanPlus, Visitor};

/// Counts tokens like pgn-reader's `stats` example.
#[derive(Default)]
struct Stats {
    games: usize,
    tags: usize,
    sans: usize,
    nags: usize,
    comments: usize,
    variations: usize,
    outcomes: usize,
}

impl Visitor for Stats {
    type Tags = ();
    type Output = ();
    type Movetext = ();
    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(())
    }
    fn tag(&mut self, _: &mut (), _: &[u8], _: RawTag<'_>) -> ControlFlow<Self::Output> {
        self.tags += 1;
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(())
    }
    fn san(&mut self, _: &mut (), _: SanPlus) -> ControlFlow<Self::Output> {
        self.sans += 1;
        ControlFlow::Continue(())
    }
    fn nag(&mut self, _: &mut (), _: Nag) -> ControlFlow<Self::Output> {
        self.nags += 1;
        ControlFlow::Continue(())
    }
    fn comment(&mut self, _: &mut (), _: RawComment<'_>) -> ControlFlow<Self::Output> {
        self.comments += 1;
        ControlFlow::Continue(())
    }
    fn end_variation(&mut self, _: &mut ()) -> ControlFlow<Self::Output> {
        self.variations += 1;
        ControlFlow::Continue(())
    }
    fn outcome(&mut self, _: &mut (), _: Outcome) -> ControlFlow<Self::Output> {
        self.outcomes += 1;
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _: ()) -> Self::Output {
        self.games += 1;
    }
}

fn load(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/pgn/real")
        .join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (the benchmark needs ../shared)", path.display()))
}

fn repeat_to(unit: &str, size: usize) -> String {
    let mut s = String::with_capacity(size + unit.len());
    while s.len() < size {
        s.push_str(unit);
    }
    s
}

fn time<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let t = Instant::now();
    let out = f();
    (t.elapsed().as_secs_f64(), out)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn ours_streaming(text: &str) -> usize {
    let mut parser = GameParser::new(text, 0);
    let mut n = 0;
    while let Some(game) = parser.next_game() {
        n += black_box(&game).nodes.len();
    }
    n
}

fn theirs(text: &str) -> usize {
    let mut stats = Stats::default();
    Reader::new(text.as_bytes())
        .visit_all_games(&mut stats)
        .expect("in-memory read");
    black_box((
        stats.tags,
        stats.nags,
        stats.comments,
        stats.variations,
        stats.outcomes,
    ));
    stats.sans + stats.games
}

fn main() {
    let rounds = 3;
    for name in ["lichess-2025-05-sample.pgn", "twic1599-sample.pgn"] {
        let text = repeat_to(&load(name), 100_000_000);
        let mb = text.len() as f64 / 1e6;
        let (mut a_stream, mut a_full, mut b) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..rounds {
            a_stream.push(time(|| ours_streaming(&text)).0);
            b.push(time(|| theirs(&text)).0);
            a_full.push(time(|| black_box(parse(&text)).games.len()).0);
            b.push(time(|| theirs(&text)).0);
        }
        let (a_stream, a_full, b) = (median(a_stream), median(a_full), median(b));
        println!("{name} x{:.0} MB:", mb);
        println!("  pgn-reader stats visitor     {:>8.1} MB/s", mb / b);
        println!(
            "  ours, game by game (dropped) {:>8.1} MB/s  ratio {:.2}x",
            mb / a_stream,
            b / a_stream
        );
        println!(
            "  ours, parse() whole file     {:>8.1} MB/s  ratio {:.2}x",
            mb / a_full,
            b / a_full
        );
    }

    // Incremental: a one-character edit in the middle of a 50 MB file.
    let text = repeat_to(&load("lichess-2025-05-sample.pgn"), 50_000_000);
    let (full, _) = time(|| black_box(parse(&text)).games.len());
    let mut doc = Document::new(&text);
    let mid = text.len() / 2;
    // Somewhere inside a move in the middle: after the first "1. " past the middle.
    let at = (mid + text[mid..].find("\n1. ").expect("a movetext line") + 4) as u32;
    let mut edits = Vec::new();
    for i in 0..200 {
        let dt = if i % 2 == 0 {
            time(|| doc.edit(TextRange::empty(at), "x")).0
        } else {
            time(|| doc.edit(TextRange::new(at, at + 1), "")).0
        };
        edits.push(dt);
    }
    assert_eq!(doc.games().len(), parse(&text).games.len());
    let edit = median(edits);
    println!(
        "incremental: full parse of {:.0} MB {:.1} ms; one-character edit {:.1} µs; full/edit ratio {:.0}x",
        text.len() as f64 / 1e6,
        full * 1e3,
        edit * 1e6,
        full / edit
    );
}
