//! The methods a run may use, and the backends, sharing variants and
//! node charges they take, as the command line and records name them.

use clap::ValueEnum;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Method {
    /// One process, alpha-beta (or NegaScout) with iterative deepening.
    Sequential,
    /// Master and workers; workers report every finished iteration (needs --d-prime).
    WithUpdates,
    /// Master and workers; workers report only the full task depth (needs --d-prime).
    WithoutUpdates,
    /// Master and workers with updates, sharing results within
    /// --share-plies of task roots round a ring (needs --d-prime).
    WithShare,
    /// Master and workers with updates; NegaScout in the master, task
    /// windows in the workers (needs --d-prime).
    Negascout,
    /// Master and workers with updates; NegaScout in the master, ε-windows
    /// (--eps) in the workers (needs --d-prime).
    NegascoutEps,
    /// Seed 002's tree-splitting on a processor tree (--levels, --fanout);
    /// terminal processors search with plain alpha-beta (--levels 0: the
    /// sequential reference).
    TreeSplitting,
    /// Seed 002's PV-splitting on a processor tree (--levels, --fanout,
    /// --pv-depth).
    PvSplitting,
    /// Seed 002's staged SSS* on a processor tree (--levels, --fanout,
    /// --stage-depth): each master runs one stage; --levels 0 is
    /// sequential staged SSS*, and a stage as deep as --d plain SSS*.
    StagedSss,
    /// YBWC (Feldmann) with work stealing: every rank searches (the
    /// ranks: --ranks on the virtual cluster, --workers + 1 on threads).
    Ybwc,
    /// Jamboree (Kuszmaul) on YBWC's work stealing: younger brothers tested
    /// in parallel with null windows, failures searched again in order;
    /// plain alpha-beta below 3 plies. Ranks as ybwc.
    Jamboree,
    /// Seed 004's master–worker: rank 0 splits the tree's top until a
    /// level holds a node per worker, idle workers get those nodes in order
    /// with the master's current bounds (--push-bounds: also while they
    /// search). Ranks as ybwc, the master included.
    MasterWorker,
    /// Seed 003's randomized best-first search, sequential: --rbf-nodes
    /// generated nodes, as many as plain alpha-beta generates at
    /// --match-depth, or until --rbf-depth; --d is the tree's depth (its
    /// leaves exact); records say whether its move and alpha-beta's are
    /// alpha-beta's best at --judge-depth.
    Rbf,
    /// Seed 003's parallel RBF, master–slave: rank 0 walks for every idle
    /// slave, slaves expand (ranks as ybwc; one rank: sequential RBF in
    /// the backend's time). Options as rbf.
    ParallelRbf,
    /// Seed 001's UCT, sequential: --simulations simulations on the tree
    /// of depth --d (its horizon states read by the evaluation); records
    /// say whether its move is alpha-beta's best at --judge-depth.
    Uct,
    /// Seed 001's UCT-Treesplit (its transposition-table-driven core):
    /// the tree spread over the ranks by hash, each simulation moving to
    /// the rank that owns its next state; --in-flight simulations a rank
    /// at once. Ranks as ybwc; options as uct.
    UctTreesplit,
}

impl Method {
    /// Seed 002's methods, on processor trees.
    pub(crate) fn splits(self) -> bool {
        matches!(
            self,
            Method::TreeSplitting | Method::PvSplitting | Method::StagedSss
        )
    }

    /// YBWC and Jamboree: every rank searches, work goes by stealing.
    pub(crate) fn steals(self) -> bool {
        matches!(self, Method::Ybwc | Method::Jamboree)
    }

    /// The baselines run on a number of ranks: YBWC, Jamboree and seed
    /// 004's master–worker.
    pub(crate) fn on_ranks(self) -> bool {
        self.steals() || self == Method::MasterWorker
    }

    /// The baselines beside seed 000's methods (plain alpha-beta inside).
    pub(crate) fn is_baseline(self) -> bool {
        self.splits() || self.on_ranks()
    }

    /// Seed 003's randomized best-first searches.
    pub(crate) fn is_rbf(self) -> bool {
        matches!(self, Method::Rbf | Method::ParallelRbf)
    }

    /// Seed 000's parallel methods: a master to d′ and its workers.
    pub(crate) fn needs_d_prime(self) -> bool {
        self != Method::Sequential && !self.is_baseline() && !self.is_rbf() && !self.is_uct()
    }

    /// Seed 001's UCT, sequential or Treesplit.
    pub(crate) fn is_uct(self) -> bool {
        matches!(self, Method::Uct | Method::UctTreesplit)
    }

    /// Methods run at a number of ranks (in sweeps): seed 000's parallel
    /// methods, YBWC, Jamboree and parallel RBF.
    pub(crate) fn takes_ranks(self) -> bool {
        !matches!(self, Method::Sequential | Method::Rbf | Method::Uct) && !self.splits()
    }
}

/// What the virtual cluster's node cost is charged for (baselines).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum ChargeArg {
    /// Every node searched or split.
    Nodes,
    /// Leaves only: seed 002's simulated concurrency (a leaf one unit;
    /// moves and messages free).
    Leaves,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Backend {
    /// Master and workers as threads of this process.
    Threads,
    /// Master and workers as MPI ranks: rank 0 the master (start with
    /// mpirun; needs a build with --features mpi).
    Mpi,
    /// Master and workers as ranks of a virtual cluster in this process,
    /// in virtual time (--ranks, --network, --node-cost-us…); with
    /// `sequential`, the search's virtual time.
    Sim,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum SharingArg {
    /// One worker table used everywhere (the §5.2 baseline).
    Full,
    /// Worker-table results used only in task subtrees of the same position.
    None,
    /// Also results from other task subtrees within --share-plies of their task root.
    Partial,
}
