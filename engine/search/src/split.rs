//! The sequential variants of seed 000 §5.2, which model the parallel
//! search's handicaps one at a time: a master table for plies ≤ d′ and a
//! worker table for deeper nodes, with limited sharing of the worker table
//! between task subtrees, and full windows at task roots.

use super::tt::{Entry, TranspositionTable};

/// How results in the worker table cross task subtrees (a task subtree is
/// everything below one node at ply d′, identified by its position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sharing {
    /// Every result is used everywhere: a table fully shared by workers
    /// (the paper's baseline).
    Full,
    /// Results are used only inside task subtrees of the same position:
    /// workers that share nothing (*no share*).
    None,
    /// Results from other task subtrees are used when their remaining
    /// depth is at least this (*partial share*, the ring of §3.2).
    Partial { min_depth: u32 },
}

/// The two-table configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableSplit {
    /// Plies of the master's tree.
    pub d_prime: u32,
    pub sharing: Sharing,
    /// Search every task root, at remaining depth d − d′, with the full
    /// window (−∞, +∞) and restore the window afterwards.
    pub full_windows: bool,
}

/// The worker table and the task tag that scopes it.
pub(super) struct WorkerTable {
    pub table: TranspositionTable,
    pub sharing: Sharing,
    /// Mixed into keys of results private to a task subtree.
    pub task_tag: u64,
}

impl WorkerTable {
    #[inline]
    fn private_key(&self, key: u64) -> u64 {
        key ^ self.task_tag
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        match self.sharing {
            Sharing::Full => self.table.probe(key),
            Sharing::None => self.table.probe(self.private_key(key)),
            Sharing::Partial { .. } => self
                .table
                .probe(self.private_key(key))
                .or_else(|| self.table.probe(key)),
        }
    }

    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        match self.sharing {
            Sharing::Full => self.table.prefetch(key),
            Sharing::None => self.table.prefetch(self.private_key(key)),
            Sharing::Partial { .. } => {
                self.table.prefetch(self.private_key(key));
                self.table.prefetch(key);
            }
        }
    }

    #[inline]
    pub(crate) fn store(&mut self, key: u64, entry: Entry) {
        match self.sharing {
            Sharing::Full => self.table.store(key, entry),
            Sharing::None => self.table.store(self.private_key(key), entry),
            Sharing::Partial { min_depth } => {
                self.table.store(self.private_key(key), entry);
                if entry.depth >= min_depth {
                    self.table.store(key, entry);
                }
            }
        }
    }
}
