//! Writes a game in the PGN export format (§8): the Seven Tag Roster first, in order, then the
//! other tags; a blank line; movetext with move numbers per §8.2.2, one space between tokens,
//! lines under 80 columns; `$n` NAGs for suffix annotations; comments, NAGs and variations kept.
//! Games with syntax errors are left alone: their structure is uncertain.

use super::fixer::GameFix;
use super::meaning::{Allowance, change_of_meaning, meaning};
use super::rules::tags::SEVEN_TAG_ROSTER;
use crate::syntax::{Game, NO_NODE, NodeId, NodeKind, parse};

/// The widest line the export format allows is 79 characters (under 80 columns).
pub const MAX_COLUMNS: usize = 79;

/// Formats one game's text (a game's extent). A blank line follows every game but the file's last.
/// Refuses games with syntax errors and any result whose meaning differs from the original.
pub fn format_game(text: &str, is_last: bool) -> GameFix {
    let parsed = parse(text);
    let [game] = parsed.games.as_slice() else {
        return GameFix::Unchanged;
    };
    if !game.errors.is_empty() {
        return GameFix::Refused {
            reason: "it has syntax errors (run `pgn-arbiter check`)".to_string(),
        };
    }
    if game.tags.is_empty() && game.mainline == NO_NODE && game.result.is_none() {
        return GameFix::Unchanged;
    }
    let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let formatted = render(game, text, newline, is_last);
    if formatted == text {
        return GameFix::Unchanged;
    }
    let reparsed = parse(&formatted);
    let [new_game] = reparsed.games.as_slice() else {
        return GameFix::Refused {
            reason: "formatting would split or merge games".to_string(),
        };
    };
    match change_of_meaning(
        &meaning(game, text),
        &meaning(new_game, &formatted),
        Allowance::Exact,
    ) {
        Some(reason) => GameFix::Refused { reason },
        None => GameFix::Fixed {
            text: formatted,
            n_fixes: 1,
        },
    }
}

fn render(game: &Game, text: &str, newline: &str, is_last: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for escape in game.escapes.iter().filter(|r| r.start < game.content.start) {
        out.push_str(escape.slice(text).trim_end());
        out.push_str(newline);
    }
    let mut tags: Vec<_> = game.tags.iter().collect();
    tags.sort_by_key(|t| {
        SEVEN_TAG_ROSTER
            .iter()
            .position(|r| *r == t.name(text))
            .unwrap_or(SEVEN_TAG_ROSTER.len())
    });
    for tag in &tags {
        out.push_str(&format!(
            "[{} \"{}\"]",
            tag.name(text),
            tag.value.slice(text)
        ));
        out.push_str(newline);
    }
    if !tags.is_empty() {
        out.push_str(newline);
    }
    let mut lines = Wrapper {
        lines: Vec::new(),
        current: String::new(),
    };
    movetext_tokens(game, text, &mut lines);
    if let Some(result) = game.result {
        lines.push(result.token.result.as_str(), false);
    }
    lines.finish();
    for line in &lines.lines {
        out.push_str(line);
        out.push_str(newline);
    }
    for escape in game.escapes.iter().filter(|r| r.start >= game.content.end) {
        out.push_str(newline);
        out.push_str(escape.slice(text).trim_end());
    }
    if !is_last {
        out.push_str(newline);
    }
    out
}

struct Wrapper {
    lines: Vec<String>,
    current: String,
}

impl Wrapper {
    /// Adds a token; `ends_line` forces a line break after it (a `;` comment).
    fn push(&mut self, token: &str, ends_line: bool) {
        let width = self.current.chars().count();
        let token_width = token.chars().count();
        if width > 0 && width + 1 + token_width > MAX_COLUMNS {
            self.lines.push(std::mem::take(&mut self.current));
        }
        // No space after `(` or before `)`.
        if !self.current.is_empty() && !self.current.ends_with('(') && token != ")" {
            self.current.push(' ');
        }
        self.current.push_str(token);
        if ends_line {
            self.lines.push(std::mem::take(&mut self.current));
        }
    }

    /// Adds a brace comment word by word, so long comments wrap too.
    fn push_comment(&mut self, comment: &str) {
        let inner = comment.trim_start_matches('{').trim_end_matches('}');
        let words: Vec<&str> = inner.split_whitespace().collect();
        match words.as_slice() {
            [] => self.push("{}", false),
            [only] => self.push(&format!("{{{only}}}"), false),
            [first, middle @ .., last] => {
                self.push(&format!("{{{first}"), false);
                for word in middle {
                    self.push(word, false);
                }
                self.push(&format!("{last}}}"), false);
            }
        }
    }

    fn finish(&mut self) {
        if !self.current.is_empty() {
            self.lines.push(std::mem::take(&mut self.current));
        }
    }
}

/// Emits the movetext tokens with regenerated move numbers, walking variations with an explicit stack.
fn movetext_tokens(game: &Game, text: &str, out: &mut Wrapper) {
    let (mut fullmove, mut white) = start_of(game, text);
    struct Frame {
        next: NodeId,
        fullmove: u32,
        white: bool,
        /// Move number and side before the last move of this line (where a variation starts).
        before_last: (u32, bool),
        need_number: bool,
    }
    let mut stack: Vec<Frame> = Vec::new();
    let mut frame = Frame {
        next: game.mainline,
        fullmove,
        white,
        before_last: (fullmove, white),
        need_number: true,
    };
    loop {
        if frame.next == NO_NODE {
            match stack.pop() {
                Some(parent) => {
                    out.push(")", false);
                    frame = parent;
                    frame.need_number = true;
                    continue;
                }
                None => break,
            }
        }
        let node = game.nodes[frame.next as usize];
        frame.next = node.next;
        match node.kind {
            NodeKind::Move { .. } => {
                (fullmove, white) = (frame.fullmove, frame.white);
                if white {
                    out.push(&format!("{fullmove}."), false);
                } else if frame.need_number {
                    out.push(&format!("{fullmove}..."), false);
                }
                out.push(node.range.slice(text), false);
                frame.before_last = (fullmove, white);
                frame.need_number = false;
                if !white {
                    frame.fullmove = fullmove.saturating_add(1);
                }
                frame.white = !white;
            }
            NodeKind::MoveNumber => {}
            NodeKind::Nag => {
                out.push(node.range.slice(text), false);
                frame.need_number = true;
            }
            NodeKind::Suffix(suffix) => out.push(&format!("${}", suffix.nag()), false),
            NodeKind::Comment { brace: true } => {
                out.push_comment(node.range.slice(text));
                frame.need_number = true;
            }
            NodeKind::Comment { brace: false } => {
                out.push(node.range.slice(text).trim_end(), true);
                frame.need_number = true;
            }
            NodeKind::Variation { first, .. } => {
                out.push("(", false);
                let (fm, w) = frame.before_last;
                let child = Frame {
                    next: first,
                    fullmove: fm,
                    white: w,
                    before_last: (fm, w),
                    need_number: true,
                };
                stack.push(std::mem::replace(&mut frame, child));
            }
        }
    }
}

/// The move number and side to move at the start, from the `FEN` tag when there is one.
fn start_of(game: &Game, text: &str) -> (u32, bool) {
    let Some(fen) = game.tag(text, "FEN") else {
        return (1, true);
    };
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let white = fields.get(1).is_none_or(|side| *side != "b");
    let fullmove = fields
        .get(5)
        .and_then(|n| n.parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(1);
    (fullmove, white)
}
