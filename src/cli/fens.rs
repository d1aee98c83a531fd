//! `pgn-arbiter fens FILE`: for each main-line ply, the game number, ply, SAN and FEN after the
//! move, tab-separated. Games whose setup is invalid or unsupported print nothing; a main line stops
//! at its first illegal move (with a note on stderr).

use crate::lint::LintOptions;
use crate::lint::context::GameContext;
use crate::lint::rules::setup;
use crate::rules::FenFormat;
use crate::syntax::{GameReader, NodeKind};
use std::io::{self, Read, Write};
use std::path::Path;

/// Prints the FENs of every main line in the file at `path` (`-` for stdin).
pub fn run(out: &mut impl Write, path: &Path) -> io::Result<u8> {
    let reader: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(io::stdin())
    } else {
        match std::fs::File::open(path) {
            Ok(f) => Box::new(f),
            Err(e) => {
                eprintln!("error: cannot read `{}`: {e}", path.display());
                return Ok(2);
            }
        }
    };
    let options = LintOptions::default();
    let mut games = GameReader::new(reader);
    let mut game_number = 0;
    let mut code = 0;
    loop {
        let streamed = match games.read_game() {
            Ok(Some(streamed)) => streamed,
            Ok(None) => break,
            // A read failure (a folder given as the file, an I/O error) is the input's, not the
            // output's: name the path and exit 2.
            Err(e) => {
                eprintln!("error: cannot read `{}`: {e}", path.display());
                return Ok(2);
            }
        };
        game_number += 1;
        let (game, text) = (&streamed.game, streamed.text.as_str());
        let mut cx = GameContext {
            game,
            text,
            options: &options,
            ignored: Vec::new(),
            diagnostics: Vec::new(),
        };
        let Some(start) = setup::check(&mut cx) else {
            eprintln!(
                "note: game {game_number}: start position unknown (invalid FEN or unsupported variant); skipped"
            );
            continue;
        };
        let mut position = start.position;
        let mut ply = 0;
        for (_, node) in game.mainline_nodes() {
            if !matches!(node.kind, NodeKind::Move { .. }) {
                continue;
            }
            ply += 1;
            let san = node.range.slice(text);
            match position.play_san(san, start.mode) {
                Ok(_) => writeln!(
                    out,
                    "{game_number}\t{ply}\t{san}\t{}",
                    position.to_fen(FenFormat::XFen)
                )?,
                Err(e) => {
                    eprintln!(
                        "error: game {game_number}, ply {ply}: `{san}`: {e}; the rest of this game is skipped"
                    );
                    code = 1;
                    break;
                }
            }
        }
    }
    Ok(code)
}
