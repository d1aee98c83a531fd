//! Differential test against shakmaty (GPL-3.0, a dev-dependency used as an oracle only): over
//! seeded random playouts from the standard start and Chess960 starts, at every ply, for every
//! legal move of every fourth ply and for the move played on every ply: our canonical SAN equals shakmaty's, and our resolver reads shakmaty's SAN back to
//! the same move with no deviation. Both sides must also agree on the number of legal moves.

use pgn_arbiter::rules::{CastlingMode, load_fen};
use shakmaty::{Chess, Position as _, fen::Fen, san::SanPlus};

#[path = "common/random.rs"]
mod random;
use random::{Rng, chess960_fen};

fn play_games(
    fens: &[String],
    mode: CastlingMode,
    n_games: usize,
    max_plies: usize,
    seed: u64,
) -> usize {
    let shakmaty_mode = match mode {
        CastlingMode::Standard => shakmaty::CastlingMode::Standard,
        CastlingMode::Chess960 => shakmaty::CastlingMode::Chess960,
    };
    let mut rng = Rng(seed);
    let mut n_checked = 0;
    for game_idx in 0..n_games {
        let fen = &fens[rng.below(fens.len())];
        let mut ours = load_fen(fen, Some(mode))
            .unwrap_or_else(|e| panic!("{fen}: {e}"))
            .position;
        let mut theirs: Chess = Fen::from_ascii(fen.as_bytes())
            .expect("shakmaty FEN")
            .into_position(shakmaty_mode)
            .expect("shakmaty position");
        for ply in 0..max_plies {
            let our_moves = ours.legal_moves();
            let their_moves = theirs.legal_moves();
            let fen_now = ours.to_fen(Default::default());
            assert_eq!(
                our_moves.len(),
                their_moves.len(),
                "game {game_idx} ply {ply}: move counts differ in {fen_now}"
            );
            if our_moves.is_empty() {
                break;
            }
            // Every legal move on every fourth ply; the move played on every ply.
            let chosen = rng.below(their_moves.len());
            let mut pairs = Vec::with_capacity(our_moves.len());
            for (move_idx, their_move) in their_moves.iter().enumerate() {
                if ply % 4 != 0 && move_idx != chosen {
                    pairs.push(None);
                    continue;
                }
                let uci = their_move
                    .to_uci(shakmaty::CastlingMode::Chess960)
                    .to_string();
                let our_move = our_moves
                    .iter()
                    .find(|m| m.to_uci(CastlingMode::Chess960) == uci)
                    .unwrap_or_else(|| {
                        panic!("game {game_idx} ply {ply}: {uci} not legal for us in {fen_now}")
                    });
                let their_san = SanPlus::from_move(theirs.clone(), *their_move).to_string();
                let our_san = ours.san(our_move);
                assert_eq!(
                    our_san, their_san,
                    "game {game_idx} ply {ply}: SAN of {uci} in {fen_now}"
                );
                let resolved = ours.resolve_san(&their_san, mode).unwrap_or_else(|e| {
                    panic!("game {game_idx} ply {ply}: {their_san} in {fen_now}: {e}")
                });
                assert_eq!(resolved.m, Some(*our_move), "{their_san} in {fen_now}");
                assert!(
                    resolved.deviations.is_empty(),
                    "{their_san} in {fen_now}: {:?}",
                    resolved.deviations
                );
                pairs.push(Some((*our_move, *their_move)));
                n_checked += 1;
            }
            let (our_move, their_move) = pairs[chosen].expect("the chosen move was compared");
            ours.play_unchecked(&our_move);
            theirs.play_unchecked(their_move);
        }
    }
    n_checked
}

#[test]
fn our_san_matches_shakmaty_over_random_standard_games() {
    let fens = vec![pgn_arbiter::rules::STARTING_FEN.to_string()];
    let n = play_games(&fens, CastlingMode::Standard, 1000, 120, 0x5eed_0001);
    println!("standard: {n} moves compared");
}

#[test]
fn our_san_matches_shakmaty_over_random_chess960_games() {
    assert_eq!(
        chess960_fen(518),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    let fens: Vec<String> = (0..960u32).map(chess960_fen).collect();
    let n = play_games(&fens, CastlingMode::Chess960, 1000, 120, 0x5eed_0960);
    println!("chess960: {n} moves compared");
}
