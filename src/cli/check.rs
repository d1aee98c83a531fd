//! `pgn-arbiter check`: lint files, folders and stdin, streaming game by game and linting the games
//! of a batch in parallel, then print the findings in file order.

use super::config::{self, CliOptions};
use super::findings::{Finding, GameLocator};
use super::inputs::{self, Input};
use super::printers::{Printer, Summary};
use crate::lint::{self, Diagnostic, LintOptions, Rule, Severity, file};
use crate::syntax::{GameReader, StreamedGame};
use rayon::prelude::*;
use std::io::{self, IsTerminal, Read};
use std::path::PathBuf;
use std::time::Instant;

/// Games linted together, per thread of the pool. Small batches keep a game's text and tree in
/// cache between parsing and linting (512-game batches ran 10% slower on one thread); a few games
/// per thread are enough to keep every thread busy.
const BATCH_GAMES_PER_THREAD: usize = 16;
/// Bytes of game text per batch (a bound for files of huge games).
const BATCH_BYTES: usize = 4 << 20;

/// Runs `check` over `paths`, printing with `printer`. Returns the exit code: 0, 1 (findings at
/// error severity, unless `exit_zero`), or 2 (a path could not be read).
pub fn run(
    paths: &[PathBuf],
    cli: &CliOptions,
    printer: &mut dyn Printer,
    exit_zero: bool,
) -> io::Result<u8> {
    let started = Instant::now();
    let paths = if paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        paths.to_vec()
    };
    let (inputs, problems) = inputs::collect(&paths);
    let mut failed = !problems.is_empty();
    for problem in &problems {
        eprintln!("error: {problem}");
    }
    let progress = Progress::new();
    let mut summary = Summary::default();
    // Small files are checked in parallel into buffers, then printed in order; large files and
    // stdin stream game batches (parallel within the batch) straight to the printer.
    for chunk in inputs.chunks(FILES_PER_CHUNK) {
        let buffered: Vec<Option<FileOutcome>> = chunk
            .par_iter()
            .map(|input| match input {
                Input::File(path)
                    if std::fs::metadata(path).is_ok_and(|m| m.len() < SMALL_FILE) =>
                {
                    let mut collected = Collect::default();
                    let mut file_summary = Summary::default();
                    let result =
                        check_input(input, cli, &mut collected, &mut file_summary, &progress);
                    Some(FileOutcome {
                        findings: collected.0,
                        summary: file_summary,
                        result,
                    })
                }
                _ => None,
            })
            .collect();
        for (input, outcome) in chunk.iter().zip(buffered) {
            let result = match outcome {
                Some(outcome) => {
                    for finding in &outcome.findings {
                        printer.finding(&input.display(), finding)?;
                    }
                    summary.add(&outcome.summary);
                    outcome.result
                }
                None => {
                    let mut file_summary = Summary::default();
                    let result = check_input(input, cli, printer, &mut file_summary, &progress);
                    summary.add(&file_summary);
                    result
                }
            };
            match result {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Err(e),
                Err(e) => {
                    eprintln!("error: {e}");
                    failed = true;
                }
            }
        }
    }
    progress.finish();
    summary.elapsed = started.elapsed();
    printer.finish(&summary)?;
    eprintln!("{}", summary.line());
    Ok(if failed {
        2
    } else if summary.n_errors > 0 && !exit_zero {
        1
    } else {
        0
    })
}

/// Files smaller than this are read and checked in parallel with other files.
const SMALL_FILE: u64 = 8 << 20;
/// Files checked together (their findings are buffered until printed).
const FILES_PER_CHUNK: usize = 64;

/// A file checked into a buffer.
struct FileOutcome {
    findings: Vec<Finding>,
    summary: Summary,
    result: io::Result<()>,
}

/// A printer that keeps the findings.
#[derive(Default)]
struct Collect(Vec<Finding>);

impl Printer for Collect {
    fn finding(&mut self, _path: &str, finding: &Finding) -> io::Result<()> {
        self.0.push(finding.clone());
        Ok(())
    }
    fn finish(&mut self, _summary: &Summary) -> io::Result<()> {
        Ok(())
    }
}

/// Checks one input: finds its options, opens it, streams it. Errors say what failed and where.
fn check_input(
    input: &Input,
    cli: &CliOptions,
    printer: &mut dyn Printer,
    summary: &mut Summary,
    progress: &Progress,
) -> io::Result<()> {
    let options = options_for(input, cli).map_err(io::Error::other)?;
    let reader: Box<dyn Read + Send> = match input {
        Input::Stdin => Box::new(io::stdin()),
        Input::File(path) => Box::new(std::fs::File::open(path).map_err(|e| {
            io::Error::new(e.kind(), format!("cannot read `{}`: {e}", path.display()))
        })?),
    };
    summary.n_files += 1;
    check_stream(
        reader,
        &input.display(),
        &options,
        printer,
        summary,
        progress,
    )
    .map_err(|e| {
        if e.kind() == io::ErrorKind::BrokenPipe {
            e
        } else {
            io::Error::new(e.kind(), format!("cannot read `{}`: {e}", input.display()))
        }
    })
}

fn options_for(input: &Input, cli: &CliOptions) -> Result<LintOptions, String> {
    let config = match input {
        Input::Stdin => std::env::current_dir()
            .ok()
            .and_then(|d| config::find_config(&d)),
        Input::File(path) => config::find_config(path),
    };
    config::resolve(config.as_deref(), cli)
}

/// Lints every game of one stream. Reading and parsing the next batch of games overlaps linting
/// the current one (on another thread of the pool when there is one); findings are printed in file
/// order, batch by batch.
pub fn check_stream(
    reader: impl Read + Send,
    path: &str,
    options: &LintOptions,
    printer: &mut dyn Printer,
    summary: &mut Summary,
    progress: &Progress,
) -> io::Result<()> {
    let mut games = GameReader::new(reader);
    let mut state = FileState::default();
    let batch_games = BATCH_GAMES_PER_THREAD * rayon::current_num_threads();
    let mut batch = read_batch(&mut games, batch_games)?;
    while !batch.is_empty() {
        let current = std::mem::take(&mut batch);
        let (next, findings) = rayon::join(
            || read_batch(&mut games, batch_games),
            || state.lint_batch(current, options, summary),
        );
        progress.games(summary.n_games);
        for finding in &findings {
            summary.count(finding.diagnostic.severity);
            printer.finding(path, finding)?;
        }
        batch = next?;
    }
    Ok(())
}

/// The next games of `games`: up to `max_games` of them, or [`BATCH_BYTES`] of text.
fn read_batch<R: Read>(
    games: &mut GameReader<R>,
    max_games: usize,
) -> io::Result<Vec<StreamedGame>> {
    let mut batch = Vec::with_capacity(max_games);
    let mut bytes = 0;
    while batch.len() < max_games && bytes < BATCH_BYTES {
        match games.read_game()? {
            Some(game) => {
                bytes += game.text.len();
                batch.push(game);
            }
            None => break,
        }
    }
    Ok(batch)
}

/// What carries over from one batch of a file to the next.
#[derive(Default)]
struct FileState {
    n_games: usize,
    carried_ignores: Vec<Rule>,
    duplicates: file::DuplicateFinder,
    column_base: u64,
    encoding_reported: bool,
}

impl FileState {
    fn lint_batch(
        &mut self,
        batch: Vec<StreamedGame>,
        options: &LintOptions,
        summary: &mut Summary,
    ) -> Vec<Finding> {
        // Escape lines between games switch rules off for the next game: a sequential pass.
        let mut ignores = Vec::with_capacity(batch.len());
        for game in &batch {
            ignores.push(std::mem::take(&mut self.carried_ignores));
            self.carried_ignores = file::trailing_ignores(&game.game, &game.text);
        }
        let find_duplicates = options.is_enabled(Rule::DuplicateGame);
        // Linting and the duplicate-game key run in parallel; only the key lookup is sequential.
        let reports: Vec<(lint::GameReport, u64)> = batch
            .par_iter()
            .zip(ignores.par_iter())
            .map(|(game, ignored)| {
                let report = lint::lint_game(&game.game, &game.text, options, ignored);
                let content = game.game.content;
                let key = if find_duplicates && !content.is_empty() {
                    file::content_key(content.slice(&game.text))
                } else {
                    0
                };
                (report, key)
            })
            .collect();
        let mut findings = Vec::new();
        for (game, (report, key)) in batch.iter().zip(reports) {
            let game_idx = self.n_games;
            self.n_games += 1;
            summary.n_games += 1;
            summary.n_moves += report.n_moves;
            let mut diagnostics = report.diagnostics;
            let enabled = |rule: Rule| options.is_enabled(rule);
            if game_idx == 0 && game.text.starts_with('\u{feff}') && enabled(Rule::Bom) {
                diagnostics.insert(0, file::bom_diagnostic());
            }
            if game.windows_1252 && !self.encoding_reported && enabled(Rule::Encoding) {
                self.encoding_reported = true;
                diagnostics.insert(0, file::encoding_diagnostic());
            }
            let content = game.game.content;
            if !content.is_empty()
                && enabled(Rule::DuplicateGame)
                && let Some(first) = self.duplicates.record_key(game_idx, key)
            {
                diagnostics.push(file::duplicate_diagnostic(content, first));
            }
            if !diagnostics.is_empty() {
                let locator =
                    GameLocator::new(&game.text, game.byte_offset, game.line, self.column_base);
                findings.extend(
                    diagnostics
                        .into_iter()
                        .map(|d: Diagnostic| locator.locate(game_idx + 1, d)),
                );
            }
            self.column_base = match game.text.rfind('\n') {
                Some(i) => game.text[i + 1..].chars().count() as u64,
                None => self.column_base + game.text.chars().count() as u64,
            };
        }
        findings
    }
}

/// A progress line on stderr for long runs, only when stderr is a terminal.
pub struct Progress(Option<indicatif::ProgressBar>);

impl Progress {
    fn new() -> Progress {
        if !io::stderr().is_terminal() {
            return Progress(None);
        }
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_draw_target(indicatif::ProgressDrawTarget::stderr_with_hz(4));
        Progress(Some(bar))
    }

    /// No progress line (for callers embedding [`check_stream`]: tests, benchmarks).
    pub fn hidden() -> Progress {
        Progress(None)
    }

    fn games(&self, n_games: usize) {
        if let Some(bar) = &self.0 {
            bar.set_message(format!("checked {n_games} games"));
            bar.tick();
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

impl Summary {
    fn add(&mut self, other: &Summary) {
        self.n_files += other.n_files;
        self.n_games += other.n_games;
        self.n_moves += other.n_moves;
        self.n_errors += other.n_errors;
        self.n_warnings += other.n_warnings;
        self.n_infos += other.n_infos;
    }

    fn count(&mut self, severity: Severity) {
        match severity {
            Severity::Error => self.n_errors += 1,
            Severity::Warning => self.n_warnings += 1,
            Severity::Info => self.n_infos += 1,
        }
    }
}
