//! `perft`, `san` and `fen`: small tools over the rules module, and its black-box test surface.

use super::ToolFormat;
use crate::rules::san::{Resolved, SanError};
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

/// The outcome of one SAN, as a text line and as JSON. `canonical` is the move's canonical SAN in
/// the position it was resolved in; `fen_after` is given with `--play`.
fn san_line(
    san: &str,
    result: &Result<Resolved, SanError>,
    canonical: Option<String>,
    mode: CastlingMode,
    fen_after: Option<&str>,
) -> (String, serde_json::Value) {
    match result {
        Ok(resolved) => {
            let uci = resolved
                .m
                .map_or_else(|| "0000".to_string(), |m| m.to_uci(mode));
            let deviations: Vec<String> =
                resolved.deviations.iter().map(|d| d.to_string()).collect();
            let fen_suffix = fen_after.map(|fen| format!(" {fen}")).unwrap_or_default();
            let value = json!({
                "san": san, "result": "move", "uci": uci, "canonical": canonical,
                "deviations": deviations, "fen": fen_after,
            });
            (format!("{uci}{fen_suffix}"), value)
        }
        Err(SanError::Illegal { reason }) => (
            format!("illegal: {reason}"),
            json!({ "san": san, "result": "illegal", "reason": reason.to_string() }),
        ),
        Err(SanError::Invalid { reason }) => (
            format!("invalid: {reason}"),
            json!({ "san": san, "result": "invalid", "reason": reason.to_string() }),
        ),
        Err(SanError::Ambiguous { candidates }) => {
            let ucis: Vec<String> = candidates.iter().map(|m| m.to_uci(mode)).collect();
            (
                format!("ambiguous: {}", ucis.join(" ")),
                json!({ "san": san, "result": "ambiguous", "candidates": ucis }),
            )
        }
    }
}

/// `pgn-arbiter san`: one line per SAN: the UCI move, or `illegal:`/`ambiguous:`/`invalid:` with
/// the reason. With `--play` the moves are played in sequence and each line ends with the FEN after
/// the move; after a move fails, the remaining ones are reported as `skipped:`. Exit 1 if any SAN
/// did not resolve.
pub(crate) fn san(
    out: &mut impl Write,
    fen: Option<&str>,
    chess960: bool,
    play: bool,
    format: ToolFormat,
    sans: &[String],
) -> io::Result<u8> {
    let (mut position, mode) = match load_start(fen, chess960) {
        Ok(start) => start,
        Err(code) => return Ok(code),
    };
    let fen_format = if mode == CastlingMode::Chess960 {
        FenFormat::Shredder
    } else {
        FenFormat::XFen
    };
    let mut failed = false;
    for san in sans {
        if play && failed {
            match format {
                ToolFormat::Text => {
                    writeln!(out, "skipped: not played after an earlier move failed")?
                }
                ToolFormat::Json => {
                    writeln!(out, "{}", json!({ "san": san, "result": "skipped" }))?
                }
            }
            continue;
        }
        let result = position.resolve_san(san, mode);
        let played = result.as_ref().ok().map(|r| r.m);
        let canonical = played.flatten().map(|m| position.san(&m));
        let fen_after = match played {
            Some(m) if play => {
                match m {
                    Some(m) => position.play_unchecked(&m),
                    None => position.play_null(),
                }
                Some(position.to_fen(fen_format))
            }
            _ => None,
        };
        failed |= result.is_err();
        let (line, value) = san_line(san, &result, canonical, mode, fen_after.as_deref());
        match format {
            ToolFormat::Text => writeln!(out, "{line}")?,
            ToolFormat::Json => writeln!(out, "{value}")?,
        }
    }
    Ok(u8::from(failed))
}
