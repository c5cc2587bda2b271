//! What seed 000's sharing ring counts (with share): how many results
//! went round and how many a search used.

use serde::{Deserialize, Serialize};
use std::ops::AddAssign;

/// One worker's part in the sharing ring, counted (result records hold
/// them summed over the workers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RingCounts {
    /// Own results stored within the share plies of a task root.
    pub produced: u64,
    /// Own results that gave way, unsent, to newer ones.
    pub dropped: u64,
    /// Own results put into a ring message.
    pub sent: u64,
    /// Ring messages passed on.
    pub hops: u64,
    /// Entries received (put into the table).
    pub received: u64,
    /// Of those, entries for states the table held at least as deep
    /// already: they came too late to save a search.
    pub known: u64,
    /// Received entries that a table probe found.
    pub hits: u64,
    /// Of those, entries that settled the node without searching it.
    pub cutoffs: u64,
}

impl AddAssign for RingCounts {
    fn add_assign(&mut self, o: RingCounts) {
        self.produced += o.produced;
        self.dropped += o.dropped;
        self.sent += o.sent;
        self.hops += o.hops;
        self.received += o.received;
        self.known += o.known;
        self.hits += o.hits;
        self.cutoffs += o.cutoffs;
    }
}
