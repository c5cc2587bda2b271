//! What a search counts.

use serde::{Deserialize, Serialize};
use std::ops::AddAssign;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
// Result records of older layouts lack some counts: zeros.
#[serde(default)]
pub struct Stats {
    /// Every node visited, internal iterative deepening included.
    pub nodes: u64,
    /// Nodes evaluated: at the horizon, and terminal nodes.
    pub leaves: u64,
    /// Transposition-table probes that found the state.
    pub tt_hits: u64,
    /// Transposition-table hits that ended the node's search.
    pub tt_cutoffs: u64,
    /// Searches of nodes at ply d′ with the remaining depth of their root
    /// iteration (the tasks of the parallel search), every iteration
    /// counted; 0 without a table split.
    pub task_searches: u64,
    /// The same in the last root iteration only (d − d′ to go).
    pub task_searches_last: u64,
    /// The deepest ply reached (the play search: quiescence and extensions
    /// included).
    pub seldepth: u32,
    /// The play search's nodes that cut off (fail high), quiescence aside.
    /// Read in the process (`bench --play`), never written: records and
    /// ranks' messages keep their layout.
    #[serde(skip)]
    pub cutoffs: u64,
    /// Those of them that cut off on the first move tried: how well the
    /// moves are ordered.
    #[serde(skip)]
    pub first_move_cutoffs: u64,
}

impl Stats {
    /// The counts added since `before` was taken (the deepest ply: this one's).
    pub fn since(self, before: Stats) -> Stats {
        Stats {
            nodes: self.nodes - before.nodes,
            leaves: self.leaves - before.leaves,
            tt_hits: self.tt_hits - before.tt_hits,
            tt_cutoffs: self.tt_cutoffs - before.tt_cutoffs,
            task_searches: self.task_searches - before.task_searches,
            task_searches_last: self.task_searches_last - before.task_searches_last,
            seldepth: self.seldepth,
            cutoffs: self.cutoffs - before.cutoffs,
            first_move_cutoffs: self.first_move_cutoffs - before.first_move_cutoffs,
        }
    }
}

impl AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.nodes += o.nodes;
        self.leaves += o.leaves;
        self.tt_hits += o.tt_hits;
        self.tt_cutoffs += o.tt_cutoffs;
        self.task_searches += o.task_searches;
        self.task_searches_last += o.task_searches_last;
        self.seldepth = self.seldepth.max(o.seldepth);
        self.cutoffs += o.cutoffs;
        self.first_move_cutoffs += o.first_move_cutoffs;
    }
}
