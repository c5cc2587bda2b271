//! The play search's transposition table: per position the best move, the
//! search result with its depth and bound, and the static evaluation, in
//! buckets of four 16-byte slots (one cache line). Unlike the research
//! table it ages: each search is a generation, and a slot of an older
//! generation is replaced before a deeper current one, so a game's earlier
//! moves do not fill the table for good.

use crate::board::Move;
use crate::game::Value;
use crate::search::zeroed::ZeroedArray;
use crate::search::Bound;

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Slot {
    key: u64,
    mv: u16,
    value: i16,
    eval: i16,
    depth: u8,
    /// Bits 0–1: 0 empty, else a [`Bound`]; bits 2–7: the generation.
    age_bound: u8,
}

const WAYS: usize = 4;

#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([Slot; WAYS]);

/// What a probe finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub mv: Move,
    pub value: Value,
    pub eval: Value,
    pub depth: i32,
    pub bound: Bound,
}

pub struct PlayTable {
    buckets: ZeroedArray<Bucket>,
    generation: u8,
}

/// `n` empty buckets, their pages touched: a game's first move should
/// not pay for the table's page faults.
fn buckets(n: usize) -> ZeroedArray<Bucket> {
    // SAFETY: a Bucket of zero bytes is valid (empty slots), aligned to 64.
    let mut buckets = unsafe { ZeroedArray::new(n) };
    buckets.prefault();
    buckets
}

/// Depths are stored plus one so that quiescence entries (depth 0 and
/// below, stored as 0) differ from none.
fn stored_depth(depth: i32) -> u8 {
    (depth + 1).clamp(0, 255) as u8
}

impl PlayTable {
    /// A table of about `megabytes` MB (at least one bucket).
    pub fn new(megabytes: usize) -> PlayTable {
        let n = ((megabytes << 20) / std::mem::size_of::<Bucket>()).max(1);
        PlayTable {
            buckets: buckets(n),
            generation: 0,
        }
    }

    pub fn clear(&mut self) {
        let n = self.buckets.len();
        self.buckets = buckets(0);
        self.buckets = buckets(n);
        self.generation = 0;
    }

    /// A new search: what it stores is newer than everything before.
    pub fn new_generation(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let bucket = &self.buckets[self.bucket(key)];
        let slot = bucket
            .0
            .iter()
            .find(|s| s.key == key && s.age_bound & 3 != 0)?;
        Some(Hit {
            mv: Move::from_bits(slot.mv).unwrap_or(Move::NONE),
            value: Value::from(slot.value),
            eval: Value::from(slot.eval),
            depth: i32::from(slot.depth) - 1,
            bound: match slot.age_bound & 3 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    /// Stores a result; a move of `Move::NONE` keeps the slot's old move.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        mv: Move,
        value: Value,
        eval: Value,
        depth: i32,
        bound: Bound,
    ) {
        let generation = self.generation;
        let i = self.bucket(key);
        let bucket = &mut self.buckets[i].0;
        let age = |s: &Slot| (generation.wrapping_sub(s.age_bound >> 2) & 63) as i32;
        let way = bucket
            .iter()
            .position(|s| s.key == key && s.age_bound & 3 != 0)
            .unwrap_or_else(|| {
                (0..WAYS)
                    .min_by_key(|&w| {
                        let s = &bucket[w];
                        if s.age_bound & 3 == 0 {
                            i32::MIN
                        } else {
                            i32::from(s.depth) - 8 * age(s)
                        }
                    })
                    .expect("buckets are not empty")
            });
        let slot = &mut bucket[way];
        let same = slot.key == key && slot.age_bound & 3 != 0;
        // A deeper bound of this search on the same position stays.
        if same
            && bound != Bound::Exact
            && age(slot) == 0
            && i32::from(slot.depth) > i32::from(stored_depth(depth)) + 2
        {
            return;
        }
        let mv = if mv == Move::NONE && same {
            slot.mv
        } else {
            mv.to_bits()
        };
        *slot = Slot {
            key,
            mv,
            value: value as i16,
            eval: eval as i16,
            depth: stored_depth(depth),
            age_bound: generation << 2 | bound as u8,
        };
    }

    /// Permille of a sample of slots used by the current search (USI `hashfull`).
    pub fn permille_full(&self) -> u32 {
        let sample = self.buckets.len().min(250);
        let used: usize = self.buckets[..sample]
            .iter()
            .map(|b| {
                b.0.iter()
                    .filter(|s| s.age_bound & 3 != 0 && s.age_bound >> 2 == self.generation)
                    .count()
            })
            .sum();
        (used * 1000 / (sample * WAYS)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    #[test]
    fn stores_probes_and_ages() {
        let mut t = PlayTable::new(0);
        assert_eq!(t.buckets.len(), 1);
        let mv = Move::normal(Square::from_index(10), Square::from_index(11), false);
        t.store(7, mv, 50, 20, 6, Bound::Lower);
        let hit = t.probe(7).unwrap();
        assert_eq!((hit.mv, hit.value, hit.eval, hit.depth), (mv, 50, 20, 6));
        // A shallow bound does not replace a deep one of the same search.
        t.store(7, Move::NONE, 10, 20, 1, Bound::Upper);
        assert_eq!(t.probe(7).unwrap().depth, 6);
        // Quiescence entries keep their depth, down to −1.
        t.store(8, Move::NONE, -5, -5, -1, Bound::Exact);
        assert_eq!(t.probe(8).unwrap().depth, -1);
        // Fill the bucket with deep entries of an old search: new ones replace them.
        for key in 9..11 {
            t.store(key, Move::NONE, 0, 0, 20, Bound::Exact);
        }
        t.new_generation();
        t.store(11, Move::NONE, 0, 0, 1, Bound::Exact);
        assert!(t.probe(11).is_some());
        assert_eq!(t.permille_full(), 250);
        t.clear();
        assert_eq!(t.probe(7), None);
    }
}
