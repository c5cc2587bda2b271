//! Seed 000's master and workers on every tree of a set, each search
//! reduced to the figures of a result record.

use super::plan::MinimalTreePlan;
use crate::backend::runner::Runner;
use crate::backend::sim_args::SimArgs;
use crate::methods::each_tree::{print_summary, Sink};
use crate::outcome::{Outcome, Summary};
use crate::plan::Plan;
use crate::trees::{with_game, Tree};
use yomi_methods::minimal_tree::MasterOutcome;
use yomi_methods::minimal_tree::{ParallelConfig, ParallelSearch};
use yomi_record::{Figures, IdleProfile, ParallelFigures};

use yomi_search::Stats;
use yomi_tree::Game;

/// The master/worker methods: every tree with the same configuration.
pub(crate) fn run_parallel(
    plan: &Plan,
    minimal_tree: MinimalTreePlan,
    sim: &SimArgs,
    trees: Vec<Tree>,
    sink: Sink,
) -> Result<(), String> {
    let runner = Runner::new(plan, sim, &trees)?;
    let table_mb = runner
        .cluster()
        .map_or(plan.table_mb(), |sim| sim.record.table_mb);
    let config = minimal_tree.config(plan.d, runner.workers(plan.workers), table_mb);
    let mut summary = Summary::default();
    for (i, tree) in trees.into_iter().enumerate() {
        let label = tree.label.clone();
        let config = ParallelConfig {
            search_id: i as u64,
            ..config
        };
        let outcome = with_game!(tree.game, |game| search(&runner, game, config)?);
        if let Some(outcome) = outcome {
            summary.add(&outcome);
            sink(&label, &outcome)?;
        }
    }
    print_summary(&runner, sim, &summary);
    Ok(())
}

/// One tree's parallel search; `None` on a worker rank.
pub(crate) fn search<G: Game + Clone + Send + 'static>(
    runner: &Runner,
    root: G,
    config: ParallelConfig,
) -> Result<Option<Outcome>, String> {
    let Some(o) = search_on(runner, root, config)? else {
        return Ok(None);
    };
    let mut stats = Stats::default();
    let mut traffic = o.traffic;
    let mut figures = ParallelFigures {
        workers: config.workers,
        passes: o.passes,
        master_nodes: o.nodes,
        tasks_sent: o.tasks_sent,
        master_idle_s: Some(o.waiting.as_secs_f64()),
        ..ParallelFigures::default()
    };
    let mut workers_waited = IdleProfile::default();
    for r in &o.reports {
        workers_waited += &r.waited;
        stats += r.stats;
        traffic += r.traffic;
        figures.tasks += r.tasks;
        if let Some(ring) = r.ring {
            figures.shared_entries += ring.received;
            *figures.ring.get_or_insert_default() += ring;
        }
        figures.startup_idle_s += r.startup_idle_s;
        figures.other_idle_s += r.other_idle_s;
    }
    let n = o.reports.len().max(1) as f64;
    figures.startup_idle_s /= n;
    figures.other_idle_s /= n;
    let span = o.waited.span_s.max(workers_waited.span_s);
    figures.master_waited = Some(o.waited.clone().coarsened_to(span));
    figures.workers_waited = Some(workers_waited.scaled(1.0 / n).coarsened_to(span));
    figures.messages = traffic.messages;
    figures.bytes = traffic.bytes;
    stats.nodes += o.nodes;
    Ok(Some(Outcome {
        value: o.value,
        best_move: o.best_move.map_or("none".into(), |m| m.to_string()),
        pv: String::new(),
        stats,
        time_s: o.elapsed.as_secs_f64(),
        figures: Some(Figures::Parallel(figures)),
        cluster: runner.cluster().map(|sim| sim.record),
    }))
}

/// Seed 000's search of `root` on `runner` (`None` on ranks other than 0).
fn search_on<G: Game + Clone + Send + 'static>(
    runner: &Runner,
    root: G,
    config: ParallelConfig,
) -> Result<Option<MasterOutcome<G::Move>>, String> {
    let search = ParallelSearch::new(config);
    let nodes =
        |o: &MasterOutcome<G::Move>| o.nodes + o.reports.iter().map(|r| r.stats.nodes).sum::<u64>();
    runner.run_program(root, search.ranks(), search, nodes)
}
