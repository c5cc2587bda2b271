//! 81-square bitboards: bit `i` is the square of index `i` (see [`Square`]).
//!
//! A `u128` keeps every file in nine consecutive bits, so file-wise tricks
//! (pawn files, file fills) are plain integer arithmetic.

use super::types::{Color, Square};
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Bitboard(pub u128);

const ALL_BITS: u128 = (1u128 << 81) - 1;

/// Bit 0 of every file.
const FILE_BASES: u128 = {
    let mut b = 0u128;
    let mut f = 0;
    while f < 9 {
        b |= 1u128 << (f * 9);
        f += 1;
    }
    b
};

/// Each square's bitboard.
const SQUARE_BITS: [Bitboard; 81] = {
    let mut t = [Bitboard(0); 81];
    let mut i = 0;
    while i < 81 {
        t[i] = Bitboard(1u128 << i);
        i += 1;
    }
    t
};

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const ALL: Bitboard = Bitboard(ALL_BITS);

    /// Read from a table: a shift of a `u128` by a variable amount is
    /// some seven instructions, a load two.
    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        SQUARE_BITS[sq.index()]
    }

    /// Every square of ranks `lo..=hi` (1-based).
    pub const fn ranks(lo: u8, hi: u8) -> Bitboard {
        let mut one_file = 0u128;
        let mut r = lo;
        while r <= hi {
            one_file |= 1u128 << (r - 1);
            r += 1;
        }
        Bitboard(one_file * FILE_BASES)
    }

    /// Every square of `file` (1-based).
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(0x1FFu128 << ((file - 1) * 9))
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether more than one square is set.
    #[inline(always)]
    pub const fn has_more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & SQUARE_BITS[sq.index()].0 != 0
    }

    /// The lowest square; the bitboard must not be empty.
    #[inline(always)]
    pub const fn lsb(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::from_index(self.0.trailing_zeros() as u8)
    }

    /// Removes and returns the lowest square, if any.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.lsb();
        self.0 &= self.0 - 1;
        Some(sq)
    }

    /// Calls `f` on every square, lowest first: a loop per 64-bit half is
    /// cheaper than popping bits off a `u128` where there are many.
    #[inline(always)]
    pub fn for_each(self, mut f: impl FnMut(Square)) {
        let (mut low, mut high) = (self.0 as u64, (self.0 >> 64) as u64);
        while low != 0 {
            f(Square::from_index(low.trailing_zeros() as u8));
            low &= low - 1;
        }
        while high != 0 {
            f(Square::from_index(64 + high.trailing_zeros() as u8));
            high &= high - 1;
        }
    }

    #[inline(always)]
    pub const fn and_not(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }

    /// The bitboard moved one rank towards the opponent of `c` (a pawn push).
    /// Callers guarantee no bit sits on `c`'s last rank, so no bit crosses a file.
    #[inline(always)]
    pub const fn forward(self, c: Color) -> Bitboard {
        match c {
            Color::Black => Bitboard(self.0 >> 1),
            Color::White => Bitboard(self.0 << 1),
        }
    }

    /// Every file that holds at least one set square, filled completely.
    #[inline(always)]
    pub const fn file_fill(self) -> Bitboard {
        const LOW8: u128 = 0xFF * FILE_BASES;
        const TOP: u128 = 0x100 * FILE_BASES;
        // Adding 0xFF to a file's low eight bits carries into its ninth bit
        // exactly when one of them is set, and never into the next file.
        let top = (((self.0 & LOW8) + LOW8) | self.0) & TOP;
        // (top << 1) - (top >> 8) turns each file's ninth bit into 0x1FF.
        Bitboard((top << 1) - (top >> 8))
    }
}

/// The squares of a bitboard, lowest index first.
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        self.0.pop()
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    #[inline(always)]
    fn into_iter(self) -> Squares {
        Squares(self)
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the 81 squares.
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL_BITS)
    }
}

impl BitAndAssign for Bitboard {
    #[inline(always)]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for Bitboard {
    #[inline(always)]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl BitXorAssign for Bitboard {
    #[inline(always)]
    fn bitxor_assign(&mut self, rhs: Bitboard) {
        self.0 ^= rhs.0;
    }
}

impl core::fmt::Debug for Bitboard {
    /// Nine rows as Black sees the board, file 9 on the left.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for rank in 1..=9 {
            for file in (1..=9).rev() {
                let sq = Square::new(file, rank).expect("valid square");
                f.write_str(if self.contains(sq) { "x" } else { "." })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_fill_fills_exactly_the_occupied_files() {
        let a = Square::new(1, 5).unwrap();
        let b = Square::new(9, 9).unwrap();
        let c = Square::new(4, 1).unwrap();
        let filled =
            (Bitboard::from_square(a) | Bitboard::from_square(b) | Bitboard::from_square(c))
                .file_fill();
        assert_eq!(
            filled,
            Bitboard::file(1) | Bitboard::file(9) | Bitboard::file(4)
        );
        assert_eq!(Bitboard::EMPTY.file_fill(), Bitboard::EMPTY);
        assert_eq!(Bitboard::ALL.file_fill(), Bitboard::ALL);
    }

    #[test]
    fn ranks_and_files_have_nine_squares_each() {
        for i in 1..=9 {
            assert_eq!(Bitboard::ranks(i, i).count(), 9);
            assert_eq!(Bitboard::file(i).count(), 9);
        }
        assert_eq!(Bitboard::ranks(1, 9), Bitboard::ALL);
    }
}
