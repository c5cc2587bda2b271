//! The play search's counts: this thread's, and the nodes of the whole
//! search on every thread and in other processes, which the node limit
//! and the progress read.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use yomi_search::Stats;

pub(super) struct NodeCounts {
    /// This thread's counts since the search began.
    pub(super) stats: Stats,
    /// Nodes of this search on every thread; each adds its own at its
    /// checks of the limits, `flushed` of them so far.
    pub(super) all: Arc<AtomicU64>,
    flushed: u64,
    /// Nodes of this search in other processes (the cluster search's other
    /// ranks), shown in the progress and counted by the node limit.
    pub(super) elsewhere: Option<Arc<AtomicU64>>,
}

impl NodeCounts {
    pub(super) fn new(all: Arc<AtomicU64>) -> NodeCounts {
        NodeCounts {
            stats: Stats::default(),
            all,
            flushed: 0,
            elsewhere: None,
        }
    }

    /// A new search: this thread's counts from zero.
    pub(super) fn restart(&mut self) {
        self.stats = Stats::default();
        self.flushed = 0;
    }

    /// This thread's counts, with the nodes of every thread.
    pub(super) fn all_threads(&mut self) -> Stats {
        let fresh = self.stats.nodes - self.flushed;
        self.flushed = self.stats.nodes;
        let nodes = self.all.fetch_add(fresh, Ordering::Relaxed) + fresh;
        Stats {
            nodes,
            ..self.stats
        }
    }

    /// [`Self::all_threads`] with the nodes searched elsewhere.
    pub(super) fn shown(&mut self) -> Stats {
        let mut stats = self.all_threads();
        if let Some(elsewhere) = &self.elsewhere {
            stats.nodes += elsewhere.load(Ordering::Relaxed);
        }
        stats
    }
}
