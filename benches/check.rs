//! `check` throughput against pgn-reader's `validate` example, on the same ≥ 100 MB input.
//!
//! Usage: `cargo bench --bench check` (needs `../shared/corpus/pgn/real/`). The real samples are
//! concatenated and repeated into a temporary file of at least `PGN_BENCH_MB` MB (default 100).
//!
//! - A: our `check_stream` with every rule on (`--select` all, export profile), single-threaded (a
//!   rayon pool of 1 thread), printing into a counting printer;
//! - B: the baseline, pgn-reader 0.29 + shakmaty replaying every main-line SAN, the logic of
//!   pgn-reader's `examples/validate.rs` written against its API here (dev-dependency only, never
//!   shipped);
//! - runs alternate A B A B …; the best run of each counts; ratio = A / B (> 1: we are faster).
//!   Exits 1 when the ratio is below 0.7;
//! - C: our check on every core (a rayon pool of `available_parallelism` threads): the speed-up
//!   over A.
//!
//! For profiling, `PGN_BENCH_ONLY=ours` or `PGN_BENCH_ONLY=baseline` runs one side once and
//! prints its time (e.g. under `valgrind --tool=callgrind` with `PGN_BENCH_MB=4`).

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Instant;

use pgn_arbiter::cli::check::{Progress, check_stream};
use pgn_arbiter::cli::findings::Finding;
use pgn_arbiter::cli::printers::{Printer, Summary};
use pgn_arbiter::lint::{LintOptions, Profile, Rule};
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

/// Counts findings, like a printer that writes nothing.
#[derive(Default)]
struct Count {
    findings: usize,
}

impl Printer for Count {
    fn finding(&mut self, _path: &str, finding: &Finding) -> io::Result<()> {
        std::hint::black_box(finding);
        self.findings += 1;
        Ok(())
    }
    fn finish(&mut self, _summary: &Summary) -> io::Result<()> {
        Ok(())
    }
}

/// pgn-reader's `validate` example: replay every SAN of the main line with shakmaty; a game stops
/// at its first illegal move or invalid FEN.
struct Validator {
    games: usize,
    failed: usize,
}

impl Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let Ok(fen) = Fen::from_ascii(value.as_bytes()) else {
                return ControlFlow::Break(false);
            };
            let Ok(pos) = fen.into_position(CastlingMode::Chess960) else {
                return ControlFlow::Break(false);
            };
            tags.replace(pos);
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(movetext) {
            Ok(m) => {
                movetext.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _movetext: Self::Movetext) -> Self::Output {
        true
    }
}

fn build_input(min_bytes: u64) -> io::Result<(PathBuf, u64)> {
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/pgn/real");
    let mut sample = Vec::new();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&real)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", real.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    names.sort();
    for name in names {
        let mut bytes = std::fs::read(&name)?;
        while bytes.last().is_some_and(|b| b.is_ascii_whitespace()) {
            bytes.pop();
        }
        sample.extend_from_slice(&bytes);
        sample.extend_from_slice(b"\n\n");
    }
    let path = std::env::temp_dir().join(format!(
        "pgn-arbiter-bench-check-{}.pgn",
        std::process::id()
    ));
    let mut out = BufWriter::new(File::create(&path)?);
    let mut written = 0u64;
    while written < min_bytes {
        out.write_all(&sample)?;
        written += sample.len() as u64;
    }
    out.flush()?;
    Ok((path, written))
}

fn run_ours(path: &Path, options: &LintOptions, pool: &rayon::ThreadPool) -> (f64, usize, usize) {
    let started = Instant::now();
    let (games, findings) = pool.install(|| {
        let mut printer = Count::default();
        let mut summary = Summary::default();
        let file = File::open(path).expect("input");
        check_stream(
            file,
            "bench.pgn",
            options,
            &mut printer,
            &mut summary,
            &Progress::hidden(),
        )
        .expect("check");
        (summary.n_games, printer.findings)
    });
    (started.elapsed().as_secs_f64(), games, findings)
}

fn run_baseline(path: &Path) -> (f64, usize, usize) {
    let started = Instant::now();
    let mut reader = Reader::new(File::open(path).expect("input"));
    let mut validator = Validator {
        games: 0,
        failed: 0,
    };
    while let Some(ok) = reader.read_game(&mut validator).expect("read") {
        if !ok {
            validator.failed += 1;
        }
    }
    (
        started.elapsed().as_secs_f64(),
        validator.games,
        validator.failed,
    )
}

fn main() -> io::Result<()> {
    let mb: u64 = std::env::var("PGN_BENCH_MB")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let rounds: usize = std::env::var("PGN_BENCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let (path, bytes) = build_input(mb * 1_000_000)?;
    let size_mb = bytes as f64 / 1e6;
    println!(
        "input: {} ({size_mb:.1} MB: the real samples repeated)",
        path.display()
    );
    let options = LintOptions {
        profile: Profile::Export,
        select: Rule::ALL.to_vec(),
        ignore: Vec::new(),
    };
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("pool");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let all = rayon::ThreadPoolBuilder::new()
        .num_threads(cores)
        .build()
        .expect("pool");

    if let Ok(only) = std::env::var("PGN_BENCH_ONLY") {
        let seconds = match only.as_str() {
            "ours" => run_ours(&path, &options, &one).0,
            "baseline" => run_baseline(&path).0,
            other => {
                eprintln!("PGN_BENCH_ONLY must be `ours` or `baseline`, not `{other}`");
                std::process::exit(2);
            }
        };
        let _ = std::fs::remove_file(&path);
        println!("{only}: {:.1} MB/s", size_mb / seconds);
        return Ok(());
    }
    let (mut best_a, mut best_b) = (f64::MAX, f64::MAX);
    for round in 1..=rounds {
        let (a, games, findings) = run_ours(&path, &options, &one);
        println!(
            "round {round} A ours, 1 thread:  {:7.1} MB/s  ({games} games, {findings} findings, every rule on)",
            size_mb / a
        );
        let (b, games, failed) = run_baseline(&path);
        println!(
            "round {round} B pgn-reader validate: {:7.1} MB/s  ({games} games, {failed} stopped early)",
            size_mb / b
        );
        best_a = best_a.min(a);
        best_b = best_b.min(b);
    }
    let mut best_c = f64::MAX;
    for round in 1..=rounds.min(2) {
        let (c, _, _) = run_ours(&path, &options, &all);
        println!(
            "round {round} C ours, {cores} threads: {:7.1} MB/s",
            size_mb / c
        );
        best_c = best_c.min(c);
    }
    let _ = std::fs::remove_file(&path);

    let ratio = best_b / best_a;
    println!();
    println!("| run | MB/s |");
    println!("|---|---|");
    println!(
        "| A: pgn-arbiter check, all rules, 1 thread | {:.1} |",
        size_mb / best_a
    );
    println!(
        "| B: pgn-reader 0.29 validate (shakmaty) | {:.1} |",
        size_mb / best_b
    );
    println!(
        "| C: pgn-arbiter check, all rules, {cores} threads | {:.1} |",
        size_mb / best_c
    );
    println!("ratio A/B = {ratio:.2}x (target >= 1.0, fails below 0.7)");
    println!("speed-up C/A on {cores} cores = {:.2}x", best_a / best_c);
    if ratio < 0.7 {
        eprintln!("FAIL: check is below 0.7x of pgn-reader's validate");
        std::process::exit(1);
    }
    Ok(())
}
