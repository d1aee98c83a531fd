//! perft: counts the leaves of the legal move tree, the standard proof of a move generator.

use super::moves::Move;
use super::position::Position;

/// The number of leaf nodes `depth` plies below `position`, counting legal moves at the last ply
/// instead of playing them (bulk counting).
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves() as u64,
        _ => position
            .legal_moves()
            .iter()
            .map(|m| perft(&position.played(m), depth - 1))
            .sum(),
    }
}

/// Like [`perft`], but plays every leaf move too (no bulk counting): the cost of a full tree walk.
pub fn perft_full(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    position
        .legal_moves()
        .iter()
        .map(|m| perft_full(&position.played(m), depth - 1))
        .sum()
}

/// The perft count below each legal move at the root, in generation order.
pub fn perft_divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    position
        .legal_moves()
        .iter()
        .map(|m| (*m, perft(&position.played(m), depth - 1)))
        .collect()
}
