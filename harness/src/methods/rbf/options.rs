//! `--method rbf|parallel-rbf`'s options as given (see `plan` for their
//! validation).

use clap::Args;

/// RBF's options as given.
#[derive(Args, Clone, Copy, Debug)]
pub(crate) struct RbfOptions {
    /// rbf, parallel-rbf: the generated nodes it may use.
    #[arg(long)]
    pub rbf_nodes: Option<u64>,
    /// rbf, parallel-rbf: as many generated nodes as plain alpha-beta uses
    /// at this depth (seed 003 §3's comparison; the record has alpha-beta's
    /// move too).
    #[arg(long)]
    pub match_depth: Option<u32>,
    /// rbf, parallel-rbf: until a node this many plies deep is generated
    /// (seed 003 §4.2 searches "to depth 26"; at most --d, the tree's depth).
    #[arg(long)]
    pub rbf_depth: Option<u32>,
    /// rbf, parallel-rbf, uct: moves are judged against plain alpha-beta's
    /// at this depth [default: --d, at most 10 (RBF's real score's depth)].
    #[arg(long)]
    pub judge_depth: Option<u32>,
    /// rbf, parallel-rbf: the seed of its random walks.
    #[arg(long, default_value_t = 1)]
    pub rbf_seed: u64,
    /// rbf, parallel-rbf: without the §2.1 pruning rule (every step of a
    /// walk random).
    #[arg(long)]
    pub no_pruning: bool,
    /// parallel-rbf on --backend threads: the shared-tree form (threads,
    /// one more than --workers, iterating on one tree under a lock)
    /// instead of the master–slave one.
    #[arg(long)]
    pub shared_tree: bool,
    /// parallel-rbf, master–slave: RBF iterations a slave runs below each
    /// leaf it is given, sent back together (1: the paper's one expansion;
    /// more: fewer of the master's serial walks and backups).
    #[arg(long)]
    pub rbf_chunk: Option<u32>,
}

impl Default for RbfOptions {
    fn default() -> Self {
        RbfOptions {
            rbf_nodes: None,
            match_depth: None,
            rbf_depth: None,
            judge_depth: None,
            rbf_seed: 1,
            no_pruning: false,
            shared_tree: false,
            rbf_chunk: None,
        }
    }
}

impl RbfOptions {
    pub(crate) fn given(&self) -> bool {
        self.rbf_nodes.is_some()
            || self.match_depth.is_some()
            || self.rbf_depth.is_some()
            || self.no_pruning
            || self.shared_tree
            || self.rbf_chunk.is_some()
    }
}
