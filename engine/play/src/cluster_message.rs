//! What the cluster search's ranks tell each other (its own protocol, apart
//! from the master and workers' of `yomi_methods::minimal_tree`).

use super::table::SharedEntry;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ClusterMessage {
    /// Search the root this text names, to this depth at most, with this
    /// many threads, until `Stop`.
    Search(String, u32, usize),
    /// The search is over: report.
    Stop,
    /// The engine is ending.
    Quit,
    /// To rank 0 after `Stop`: the nodes this rank searched.
    Report(u64),
    /// Deep table entries from another rank.
    Entries(Vec<SharedEntry>),
    /// To a machine's first rank: make the machine's table of this many
    /// MB (and say `TableMapped` when its ranks have).
    TableSize(usize),
    /// To the other ranks of a machine: its table of this many MB is the
    /// shared memory of this name (none: make your own).
    TableMemory(String, usize),
    /// This rank (or machine) has its new table.
    TableMapped,
    /// To rank 0: nodes this rank searched since it last said (progress
    /// for the GUI; the report at `Stop` has the total).
    Nodes(u64),
}
