//! The shared pipeline of `fix` and `fmt`: read each file whole, rewrite it game by game (in
//! parallel), refuse games whose meaning would change, then write atomically, show a diff, or only
//! report what would change.

use super::atomic::write_atomically;
use super::config::{self, CliOptions};
use super::inputs::{self, Input};
use crate::lint::fixer::GameFix;
use crate::lint::{LintOptions, Rule, file};
use crate::syntax::{decode, parse};
use rayon::prelude::*;
use std::io::{self, Read, Write};
use std::path::PathBuf;

/// What to do with the rewritten text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// Replace the files (stdin goes to stdout).
    Write,
    /// Print a unified diff; change nothing.
    Diff,
    /// Only say which files would change; exit 1 if any would.
    Check,
}

/// Where a game stands in its file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GamePlace<'a> {
    /// The rules switched off for it by escape lines.
    pub ignored: &'a [Rule],
    /// Whether it is the file's last game.
    pub is_last: bool,
}

/// A per-game rewrite of a game's text, with the options and the game's place in the file.
pub type Rewrite<'a> = dyn Fn(&str, &LintOptions, GamePlace<'_>) -> GameFix + Sync + 'a;

/// Totals over a run.
#[derive(Debug, Default)]
struct Totals {
    n_files_changed: usize,
    n_changes: usize,
    n_refused: usize,
    failed: bool,
}

/// Runs a rewrite over `paths`. `verb` names it in messages (`fixed`, `formatted`).
pub fn run(
    paths: &[PathBuf],
    cli: &CliOptions,
    output: Output,
    verb: &str,
    rewrite: &Rewrite<'_>,
) -> io::Result<u8> {
    let paths = if paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        paths.to_vec()
    };
    let (inputs, problems) = inputs::collect(&paths);
    let mut totals = Totals {
        failed: !problems.is_empty(),
        ..Totals::default()
    };
    for problem in &problems {
        eprintln!("error: {problem}");
    }
    let stdout = io::stdout();
    for input in &inputs {
        let config = match input {
            Input::Stdin => std::env::current_dir()
                .ok()
                .and_then(|d| config::find_config(&d)),
            Input::File(path) => config::find_config(path),
        };
        let options = match config::resolve(config.as_deref(), cli) {
            Ok(options) => options,
            Err(message) => {
                eprintln!("error: {message}");
                totals.failed = true;
                continue;
            }
        };
        let bytes = match read_input(input) {
            Ok(bytes) => bytes,
            Err(e) => {
                eprintln!("error: cannot read `{}`: {e}", input.display());
                totals.failed = true;
                continue;
            }
        };
        let decoded = decode(&bytes);
        if decoded.was_windows_1252 {
            eprintln!(
                "error: `{}` is not valid UTF-8; refusing to rewrite it (convert it to UTF-8 first)",
                input.display()
            );
            totals.failed = true;
            continue;
        }
        let text = decoded.text.as_ref();
        let rewritten = rewrite_text(text, &options, rewrite);
        let (new_text, n_changes) = (&rewritten.text, rewritten.n_changes);
        for (game, reason) in &rewritten.refusals {
            eprintln!(
                "warning: {}: game {game}: not {verb}: {reason}",
                input.display()
            );
        }
        totals.n_refused += rewritten.refusals.len();
        if new_text.as_str() == text {
            if *input == Input::Stdin && output == Output::Write {
                stdout.lock().write_all(text.as_bytes())?;
            }
            continue;
        }
        totals.n_files_changed += 1;
        totals.n_changes += n_changes;
        match (output, input) {
            (Output::Check, _) => {
                eprintln!("would change `{}` ({n_changes} changes)", input.display())
            }
            (Output::Diff, _) => {
                write_diff(&mut stdout.lock(), &input.display(), text, &rewritten)?
            }
            (Output::Write, Input::Stdin) => stdout.lock().write_all(new_text.as_bytes())?,
            (Output::Write, Input::File(path)) => {
                match write_atomically(path, |out| out.write_all(new_text.as_bytes())) {
                    Ok(()) => eprintln!(
                        "{verb} `{}` ({n_changes} change{})",
                        path.display(),
                        if n_changes == 1 { "" } else { "s" }
                    ),
                    Err(e) => {
                        eprintln!(
                            "error: cannot write `{}`: {e}; the file is unchanged",
                            path.display()
                        );
                        totals.failed = true;
                    }
                }
            }
        }
    }
    eprintln!(
        "{} file{} {}{}, {} change{}{}",
        totals.n_files_changed,
        if totals.n_files_changed == 1 { "" } else { "s" },
        if output == Output::Write {
            ""
        } else {
            "would be "
        },
        verb,
        totals.n_changes,
        if totals.n_changes == 1 { "" } else { "s" },
        if totals.n_refused > 0 {
            format!(", {} game(s) refused", totals.n_refused)
        } else {
            String::new()
        }
    );
    Ok(if totals.failed {
        2
    } else if output == Output::Check && totals.n_files_changed > 0 {
        1
    } else {
        0
    })
}

fn read_input(input: &Input) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    match input {
        Input::Stdin => io::stdin().read_to_end(&mut bytes)?,
        Input::File(path) => std::fs::File::open(path)?.read_to_end(&mut bytes)?,
    };
    Ok(bytes)
}

/// A file after a rewrite.
#[derive(Debug, Default)]
pub struct Rewritten {
    /// The new text.
    pub text: String,
    /// Changes made (fixes applied, or games reformatted).
    pub n_changes: usize,
    /// Refused games (1-based) with the reason.
    pub refusals: Vec<(usize, String)>,
    /// Byte offsets of each changed region: (old start, old end, new start, new end).
    pub changed: Vec<(usize, usize, usize, usize)>,
}

/// Rewrites every game of a file's text.
pub fn rewrite_text(text: &str, options: &LintOptions, rewrite: &Rewrite<'_>) -> Rewritten {
    let parsed = parse(text);
    let mut carried = Vec::new();
    let mut ignores = Vec::with_capacity(parsed.games.len());
    for game in &parsed.games {
        ignores.push(std::mem::take(&mut carried));
        carried = file::trailing_ignores(game, game.text(text));
    }
    let n_games = parsed.games.len();
    let results: Vec<GameFix> = parsed
        .games
        .par_iter()
        .zip(ignores.par_iter())
        .enumerate()
        .map(|(i, (game, ignored))| {
            rewrite(
                game.text(text),
                options,
                GamePlace {
                    ignored,
                    is_last: i + 1 == n_games,
                },
            )
        })
        .collect();
    let mut out = Rewritten {
        text: String::with_capacity(text.len()),
        ..Rewritten::default()
    };
    let mut covered = 0usize;
    // A byte-order mark is not part of any game's meaning: drop it when the rule is on.
    if options.is_enabled(Rule::Bom) && text.starts_with('\u{feff}') {
        covered = 3;
        out.n_changes += 1;
        out.changed.push((0, 3, 0, 0));
    }
    for (i, (game, result)) in parsed.games.iter().zip(results).enumerate() {
        let range = game.range();
        let (start, end) = ((range.start as usize).max(covered), range.end as usize);
        out.text.push_str(&text[covered..start]);
        match result {
            GameFix::Fixed { text: new, n_fixes } => {
                let new = if start > range.start as usize {
                    new.strip_prefix('\u{feff}').unwrap_or(&new).to_string()
                } else {
                    new
                };
                out.changed
                    .push((start, end, out.text.len(), out.text.len() + new.len()));
                out.text.push_str(&new);
                out.n_changes += n_fixes;
            }
            GameFix::Unchanged => out.text.push_str(&text[start..end]),
            GameFix::Refused { reason } => {
                out.text.push_str(&text[start..end]);
                out.refusals.push((i + 1, reason));
            }
        }
        covered = end;
    }
    out.text.push_str(&text[covered..]);
    out
}

/// A unified diff with one hunk per changed region (each region trimmed to its changed lines).
pub fn write_diff(
    out: &mut impl Write,
    path: &str,
    old: &str,
    rewritten: &Rewritten,
) -> io::Result<()> {
    writeln!(out, "--- {path}")?;
    writeln!(out, "+++ {path}")?;
    let new = rewritten.text.as_str();
    for &(old_start, old_end, new_start, new_end) in &rewritten.changed {
        let a: Vec<&str> = old[old_start..old_end].split_inclusive('\n').collect();
        let b: Vec<&str> = new[new_start..new_end].split_inclusive('\n').collect();
        let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
        let suffix = a[prefix..]
            .iter()
            .rev()
            .zip(b[prefix..].iter().rev())
            .take_while(|(x, y)| x == y)
            .count();
        let old_line = old[..old_start].matches('\n').count() + prefix + 1;
        let new_line = new[..new_start].matches('\n').count() + prefix + 1;
        let (removed, added) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
        writeln!(
            out,
            "@@ -{old_line},{} +{new_line},{} @@",
            removed.len(),
            added.len()
        )?;
        for line in removed {
            write!(out, "-{}", ensure_newline(line))?;
        }
        for line in added {
            write!(out, "+{}", ensure_newline(line))?;
        }
    }
    Ok(())
}

fn ensure_newline(line: &str) -> std::borrow::Cow<'_, str> {
    if line.ends_with('\n') {
        line.into()
    } else {
        format!("{line}\n").into()
    }
}
