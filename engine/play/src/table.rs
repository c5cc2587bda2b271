//! The play search's transposition table: per position the best move, the
//! search result with its depth and bound, and the static evaluation, in
//! buckets of four 16-byte slots (one cache line). Unlike the research
//! table it ages: each search is a generation, and a slot of an older
//! generation is replaced before a deeper current one, so a game's earlier
//! moves do not fill the table for good.
//!
//! Threads share it without locks: a slot is two atomic words, the entry
//! and the key XOR the entry, so a slot torn by two writers no longer
//! matches its key and reads as a miss.

use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::Mutex;
use yomi_memory::{SharedMemory, ZeroedArray};
use yomi_search::Bound;
use yomi_shogi::board::Move;
use yomi_tree::{Value, INFINITE};

/// One entry, as it is packed into a word.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Entry {
    mv: u16,
    value: i16,
    eval: i16,
    depth: u8,
    /// Bits 0–1: 0 empty, else a [`Bound`]; bit 2: on a principal
    /// variation; bits 3–7: the generation.
    age_bound: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        u64::from(self.mv)
            | u64::from(self.value as u16) << 16
            | u64::from(self.eval as u16) << 32
            | u64::from(self.depth) << 48
            | u64::from(self.age_bound) << 56
    }

    fn unpack(word: u64) -> Entry {
        Entry {
            mv: word as u16,
            value: (word >> 16) as u16 as i16,
            eval: (word >> 32) as u16 as i16,
            depth: (word >> 48) as u8,
            age_bound: (word >> 56) as u8,
        }
    }

    fn is_empty(self) -> bool {
        self.age_bound & 3 == 0
    }
}

#[derive(Default)]
#[repr(C)]
struct Slot {
    /// The position's key XOR the packed entry.
    check: AtomicU64,
    entry: AtomicU64,
}

impl Slot {
    /// The entry, if it is of `key`.
    #[inline]
    fn read(&self, key: u64) -> Option<Entry> {
        let word = self.entry.load(Relaxed);
        let entry = Entry::unpack(word);
        (self.check.load(Relaxed) ^ word == key && !entry.is_empty()).then_some(entry)
    }

    /// The entry, whatever its key (for replacement).
    #[inline]
    fn any(&self) -> Entry {
        Entry::unpack(self.entry.load(Relaxed))
    }

    #[inline]
    fn write(&self, key: u64, entry: Entry) {
        let word = entry.pack();
        self.entry.store(word, Relaxed);
        self.check.store(key ^ word, Relaxed);
    }
}

const WAYS: usize = 4;

#[derive(Default)]
#[repr(C, align(64))]
struct Bucket([Slot; WAYS]);

/// What the table keeps of a position: what a probe finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stored {
    pub mv: Move,
    pub value: Value,
    pub eval: Value,
    pub depth: i32,
    pub bound: Bound,
    /// Whether the position was on a principal variation when searched
    /// (or a node below it failed low).
    pub pv: bool,
}

impl Stored {
    /// Below quiescence's depth: a position evaluated, not searched.
    const UNSEARCHED: i32 = -1;

    /// Only a position's static evaluation `eval`: its value bounded by
    /// +infinity above, which proves nothing and sharpens no estimate.
    pub fn evaluation(eval: Value, pv: bool) -> Stored {
        Stored {
            mv: Move::NONE,
            value: INFINITE,
            eval,
            depth: Self::UNSEARCHED,
            bound: Bound::Upper,
            pv,
        }
    }
}

pub struct PlayTable {
    buckets: ZeroedArray<Bucket>,
    generation: AtomicU8,
    /// Deep results kept for other tables (the cluster search), if any.
    export: Option<Export>,
}

/// A stored result on its way to another table (another rank's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SharedEntry {
    pub key: u64,
    mv: u16,
    value: i16,
    eval: i16,
    depth: i16,
    bound: Bound,
}

/// Results stored at `min_depth` or deeper, until taken.
struct Export {
    min_depth: i32,
    outbox: Mutex<Vec<SharedEntry>>,
}

/// Results waiting to be taken at most; more are dropped (the takers poll
/// far more often than this many deep results are stored).
const MAX_EXPORTED: usize = 4096;

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
        let n = Self::bytes(megabytes) / size_of::<Bucket>();
        PlayTable {
            buckets: buckets(n),
            generation: AtomicU8::new(0),
            export: None,
        }
    }

    /// The bytes a table of about `megabytes` MB takes.
    pub fn bytes(megabytes: usize) -> usize {
        (megabytes << 20).max(size_of::<Bucket>())
    }

    /// A table in `memory` (see [`PlayTable::bytes`]), which tables in
    /// other processes share: what one stores the others find.
    pub fn shared(memory: SharedMemory) -> PlayTable {
        // SAFETY: buckets are atomics, valid as any bytes; a page is
        // aligned to a bucket.
        let mut buckets = unsafe { ZeroedArray::in_shared(memory) };
        buckets.prefault();
        PlayTable {
            buckets,
            generation: AtomicU8::new(0),
            export: None,
        }
    }

    /// The same table keeping every result stored `min_depth` deep or
    /// deeper for [`PlayTable::take_exported`] (results it imports aside).
    pub fn exporting(mut self, min_depth: i32) -> PlayTable {
        self.export = Some(Export {
            min_depth,
            outbox: Mutex::new(Vec::new()),
        });
        self
    }

    /// The deep results stored since the last call (see `exporting`).
    pub fn take_exported(&self) -> Vec<SharedEntry> {
        self.export.as_ref().map_or_else(Vec::new, |e| {
            std::mem::take(&mut *e.outbox.lock().unwrap_or_else(|p| p.into_inner()))
        })
    }

    /// Stores results another table exported, as if searched here.
    pub fn import(&self, entries: &[SharedEntry]) {
        for e in entries {
            let mv = Move::from_bits(e.mv).unwrap_or(Move::NONE);
            let stored = Stored {
                mv,
                value: Value::from(e.value),
                eval: Value::from(e.eval),
                depth: i32::from(e.depth),
                bound: e.bound,
                pv: false,
            };
            self.write(e.key, stored);
        }
    }

    /// Empties every slot (no search may be running), on every core
    /// (rayon): a large table takes seconds alone. The generation goes
    /// on: tables sharing memory count theirs in step, one per search.
    pub fn clear(&self) {
        use rayon::prelude::*;
        self.buckets.par_iter().for_each(|bucket| {
            for slot in &bucket.0 {
                slot.write(0, Entry::default());
            }
        });
    }

    /// A new search: what it stores is newer than everything before (no
    /// search may be running).
    pub fn new_generation(&self) {
        self.generation.store((self.generation() + 1) & 31, Relaxed);
    }

    #[inline]
    fn generation(&self) -> u8 {
        self.generation.load(Relaxed)
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[((u128::from(key) * self.buckets.len() as u128) >> 64) as usize]
    }

    /// Starts loading `key`'s bucket into the cache, so that the probe a
    /// move later does not wait for memory (a probe of a large table is
    /// otherwise a cache miss nearly every time).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch only hints the cache; the address is a live bucket.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(self.bucket(key)).cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Stored> {
        let entry = self.bucket(key).0.iter().find_map(|s| s.read(key))?;
        Some(Stored {
            mv: Move::from_bits(entry.mv).unwrap_or(Move::NONE),
            value: Value::from(entry.value),
            eval: Value::from(entry.eval),
            depth: i32::from(entry.depth) - 1,
            bound: match entry.age_bound & 3 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            pv: entry.age_bound & 4 != 0,
        })
    }

    /// Stores a result; a move of `Move::NONE` keeps the slot's old move.
    #[inline]
    pub fn store(&self, key: u64, stored: Stored) {
        if let Some(export) = self.export.as_ref().filter(|e| stored.depth >= e.min_depth) {
            let mut outbox = export.outbox.lock().unwrap_or_else(|p| p.into_inner());
            if outbox.len() < MAX_EXPORTED {
                outbox.push(SharedEntry {
                    key,
                    mv: stored.mv.to_bits(),
                    value: stored.value as i16,
                    eval: stored.eval as i16,
                    depth: stored.depth as i16,
                    bound: stored.bound,
                });
            }
        }
        self.write(key, stored);
    }

    #[inline]
    fn write(&self, key: u64, stored: Stored) {
        let Stored {
            mv,
            value,
            eval,
            depth,
            bound,
            pv,
        } = stored;
        let generation = self.generation();
        let bucket = &self.bucket(key).0;
        let age = |e: Entry| (generation.wrapping_sub(e.age_bound >> 3) & 31) as i32;
        let (slot, old) = bucket
            .iter()
            .find_map(|s| s.read(key).map(|e| (s, Some(e))))
            .unwrap_or_else(|| {
                let victim = bucket
                    .iter()
                    .min_by_key(|s| {
                        let e = s.any();
                        if e.is_empty() {
                            i32::MIN
                        } else {
                            i32::from(e.depth) - 8 * age(e)
                        }
                    })
                    .expect("buckets are not empty");
                (victim, None)
            });
        if let Some(old) = old {
            // A deeper bound of this search on the same position stays.
            if bound != Bound::Exact
                && age(old) == 0
                && i32::from(old.depth) > i32::from(stored_depth(depth)) + 2
            {
                return;
            }
        }
        let mv = match old {
            Some(old) if mv == Move::NONE => old.mv,
            _ => mv.to_bits(),
        };
        slot.write(
            key,
            Entry {
                mv,
                value: value as i16,
                eval: eval as i16,
                depth: stored_depth(depth),
                age_bound: generation << 3 | u8::from(pv) << 2 | bound as u8,
            },
        );
    }

    /// Permille of a sample of slots used by the current search (USI `hashfull`).
    pub fn permille_full(&self) -> u32 {
        let sample = self.buckets.len().min(250);
        let generation = self.generation();
        let used: usize = self.buckets[..sample]
            .iter()
            .map(|b| {
                b.0.iter()
                    .filter(|s| {
                        let e = s.any();
                        !e.is_empty() && e.age_bound >> 3 == generation
                    })
                    .count()
            })
            .sum();
        (used * 1000 / (sample * WAYS)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yomi_shogi::board::Square;

    fn stored(mv: Move, value: Value, eval: Value, depth: i32, bound: Bound) -> Stored {
        Stored {
            mv,
            value,
            eval,
            depth,
            bound,
            pv: false,
        }
    }

    #[test]
    fn an_exporting_table_hands_on_its_deep_results_and_stores_imported_ones() {
        let mv = Move::normal(Square::from_index(10), Square::from_index(11), false);
        let from = PlayTable::new(1).exporting(4);
        from.store(1, stored(mv, 30, 12, 4, Bound::Exact));
        from.store(2, stored(mv, 40, 12, 3, Bound::Lower));
        from.store(3, stored(Move::NONE, -70, 5, 9, Bound::Upper));
        let shared = from.take_exported();
        assert_eq!(shared.iter().map(|e| e.key).collect::<Vec<_>>(), [1, 3]);
        assert!(from.take_exported().is_empty(), "taken once");
        let to = PlayTable::new(1).exporting(0);
        to.import(&shared);
        assert_eq!(
            to.probe(1)
                .map(|h| (h.mv, h.value, h.eval, h.depth, h.bound)),
            Some((mv, 30, 12, 4, Bound::Exact))
        );
        assert_eq!(
            to.probe(3).map(|h| (h.value, h.depth, h.bound)),
            Some((-70, 9, Bound::Upper))
        );
        assert_eq!(to.probe(2), None);
        assert!(
            to.take_exported().is_empty(),
            "imported results are not sent on"
        );
    }

    #[test]
    fn tables_over_one_shared_memory_find_each_others_results() {
        let name = format!("/yomi-test-table-{}", std::process::id());
        let bytes = PlayTable::bytes(1);
        let a = PlayTable::shared(SharedMemory::create(&name, bytes).expect("created"));
        let b = PlayTable::shared(SharedMemory::open(&name, bytes).expect("opened"));
        SharedMemory::unlink(&name);
        assert_eq!(a.buckets.len(), PlayTable::new(1).buckets.len());
        let mv = Move::normal(Square::from_index(10), Square::from_index(11), false);
        a.store(99, stored(mv, 30, 12, 4, Bound::Exact));
        assert_eq!(b.probe(99).map(|h| (h.mv, h.value)), Some((mv, 30)));
        b.clear();
        assert_eq!(a.probe(99), None);
    }

    #[test]
    fn stores_probes_and_ages() {
        let t = PlayTable::new(0);
        assert_eq!(t.buckets.len(), 1);
        let mv = Move::normal(Square::from_index(10), Square::from_index(11), false);
        t.store(7, stored(mv, 50, 20, 6, Bound::Lower));
        let hit = t.probe(7).unwrap();
        assert_eq!((hit.mv, hit.value, hit.eval, hit.depth), (mv, 50, 20, 6));
        assert!(!hit.pv);
        // The principal-variation bit is kept with the entry.
        t.store(
            12,
            Stored {
                pv: true,
                ..stored(mv, 5, 5, 3, Bound::Exact)
            },
        );
        assert_eq!(
            t.probe(12).map(|h| (h.pv, h.bound)),
            Some((true, Bound::Exact))
        );
        // A shallow bound does not replace a deep one of the same search.
        t.store(7, stored(Move::NONE, 10, 20, 1, Bound::Upper));
        assert_eq!(t.probe(7).unwrap().depth, 6);
        // Quiescence entries keep their depth, down to −1.
        t.store(8, stored(Move::NONE, -5, -5, -1, Bound::Exact));
        assert_eq!(t.probe(8).unwrap().depth, -1);
        // Fill the bucket with deep entries of an old search: new ones replace them.
        for key in 9..11 {
            t.store(key, stored(Move::NONE, 0, 0, 20, Bound::Exact));
        }
        t.new_generation();
        t.store(11, stored(Move::NONE, 0, 0, 1, Bound::Exact));
        assert!(t.probe(11).is_some());
        assert_eq!(t.permille_full(), 250);
        t.clear();
        assert_eq!(t.probe(7), None);
    }

    #[test]
    fn an_evaluation_alone_settles_no_window_and_gives_way_to_a_result() {
        use crate::play_searcher::{proves, PlaySearcher, MAX_PLY};
        use yomi_tree::LOSS;
        let t = PlayTable::new(0);
        t.store(5, Stored::evaluation(-40, true));
        let hit = t.probe(5).unwrap();
        assert_eq!((hit.mv, hit.eval, hit.pv), (Move::NONE, -40, true));
        assert!(hit.depth < 0, "below every search's depth");
        // Read at any ply, its value is above every window and every
        // static value (so it neither cuts nor sharpens an estimate).
        for ply in 0..MAX_PLY {
            let v = PlaySearcher::<yomi_search::NoHook>::value_from_table(hit.value, ply);
            for alpha in [LOSS, -1_000, 0, 1_000, -LOSS - ply as Value - 2] {
                assert!(!proves(hit.bound, v, alpha, alpha + 1), "{ply} {alpha}");
            }
            assert!(v > -LOSS - ply as Value, "{ply}");
        }
        let mv = Move::normal(Square::from_index(10), Square::from_index(11), false);
        t.store(5, stored(mv, 25, -40, 3, Bound::Lower));
        let hit = t.probe(5).unwrap();
        assert_eq!(
            (hit.mv, hit.value, hit.depth, hit.bound),
            (mv, 25, 3, Bound::Lower)
        );
    }

    #[test]
    fn threads_sharing_it_never_read_a_torn_entry() {
        // One bucket, many keys, two writers: every hit must be an entry
        // written for its own key (value and eval derived from the key).
        let t = PlayTable::new(0);
        let entry = |key: u64| {
            (
                (key % 1000) as Value,
                (key % 777) as Value,
                (key % 50) as i32,
            )
        };
        std::thread::scope(|s| {
            for thread in 0..2u64 {
                let t = &t;
                s.spawn(move || {
                    for i in 0..200_000u64 {
                        let key = (i * 2 + thread) % 64 + 1;
                        let (value, eval, depth) = entry(key);
                        t.store(key, stored(Move::NONE, value, eval, depth, Bound::Exact));
                        let probe = (i * 7) % 64 + 1;
                        if let Some(hit) = t.probe(probe) {
                            assert_eq!((hit.value, hit.eval, hit.depth), entry(probe));
                        }
                    }
                });
            }
        });
    }
}
