//! Replays every line of a game — the main line and every variation — through the rules module.
//!
//! A variation is an alternative to the move before it, so it starts from the position before that
//! move; nested variations work the same way. The walk uses an explicit stack, so 100,000 nested
//! variations cost memory, not native stack. After an illegal or ambiguous move, that line is no
//! longer replayed (the diagnostic says so, once); its parent line is unaffected.

use super::context::GameContext;
use super::rules::moves::{self, MoveEvent};
use super::rules::setup::Start;
use crate::rules::bitboard::Bitboard;
use crate::rules::{Color, Move, Position, Square};
use crate::syntax::{NO_NODE, NodeId, NodeKind, TextRange};

/// What the replay learned about a game.
#[derive(Debug, Clone, Default)]
pub struct ReplayOutcome {
    /// Moves replayed, in all lines.
    pub n_moves: usize,
    /// Plies of the main line (counted even past an illegal move, for `PlyCount`).
    pub n_mainline_plies: usize,
    /// The position after the last main-line move, when the whole main line was replayed.
    pub final_position: Option<Position>,
    /// With [`Recording::Lines`]: the moves of every line in the order the lines start (main line
    /// first), each up to where it stopped being replayed; `None` is a null move.
    pub lines: Vec<Vec<Option<Move>>>,
}

/// Whether [`replay`] keeps the moves it played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recording {
    /// Only diagnostics and counts (the `check` hot path).
    Off,
    /// Also every line's moves, to compare what a game means before and after a fix.
    Lines,
}

/// Where each castling right was lost in a line: `[color][side]`, side 0 = king side.
pub type CastlingLosses = [[Option<TextRange>; 2]; 2];

/// A position together with the history the diagnostics point back to.
#[derive(Debug, Clone)]
pub struct LineState {
    /// The position.
    pub position: Position,
    /// The move that removed each castling right, if one did.
    pub losses: CastlingLosses,
    /// The previous move's range (for en-passant notes).
    pub last_move: Option<TextRange>,
    /// A move-number diagnostic that later numbers off by the same amount join.
    pub renumbering: Option<Renumbering>,
}

/// Move numbers consistently off by `offset` (an engine that numbers from 1 after a `FEN`): one
/// diagnostic whose fix renumbers them all, instead of one per move.
#[derive(Debug, Clone, Copy)]
pub struct Renumbering {
    /// Written number minus the right one.
    pub offset: i64,
    /// Index of the diagnostic in the game's findings.
    pub diagnostic: usize,
    /// Numbers joined so far, besides the first.
    pub n_more: usize,
}

/// What came right before a move in its line, for the export rule on black move numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Previous {
    /// Nothing: the move starts its line.
    Start,
    /// A move.
    Move,
    /// A comment, variation or NAG: a black move after it needs `N...`.
    Interruption,
}

struct Line {
    next: NodeId,
    /// `None` once the line stopped being replayed.
    state: Option<LineState>,
    /// The state before the last move, where a variation after it starts.
    before_last: Option<LineState>,
    main: bool,
    previous: Previous,
    /// Index in [`ReplayOutcome::lines`] when recording.
    recorded: usize,
}

/// Replays the game from `start`, reporting move diagnostics into `cx`.
pub fn replay(cx: &mut GameContext<'_>, start: &Start, recording: Recording) -> ReplayOutcome {
    let game = cx.game;
    let mut outcome = ReplayOutcome::default();
    if recording == Recording::Lines {
        outcome.lines.push(Vec::new());
    }
    let initial = LineState {
        position: start.position.clone(),
        losses: [[None; 2]; 2],
        last_move: None,
        renumbering: None,
    };
    let mut current = Line {
        next: game.mainline,
        state: Some(initial),
        before_last: None,
        main: true,
        previous: Previous::Start,
        recorded: 0,
    };
    let mut stack: Vec<Line> = Vec::new();
    // Most games have none: then no move needs the position before it kept.
    let has_variations = game
        .nodes
        .iter()
        .any(|n| matches!(n.kind, NodeKind::Variation { .. }));
    loop {
        if current.next == NO_NODE {
            if current.main {
                outcome.final_position = current.state.map(|s| s.position);
            }
            match stack.pop() {
                Some(parent) => {
                    current = parent;
                    continue;
                }
                None => break,
            }
        }
        let id = current.next;
        let node = game.nodes[id as usize];
        current.next = node.next;
        match node.kind {
            NodeKind::Move { number } => {
                if current.main {
                    outcome.n_mainline_plies += 1;
                }
                let text = node.range.slice(cx.text);
                if moves::is_detached_ep_suffix(text) {
                    // `exd6 e.p.`: the suffix was lexed as its own token.
                    if current.main {
                        outcome.n_mainline_plies -= 1;
                    }
                    moves::report_detached_ep_suffix(cx, node.range);
                    continue;
                }
                let Some(state) = current.state.as_mut() else {
                    current.before_last = None;
                    continue;
                };
                let event = MoveEvent {
                    range: node.range,
                    text,
                    number: (number != NO_NODE).then(|| game.nodes[number as usize].range),
                    main: current.main,
                    previous: current.previous,
                    mode: start.mode,
                };
                current.previous = Previous::Move;
                // Only a variation after this move starts from the position before it.
                if has_variations && variation_follows(cx, node.next) {
                    current.before_last = Some(state.clone());
                } else if current.before_last.is_some() {
                    current.before_last = None;
                }
                match moves::play(cx, &event, state) {
                    Some(played) => {
                        outcome.n_moves += 1;
                        if recording == Recording::Lines {
                            outcome.lines[current.recorded].push(played);
                        }
                    }
                    None => current.state = None,
                }
            }
            NodeKind::Variation { first, .. } => {
                current.previous = Previous::Interruption;
                let child = Line {
                    next: first,
                    state: current.before_last.clone(),
                    before_last: None,
                    main: false,
                    previous: Previous::Start,
                    recorded: outcome.lines.len(),
                };
                if recording == Recording::Lines {
                    outcome.lines.push(Vec::new());
                }
                stack.push(std::mem::replace(&mut current, child));
            }
            NodeKind::Comment { .. } | NodeKind::Nag => current.previous = Previous::Interruption,
            NodeKind::Suffix(_) | NodeKind::MoveNumber => {}
        }
    }
    outcome
}

/// `true` if a variation comes after the move whose next sibling is `next`, before the line's next
/// move (comments, NAGs, suffixes and move numbers may stand between).
fn variation_follows(cx: &GameContext<'_>, mut next: NodeId) -> bool {
    while next != NO_NODE {
        let node = cx.game.nodes[next as usize];
        match node.kind {
            NodeKind::Variation { .. } => return true,
            NodeKind::Move { .. } if !moves::is_detached_ep_suffix(node.range.slice(cx.text)) => {
                return false;
            }
            _ => next = node.next,
        }
    }
    false
}

/// The `[color][side]` index of each castling right in `gone` (the rooks whose rights disappeared
/// with a move); `kings` are the kings' squares before that move, white first.
pub fn lost_rights(
    kings: [Option<Square>; 2],
    gone: Bitboard,
) -> impl Iterator<Item = (usize, usize)> {
    gone.into_iter().map(move |rook| {
        let color = if rook.rank().0 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let side = match kings[color.index()] {
            Some(king) if rook.file() > king.file() => 0,
            _ => 1,
        };
        (color.index(), side)
    })
}
