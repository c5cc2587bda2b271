//! Pieces in hand.

use super::types::PieceKind;

/// One player's pieces in hand: a count per unpromoted kind. Slot 0 (and the
/// king's slot, which aliases it) is never used.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Hash)]
pub struct Hand([u8; 8]);

impl Hand {
    #[inline(always)]
    pub const fn count(self, kind: PieceKind) -> u8 {
        self.0[kind as usize & 7]
    }

    /// The counts as the bytes of a word, the kind's slot the byte's
    /// place (little-endian), for arithmetic on all kinds at once.
    #[inline(always)]
    pub(crate) const fn counts_word(self) -> u64 {
        u64::from_le_bytes(self.0)
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        u64::from_ne_bytes(self.0) == 0
    }

    #[inline(always)]
    pub(super) fn add(&mut self, kind: PieceKind) {
        self.0[kind as usize & 7] += 1;
    }

    #[inline(always)]
    pub(super) fn remove(&mut self, kind: PieceKind) {
        self.0[kind as usize & 7] -= 1;
    }

    pub(crate) fn set(&mut self, kind: PieceKind, count: u8) {
        self.0[kind as usize & 7] = count;
    }
}
