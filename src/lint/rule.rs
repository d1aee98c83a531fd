//! The rule catalogue: every rule's id, default severity, profile and one-line summary.
//!
//! `docs/rules.md` documents each rule at length; its anchors are the rule ids.

use super::diagnostic::Severity;

/// Which profile a rule belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Profile {
    /// The PGN standard's import format: what any reader must accept. The default.
    Import,
    /// The archival export format: adds the Seven Tag Roster, tag order, 80 columns, `$n` NAGs and
    /// move numbers per §8.2.2. Every import rule runs too.
    Export,
}

impl Profile {
    /// `import` or `export`.
    pub fn as_str(self) -> &'static str {
        match self {
            Profile::Import => "import",
            Profile::Export => "export",
        }
    }
}

macro_rules! rules {
    ($($variant:ident = $id:literal, $severity:ident, $profile:ident, $summary:literal;)*) => {
        /// A lint rule.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Rule {
            $(#[doc = $summary] $variant,)*
        }

        impl Rule {
            /// Every rule, in catalogue order.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant,)*];

            /// The kebab-case id used in output, `--select`, config and escape lines.
            pub fn id(self) -> &'static str {
                match self { $(Rule::$variant => $id,)* }
            }

            /// The severity in the default profile.
            pub fn default_severity(self) -> Severity {
                match self { $(Rule::$variant => Severity::$severity,)* }
            }

            /// The profile that switches the rule on (import rules also run under export).
            pub fn profile(self) -> Profile {
                match self { $(Rule::$variant => Profile::$profile,)* }
            }

            /// One line saying what the rule catches.
            pub fn summary(self) -> &'static str {
                match self { $(Rule::$variant => $summary,)* }
            }
        }
    };
}

rules! {
    // Moves
    IllegalMove = "illegal-move", Error, Import, "A move that is not legal in its position, with the precise reason.";
    AmbiguousMove = "ambiguous-move", Error, Import, "A SAN that more than one legal move matches.";
    OverDisambiguated = "over-disambiguated", Warning, Import, "A SAN with a file, rank or square that no other legal move needs.";
    WrongDisambiguator = "wrong-disambiguator", Warning, Import, "A rank given where the file would do, or the other way round (`R2c2` for `Rbc2`).";
    CheckSuffix = "check-suffix", Warning, Import, "A missing or spurious `+`, `+` for mate, `#` for a mere check, or `++`.";
    CaptureMarker = "capture-marker", Warning, Import, "A capture without `x`, or an `x` on a move that captures nothing.";
    PromotionFormat = "promotion-format", Warning, Import, "A promotion written `e8Q`, `e8=q`, `e8(Q)` or `e8/Q` instead of `e8=Q`.";
    PromotionMissing = "promotion-missing", Error, Import, "A pawn reaches the last rank without saying what it becomes.";
    PromotionPiece = "promotion-piece", Error, Import, "A promotion to a king or pawn, or a promotion where none happens.";
    CastlingNotation = "castling-notation", Warning, Import, "Castling written `0-0`, `o-o`, `O-0`, with unicode dashes, or as a king move.";
    LongAlgebraic = "long-algebraic", Warning, Import, "A move written with its origin square (`e2-e4`, `Ng1f3`, `e2e4`).";
    PawnLetter = "pawn-letter", Warning, Import, "A pawn move written with `P` (`Pe4`).";
    PieceCase = "piece-case", Warning, Import, "A piece letter in lower case (`nf3`).";
    EpSuffix = "ep-suffix", Warning, Import, "An en-passant capture marked `e.p.`.";
    NullMove = "null-move", Warning, Import, "A null move (`--`, `Z0`) in the main line.";
    // Results
    MissingResult = "missing-result", Error, Import, "A game without a termination marker.";
    MultipleResults = "multiple-results", Error, Import, "A game with more than one termination marker.";
    ResultNotLast = "result-not-last", Error, Import, "Movetext after the termination marker.";
    ResultMismatch = "result-mismatch", Error, Import, "The `Result` tag and the termination marker disagree.";
    ResultContradictsPosition = "result-contradicts-position", Error, Import, "A result the final position rules out (checkmate, stalemate, insufficient material).";
    BadResultValue = "bad-result-value", Error, Import, "A `Result` tag or marker that is not `1-0`, `0-1`, `1/2-1/2` or `*`, or spells one oddly.";
    // FEN and setup
    FenSyntax = "fen-syntax", Error, Import, "A `FEN` tag that cannot be read: fields, ranks, characters, side, clocks.";
    FenKings = "fen-kings", Error, Import, "A `FEN` position with a missing or extra king.";
    FenPawnsOnBackRank = "fen-pawns-on-back-rank", Error, Import, "A `FEN` position with a pawn on rank 1 or 8.";
    FenCastlingRights = "fen-castling-rights", Error, Import, "A castling right without its king on the back rank or without its rook, or non-standard rights outside Chess960.";
    FenEpSquare = "fen-ep-square", Error, Import, "An en-passant square that no double step can have made.";
    FenOppositeCheck = "fen-opposite-check", Error, Import, "A `FEN` position where the side not to move is in check.";
    FenImpossibleCheck = "fen-impossible-check", Error, Import, "A `FEN` position whose check no single move can have given.";
    SetupWithoutFen = "setup-without-fen", Error, Import, "`SetUp \"1\"` without a `FEN` tag.";
    FenWithoutSetup = "fen-without-setup", Warning, Import, "A `FEN` tag without `SetUp \"1\"`.";
    Chess960WithoutVariant = "chess960-without-variant", Warning, Import, "Chess960 castling rights without a `Variant \"Chess960\"` tag.";
    UnsupportedVariant = "unsupported-variant", Info, Import, "A variant whose rules pgn-arbiter does not know; its moves are not judged.";
    // Tags
    SevenTagRoster = "seven-tag-roster", Warning, Export, "A tag of the Seven Tag Roster is missing.";
    TagOrder = "tag-order", Warning, Export, "The Seven Tag Roster does not come first, in order.";
    DuplicateTag = "duplicate-tag", Error, Import, "The same tag twice in one game.";
    TagName = "tag-name", Warning, Import, "A tag name that is not letters, digits and `_`, starting with a letter.";
    TagEscape = "tag-escape", Warning, Import, "A backslash in a tag value that escapes neither `\"` nor `\\`.";
    TagSyntax = "tag-syntax", Error, Import, "A tag pair that is not `[Name \"value\"]`: unterminated string or tag, missing `]`.";
    DateFormat = "date-format", Warning, Import, "A `Date`/`EventDate`/`UTCDate` that is not `YYYY.MM.DD` (with `??` for unknown parts).";
    RoundFormat = "round-format", Warning, Import, "A `Round` that is not `-`, `?` or dot-separated numbers.";
    EloFormat = "elo-format", Warning, Import, "A `WhiteElo`/`BlackElo` that is not a number, `-` or empty.";
    TimeControlFormat = "time-control-format", Warning, Import, "A `TimeControl` that is not `?`, `-`, `N`, `N+M`, `M/N`, `*N` or a `:`-list of them.";
    PlyCountMismatch = "plycount-mismatch", Warning, Import, "A `PlyCount` tag that does not match the main line.";
    // Movetext syntax
    MoveNumber = "move-number", Warning, Import, "A move number that does not match the position in the game.";
    UnbalancedParenthesis = "unbalanced-parenthesis", Error, Import, "A `(` never closed or a `)` never opened.";
    EmptyVariation = "empty-variation", Warning, Import, "A variation with no move in it.";
    VariationBeforeFirstMove = "variation-before-first-move", Error, Import, "A variation before any move it could be an alternative to.";
    UnterminatedComment = "unterminated-comment", Error, Import, "A `{` comment that is never closed.";
    StrayBrace = "stray-brace", Error, Import, "A `}` outside a comment.";
    NestedComment = "nested-comment", Warning, Import, "A `{` inside a comment: PGN comments do not nest.";
    UnknownToken = "unknown-token", Error, Import, "A token that has no place in PGN movetext.";
    ReservedToken = "reserved-token", Error, Import, "`<` or `>`, reserved by the PGN standard.";
    NagRange = "nag-range", Error, Import, "A NAG outside `$0`..`$255`.";
    SuffixAnnotation = "suffix-annotation", Info, Export, "A `!`/`?` suffix where the export format wants a `$n` NAG.";
    // Format
    LineTooLong = "line-too-long", Warning, Import, "A line over 255 characters (80 in the export profile).";
    Tab = "tab", Warning, Import, "A tab character.";
    ControlCharacter = "control-character", Warning, Import, "A control character other than newline and tab.";
    Encoding = "encoding", Warning, Import, "The file is not UTF-8; it was read as Windows-1252.";
    Bom = "bom", Info, Import, "A byte-order mark at the start of the file.";
    MissingBlankLine = "missing-blank-line", Warning, Import, "No blank line between the tags and the movetext, or between games.";
    // File
    DuplicateGame = "duplicate-game", Warning, Import, "The same game (tags and moves) twice in one file.";
}

impl Rule {
    /// The rule with this id.
    pub fn from_id(id: &str) -> Option<Rule> {
        Rule::ALL.iter().copied().find(|r| r.id() == id)
    }
}
