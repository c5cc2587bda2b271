//! The transposition table: results of finished searches, keyed by state
//! hash, in buckets of four entries (one cache line). A new result replaces
//! the entry of the same state, else the shallowest entry of its bucket, so
//! deep results, the expensive ones, survive.

use yomi_memory::ZeroedArray;
use yomi_tree::Value;

/// What a stored value says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
#[repr(u8)]
pub enum Bound {
    /// The value itself.
    Exact = 1,
    /// The true value is at least this (the search failed high).
    Lower = 2,
    /// The true value is at most this (the search failed low).
    Upper = 3,
}

/// No best child recorded.
pub const NO_CHILD: u16 = u16::MAX;

#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
struct Slot {
    key: u64,
    value: Value,
    /// The best child's index in the game's predicted order, or [`NO_CHILD`].
    best: u16,
    depth: u8,
    /// 0 for an empty slot, else a [`Bound`], with [`SHARED`] where the
    /// result came from another worker.
    bound: u8,
}

/// The slot's `bound` bits that hold the [`Bound`].
const BOUND_BITS: u8 = 3;
/// The slot's `bound` bit of an [`Entry::shared`] result.
const SHARED: u8 = 4;

/// A stored result.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Entry {
    pub value: Value,
    pub depth: u32,
    pub bound: Bound,
    pub best: u16,
    /// Found by another worker and passed on (the sharing ring): counted
    /// where a probe finds it, not sent.
    #[serde(skip)]
    pub shared: bool,
}

impl Entry {
    /// The value this entry proves for a search of `depth` with window
    /// (`alpha`, `beta`) under the fail-hard convention, if any.
    #[inline]
    pub fn cutoff(&self, depth: u32, alpha: Value, beta: Value) -> Option<Value> {
        if self.depth < depth {
            return None;
        }
        match self.bound {
            Bound::Exact => Some(self.value.clamp(alpha, beta)),
            Bound::Lower if self.value >= beta => Some(beta),
            Bound::Upper if self.value <= alpha => Some(alpha),
            _ => None,
        }
    }
}

const WAYS: usize = 4;

#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([Slot; WAYS]);

pub struct TranspositionTable {
    buckets: ZeroedArray<Bucket>,
}

/// `n` empty buckets, in memory that is touched only as the table fills.
fn zeroed_buckets(n: usize) -> ZeroedArray<Bucket> {
    // SAFETY: a Bucket of zero bytes is valid (empty slots), aligned to 64.
    unsafe { ZeroedArray::new(n) }
}

impl TranspositionTable {
    /// A table of about `megabytes` MB; 0 gives no table at all (every
    /// probe misses, nothing is stored).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let n = (megabytes << 20) / size_of::<Bucket>();
        TranspositionTable {
            buckets: zeroed_buckets(n),
        }
    }

    /// Entries the table holds.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// Empties the table: fresh zeroed memory, so a large table that was
    /// barely used costs nothing to clear.
    pub fn clear(&mut self) {
        let n = self.buckets.len();
        self.buckets = zeroed_buckets(0);
        self.buckets = zeroed_buckets(n);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    /// Asks the processor to bring the bucket of `key` into its cache: the
    /// searches wait on memory for most of their probes, and asking for
    /// all of a node's children at once overlaps those waits.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        self.buckets.prefetch(self.bucket(key));
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        if self.buckets.is_empty() {
            return None;
        }
        let bucket = &self.buckets[self.bucket(key)];
        bucket
            .0
            .iter()
            .find(|s| s.key == key && s.bound != 0)
            .map(|s| Entry {
                value: s.value,
                depth: u32::from(s.depth),
                bound: match s.bound & BOUND_BITS {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    _ => Bound::Upper,
                },
                best: s.best,
                shared: s.bound & SHARED != 0,
            })
    }

    #[inline]
    pub fn store(&mut self, key: u64, entry: Entry) {
        if self.buckets.is_empty() {
            return;
        }
        let i = self.bucket(key);
        let bucket = &mut self.buckets[i].0;
        let way = bucket
            .iter()
            .position(|s| s.key == key && s.bound != 0)
            .unwrap_or_else(|| {
                (0..WAYS)
                    .min_by_key(|&w| (bucket[w].bound != 0, bucket[w].depth))
                    .expect("buckets are not empty")
            });
        let slot = &mut bucket[way];
        // Keep a deeper result of the same state unless the new one is exact.
        if slot.key == key
            && slot.bound != 0
            && u32::from(slot.depth) > entry.depth
            && entry.bound != Bound::Exact
        {
            return;
        }
        let best = if entry.best == NO_CHILD && slot.key == key {
            slot.best
        } else {
            entry.best
        };
        *slot = Slot {
            key,
            value: entry.value,
            best,
            depth: entry.depth.min(u32::from(u8::MAX)) as u8,
            bound: entry.bound as u8 | if entry.shared { SHARED } else { 0 },
        };
    }

    /// Permille of a sample of slots in use (USI `hashfull`).
    pub fn permille_full(&self) -> u32 {
        let sample = self.buckets.len().min(250);
        if sample == 0 {
            return 0;
        }
        let used: usize = self.buckets[..sample]
            .iter()
            .map(|b| b.0.iter().filter(|s| s.bound != 0).count())
            .sum();
        (used * 1000 / (sample * WAYS)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(value: Value, depth: u32, bound: Bound) -> Entry {
        Entry {
            value,
            depth,
            bound,
            best: 3,
            shared: false,
        }
    }

    #[test]
    fn cutoffs_follow_the_bounds() {
        let exact = entry(50, 4, Bound::Exact);
        assert_eq!(exact.cutoff(4, 0, 100), Some(50));
        assert_eq!(exact.cutoff(4, 60, 100), Some(60));
        assert_eq!(exact.cutoff(4, 0, 40), Some(40));
        assert_eq!(exact.cutoff(5, 0, 100), None, "too shallow");
        let lower = entry(50, 4, Bound::Lower);
        assert_eq!(lower.cutoff(3, 0, 50), Some(50));
        assert_eq!(lower.cutoff(3, 0, 51), None);
        let upper = entry(50, 4, Bound::Upper);
        assert_eq!(upper.cutoff(3, 50, 100), Some(50));
        assert_eq!(upper.cutoff(3, 49, 100), None);
    }

    #[test]
    fn stores_and_replaces() {
        let mut tt = TranspositionTable::new(1);
        assert_eq!(tt.probe(7), None);
        tt.store(7, entry(10, 6, Bound::Lower));
        assert_eq!(tt.probe(7), Some(entry(10, 6, Bound::Lower)));
        // A shallower bound does not overwrite a deeper result; an exact one does.
        tt.store(7, entry(20, 2, Bound::Upper));
        assert_eq!(tt.probe(7).unwrap().depth, 6);
        tt.store(
            7,
            Entry {
                best: NO_CHILD,
                ..entry(30, 2, Bound::Exact)
            },
        );
        assert_eq!(
            tt.probe(7),
            Some(entry(30, 2, Bound::Exact)),
            "best child kept"
        );
        tt.clear();
        assert_eq!(tt.probe(7), None);
    }

    #[test]
    fn shared_results_are_told_apart() {
        let mut tt = TranspositionTable::new(1);
        let shared = Entry {
            shared: true,
            ..entry(10, 6, Bound::Upper)
        };
        tt.store(7, shared);
        assert_eq!(tt.probe(7), Some(shared));
        // The worker's own result of the state replaces it, and is its own.
        tt.store(7, entry(12, 6, Bound::Exact));
        assert_eq!(tt.probe(7), Some(entry(12, 6, Bound::Exact)));
    }

    #[test]
    fn a_full_bucket_evicts_its_shallowest_entry() {
        let mut tt = TranspositionTable::new(0);
        tt.buckets = zeroed_buckets(1);
        for (key, depth) in [(1, 5), (2, 1), (3, 7), (4, 3)] {
            tt.store(key, entry(0, depth, Bound::Exact));
        }
        tt.store(5, entry(0, 2, Bound::Exact));
        assert_eq!(tt.probe(2), None);
        for key in [1, 3, 4, 5] {
            assert!(tt.probe(key).is_some(), "{key}");
        }
        assert_eq!(tt.permille_full(), 1000);
    }

    #[test]
    fn a_zero_sized_table_stores_nothing() {
        let mut tt = TranspositionTable::new(0);
        tt.store(1, entry(0, 1, Bound::Exact));
        assert_eq!(tt.probe(1), None);
        assert_eq!((tt.capacity(), tt.permille_full()), (0, 0));
    }
}
