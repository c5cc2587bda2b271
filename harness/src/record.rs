//! Result records: one JSON line per searched tree, the plan's method
//! fields beside what the search found and counted, and the summary of a
//! tree set the paper's way.

use crate::plan::method::{Backend, Method, SharingArg};

use crate::backend::sim_args::ClusterRecord;
use crate::methods::rbf::plan::{RbfForm, RbfShape};
use crate::methods::uct::plan::UctShape;
use crate::plan::{BaselineShape, Plan};
use crate::trees::TreeLabel;
use serde::Serialize;
use yomi_methods::mcts::Overheads;
use yomi_methods::rbf::RbfOutcome;
use yomi_search::Stats;
use yomi_tree::Value;

/// One tree's search, whatever the method.
pub(crate) struct Outcome {
    pub value: Value,
    pub best_move: String,
    pub pv: String,
    pub stats: Stats,
    pub time_s: f64,
    pub parallel: Option<ParallelFigures>,
    /// What a baseline adds.
    pub baseline: Option<BaselineFigures>,
    /// What RBF adds.
    pub rbf: Option<RbfFigures>,
    /// What UCT adds.
    pub uct: Option<UctFigures>,
    /// The virtual cluster's model, on that backend.
    pub cluster: Option<ClusterRecord>,
}

/// What a UCT search adds to a record: its shape, its simulations and
/// their rate, the states it kept, its chosen child's mean reward, and
/// whether that child is one of the best by plain alpha-beta at the judge
/// depth (exact where that is the tree's depth).
#[derive(Clone, Debug, Serialize)]
pub(crate) struct UctFigures {
    #[serde(flatten)]
    pub shape: UctShape,
    pub simulations_per_s: f64,
    /// Simulations through the root's children: every one run, when none
    /// was lost.
    pub root_visits: u64,
    pub states: usize,
    pub mean_reward: f64,
    pub correct: bool,
    pub judged_value: Value,
    /// UCT-Treesplit's figures.
    #[serde(flatten)]
    pub spread: Option<SpreadFigures>,
}

/// What UCT-Treesplit adds (seed 001 §IV): its ranks, the traffic between
/// them, duplication, and where the search ranks' time went.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct SpreadFigures {
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub broadcast_workload: Option<f64>,
    /// Bytes a search rank (a broadcast rank) sent per second, mean, Mb/s.
    pub search_mbps: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub broadcast_mbps: Option<f64>,
    /// Seconds a search rank spent, mean, by work package (seed 001 §IV-B).
    #[serde(flatten)]
    pub time: Overheads,
}

/// What a baseline's search adds to a record.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct BaselineFigures {
    #[serde(flatten)]
    pub shape: BaselineShape,
    /// Ranks in all, and those that search: a processor tree's terminal
    /// ones (K^L), every YBWC rank.
    pub processors: usize,
    pub searchers: usize,
    /// Leaves of the sequential reference (plain alpha-beta; for staged
    /// SSS*, sequential staged SSS* of the same stage depth) on the tree,
    /// and the search-overhead coefficient (seed 002 §C.3): this search's
    /// leaves over those, aborted searches' leaves counted.
    pub sequential_leaves: u64,
    pub search_overhead: f64,
    pub messages: u64,
    pub bytes: u64,
    /// Means per searching processor, seconds.
    pub startup_idle_s: f64,
    pub other_idle_s: f64,
}

/// What an RBF search adds to a record: its shape, its generated nodes
/// and deepest node, whether its move is one of the best by plain
/// alpha-beta at the judge depth (exact where that is the tree's depth),
/// and alpha-beta's move at --match-depth.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct RbfFigures {
    #[serde(flatten)]
    pub shape: RbfShape,
    pub generated: u64,
    pub deepest: u32,
    pub correct: bool,
    pub judged_value: Value,
    pub alpha_beta_nodes: Option<u64>,
    pub alpha_beta_move: Option<String>,
    pub alpha_beta_correct: Option<bool>,
    /// The real-score model's file (none: the embedded one).
    pub rbf_model: Option<String>,
    #[serde(flatten)]
    pub parallel: Option<ParallelRbfFigures>,
}

/// What parallel RBF adds: its ranks (threads of a shared tree), how long
/// the master waited for slaves (the shared tree's threads for a leaf,
/// summed), the master's messages, and the spread of the expansions of
/// the ranks that expand.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct ParallelRbfFigures {
    pub ranks: usize,
    pub master_idle_s: f64,
    pub messages: u64,
    pub bytes: u64,
    pub expansions_min: u64,
    pub expansions_max: u64,
}

impl ParallelRbfFigures {
    pub(crate) fn of(o: &RbfOutcome, form: RbfForm) -> Self {
        // The ranks that expand: every thread of a shared tree; the
        // slaves, or rank 0 alone, of a master and slaves.
        let expanding = match (form, o.expansions.len()) {
            (RbfForm::SharedTree, _) | (_, 1) => &o.expansions[..],
            _ => &o.expansions[1..],
        };
        ParallelRbfFigures {
            ranks: o.expansions.len(),
            master_idle_s: o.master_idle.as_secs_f64(),
            messages: o.traffic.messages,
            bytes: o.traffic.bytes,
            expansions_min: expanding.iter().copied().min().unwrap_or(0),
            expansions_max: expanding.iter().copied().max().unwrap_or(0),
        }
    }
}

/// What a parallel search adds to a record.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub(crate) struct ParallelFigures {
    pub workers: usize,
    pub passes: u64,
    pub master_nodes: u64,
    pub tasks_sent: u64,
    pub tasks_finished: u64,
    /// Finished searches of tasks at every depth.
    pub searches_finished: u64,
    pub tasks_aborted: u64,
    pub tasks_full_window: u64,
    /// Full-depth searches of positions already searched to full depth.
    pub tasks_repeated: u64,
    /// Worker leaves in full-depth searches, shallower finished
    /// iterations and aborted searches.
    pub leaves_full: u64,
    pub leaves_shallow: u64,
    pub leaves_aborted: u64,
    /// Worker leaves on positions never finished at the full task depth.
    pub leaves_unfinished: u64,
    pub messages: u64,
    pub bytes: u64,
    /// Table entries received over the sharing ring, all workers.
    pub shared_entries: u64,
    /// Means per worker, seconds.
    pub startup_idle_s: f64,
    pub other_idle_s: f64,
}

/// The version of the sweep records' layout: a sweep reruns nothing whose
/// record carries this version and its run key.
pub(crate) const SCHEMA: u32 = 2;

#[derive(Serialize)]
pub(crate) struct Record<'a> {
    /// Sweeps: the run's key (see `sweep_plan`) and the layout's version.
    #[serde(skip_serializing_if = "Option::is_none")]
    run_key: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    schema: Option<u32>,
    tree_kind: &'a str,
    tree: &'a str,
    /// The tree's group of comparable trees (a plugged family's size).
    #[serde(skip_serializing_if = "Option::is_none")]
    tree_group: Option<&'a str>,
    b: u16,
    d: u32,
    method: Method,
    negascout: bool,
    eps: Option<i32>,
    d_prime: Option<u32>,
    sharing: Option<SharingArg>,
    share_plies: Option<u32>,
    full_windows: bool,
    confirmed_deepening: bool,
    value: Value,
    best_move: &'a str,
    pv: &'a str,
    #[serde(flatten)]
    stats: Stats,
    time_s: f64,
    nodes_per_s: f64,
    backend: Option<Backend>,
    #[serde(flatten)]
    parallel: Option<ParallelFigures>,
    #[serde(flatten)]
    baseline: Option<BaselineFigures>,
    #[serde(flatten)]
    rbf: Option<&'a RbfFigures>,
    #[serde(flatten)]
    uct: Option<&'a UctFigures>,
    virtual_cluster: Option<ClusterRecord>,
}

impl<'a> Record<'a> {
    /// The record of `tree`'s search under `plan`.
    pub(crate) fn new(plan: &Plan, tree: &'a TreeLabel, outcome: &'a Outcome) -> Record<'a> {
        Record {
            run_key: None,
            schema: None,
            tree_kind: tree.kind,
            tree: &tree.name,
            tree_group: tree.group.as_deref(),
            b: plan.b,
            d: plan.d,
            method: plan.method,
            negascout: plan.negascout,
            eps: plan.eps,
            d_prime: plan.d_prime,
            sharing: plan.sharing,
            share_plies: plan.share_plies,
            full_windows: plan.full_windows,
            confirmed_deepening: plan.confirmed_deepening,
            value: outcome.value,
            best_move: &outcome.best_move,
            pv: &outcome.pv,
            stats: outcome.stats,
            time_s: outcome.time_s,
            nodes_per_s: outcome.stats.nodes as f64 / outcome.time_s.max(1e-9),
            backend: (plan.parallel() || plan.backend == Backend::Sim).then_some(plan.backend),
            parallel: outcome.parallel,
            baseline: outcome.baseline,
            rbf: outcome.rbf.as_ref(),
            uct: outcome.uct.as_ref(),
            virtual_cluster: outcome.cluster,
        }
    }

    /// The record as a sweep stores it, under its run key.
    pub(crate) fn keyed(self, run_key: &'a str) -> Record<'a> {
        Record {
            run_key: Some(run_key),
            schema: Some(SCHEMA),
            ..self
        }
    }

    /// The record as one JSON line.
    pub(crate) fn to_json(&self) -> Result<String, String> {
        serde_json::to_string(self).map_err(|e| e.to_string())
    }
}

/// Totals over the set, the paper's way: mean leaves, geometric-mean time.
#[derive(Default)]
pub(crate) struct Summary {
    trees: u32,
    stats: Stats,
    log_time: f64,
    time: f64,
}

impl Summary {
    pub(crate) fn add(&mut self, o: &Outcome) {
        self.trees += 1;
        self.stats += o.stats;
        self.log_time += o.time_s.max(1e-6).ln();
        self.time += o.time_s;
    }

    pub(crate) fn print(&self) {
        let n = f64::from(self.trees.max(1));
        eprintln!(
            "trees {} mean_leaves {:.0} mean_nodes {:.0} geomean_time_s {:.4} total_time_s {:.2} nodes_per_s {:.0}",
            self.trees,
            self.stats.leaves as f64 / n,
            self.stats.nodes as f64 / n,
            (self.log_time / n).exp(),
            self.time,
            self.stats.nodes as f64 / self.time.max(1e-9)
        );
    }
}
