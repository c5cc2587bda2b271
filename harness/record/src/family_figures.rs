//! What each method family adds to a record: the engine's counters
//! (seed 000's task counts, UCT-Treesplit's overheads) and the figures
//! derived from them.

use crate::shape::{BaselineShape, RbfShape, UctShape};
use serde::{Deserialize, Serialize};
use yomi_measure::{IdleProfile, Overheads, RingCounts, TaskCounts};
use yomi_tree::Value;

/// A method family's figures. A record holds its fields beside the
/// others (no tag): reading tells the families apart by the fields each
/// must have (`simulations_per_s`, `generated`, `processors`, `workers`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Figures {
    Uct(UctFigures),
    Rbf(RbfFigures),
    Baseline(BaselineFigures),
    Parallel(ParallelFigures),
}

/// What seed 000's master and workers add: the master's passes and
/// tasks, the workers' task counts summed, traffic, and idle times.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ParallelFigures {
    pub workers: usize,
    pub passes: u64,
    #[serde(default)]
    pub master_nodes: u64,
    #[serde(default)]
    pub tasks_sent: u64,
    /// The workers' counts, summed (older records: what they hold).
    #[serde(flatten)]
    pub tasks: TaskCounts,
    #[serde(default)]
    pub messages: u64,
    #[serde(default)]
    pub bytes: u64,
    /// Table entries received over the sharing ring, all workers.
    #[serde(default)]
    pub shared_entries: u64,
    /// With share: the ring's counts, all workers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ring: Option<RingCounts>,
    /// Means per worker, seconds.
    #[serde(default)]
    pub startup_idle_s: f64,
    #[serde(default)]
    pub other_idle_s: f64,
    /// The master's time waiting for results, seconds (near 0: the
    /// master, not the supply of work, sets the pace); `None` in records
    /// from before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub master_idle_s: Option<f64>,
    /// When in the search the master waited, and each worker on average
    /// (start-up idle included), in stretches of the same length; `None`
    /// in records from before they were kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub master_waited: Option<IdleProfile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workers_waited: Option<IdleProfile>,
}

/// What a baseline's search adds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct BaselineFigures {
    #[serde(flatten)]
    pub shape: BaselineShape,
    /// Ranks in all, and those that search: a processor tree's terminal
    /// ones (K^L), every YBWC rank.
    pub processors: usize,
    #[serde(default)]
    pub searchers: usize,
    /// Leaves of the sequential reference (plain alpha-beta; for staged
    /// SSS*, sequential staged SSS* of the same stage depth) on the tree,
    /// and the search-overhead coefficient (seed 002 §C.3): this search's
    /// leaves over those, aborted searches' leaves counted.
    #[serde(default)]
    pub sequential_leaves: u64,
    #[serde(default)]
    pub search_overhead: f64,
    #[serde(default)]
    pub messages: u64,
    #[serde(default)]
    pub bytes: u64,
    /// Means per searching processor, seconds.
    #[serde(default)]
    pub startup_idle_s: f64,
    #[serde(default)]
    pub other_idle_s: f64,
}

/// What an RBF search adds: its shape, its generated nodes and deepest
/// node, whether its move is one of the best by plain alpha-beta at the
/// judge depth (exact where that is the tree's depth), and alpha-beta's
/// move at --match-depth.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RbfFigures {
    #[serde(flatten)]
    pub shape: RbfShape,
    pub generated: u64,
    #[serde(default)]
    pub deepest: u32,
    #[serde(default)]
    pub correct: bool,
    #[serde(default)]
    pub judged_value: Value,
    #[serde(default)]
    pub alpha_beta_nodes: Option<u64>,
    #[serde(default)]
    pub alpha_beta_move: Option<String>,
    #[serde(default)]
    pub alpha_beta_correct: Option<bool>,
    /// The real-score model's file (none: the embedded one).
    #[serde(default)]
    pub rbf_model: Option<String>,
    #[serde(flatten)]
    pub parallel: Option<ParallelRbfFigures>,
}

/// What parallel RBF adds: its ranks (threads of a shared tree), how long
/// the master waited for slaves (the shared tree's threads for a leaf,
/// summed), the master's messages, and the spread of the expansions of
/// the ranks that expand.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParallelRbfFigures {
    pub ranks: usize,
    pub master_idle_s: f64,
    pub messages: u64,
    pub bytes: u64,
    pub expansions_min: u64,
    pub expansions_max: u64,
}

/// What a UCT search adds: its shape, its simulations' rate, the states
/// it kept, its chosen child's mean reward, and whether that child is one
/// of the best by plain alpha-beta at the judge depth (exact where that
/// is the tree's depth).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UctFigures {
    #[serde(flatten)]
    pub shape: UctShape,
    pub simulations_per_s: f64,
    /// Simulations through the root's children: every one run, when none
    /// was lost.
    #[serde(default)]
    pub root_visits: u64,
    #[serde(default)]
    pub states: usize,
    #[serde(default)]
    pub mean_reward: f64,
    #[serde(default)]
    pub correct: bool,
    #[serde(default)]
    pub judged_value: Value,
    /// UCT-Treesplit's figures.
    #[serde(flatten)]
    pub spread: Option<SpreadFigures>,
}

/// What UCT-Treesplit adds (seed 001 §IV): its ranks, the traffic between
/// them, duplication, and where the search ranks' time went.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpreadFigures {
    /// Ranks in all, search and broadcast ranks.
    pub ranks: usize,
    pub search_ranks: usize,
    pub broadcast_ranks: usize,
    /// Simulations that moved between ranks.
    pub moves: u64,
    pub messages: u64,
    pub bytes: u64,
    /// States duplicated on every search rank (the root included).
    pub duplicated: u64,
    /// Synchronisation entries the search ranks sent.
    pub sync_entries: u64,
    pub playouts_forwarded: u64,
    /// Share of the run a search rank (a broadcast rank) was busy, mean.
    pub workload: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub broadcast_workload: Option<f64>,
    /// Bytes a search rank (a broadcast rank) sent per second, mean, Mb/s.
    pub search_mbps: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub broadcast_mbps: Option<f64>,
    /// Seconds a search rank spent, mean, by work package (seed 001 §IV-B).
    #[serde(flatten)]
    pub time: Overheads,
}
