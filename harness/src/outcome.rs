//! A search's outcome, the result record (`yomi-record`) made of it,
//! and the summary of a tree set the paper's way.

use crate::plan::Plan;
use crate::trees::TreeLabel;
use yomi_record::Backend;
use yomi_record::{ClusterRecord, Figures, Record, SCHEMA};
use yomi_search::Stats;
use yomi_tree::Value;

/// One tree's search, whatever the method.
pub(crate) struct Outcome {
    pub value: Value,
    pub best_move: String,
    pub pv: String,
    pub stats: Stats,
    pub time_s: f64,
    /// The method family's figures (none for sequential searches).
    pub figures: Option<Figures>,
    /// The virtual cluster's model, on that backend.
    pub cluster: Option<ClusterRecord>,
}

/// The record of `tree`'s search under `plan`; `run_key`: a sweep's, with
/// the layout's version.
pub(crate) fn record(
    plan: &Plan,
    tree: &TreeLabel,
    outcome: &Outcome,
    run_key: Option<&str>,
) -> Record {
    let s = plan.settings();
    Record {
        run_key: run_key.map(str::to_string),
        schema: run_key.map(|_| SCHEMA),
        tree_kind: Some(tree.kind.to_string()),
        tree: tree.name.clone(),
        tree_group: tree.group.clone(),
        b: plan.b,
        d: plan.d,
        method: plan.method(),
        negascout: s.negascout,
        eps: s.eps,
        d_prime: s.d_prime,
        sharing: s.sharing,
        share_plies: s.share_plies,
        full_windows: s.full_windows,
        confirmed_deepening: s.confirmed_deepening,
        idle_deepening: s.idle_deepening,
        signature_first: s.signature_first,
        extension: s.extension,
        fail_soft: s.fail_soft,
        indexed_renewals: false,
        poll_nodes: s.poll_nodes,
        value: outcome.value,
        best_move: outcome.best_move.clone(),
        pv: outcome.pv.clone(),
        stats: outcome.stats,
        time_s: outcome.time_s,
        nodes_per_s: outcome.stats.nodes as f64 / outcome.time_s.max(1e-9),
        backend: (plan.parallel() || plan.backend == Backend::Sim).then_some(plan.backend),
        figures: outcome.figures.clone(),
        virtual_cluster: outcome.cluster,
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
