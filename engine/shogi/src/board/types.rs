//! The board's small value types: colors, squares, piece kinds, pieces.

/// A player. Black (sente) moves first.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    #[inline(always)]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A square, indexed `(file - 1) * 9 + (rank - 1)`: file 1 is on Black's
/// right, rank 1 (`a`) is White's back rank. This is shogi_core's order
/// minus one, and it keeps every file in nine consecutive bits.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const NUM: usize = 81;

    /// The square of `file` and `rank`, both in `1..=9`.
    #[inline(always)]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square((file - 1) * 9 + rank - 1))
        } else {
            None
        }
    }

    /// The square of index `i`; `i` must be below 81.
    #[inline(always)]
    pub const fn from_index(i: u8) -> Square {
        debug_assert!(i < 81);
        Square(i)
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File in `1..=9`.
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 / 9 + 1
    }

    /// Rank in `1..=9`.
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..81).map(Square)
    }
}

/// Kinds of pieces, numbered as in shogi_core.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    Pawn = 1,
    Lance = 2,
    Knight = 3,
    Silver = 4,
    Gold = 5,
    Bishop = 6,
    Rook = 7,
    King = 8,
    ProPawn = 9,
    ProLance = 10,
    ProKnight = 11,
    ProSilver = 12,
    Horse = 13,
    Dragon = 14,
}

impl PieceKind {
    /// The kinds a player can hold in hand, in SFEN hand order.
    pub const HAND_SFEN_ORDER: [PieceKind; 7] = [
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Gold,
        PieceKind::Silver,
        PieceKind::Knight,
        PieceKind::Lance,
        PieceKind::Pawn,
    ];

    pub const ALL: [PieceKind; 14] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Gold,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::King,
        PieceKind::ProPawn,
        PieceKind::ProLance,
        PieceKind::ProKnight,
        PieceKind::ProSilver,
        PieceKind::Horse,
        PieceKind::Dragon,
    ];

    /// The kind whose discriminant is `v`. A match, not a table read: the
    /// compiler sees that it is the identity on 1..=14 and only checks the
    /// range (`Piece::kind` is everywhere).
    #[inline(always)]
    pub const fn from_u8(v: u8) -> Option<PieceKind> {
        Some(match v {
            1 => PieceKind::Pawn,
            2 => PieceKind::Lance,
            3 => PieceKind::Knight,
            4 => PieceKind::Silver,
            5 => PieceKind::Gold,
            6 => PieceKind::Bishop,
            7 => PieceKind::Rook,
            8 => PieceKind::King,
            9 => PieceKind::ProPawn,
            10 => PieceKind::ProLance,
            11 => PieceKind::ProKnight,
            12 => PieceKind::ProSilver,
            13 => PieceKind::Horse,
            14 => PieceKind::Dragon,
            _ => return None,
        })
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether a piece of this kind may promote.
    #[inline(always)]
    pub const fn is_promotable(self) -> bool {
        (self as u8) <= 7 && !matches!(self, PieceKind::Gold)
    }

    /// The promoted kind; kinds that cannot promote are returned unchanged.
    #[inline(always)]
    pub const fn promoted(self) -> PieceKind {
        match self {
            PieceKind::Pawn => PieceKind::ProPawn,
            PieceKind::Lance => PieceKind::ProLance,
            PieceKind::Knight => PieceKind::ProKnight,
            PieceKind::Silver => PieceKind::ProSilver,
            PieceKind::Bishop => PieceKind::Horse,
            PieceKind::Rook => PieceKind::Dragon,
            other => other,
        }
    }

    /// The kind a captured piece of this kind becomes in hand.
    #[inline(always)]
    pub const fn unpromoted(self) -> PieceKind {
        match self {
            PieceKind::ProPawn => PieceKind::Pawn,
            PieceKind::ProLance => PieceKind::Lance,
            PieceKind::ProKnight => PieceKind::Knight,
            PieceKind::ProSilver => PieceKind::Silver,
            PieceKind::Horse => PieceKind::Bishop,
            PieceKind::Dragon => PieceKind::Rook,
            other => other,
        }
    }

    /// Kinds that move like a gold general.
    #[inline(always)]
    pub const fn moves_like_gold(self) -> bool {
        matches!(
            self,
            PieceKind::Gold
                | PieceKind::ProPawn
                | PieceKind::ProLance
                | PieceKind::ProKnight
                | PieceKind::ProSilver
        )
    }

    /// The SFEN letter of the base kind, upper case (Black's).
    pub const fn sfen_letter(self) -> char {
        match self.unpromoted() {
            PieceKind::Pawn => 'P',
            PieceKind::Lance => 'L',
            PieceKind::Knight => 'N',
            PieceKind::Silver => 'S',
            PieceKind::Gold => 'G',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            _ => 'K',
        }
    }

    /// The unpromoted kind of an SFEN letter of either case.
    pub const fn from_sfen_letter(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'P' => PieceKind::Pawn,
            'L' => PieceKind::Lance,
            'N' => PieceKind::Knight,
            'S' => PieceKind::Silver,
            'G' => PieceKind::Gold,
            'B' => PieceKind::Bishop,
            'R' => PieceKind::Rook,
            'K' => PieceKind::King,
            _ => return None,
        })
    }
}

/// A piece on the board, or none: `kind | color << 4`, 0 for an empty square.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct Piece(u8);

impl Piece {
    pub const EMPTY: Piece = Piece(0);
    /// Indices of the Zobrist table and similar per-piece arrays.
    pub const NUM_INDICES: usize = 32;

    #[inline(always)]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece(kind as u8 | (color as u8) << 4)
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kind; the square must not be empty.
    #[inline(always)]
    pub const fn kind(self) -> PieceKind {
        match PieceKind::from_u8(self.0 & 15) {
            Some(k) => k,
            None => panic!("kind of an empty square"),
        }
    }

    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0 >> 4 == 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_pairs() {
        for k in PieceKind::ALL {
            if k.is_promotable() {
                assert_ne!(k.promoted(), k);
                assert_eq!(k.promoted().unpromoted(), k);
                assert!(k.promoted() as u8 > 8);
            } else {
                assert_eq!(k.promoted(), k);
            }
        }
        assert_eq!(PieceKind::Bishop.promoted(), PieceKind::Horse);
        assert_eq!(PieceKind::Dragon.unpromoted(), PieceKind::Rook);
    }
}
