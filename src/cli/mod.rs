//! Command-line interface: argument parsing and dispatch to one module per command family.
//!
//! Exit codes: 0 when nothing at error severity was found, 1 when something was, 2 for usage or
//! I/O failures (clap's own usage errors also exit 2).

pub mod atomic;
pub mod check;
pub mod config;
mod fens;
pub mod findings;
pub mod inputs;
pub mod printers;
pub mod rewrite;
mod tools;

use clap::{Parser, Subcommand, ValueEnum};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// A linter and language server for chess games in PGN.
#[derive(Parser, Debug)]
#[command(name = "pgn-arbiter", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Output format of the small tools.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ToolFormat {
    /// One human-readable line per result.
    Text,
    /// One JSON object per line.
    Json,
}

/// Output format of `check`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum CheckFormat {
    /// rustc/ruff-like: the message, the source line and a caret under the range.
    Human,
    /// JSON Lines: one object per finding (see README).
    Json,
    /// GitHub Actions annotations.
    Github,
    /// SARIF 2.1.0.
    Sarif,
}

/// Options shared by `check`, `fix` and `fmt`.
#[derive(clap::Args, Debug, Clone)]
pub(crate) struct LintArgs {
    /// Files, folders (searched recursively for `*.pgn`) or `-` for stdin. Default: the current folder.
    paths: Vec<PathBuf>,
    /// Rule profile: `import` (the default) or `export` (archival: adds the Seven Tag Roster, tag
    /// order, 80 columns, `$n` NAGs, move numbers).
    #[arg(long)]
    profile: Option<String>,
    /// Only these rules (comma-separated ids; `ALL` for every rule, export ones included).
    #[arg(long, value_delimiter = ',')]
    select: Vec<String>,
    /// Never these rules (comma-separated ids).
    #[arg(long, value_delimiter = ',')]
    ignore: Vec<String>,
}

impl LintArgs {
    fn cli_options(&self) -> Result<config::CliOptions, String> {
        Ok(config::CliOptions {
            profile: self
                .profile
                .as_deref()
                .map(config::parse_profile)
                .transpose()?,
            select: config::parse_rules(&self.select)?,
            ignore: config::parse_rules(&self.ignore)?,
        })
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Lint PGN files: every move replayed, every rule of the catalogue (docs/rules.md).
    Check {
        #[command(flatten)]
        lint: LintArgs,
        /// Output format.
        #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
        format: CheckFormat,
        /// Exit 0 even when errors are found.
        #[arg(long)]
        exit_zero: bool,
    },
    /// Apply safe fixes (`--unsafe`: unsafe ones too); refuse any change of meaning.
    Fix {
        #[command(flatten)]
        lint: LintArgs,
        /// Also apply unsafe fixes (never a choice between candidates, like an ambiguous move's).
        #[arg(long = "unsafe")]
        unsafe_fixes: bool,
        /// Show the changes as a diff; write nothing.
        #[arg(long)]
        diff: bool,
    },
    /// Rewrite games in the PGN export format (tag order, move numbers, 80 columns, `$n` NAGs).
    Fmt {
        #[command(flatten)]
        lint: LintArgs,
        /// Only report which files would change; exit 1 if any would.
        #[arg(long)]
        check: bool,
        /// Show the changes as a diff; write nothing.
        #[arg(long)]
        diff: bool,
    },
    /// For each main-line ply: game number, ply, SAN and the FEN after the move (tab-separated).
    Fens {
        /// The PGN file (`-` for stdin).
        path: PathBuf,
    },
    /// Count the leaves of the legal move tree (perft), optionally per root move.
    Perft {
        /// Start from this FEN instead of the standard start (X-FEN or Shredder-FEN).
        #[arg(long)]
        fen: Option<String>,
        /// Write castling moves king-onto-rook (Chess960 UCI). Switched on by itself when the FEN's
        /// castling rights can only be read as Chess960.
        #[arg(long)]
        chess960: bool,
        /// Print the count below each legal root move.
        #[arg(long)]
        divide: bool,
        /// Depth in plies.
        depth: u32,
    },
    /// Resolve SAN moves in a position: the UCI move, or why not (illegal, ambiguous, invalid).
    San {
        /// The position (default: the standard start).
        #[arg(long)]
        fen: Option<String>,
        /// Chess960 castling notation (switched on by itself when the FEN needs it).
        #[arg(long)]
        chess960: bool,
        /// Play the moves in sequence, printing the FEN after each, instead of resolving each in
        /// the given position.
        #[arg(long)]
        play: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ToolFormat::Text)]
        format: ToolFormat,
        /// The SAN moves (put `--` before them if one starts with `-`).
        #[arg(required = true, allow_hyphen_values = true)]
        san: Vec<String>,
    },
    /// Validate and normalise a FEN (X-FEN and Shredder-FEN accepted).
    Fen {
        /// Output format.
        #[arg(long, value_enum, default_value_t = ToolFormat::Text)]
        format: ToolFormat,
        /// Write castling rights as Shredder-FEN file letters.
        #[arg(long)]
        shredder: bool,
        /// The FEN (quote it: it contains spaces).
        fen: String,
    },
}

fn run_check(
    lint: &LintArgs,
    format: CheckFormat,
    exit_zero: bool,
    out: &mut impl Write,
) -> std::io::Result<u8> {
    let options = match lint.cli_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("error: {message}");
            return Ok(2);
        }
    };
    let mut printer: Box<dyn printers::Printer + '_> = match format {
        CheckFormat::Human => Box::new(printers::HumanPrinter::new(out)),
        CheckFormat::Json => Box::new(printers::JsonPrinter::new(out)),
        CheckFormat::Github => Box::new(printers::GithubPrinter::new(out)),
        CheckFormat::Sarif => Box::new(printers::SarifPrinter::new(out)),
    };
    check::run(&lint.paths, &options, printer.as_mut(), exit_zero)
}

fn run_rewrite(
    lint: &LintArgs,
    output: rewrite::Output,
    verb: &str,
    rewrite: &rewrite::Rewrite<'_>,
) -> std::io::Result<u8> {
    match lint.cli_options() {
        Ok(options) => rewrite::run(&lint.paths, &options, output, verb, rewrite),
        Err(message) => {
            eprintln!("error: {message}");
            Ok(2)
        }
    }
}

/// Parses the arguments and runs the command.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = match cli.command {
        Command::Check {
            lint,
            format,
            exit_zero,
        } => run_check(&lint, format, exit_zero, &mut out),
        Command::Fix {
            lint,
            unsafe_fixes,
            diff,
        } => {
            let policy = crate::lint::fixer::FixPolicy { unsafe_fixes };
            let output = if diff {
                rewrite::Output::Diff
            } else {
                rewrite::Output::Write
            };
            run_rewrite(&lint, output, "fixed", &|text, options, place| {
                crate::lint::fixer::fix_game(text, options, place.ignored, policy)
            })
        }
        Command::Fmt { lint, check, diff } => {
            let output = match (check, diff) {
                (_, true) => rewrite::Output::Diff,
                (true, false) => rewrite::Output::Check,
                (false, false) => rewrite::Output::Write,
            };
            run_rewrite(&lint, output, "formatted", &|text, _, place| {
                crate::lint::export_format::format_game(text, place.is_last)
            })
        }
        Command::Fens { path } => fens::run(&mut out, &path),
        Command::Perft {
            fen,
            chess960,
            divide,
            depth,
        } => tools::perft(&mut out, fen.as_deref(), chess960, divide, depth),
        Command::San {
            fen,
            chess960,
            play,
            format,
            san,
        } => tools::san(&mut out, fen.as_deref(), chess960, play, format, &san),
        Command::Fen {
            format,
            shredder,
            fen,
        } => tools::fen(&mut out, &fen, shredder, format),
    };
    match result.and_then(|code| out.flush().map(|()| code)) {
        Ok(code) => ExitCode::from(code),
        // A closed pipe (`| head`) is the reader's choice, not a failure.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write output: {e}");
            ExitCode::from(2)
        }
    }
}
