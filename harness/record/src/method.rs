//! The methods a run may use, and the backends, sharing variants, node
//! charges and parallel RBF forms they take, as the command line and
//! records name them (kebab-case: `with-updates`).

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
/// A search method: seed 000's sequential and master–worker searches, the
/// baselines of seeds 002–004, seed 003's RBF and seed 001's UCT.
pub enum Method {
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
    /// Seed 004's grid master (its master and workers): rank 0 splits the
    /// tree's top until a level holds a node per worker, idle workers get
    /// those nodes in order with the master's current bounds
    /// (--push-bounds: also while they search). Ranks as ybwc, the master
    /// included. (Named master-worker before; that name still reads.)
    #[serde(alias = "master-worker")]
    #[cfg_attr(feature = "clap", value(alias = "master-worker"))]
    GridMaster,
    /// Root splitting, the book's example of a method plugged in from a
    /// crate of its own (`root-split/`): rank 0 deals the root's children
    /// to the other ranks, each searched with alpha-beta in the window the
    /// best so far leaves it. Ranks as ybwc, rank 0 included.
    RootSplit,
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
    /// The name the command line and records use.
    pub fn name(self) -> &'static str {
        match self {
            Method::Sequential => "sequential",
            Method::WithUpdates => "with-updates",
            Method::WithoutUpdates => "without-updates",
            Method::WithShare => "with-share",
            Method::Negascout => "negascout",
            Method::NegascoutEps => "negascout-eps",
            Method::TreeSplitting => "tree-splitting",
            Method::PvSplitting => "pv-splitting",
            Method::StagedSss => "staged-sss",
            Method::Ybwc => "ybwc",
            Method::Jamboree => "jamboree",
            Method::GridMaster => "grid-master",
            Method::RootSplit => "root-split",
            Method::Rbf => "rbf",
            Method::ParallelRbf => "parallel-rbf",
            Method::Uct => "uct",
            Method::UctTreesplit => "uct-treesplit",
        }
    }

    /// Seed 002's methods, on processor trees.
    pub fn splits(self) -> bool {
        matches!(
            self,
            Method::TreeSplitting | Method::PvSplitting | Method::StagedSss
        )
    }

    /// YBWC and Jamboree: every rank searches, work goes by stealing.
    pub fn steals(self) -> bool {
        matches!(self, Method::Ybwc | Method::Jamboree)
    }

    /// The baselines run on a number of ranks: YBWC, Jamboree, seed
    /// 004's grid master and the methods plugged in (root splitting).
    pub fn on_ranks(self) -> bool {
        self.steals() || matches!(self, Method::GridMaster | Method::RootSplit)
    }

    /// The baselines beside seed 000's methods (plain alpha-beta inside).
    pub fn is_baseline(self) -> bool {
        self.splits() || self.on_ranks()
    }

    /// Seed 003's randomized best-first searches.
    pub fn is_rbf(self) -> bool {
        matches!(self, Method::Rbf | Method::ParallelRbf)
    }

    /// Seed 000's parallel methods: a master to d′ and its workers.
    pub fn needs_d_prime(self) -> bool {
        self != Method::Sequential && !self.is_baseline() && !self.is_rbf() && !self.is_uct()
    }

    /// Seed 001's UCT, sequential or Treesplit.
    pub fn is_uct(self) -> bool {
        matches!(self, Method::Uct | Method::UctTreesplit)
    }

    /// A search that proves its root value: every method but the
    /// randomized ones (RBF, UCT), which choose a move.
    pub fn proves_value(self) -> bool {
        !self.is_rbf() && !self.is_uct()
    }

    /// Methods run at a number of ranks (in sweeps): seed 000's parallel
    /// methods, YBWC, Jamboree and parallel RBF.
    pub fn takes_ranks(self) -> bool {
        !matches!(self, Method::Sequential | Method::Rbf | Method::Uct) && !self.splits()
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Backend {
    /// The name the command line and records use.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Threads => "threads",
            Backend::Mpi => "mpi",
            Backend::Sim => "sim",
        }
    }
}

impl TableSharing {
    /// The name the command line and records use.
    pub fn name(self) -> &'static str {
        match self {
            TableSharing::Full => "full",
            TableSharing::None => "none",
            TableSharing::Partial => "partial",
        }
    }
}

/// By name: tables list methods alphabetically.
impl Ord for Method {
    fn cmp(&self, other: &Method) -> Ordering {
        self.name().cmp(other.name())
    }
}

impl PartialOrd for Method {
    fn partial_cmp(&self, other: &Method) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// What the virtual cluster's node cost is charged for (baselines).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum NodeCharge {
    /// Every node searched or split.
    Nodes,
    /// Leaves only: seed 002's simulated concurrency (a leaf one unit;
    /// moves and messages free).
    Leaves,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
/// Where a run's ranks live.
pub enum Backend {
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
/// Seed 000 §5.2's sequential variants: which worker-table results a
/// task subtree may use.
pub enum TableSharing {
    /// One worker table used everywhere (the §5.2 baseline).
    Full,
    /// Worker-table results used only in task subtrees of the same position.
    None,
    /// Also results from other task subtrees within --share-plies of their task root.
    Partial,
}

/// Parallel RBF's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RbfForm {
    /// Rank 0 keeps the tree and walks; the others expand (every backend).
    MasterSlave,
    /// Threads iterate on one tree (threads only).
    SharedTree,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_serialized_names() {
        for m in [
            Method::Sequential,
            Method::WithUpdates,
            Method::WithoutUpdates,
            Method::WithShare,
            Method::Negascout,
            Method::NegascoutEps,
            Method::TreeSplitting,
            Method::PvSplitting,
            Method::StagedSss,
            Method::Ybwc,
            Method::Jamboree,
            Method::GridMaster,
            Method::RootSplit,
            Method::Rbf,
            Method::ParallelRbf,
            Method::Uct,
            Method::UctTreesplit,
        ] {
            assert_eq!(serde_json::to_string(&m).unwrap(), format!("\"{m}\""));
        }
    }

    #[test]
    fn the_grid_masters_old_name_still_reads() {
        let m: Method = serde_json::from_str("\"master-worker\"").unwrap();
        assert_eq!(m, Method::GridMaster);
        assert_eq!(serde_json::to_string(&m).unwrap(), "\"grid-master\"");
    }
}
