//! Command-line interface: argument parsing and dispatch to one module per command family.
//!
//! Exit codes: 0 when nothing at error severity was found, 1 when something was, 2 for usage or
//! I/O failures (clap's own usage errors also exit 2).

mod tools;

use clap::{Parser, Subcommand, ValueEnum};
use std::io::Write;
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

#[derive(Subcommand, Debug)]
enum Command {
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

/// Parses the arguments and runs the command.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = match cli.command {
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
