//! The mate search's table: per position its proof and disproof numbers,
//! and once proven the mate's length and the move that keeps to it. Four
//! entries a bucket; a new position replaces the one that cost the least
//! work (finished results kept before open ones), so the proofs the
//! mating line is read from survive a long search.
//!
//! It starts small and doubles as it fills, up to its size: most mates
//! take thousands of nodes, and a large table's first touch of each page
//! (the kernel zeroing it) cost them more than the search itself.

use yomi_memory::ZeroedArray;
use yomi_shogi::board::Move;

/// Proof and disproof numbers: `INFINITE` marks a proof (as the disproof
/// number) or a disproof (as the proof number).
pub(super) const INFINITE: u32 = u32::MAX;

/// What the search knows of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Numbers {
    pub(super) pn: u32,
    pub(super) dn: u32,
    /// Proven: the plies to mate; otherwise 0.
    pub(super) len: u16,
}

impl Numbers {
    /// A position not yet expanded.
    pub(super) const UNKNOWN: Numbers = Numbers {
        pn: 1,
        dn: 1,
        len: 0,
    };
    /// No mate (or none along this path).
    pub(super) const DISPROVEN: Numbers = Numbers {
        pn: INFINITE,
        dn: 0,
        len: 0,
    };

    pub(super) fn proven(len: u16) -> Numbers {
        Numbers {
            pn: 0,
            dn: INFINITE,
            len,
        }
    }

    pub(super) fn is_proven(self) -> bool {
        self.pn == 0
    }

    pub(super) fn is_final(self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    /// The position's key; 0 when empty.
    key: u64,
    pn: u32,
    dn: u32,
    /// The nodes searched below it (what replacement weighs).
    work: u32,
    len: u16,
    best: u16,
}

const BUCKET: usize = 4;

/// The entries a table starts with (96 KB).
const START: usize = 4096;

pub(super) struct ProofTable {
    entries: ZeroedArray<Entry>,
    mask: usize,
    /// Entries in use.
    used: usize,
    /// The most entries it may grow to.
    max_len: usize,
}

impl ProofTable {
    /// A table of at most about `mb` megabytes (at least one bucket).
    pub(super) fn new(mb: usize) -> ProofTable {
        let wanted = (mb << 20) / size_of::<Entry>();
        let max_len = 1usize << wanted.max(BUCKET).ilog2();
        ProofTable::with_len(START.min(max_len), max_len)
    }

    fn with_len(len: usize, max_len: usize) -> ProofTable {
        // SAFETY: an all-zero Entry is a valid (empty) entry; its
        // alignment is 8.
        let entries = unsafe { ZeroedArray::new(len) };
        ProofTable {
            entries,
            mask: (len - 1) & !(BUCKET - 1),
            used: 0,
            max_len,
        }
    }

    /// Doubles the table, every entry kept (one bucket's overflow replaces
    /// as in `store`).
    fn grow(&mut self) {
        let mut bigger = ProofTable::with_len(self.entries.len() * 2, self.max_len);
        for e in self.entries.iter().filter(|e| e.key != 0) {
            bigger.put(*e);
        }
        *self = bigger;
    }

    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let start = key as usize & self.mask;
        start..start + BUCKET
    }

    pub(super) fn get(&self, key: u64) -> Option<(Numbers, Option<Move>)> {
        let key = key.max(1);
        self.entries[self.bucket(key)]
            .iter()
            .find(|e| e.key == key)
            .map(|e| {
                let numbers = Numbers {
                    pn: e.pn,
                    dn: e.dn,
                    len: e.len,
                };
                (numbers, Move::from_bits(e.best))
            })
    }

    pub(super) fn numbers(&self, key: u64) -> Numbers {
        self.get(key).map_or(Numbers::UNKNOWN, |(n, _)| n)
    }

    pub(super) fn store(&mut self, key: u64, numbers: Numbers, best: Move, work: u64) {
        if self.used * 2 >= self.entries.len() && self.entries.len() < self.max_len {
            self.grow();
        }
        self.put(Entry {
            key: key.max(1),
            pn: numbers.pn,
            dn: numbers.dn,
            work: work.min(u64::from(u32::MAX)) as u32,
            len: numbers.len,
            best: best.to_bits(),
        });
    }

    fn put(&mut self, entry: Entry) {
        let range = self.bucket(entry.key);
        let bucket = &mut self.entries[range];
        let weight = |e: &Entry| {
            let finished = e.pn == 0 || e.dn == 0;
            (u64::from(finished) << 32) + u64::from(e.work)
        };
        let slot = match bucket.iter().position(|e| e.key == entry.key || e.key == 0) {
            Some(i) => i,
            None => (0..BUCKET).min_by_key(|&i| weight(&bucket[i])).unwrap_or(0),
        };
        self.used += usize::from(bucket[slot].key == 0);
        bucket[slot] = entry;
    }
}
