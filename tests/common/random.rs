//! Seeded randomness and Chess960 starts for the differential tests (`#[path]`-included by the
//! tests that use them, so the others do not carry unused code).

/// A tiny deterministic RNG (xorshift64*), so every run plays the same games.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The back rank of Chess960 start number `n` (0..960) in Scharnagl's numbering (518 is the
/// standard start), as piece letters from the a-file to the h-file.
pub fn chess960_back_rank(n: u32) -> [char; 8] {
    let mut rank = [' '; 8];
    let mut n = n;
    rank[(n % 4 * 2 + 1) as usize] = 'b';
    n /= 4;
    rank[(n % 4 * 2) as usize] = 'b';
    n /= 4;
    let place = |rank: &mut [char; 8], mut nth: u32, piece: char| {
        for slot in rank.iter_mut() {
            if *slot == ' ' {
                if nth == 0 {
                    *slot = piece;
                    return;
                }
                nth -= 1;
            }
        }
        unreachable!("fewer empty squares than expected");
    };
    place(&mut rank, n % 6, 'q');
    n /= 6;
    const KNIGHTS: [(u32, u32); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KNIGHTS[n as usize];
    // Place the later knight first so the earlier index still counts the same empty squares.
    place(&mut rank, b, 'n');
    place(&mut rank, a, 'n');
    place(&mut rank, 0, 'r');
    place(&mut rank, 0, 'k');
    place(&mut rank, 0, 'r');
    rank
}

/// The Shredder-FEN of Chess960 start `n`.
pub fn chess960_fen(n: u32) -> String {
    let rank = chess960_back_rank(n);
    let black: String = rank.iter().collect();
    let white = black.to_ascii_uppercase();
    let rook_files: String = rank
        .iter()
        .enumerate()
        .rev()
        .filter(|(_, c)| **c == 'r')
        .map(|(i, _)| (b'a' + i as u8) as char)
        .collect();
    format!(
        "{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {}{rook_files} - 0 1",
        rook_files.to_ascii_uppercase()
    )
}
