//! `perft`, `san` and `fen`: small tools over the rules module, and its black-box test surface.

use super::ToolFormat;
use crate::rules::{CastlingMode, FenFormat, Position, load_fen, perft_divide};
use serde_json::json;
use std::io::{self, Write};

/// Loads the tool's starting position: the FEN if given, else the standard start. Chess960 mode is
/// on when asked for or when the castling rights can only be read that way. Problems go to stderr
/// and give exit code 2 (a usage error).
fn load_start(fen: Option<&str>, chess960: bool) -> Result<(Position, CastlingMode), u8> {
    let mode = |needed: bool| {
        if chess960 || needed {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    };
    let Some(fen) = fen else {
        return Ok((Position::new(), mode(false)));
    };
    match load_fen(fen, None) {
        Ok(loaded) => {
            for warning in &loaded.warnings {
                eprintln!("warning: {warning}");
            }
            Ok((loaded.position, mode(loaded.needs_chess960)))
        }
        Err(errors) => {
            for error in &errors.0 {
                eprintln!("error: invalid FEN `{fen}`: {error}");
            }
            Err(2)
        }
    }
}

/// `pgn-arbiter perft`: prints the total as `nodes: N` (last line, last word), after the per-move
/// counts with `--divide`.
pub(crate) fn perft(
    out: &mut impl Write,
    fen: Option<&str>,
    chess960: bool,
    divide: bool,
    depth: u32,
) -> io::Result<u8> {
    let (position, mode) = match load_start(fen, chess960) {
        Ok(start) => start,
        Err(code) => return Ok(code),
    };
    let total = if divide && depth > 0 {
        let rows = perft_divide(&position, depth);
        for (m, nodes) in &rows {
            writeln!(out, "{}: {}", m.to_uci(mode), nodes)?;
        }
        writeln!(out)?;
        rows.iter().map(|(_, n)| n).sum()
    } else {
        crate::rules::perft(&position, depth)
    };
    writeln!(out, "nodes: {total}")?;
    Ok(0)
}

/// `pgn-arbiter fen`: the normalised FEN (exit 0), or every problem (exit 1).
pub(crate) fn fen(
    out: &mut impl Write,
    text: &str,
    shredder: bool,
    format: ToolFormat,
) -> io::Result<u8> {
    let fen_format = if shredder {
        FenFormat::Shredder
    } else {
        FenFormat::XFen
    };
    match load_fen(text, None) {
        Ok(loaded) => {
            let normalized = loaded.position.to_fen(fen_format);
            let warnings: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
            match format {
                ToolFormat::Text => {
                    writeln!(out, "{normalized}")?;
                    for warning in &warnings {
                        eprintln!("warning: {warning}");
                    }
                }
                ToolFormat::Json => writeln!(
                    out,
                    "{}",
                    json!({ "valid": true, "fen": normalized, "chess960": loaded.needs_chess960, "warnings": warnings })
                )?,
            }
            Ok(0)
        }
        Err(errors) => {
            let list: Vec<String> = errors.0.iter().map(|e| e.to_string()).collect();
            match format {
                ToolFormat::Text => {
                    for error in &list {
                        writeln!(out, "error: {error}")?;
                    }
                }
                ToolFormat::Json => writeln!(out, "{}", json!({ "valid": false, "errors": list }))?,
            }
            Ok(1)
        }
    }
}

/// `pgn-arbiter san`: one line per SAN.
pub(crate) fn san(
    out: &mut impl Write,
    fen: Option<&str>,
    chess960: bool,
    play: bool,
    format: ToolFormat,
    sans: &[String],
) -> io::Result<u8> {
    let _ = (out, fen, chess960, play, format, sans);
    eprintln!("error: san is not available yet");
    Ok(2)
}
