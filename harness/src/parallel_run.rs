//! The parallel methods of `yomi-harness search`: one search of a tree by a
//! master and workers, reduced to the figures of a result record.

use crate::search_cmd::Outcome;
use serde::Serialize;
use yomi_engine::game::Game;
use yomi_engine::parallel::run::{run_threads, ParallelConfig};
use yomi_engine::search::Stats;

/// What a parallel search adds to a record.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct ParallelFigures {
    pub workers: usize,
    pub passes: u64,
    pub master_nodes: u64,
    pub tasks_sent: u64,
    pub tasks_finished: u64,
    pub tasks_aborted: u64,
    pub tasks_full_window: u64,
    pub messages: u64,
    pub bytes: u64,
    /// Table entries received over the sharing ring, all workers.
    pub shared_entries: u64,
    /// Means per worker, seconds.
    pub startup_idle_s: f64,
    pub other_idle_s: f64,
}

pub fn search<G: Game + Clone + Send + 'static>(root: G, config: ParallelConfig) -> Outcome {
    let o = run_threads(root, config);
    let mut stats = Stats::default();
    let mut traffic = o.traffic;
    let mut figures = ParallelFigures {
        workers: config.workers,
        passes: o.passes,
        master_nodes: o.nodes,
        tasks_sent: o.tasks_sent,
        ..ParallelFigures::default()
    };
    for r in &o.reports {
        stats += r.stats;
        traffic += r.traffic;
        figures.tasks_finished += r.tasks_finished;
        figures.tasks_aborted += r.tasks_aborted;
        figures.tasks_full_window += r.tasks_full_window;
        figures.shared_entries += r.shared_received;
        figures.startup_idle_s += r.startup_idle_s;
        figures.other_idle_s += r.other_idle_s;
    }
    let n = o.reports.len().max(1) as f64;
    figures.startup_idle_s /= n;
    figures.other_idle_s /= n;
    figures.messages = traffic.messages;
    figures.bytes = traffic.bytes;
    stats.nodes += o.nodes;
    Outcome {
        value: o.value,
        best_move: o.best_move.map_or("none".into(), |m| m.to_string()),
        pv: String::new(),
        stats,
        time_s: o.elapsed.as_secs_f64(),
        parallel: Some(figures),
    }
}
