//! The vocabulary of chess: colours, piece roles, pieces, files, ranks and squares.

use std::fmt;

/// A side: white or black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first.
    White = 0,
    /// The side that moves second.
    Black = 1,
}

impl Color {
    /// Both colours, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The array index of this colour (white 0, black 1).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank (0-based) on which this side's pieces start: 0 for white, 7 for black.
    #[inline]
    pub const fn back_rank(self) -> Rank {
        match self {
            Color::White => Rank(0),
            Color::Black => Rank(7),
        }
    }

    /// `true` for white.
    #[inline]
    pub const fn is_white(self) -> bool {
        matches!(self, Color::White)
    }

    /// The colour of a FEN piece letter's case: upper case white, lower case black.
    pub const fn from_white(white: bool) -> Color {
        if white { Color::White } else { Color::Black }
    }

    /// `white` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A kind of piece, without colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// A pawn.
    Pawn = 0,
    /// A knight.
    Knight = 1,
    /// A bishop.
    Bishop = 2,
    /// A rook.
    Rook = 3,
    /// A queen.
    Queen = 4,
    /// A king.
    King = 5,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may promote to, in the order SAN writers conventionally list them.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The array index of this role.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter SAN uses (`P` for a pawn, although SAN omits it).
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The lower-case letter UCI uses for promotions.
    pub const fn lower_char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// The role of a piece letter, in either case.
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        })
    }

    /// The English name (`knight`), for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
}

/// A piece: a role and a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for white, lower case for black.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.lower_char(),
        }
    }

    /// The piece of a FEN letter (`N` white knight, `n` black knight).
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: Color::from_white(c.is_ascii_uppercase()),
                role,
            }),
            None => None,
        }
    }
}

/// A file, `a` (0) to `h` (7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(pub u8);

impl File {
    /// The file of a letter `a`..=`h` (lower case only).
    pub const fn from_char(c: char) -> Option<File> {
        if c >= 'a' && c <= 'h' {
            Some(File(c as u8 - b'a'))
        } else {
            None
        }
    }
    /// The letter of this file, lower case.
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
}

/// A rank, `1` (0) to `8` (7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(pub u8);

impl Rank {
    /// The rank of a digit `1`..=`8`.
    pub const fn from_char(c: char) -> Option<Rank> {
        if c >= '1' && c <= '8' {
            Some(Rank(c as u8 - b'1'))
        } else {
            None
        }
    }
    /// The digit of this rank.
    pub const fn char(self) -> char {
        (b'1' + self.0) as char
    }
}

/// A square, `a1` (0) to `h8` (63), rank-major.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Every square, a1 first, h8 last.
    pub const ALL: [Square; 64] = {
        let mut all = [Square(0); 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with this index; `None` outside 0..64.
    #[inline]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 64 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square of `index & 63` (never fails).
    #[inline]
    pub const fn from_index_wrapping(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// The square on a file and rank.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square((rank.0 & 7) * 8 + (file.0 & 7))
    }

    /// The index 0..64.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file of this square.
    #[inline]
    pub const fn file(self) -> File {
        File(self.0 & 7)
    }

    /// The rank of this square.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 >> 3)
    }

    /// The same square seen from the other side (a1 ↔ a8).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square `delta` indexes away, if it is on the board (no wrap check across files).
    #[inline]
    pub const fn offset(self, delta: i32) -> Option<Square> {
        let i = self.0 as i32 + delta;
        if i >= 0 && i < 64 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// Parses `e4`. Exactly two characters, lower-case file.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = File::from_char(chars.next()?)?;
        let rank = Rank::from_char(chars.next()?)?;
        chars
            .next()
            .is_none()
            .then_some(Square::from_coords(file, rank))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
