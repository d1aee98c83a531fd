//! Generates the attack tables of `src/rules/attacks.rs` at build time: knight, king and pawn steps,
//! rays between squares, and fancy-magic slider tables found with a fixed-seed search (so every build
//! writes the same tables).

use std::fmt::Write as _;
use std::path::PathBuf;

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn sq(file: i32, rank: i32) -> Option<u32> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then_some((rank * 8 + file) as u32)
}

fn steps(square: u32, deltas: &[(i32, i32)]) -> u64 {
    let (f, r) = ((square % 8) as i32, (square / 8) as i32);
    deltas
        .iter()
        .filter_map(|&(df, dr)| sq(f + df, r + dr))
        .fold(0, |acc, s| acc | 1 << s)
}

fn slide(square: u32, dirs: &[(i32, i32)], occupied: u64) -> u64 {
    let (f, r) = ((square % 8) as i32, (square / 8) as i32);
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let (mut nf, mut nr) = (f + df, r + dr);
        while let Some(s) = sq(nf, nr) {
            attacks |= 1 << s;
            if occupied & (1 << s) != 0 {
                break;
            }
            nf += df;
            nr += dr;
        }
    }
    attacks
}

/// The relevant occupancy mask: the slider's rays without their last square.
fn relevant(square: u32, dirs: &[(i32, i32)]) -> u64 {
    let (f, r) = ((square % 8) as i32, (square / 8) as i32);
    let mut mask = 0;
    for &(df, dr) in dirs {
        let (mut nf, mut nr) = (f + df, r + dr);
        while sq(nf + df, nr + dr).is_some() {
            mask |= 1 << sq(nf, nr).unwrap();
            nf += df;
            nr += dr;
        }
    }
    mask
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: usize,
}

fn find_magics(dirs: &[(i32, i32)], rng: &mut Rng, table: &mut Vec<u64>) -> Vec<Magic> {
    let mut magics = Vec::new();
    for square in 0..64 {
        let mask = relevant(square, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let mut subsets = Vec::new();
        let mut subset = 0u64;
        loop {
            subsets.push((subset, slide(square, dirs, subset)));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let size = 1usize << bits;
        let mut slots = vec![0u64; size];
        let mut used = vec![0u32; size];
        let mut generation = 0u32;
        let factor = 'search: loop {
            let factor = rng.sparse();
            if (mask.wrapping_mul(factor) >> 56).count_ones() < 6 {
                continue;
            }
            generation += 1;
            for &(occ, att) in &subsets {
                let idx = (occ.wrapping_mul(factor) >> shift) as usize;
                if used[idx] != generation {
                    used[idx] = generation;
                    slots[idx] = att;
                } else if slots[idx] != att {
                    continue 'search;
                }
            }
            break factor;
        };
        let offset = table.len();
        table.extend_from_slice(&slots);
        magics.push(Magic {
            mask,
            factor,
            shift,
            offset,
        });
    }
    magics
}

fn write_array(out: &mut String, name: &str, values: &[u64]) {
    writeln!(out, "pub(crate) static {name}: [u64; {}] = [", values.len()).unwrap();
    for chunk in values.chunks(8) {
        let line: Vec<String> = chunk.iter().map(|v| format!("{v:#x}")).collect();
        writeln!(out, "    {},", line.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let mut out = String::new();
    let knight: Vec<u64> = (0..64)
        .map(|s| {
            steps(
                s,
                &[
                    (1, 2),
                    (2, 1),
                    (2, -1),
                    (1, -2),
                    (-1, -2),
                    (-2, -1),
                    (-2, 1),
                    (-1, 2),
                ],
            )
        })
        .collect();
    let king: Vec<u64> = (0..64)
        .map(|s| {
            steps(
                s,
                &[
                    (1, 0),
                    (1, 1),
                    (0, 1),
                    (-1, 1),
                    (-1, 0),
                    (-1, -1),
                    (0, -1),
                    (1, -1),
                ],
            )
        })
        .collect();
    let white_pawn: Vec<u64> = (0..64).map(|s| steps(s, &[(-1, 1), (1, 1)])).collect();
    let black_pawn: Vec<u64> = (0..64).map(|s| steps(s, &[(-1, -1), (1, -1)])).collect();
    write_array(&mut out, "KNIGHT_ATTACKS", &knight);
    write_array(&mut out, "KING_ATTACKS", &king);
    write_array(&mut out, "WHITE_PAWN_ATTACKS", &white_pawn);
    write_array(&mut out, "BLACK_PAWN_ATTACKS", &black_pawn);

    // BETWEEN[a*64+b]: squares strictly between a and b on a shared line; LINE: the whole line through both.
    let mut between = vec![0u64; 64 * 64];
    let mut line = vec![0u64; 64 * 64];
    for a in 0..64u32 {
        for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
            let from_a = slide(a, dirs, 0);
            for b in 0..64u32 {
                if a != b && from_a & (1 << b) != 0 {
                    between[(a * 64 + b) as usize] =
                        slide(a, dirs, 1 << b) & slide(b, dirs, 1 << a);
                    // the full line extends beyond both squares in both directions
                    let mut full = (1u64 << a) | (1 << b);
                    for &d in dirs.iter() {
                        let ray_a = slide(a, &[d], 0);
                        if ray_a & (1 << b) != 0 {
                            full |= ray_a | slide(a, &[(-d.0, -d.1)], 0);
                        }
                    }
                    line[(a * 64 + b) as usize] = full;
                }
            }
        }
    }
    write_array(&mut out, "BETWEEN", &between);
    write_array(&mut out, "LINE", &line);

    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut rook_table = Vec::new();
    let rook = find_magics(&ROOK_DIRS, &mut rng, &mut rook_table);
    let mut bishop_table = Vec::new();
    let bishop = find_magics(&BISHOP_DIRS, &mut rng, &mut bishop_table);
    for (name, magics) in [("ROOK_MAGICS", &rook), ("BISHOP_MAGICS", &bishop)] {
        writeln!(out, "pub(crate) static {name}: [Magic; 64] = [").unwrap();
        for m in magics.iter() {
            writeln!(
                out,
                "    Magic {{ mask: {:#x}, factor: {:#x}, shift: {}, offset: {} }},",
                m.mask, m.factor, m.shift, m.offset
            )
            .unwrap();
        }
        writeln!(out, "];").unwrap();
    }
    write_array(&mut out, "ROOK_TABLE", &rook_table);
    write_array(&mut out, "BISHOP_TABLE", &bishop_table);

    let path = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("attack_tables.rs");
    std::fs::write(path, out).unwrap();
}
