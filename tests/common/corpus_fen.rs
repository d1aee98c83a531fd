//! The corpus FEN loader shared by the SAN and legality corpus tests (`#[path]`-included).

use pgn_arbiter::rules::{CastlingMode, FenErrors, FenOptions, Position, load_fen_with};

/// Loads a corpus FEN. The source libraries accept positions whose check no legal last move could
/// have given (the ep square says which move came last); our loader refuses those by default
/// (`fen-impossible-check`) and loads them with a warning when asked, as here: the cases are about
/// moves, not about the FEN.
pub fn load_corpus_fen(fen: &str, mode: CastlingMode) -> Result<Position, FenErrors> {
    load_fen_with(
        fen,
        FenOptions {
            mode: Some(mode),
            allow_impossible_check: true,
        },
    )
    .map(|loaded| loaded.position)
}
