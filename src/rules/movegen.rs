//! Legal move generation.
//!
//! Moves are generated legal, not filtered afterwards: checkers restrict the targets of non-king
//! moves to blocking or capturing squares; pieces pinned to their king move only along the pin line;
//! king moves are tested against attacks with the king lifted off the board; en passant is tested by
//! replaying it on the occupancy (so a rank pin through both pawns is caught); castling checks every
//! square of the king's path with both king and rook lifted (Chess960 included).

use super::attacks;
use super::bitboard::Bitboard;
use super::board::Board;
use super::moves::{CastlingSide, Move, MoveKind, MoveList};
use super::position::Position;
use super::types::{Color, Piece, Rank, Role, Square};

/// A set of roles, for generating only the moves of some pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoleSet(u8);

impl RoleSet {
    /// Every role.
    pub const ALL: RoleSet = RoleSet(0b11_1111);

    /// Only `role`.
    #[inline]
    pub const fn only(role: Role) -> RoleSet {
        RoleSet(1 << role as u8)
    }

    /// `true` if `role` is in the set.
    #[inline]
    pub const fn contains(self, role: Role) -> bool {
        self.0 & (1 << role as u8) != 0
    }
}

impl Position {
    /// All legal moves.
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.generate(RoleSet::ALL, Bitboard::FULL, &mut moves);
        moves
    }

    /// Appends all legal moves to `moves` (which should be empty: a full list may overflow). Lets
    /// hot loops keep the list in their own frame instead of having it copied out on return.
    #[inline]
    pub(crate) fn legal_moves_into(&self, moves: &mut MoveList) {
        self.generate(RoleSet::ALL, Bitboard::FULL, moves);
    }

    /// The legal moves of pieces of the given roles whose `to` square is in `to` (for castling,
    /// `to` is the rook's square). Castling counts as a king move.
    pub fn legal_moves_filtered(&self, roles: RoleSet, to: Bitboard) -> MoveList {
        let mut moves = MoveList::new();
        self.generate(roles, to, &mut moves);
        moves
    }

    /// `true` if the side to move has a legal move. Tries the king's steps first, one attack query
    /// each, and stops at the first safe one (the usual answer, and in check the likeliest); only
    /// when the king cannot step are all moves generated. The mate and stalemate tests ask this
    /// after every check and at the end of every game.
    pub fn has_legal_move(&self) -> bool {
        let us = self.turn;
        if let Some(king) = self.board.king_of(us) {
            let lifted = self.board.occupied() - king;
            for to in attacks::king_attacks(king) - self.board.by_color(us) {
                if !self.board.is_attacked(to, !us, lifted) {
                    return true;
                }
            }
        }
        let mut moves = MoveList::new();
        self.generate(RoleSet::ALL, Bitboard::FULL, &mut moves);
        !moves.is_empty()
    }

    /// The number of legal moves.
    pub fn count_legal_moves(&self) -> usize {
        let mut moves = MoveList::new();
        self.legal_moves_into(&mut moves);
        moves.len()
    }

    /// `true` if `m` is one of the legal moves.
    pub fn is_legal(&self, m: &Move) -> bool {
        self.legal_moves_filtered(RoleSet::only(m.role), Bitboard::from_square(m.to))
            .contains(m)
    }

    #[inline]
    /// Appends the legal moves of `roles` onto `to_mask` to `moves` (as [`Position::legal_moves_filtered`],
    /// into a caller's buffer: the SAN hot path avoids copying a whole `MoveList` on return).
    pub(crate) fn generate(&self, roles: RoleSet, to_mask: Bitboard, moves: &mut MoveList) {
        let us = self.turn;
        let ours = self.board.by_color(us);
        let Some(king) = self.board.king_of(us) else {
            // Partial boards: no king safety to respect.
            self.gen_pieces(roles, !ours & to_mask, Bitboard::EMPTY, None, moves);
            if roles.contains(Role::Pawn) {
                self.gen_en_passant(to_mask, None, moves);
            }
            return;
        };
        let checkers = self.board.attackers_to(king, !us, self.board.occupied());
        if checkers.is_empty() {
            let blockers = self.board.slider_blockers(king, us) & ours;
            self.gen_pieces(roles, !ours & to_mask, blockers, Some(king), moves);
            if roles.contains(Role::Pawn) {
                self.gen_en_passant(to_mask, Some(king), moves);
            }
            if roles.contains(Role::King) {
                self.gen_king(king, to_mask, moves);
                self.gen_castling(king, to_mask, moves);
            }
        } else {
            if let Some(checker) = checkers.single() {
                let target = (attacks::between(king, checker) | checker) & to_mask;
                let blockers = self.board.slider_blockers(king, us) & ours;
                self.gen_pieces(roles, target, blockers, Some(king), moves);
                if roles.contains(Role::Pawn) {
                    self.gen_en_passant(to_mask, Some(king), moves);
                }
            }
            if roles.contains(Role::King) {
                self.gen_king(king, to_mask, moves);
            }
        }
    }

    /// Pawn, knight, bishop, rook and queen moves (not king, not en passant) onto `target`.
    /// `pinned` pieces move only along the line through `king` (with no king, `pinned` is empty).
    #[inline]
    fn gen_pieces(
        &self,
        roles: RoleSet,
        target: Bitboard,
        pinned: Bitboard,
        king: Option<Square>,
        moves: &mut MoveList,
    ) {
        let us = self.turn;
        let board = &self.board;
        let ours = board.by_color(us);
        let theirs = board.by_color(!us);
        let occupied = board.occupied();
        let pin_line = |from: Square| match king {
            Some(king) => attacks::line(king, from),
            None => Bitboard::FULL,
        };
        if roles.contains(Role::Knight) {
            // A pinned knight can never move.
            for from in board.by_role(Role::Knight) & (ours - pinned) {
                push_targets(
                    board,
                    Role::Knight,
                    from,
                    attacks::knight_attacks(from) & target,
                    theirs,
                    moves,
                );
            }
        }
        if roles.contains(Role::Bishop) {
            for from in board.by_role(Role::Bishop) & ours {
                let mut targets = attacks::bishop_attacks(from, occupied) & target;
                if pinned.contains(from) {
                    targets &= pin_line(from);
                }
                push_targets(board, Role::Bishop, from, targets, theirs, moves);
            }
        }
        if roles.contains(Role::Rook) {
            for from in board.by_role(Role::Rook) & ours {
                let mut targets = attacks::rook_attacks(from, occupied) & target;
                if pinned.contains(from) {
                    targets &= pin_line(from);
                }
                push_targets(board, Role::Rook, from, targets, theirs, moves);
            }
        }
        if roles.contains(Role::Queen) {
            for from in board.by_role(Role::Queen) & ours {
                let mut targets = attacks::queen_attacks(from, occupied) & target;
                if pinned.contains(from) {
                    targets &= pin_line(from);
                }
                push_targets(board, Role::Queen, from, targets, theirs, moves);
            }
        }
        if roles.contains(Role::Pawn) {
            let pawns = board.by_role(Role::Pawn) & ours;
            // Pinned pawns one by one, restricted to the pin line.
            for from in pawns & pinned {
                let targets = pawn_targets(us, from, occupied, theirs) & target & pin_line(from);
                for to in targets {
                    push_pawn_move(from, to, board.role_at(to), moves);
                }
            }
            // The others set-wise: shift the whole set, then recover each origin from the shift.
            let free = pawns - pinned;
            let empty = !occupied;
            let (single, double, west, east, forward) = match us {
                Color::White => {
                    let single = free.north() & empty;
                    let double = (single & Bitboard::rank(Rank(2))).north() & empty;
                    let west = Bitboard((free.0 & !FILE_A) << 7) & theirs;
                    let east = Bitboard((free.0 & !FILE_H) << 9) & theirs;
                    (single, double, west, east, 8)
                }
                Color::Black => {
                    let single = free.south() & empty;
                    let double = (single & Bitboard::rank(Rank(5))).south() & empty;
                    let west = Bitboard((free.0 & !FILE_A) >> 9) & theirs;
                    let east = Bitboard((free.0 & !FILE_H) >> 7) & theirs;
                    (single, double, west, east, -8)
                }
            };
            // Captures first, then pushes; each with the origin `delta` squares back.
            for to in west & target {
                push_pawn_move(
                    offset_back(to, forward - 1),
                    to,
                    Some(board.role_at_occupied(to)),
                    moves,
                );
            }
            for to in east & target {
                push_pawn_move(
                    offset_back(to, forward + 1),
                    to,
                    Some(board.role_at_occupied(to)),
                    moves,
                );
            }
            for to in single & target {
                push_pawn_move(offset_back(to, forward), to, None, moves);
            }
            for to in double & target {
                moves.push(Move {
                    role: Role::Pawn,
                    from: offset_back(to, 2 * forward),
                    to,
                    capture: None,
                    promotion: None,
                    kind: MoveKind::Normal,
                });
            }
        }
    }

    #[inline]
    fn gen_en_passant(&self, to_mask: Bitboard, king: Option<Square>, moves: &mut MoveList) {
        let Some(ep) = self.ep_square else { return };
        if !to_mask.contains(ep) || self.board.occupied().contains(ep) {
            return;
        }
        let us = self.turn;
        let captured = match ep.rank() {
            Rank(5) if us == Color::White => Square::from_coords(ep.file(), Rank(4)),
            Rank(2) if us == Color::Black => Square::from_coords(ep.file(), Rank(3)),
            _ => return,
        };
        if !self
            .board
            .by_piece(Piece {
                color: !us,
                role: Role::Pawn,
            })
            .contains(captured)
        {
            return;
        }
        let capturers = attacks::pawn_attacks(!us, ep)
            & self.board.by_piece(Piece {
                color: us,
                role: Role::Pawn,
            });
        for from in capturers {
            let m = Move {
                role: Role::Pawn,
                from,
                to: ep,
                capture: Some(Role::Pawn),
                promotion: None,
                kind: MoveKind::EnPassant,
            };
            if king.is_none_or(|king| self.en_passant_keeps_king_safe(king, &m)) {
                moves.push(m);
            }
        }
    }

    /// Replays an en-passant capture on the occupancy and asks whether any enemy piece (other than
    /// the captured pawn) then attacks the king. Catches rank pins through both pawns.
    fn en_passant_keeps_king_safe(&self, king: Square, m: &Move) -> bool {
        en_passant_keeps_king_safe(&self.board, self.turn, king, m.from, m.to)
    }

    fn gen_king(&self, king: Square, to_mask: Bitboard, moves: &mut MoveList) {
        let us = self.turn;
        let targets = attacks::king_attacks(king) & !self.board.by_color(us) & to_mask;
        let occupied = self.board.occupied() - king;
        let theirs = self.board.by_color(!us);
        for to in targets {
            if !self.board.is_attacked(to, !us, occupied) {
                let capture = if theirs.contains(to) {
                    Some(self.board.role_at_occupied(to))
                } else {
                    None
                };
                moves.push(Move {
                    role: Role::King,
                    from: king,
                    to,
                    capture,
                    promotion: None,
                    kind: MoveKind::Normal,
                });
            }
        }
    }

    fn gen_castling(&self, king: Square, to_mask: Bitboard, moves: &mut MoveList) {
        let us = self.turn;
        let back_rank = us.back_rank();
        if king.rank() != back_rank {
            return;
        }
        let rooks = self.castling_rooks
            & self.board.by_piece(Piece {
                color: us,
                role: Role::Rook,
            })
            & to_mask;
        for rook in rooks & Bitboard::rank(back_rank) {
            // Every square between king and rook lies on the king's or the rook's path, so a piece
            // there blocks: a cheap test that rejects most castling moves before the full one.
            if (attacks::between(king, rook) & self.board.occupied()).is_empty()
                && self.castling_obstacle(king, rook).is_none()
            {
                moves.push(Move {
                    role: Role::King,
                    from: king,
                    to: rook,
                    capture: None,
                    promotion: None,
                    kind: MoveKind::Castle,
                });
            }
        }
    }

    /// Why castling with the king on `king` and the rook on `rook` is impossible right now, ignoring
    /// rights and check (callers test those): a blocked square, or an attacked square on the king's
    /// path together with one attacker.
    pub(crate) fn castling_obstacle(&self, king: Square, rook: Square) -> Option<CastlingObstacle> {
        let side = CastlingSide::of_rook(king.file(), rook.file());
        let rank = king.rank();
        let king_to = Square::from_coords(side.king_to_file(), rank);
        let rook_to = Square::from_coords(side.rook_to_file(), rank);
        let king_path = attacks::between(king, king_to) | king_to;
        let rook_path = attacks::between(rook, rook_to) | rook_to;
        let others = self.board.occupied() - king - rook;
        if let Some(square) = ((king_path | rook_path) & others).first() {
            return Some(CastlingObstacle::Blocked { square });
        }
        let lifted = self.board.occupied() - king - rook;
        for square in king_path | king {
            if let Some(attacker) = self.board.attackers_to(square, !self.turn, lifted).first() {
                return Some(CastlingObstacle::Attacked { square, attacker });
            }
        }
        None
    }
}

/// Replays an en-passant capture by `us` from `from` onto `to` on the occupancy (both pawns lifted,
/// the capturer placed on `to`) and asks whether any enemy piece, other than the captured pawn and
/// whatever stood on `to`, then attacks `us`'s king on `king`. Catches rank pins through both pawns.
fn en_passant_keeps_king_safe(
    board: &Board,
    us: Color,
    king: Square,
    from: Square,
    to: Square,
) -> bool {
    let captured = Square::from_coords(to.file(), from.rank());
    let occupied = (board.occupied() - from - captured) | to;
    let attackers = board.attackers_to(king, !us, occupied) - captured - to;
    attackers.is_empty()
}

/// The pseudo-legal destinations of the pawn on `from`, with the promotion role for moves onto the
/// last rank (one entry per role in [`Role::PROMOTIONS`]): one step forward onto an empty square;
/// two steps from the starting rank (rank 2 for white, rank 7 for black) through an empty square
/// onto an empty square; one step diagonally forward onto an enemy piece, or onto `ep` (taken as
/// given: this asks where the pawn could go, not whether the ep square is plausible).
///
/// The pawn's colour is the colour of the piece on `from`; no pawn there gives no destinations.
/// King safety is not considered (see [`Position::legal_moves`] for legal moves). Sorted by square,
/// then by promotion role.
pub fn pawn_destinations(
    board: &Board,
    from: Square,
    ep: Option<Square>,
) -> Vec<(Square, Option<Role>)> {
    let Some(Piece {
        color,
        role: Role::Pawn,
    }) = board.piece_at(from)
    else {
        return Vec::new();
    };
    let mut targets = board.by_color(!color);
    if let Some(ep) = ep
        && !board.by_color(color).contains(ep)
    {
        targets.add(ep);
    }
    let mut out = Vec::new();
    for to in pawn_targets(color, from, board.occupied(), targets) {
        if Bitboard::BACK_RANKS.contains(to) {
            out.extend(Role::PROMOTIONS.into_iter().map(|role| (to, Some(role))));
        } else {
            out.push((to, None));
        }
    }
    out.sort();
    out
}

/// `true` if the pawn on `from` may capture en passant onto `to`, given the en-passant target
/// square `ep` (`None`: no capture en passant is possible):
/// - `to` is `ep`, one step diagonally forward from `from`;
/// - the pawn stands on its fifth rank (rank 5 for white, rank 4 for black);
/// - an enemy pawn stands beside it on `to`'s file (the pawn that double-stepped);
/// - with both pawns lifted and the capturer placed on `to`, no enemy piece attacks the mover's
///   king: the same test legal move generation applies, so a rank pin through both pawns counts.
///   A board without exactly one king of the mover's colour has no king to expose.
///
/// The pawn's colour is the colour of the piece on `from`. Unlike move generation on a validated
/// position, this does not ask whether `to` is empty: it judges the capture as the pawns stand.
pub fn is_legal_en_passant(board: &Board, from: Square, to: Square, ep: Option<Square>) -> bool {
    let Some(Piece {
        color: us,
        role: Role::Pawn,
    }) = board.piece_at(from)
    else {
        return false;
    };
    let fifth_rank = match us {
        Color::White => Rank(4),
        Color::Black => Rank(3),
    };
    if ep != Some(to) || from.rank() != fifth_rank || !attacks::pawn_attacks(us, from).contains(to)
    {
        return false;
    }
    let captured = Square::from_coords(to.file(), from.rank());
    if board.piece_at(captured)
        != Some(Piece {
            color: !us,
            role: Role::Pawn,
        })
    {
        return false;
    }
    board
        .king_of(us)
        .is_none_or(|king| en_passant_keeps_king_safe(board, us, king, from, to))
}

/// What stands in the way of a castling move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CastlingObstacle {
    /// A piece stands on a square the king or rook must cross or land on.
    Blocked { square: Square },
    /// The king would start on, pass through or land on an attacked square.
    Attacked { square: Square, attacker: Square },
}

/// Pseudo-legal pawn destinations from `from` for `color`: one step forward onto an empty square,
/// two from the starting rank through an empty square, and diagonal captures of `enemies`.
#[inline]
pub(crate) fn pawn_targets(
    color: Color,
    from: Square,
    occupied: Bitboard,
    enemies: Bitboard,
) -> Bitboard {
    let captures = attacks::pawn_attacks(color, from) & enemies;
    let (step, start_rank) = match color {
        Color::White => (8, Rank(1)),
        Color::Black => (-8, Rank(6)),
    };
    let mut pushes = Bitboard::EMPTY;
    if let Some(one) = from.offset(step)
        && !occupied.contains(one)
    {
        pushes.add(one);
        if from.rank() == start_rank
            && let Some(two) = one.offset(step)
            && !occupied.contains(two)
        {
            pushes.add(two);
        }
    }
    captures | pushes
}

/// Pushes the normal move of `role` from `from` to `to`, or, for a pawn reaching a back rank, its
/// four promotions (in [`Role::PROMOTIONS`] order).
#[inline(always)]
pub(crate) fn push_move_or_promotions(
    role: Role,
    from: Square,
    to: Square,
    capture: Option<Role>,
    moves: &mut MoveList,
) {
    if role == Role::Pawn && Bitboard::BACK_RANKS.contains(to) {
        for promotion in Role::PROMOTIONS {
            moves.push(Move {
                role,
                from,
                to,
                capture,
                promotion: Some(promotion),
                kind: MoveKind::Normal,
            });
        }
    } else {
        moves.push(Move {
            role,
            from,
            to,
            capture,
            promotion: None,
            kind: MoveKind::Normal,
        });
    }
}

#[inline(always)]
fn push_pawn_move(from: Square, to: Square, capture: Option<Role>, moves: &mut MoveList) {
    push_move_or_promotions(Role::Pawn, from, to, capture, moves);
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// The square `delta` indexes before `to` (the origin of a pawn move that advanced by `delta`).
#[inline(always)]
fn offset_back(to: Square, delta: i32) -> Square {
    Square::from_index_wrapping((to.index() as i32 - delta) as u32)
}

/// Pushes the moves of `role` from `from` onto `targets`: captures of `theirs` with the captured
/// role, the rest as quiet moves.
#[inline(always)]
fn push_targets(
    board: &Board,
    role: Role,
    from: Square,
    targets: Bitboard,
    theirs: Bitboard,
    moves: &mut MoveList,
) {
    for to in targets & theirs {
        let capture = Some(board.role_at_occupied(to));
        moves.push(Move {
            role,
            from,
            to,
            capture,
            promotion: None,
            kind: MoveKind::Normal,
        });
    }
    for to in targets - theirs {
        moves.push(Move {
            role,
            from,
            to,
            capture: None,
            promotion: None,
            kind: MoveKind::Normal,
        });
    }
}

#[cfg(test)]
mod has_legal_move_tests {
    use crate::rules::Position;

    /// `has_legal_move` answers what the full move list answers, in positions reached by random
    /// playouts from openings, endgames, checks, mates, stalemates and en-passant pins.
    #[test]
    fn has_legal_move_agrees_with_the_move_list() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut checked = 0;
        for fen in starts {
            for _ in 0..40 {
                let mut position = Position::from_fen(fen).expect("valid FEN");
                for _ in 0..120 {
                    let moves = position.legal_moves();
                    assert_eq!(position.has_legal_move(), !moves.is_empty(), "{fen}");
                    checked += 1;
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[(next() % moves.len() as u64) as usize];
                    position.play_unchecked(&m);
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
