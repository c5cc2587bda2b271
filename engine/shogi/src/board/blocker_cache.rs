//! Each king's line blockers, remembered until the board changes: a node
//! asks for them several times (the table move's legality, each class of
//! moves generated, the checks' discoverers), and working them out walks
//! every slider aimed at the king.
//!
//! Atomics, not a `Cell`, so that a position stays shareable between
//! threads (the trainer reads its samples in parallel); on x86 their
//! loads and stores are plain moves. Threads sharing a position read the
//! same board, so any two that fill the cache fill it alike.

use std::sync::atomic::{AtomicU64, Ordering};

use super::bitboard::Bitboard;
use super::types::Color;

/// Set in a color's high word once its blockers are known (a board's high
/// word uses 17 bits).
const KNOWN: u64 = 1 << 63;

/// By color: the blockers' low and high 64 bits.
#[derive(Debug, Default)]
pub(super) struct BlockerCache([[AtomicU64; 2]; 2]);

impl BlockerCache {
    /// The blockers of `c`'s king, if known.
    #[inline(always)]
    pub(super) fn get(&self, c: Color) -> Option<Bitboard> {
        let [lo, hi] = &self.0[c.index()];
        let hi = hi.load(Ordering::Acquire);
        (hi & KNOWN != 0).then(|| {
            let lo = lo.load(Ordering::Relaxed);
            Bitboard(u128::from(hi & !KNOWN) << 64 | u128::from(lo))
        })
    }

    #[inline(always)]
    pub(super) fn set(&self, c: Color, blockers: Bitboard) {
        let [lo, hi] = &self.0[c.index()];
        lo.store(blockers.0 as u64, Ordering::Relaxed);
        hi.store((blockers.0 >> 64) as u64 | KNOWN, Ordering::Release);
    }

    /// Forgets both colors' blockers: the board changed.
    #[inline(always)]
    pub(super) fn clear(&mut self) {
        for [_, hi] in &mut self.0 {
            *hi.get_mut() = 0;
        }
    }
}

impl Clone for BlockerCache {
    fn clone(&self) -> BlockerCache {
        let copy = BlockerCache::default();
        for c in Color::BOTH {
            if let Some(b) = self.get(c) {
                copy.set(c, b);
            }
        }
        copy
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::types::Square;

    #[test]
    fn remembers_each_color_until_cleared() {
        let mut cache = BlockerCache::default();
        assert_eq!(cache.get(Color::Black), None);
        // The board's highest square sets a bit of the high word.
        let b = Bitboard::from_square(Square::from_index(80))
            | Bitboard::from_square(Square::from_index(3));
        cache.set(Color::White, b);
        assert_eq!(cache.get(Color::White), Some(b));
        assert_eq!(cache.get(Color::Black), None);
        assert_eq!(cache.clone().get(Color::White), Some(b));
        cache.set(Color::Black, Bitboard::EMPTY);
        assert_eq!(cache.get(Color::Black), Some(Bitboard::EMPTY));
        cache.clear();
        assert_eq!(cache.get(Color::White), None);
        assert_eq!(cache.get(Color::Black), None);
    }
}
