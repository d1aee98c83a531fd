//! Perft counts for well-known positions, held in the repository so a fresh clone tests move
//! generation without `../shared`: the CPW positions 1-6 (Kiwipete is 2), en-passant pins, and
//! Chess960 starts.

use pgn_arbiter::rules::{Position, perft};

/// A row: (name, FEN, [(depth, nodes)]).
type PerftRow = (&'static str, &'static str, &'static [(u32, u64)]);
/// (name, FEN, [(depth, nodes)]). Depths are chosen to stay fast in a debug build.
const TABLE: &[PerftRow] = &[
    (
        "cpw-1 start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[(1, 20), (2, 400), (3, 8902), (4, 197_281)],
    ),
    (
        "cpw-2 kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[(1, 48), (2, 2039), (3, 97_862)],
    ),
    (
        "cpw-3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[(1, 14), (2, 191), (3, 2812), (4, 43_238), (5, 674_624)],
    ),
    (
        "cpw-4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[(1, 6), (2, 264), (3, 9467), (4, 422_333)],
    ),
    (
        "cpw-4 mirrored",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        &[(1, 6), (2, 264), (3, 9467), (4, 422_333)],
    ),
    (
        "cpw-5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[(1, 44), (2, 1486), (3, 62_379)],
    ),
    (
        "cpw-6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[(1, 46), (2, 2079), (3, 89_890)],
    ),
    // En passant that would expose the king along the rank: only the pinned capture is illegal.
    (
        "ep rank pin",
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
        &[(1, 4), (2, 56), (3, 259)],
    ),
    (
        "ep evades pawn check",
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        &[(1, 9), (2, 50), (3, 379)],
    ),
    (
        "ep diagonal pin",
        "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
        &[(1, 6), (2, 121), (3, 711)],
    ),
    // Chess960: the king and rook start on each other's destination squares.
    (
        "chess960 #0 bbqnnrkr",
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
        &[(1, 20), (2, 400), (3, 9006), (4, 201_143)],
    ),
    (
        "chess960 qrk castling",
        "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
        &[(1, 26), (2, 583), (3, 14_252)],
    ),
    (
        "chess960 king b1 rook a1",
        "2r1kr2/8/8/8/8/8/8/RK4R1 w GAfc - 0 1",
        &[(1, 21), (2, 459), (3, 9932)],
    ),
];

#[test]
fn perft_counts_match_the_in_repo_table() {
    for (name, fen, counts) in TABLE {
        let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("{name}: {e}"));
        for &(depth, nodes) in *counts {
            assert_eq!(
                perft(&position, depth),
                nodes,
                "{name} ({fen}) at depth {depth}"
            );
        }
    }
}
