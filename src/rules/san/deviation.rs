//! Deviations from canonical SAN: every way an accepted move text differs from what the writer
//! would produce, as data the lint layer turns into diagnostics and fixes.
//!
//! [`Deviations`] is a bit set, so the happy path (canonical SAN, no deviation) never allocates.

use std::fmt;

/// One way a SAN token deviates from canonical SAN. The canonical spelling itself comes from
/// [`Position::san`](crate::rules::Position::san); a deviation only says what kind of fix is due.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Deviation {
    /// Castling written with the digit zero: `0-0`, `O-0`.
    CastlingZero,
    /// Castling written with a lower-case letter: `o-o`.
    CastlingLowercase,
    /// Castling written with a dash other than ASCII `-` (`–`, `—`, `‑`, `−`).
    CastlingUnicodeDash,
    /// Castling written as a king move: `Kg1`, `e1g1`, or king-onto-rook `e1h1`.
    CastlingAsKingMove,
    /// Promotion without `=`: `e8Q`.
    PromotionWithoutEquals,
    /// Promotion with a lower-case piece letter: `e8=q`.
    PromotionLowercase,
    /// Promotion in parentheses: `e8(Q)`.
    PromotionParentheses,
    /// Promotion after a slash: `e8/Q`.
    PromotionSlash,
    /// Long algebraic notation: the whole origin square where SAN needs less (`e2e4`, `Ng1f3`),
    /// a dash between origin and destination (`e2-e4`, `Ng1-f3`), or a UCI move without a piece
    /// letter (`g1f3`).
    LongAlgebraic,
    /// A pawn move with the letter `P`: `Pe4`.
    PawnLetter,
    /// A lower-case piece letter: `nf3`.
    PieceCase,
    /// An en-passant suffix: `exd6 e.p.`, `exd6ep`.
    EnPassantSuffix,
    /// `++` written as a check suffix.
    DoublePlus,
    /// A capture written without `x`: `Nf3` taking on f3, `ed5`.
    MissingCapture,
    /// `x` written for a move that captures nothing.
    SpuriousCapture,
    /// A checking move written without `+`.
    MissingCheck,
    /// A mating move written without `#`.
    MissingMate,
    /// A mating move written with `+` (or `++`) instead of `#`.
    CheckForMate,
    /// A move that checks but does not mate, written with `#`.
    MateForCheck,
    /// A check or mate suffix on a move that does not check.
    SpuriousCheck,
    /// A disambiguator that is not needed: `Nbd2` when only one knight reaches d2.
    OverDisambiguated,
    /// A rank disambiguator where the file suffices: `R2c2` for `Rbc2`.
    WrongDisambiguator,
}

impl Deviation {
    /// Every deviation, in declaration order.
    pub const ALL: [Deviation; 22] = [
        Deviation::CastlingZero,
        Deviation::CastlingLowercase,
        Deviation::CastlingUnicodeDash,
        Deviation::CastlingAsKingMove,
        Deviation::PromotionWithoutEquals,
        Deviation::PromotionLowercase,
        Deviation::PromotionParentheses,
        Deviation::PromotionSlash,
        Deviation::LongAlgebraic,
        Deviation::PawnLetter,
        Deviation::PieceCase,
        Deviation::EnPassantSuffix,
        Deviation::DoublePlus,
        Deviation::MissingCapture,
        Deviation::SpuriousCapture,
        Deviation::MissingCheck,
        Deviation::MissingMate,
        Deviation::CheckForMate,
        Deviation::MateForCheck,
        Deviation::SpuriousCheck,
        Deviation::OverDisambiguated,
        Deviation::WrongDisambiguator,
    ];

    /// A short English description, for messages.
    pub const fn description(self) -> &'static str {
        match self {
            Deviation::CastlingZero => "castling written with the digit 0 instead of the letter O",
            Deviation::CastlingLowercase => "castling written with a lower-case o",
            Deviation::CastlingUnicodeDash => "castling written with a non-ASCII dash",
            Deviation::CastlingAsKingMove => "castling written as a king move",
            Deviation::PromotionWithoutEquals => "promotion written without `=`",
            Deviation::PromotionLowercase => "promotion piece written in lower case",
            Deviation::PromotionParentheses => "promotion piece written in parentheses",
            Deviation::PromotionSlash => "promotion piece written after `/`",
            Deviation::LongAlgebraic => "long algebraic notation",
            Deviation::PawnLetter => "pawn move written with the letter P",
            Deviation::PieceCase => "piece letter written in lower case",
            Deviation::EnPassantSuffix => "en-passant suffix",
            Deviation::DoublePlus => "`++` is not a SAN suffix",
            Deviation::MissingCapture => "capture written without `x`",
            Deviation::SpuriousCapture => "`x` on a move that captures nothing",
            Deviation::MissingCheck => "check not marked with `+`",
            Deviation::MissingMate => "checkmate not marked with `#`",
            Deviation::CheckForMate => "checkmate marked with `+` instead of `#`",
            Deviation::MateForCheck => "`#` on a move that checks but does not mate",
            Deviation::SpuriousCheck => "check suffix on a move that does not check",
            Deviation::OverDisambiguated => "disambiguation that is not needed",
            Deviation::WrongDisambiguator => "rank used to disambiguate where the file suffices",
        }
    }
}

impl fmt::Display for Deviation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// A set of [`Deviation`]s (a bit set: copying and testing are free).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Deviations(u32);

impl Deviations {
    /// No deviation: canonical SAN.
    pub const NONE: Deviations = Deviations(0);

    /// Adds a deviation.
    #[inline]
    pub fn insert(&mut self, deviation: Deviation) {
        self.0 |= 1 << deviation as u8;
    }

    /// `true` if the set holds `deviation`.
    #[inline]
    pub const fn contains(self, deviation: Deviation) -> bool {
        self.0 & (1 << deviation as u8) != 0
    }

    /// `true` if the text was canonical.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of deviations.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The deviations, in declaration order.
    pub fn iter(self) -> impl Iterator<Item = Deviation> {
        Deviation::ALL
            .into_iter()
            .filter(move |&d| self.contains(d))
    }
}

impl std::ops::BitOr for Deviations {
    type Output = Deviations;
    fn bitor(self, rhs: Deviations) -> Deviations {
        Deviations(self.0 | rhs.0)
    }
}

impl std::ops::BitOrAssign for Deviations {
    fn bitor_assign(&mut self, rhs: Deviations) {
        self.0 |= rhs.0;
    }
}

impl From<Deviation> for Deviations {
    fn from(deviation: Deviation) -> Deviations {
        let mut set = Deviations::NONE;
        set.insert(deviation);
        set
    }
}

impl fmt::Debug for Deviations {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
