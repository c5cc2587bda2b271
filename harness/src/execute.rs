//! Running a plan over a tree set: the sequential searcher, a master and
//! workers, or a baseline (seed 002's processor trees, YBWC), on threads,
//! the virtual cluster or MPI; each tree's outcome
//! goes to a sink as soon as it is found, and a summary of the set to
//! stderr.

use crate::baseline_run::run_baseline;
use crate::parallel_run::{self, Runner};
use crate::plan::{Backend, Plan};
use crate::rbf_run::run_rbf;
use crate::record::{Outcome, Summary};
use crate::sim_args::SimArgs;
use crate::sim_run::SimRunner;
use crate::trees::{with_game, Tree, TreeLabel};
use crate::uct_run::run_uct;
use yomi_methods::minimal_tree::parallel_search::ParallelConfig;
use yomi_search::{Limits, SearchOptions, Searcher};
use yomi_tree::Game;

/// Takes each tree's name and outcome (only on the rank that reports).
pub type Sink<'a> = &'a mut dyn FnMut(&TreeLabel, &Outcome) -> Result<(), String>;

/// Searches every tree of `trees` under `plan` (`sim`: the virtual
/// cluster's options; `rbf_model`: RBF's real-score model file, if not
/// the embedded one).
pub fn execute(
    plan: &Plan,
    sim: &SimArgs,
    trees: Vec<Tree>,
    rbf_model: Option<&str>,
    sink: Sink,
) -> Result<(), String> {
    if let Some(shape) = plan.rbf {
        run_rbf(plan, shape, sim, trees, rbf_model, sink)
    } else if let Some(shape) = plan.uct {
        run_uct(plan, shape, sim, trees, sink)
    } else if let Some(shape) = plan.baseline {
        run_baseline(plan, shape, sim, trees, sink)
    } else if plan.parallel() {
        run_parallel(plan, sim, trees, sink)
    } else {
        run_sequential(plan, sim, trees, sink)
    }
}

/// Every tree's outcome by `search` (`None` on MPI ranks that do not
/// report) to `sink`, and the set's summary, on `runner` if the method
/// runs on one.
pub fn each_tree(
    trees: Vec<Tree>,
    runner: Option<&Runner>,
    sim: &SimArgs,
    sink: Sink,
    mut search: impl FnMut(Tree) -> Result<Option<Outcome>, String>,
) -> Result<(), String> {
    let mut summary = Summary::default();
    for tree in trees {
        let label = tree.label.clone();
        if let Some(outcome) = search(tree)? {
            summary.add(&outcome);
            sink(&label, &outcome)?;
        }
    }
    match runner {
        Some(runner) => print_summary(runner, sim, &summary),
        None if !sim.quiet => summary.print(),
        None => {}
    }
    Ok(())
}

/// The sequential search of every tree; on the virtual cluster its time
/// is its nodes at the model's cost.
fn run_sequential(plan: &Plan, sim: &SimArgs, trees: Vec<Tree>, sink: Sink) -> Result<(), String> {
    let options = plan.search_options();
    let cluster = match plan.backend {
        Backend::Sim => Some(SimRunner::new(
            sim,
            &trees,
            plan.d,
            None,
            1,
            Some(plan.table_mb()),
        )?),
        _ => None,
    };
    let mut summary = Summary::default();
    for tree in trees {
        let label = tree.label.clone();
        let mut outcome = with_game!(tree.game, |game| search_sequential(game, plan, options));
        if let Some(sim) = &cluster {
            outcome.time_s = sim.sequential_time_s(outcome.stats.nodes);
            outcome.cluster = Some(sim.record);
        }
        summary.add(&outcome);
        sink(&label, &outcome)?;
    }
    if !sim.quiet {
        summary.print();
    }
    Ok(())
}

/// The master/worker methods: every tree with the same configuration.
fn run_parallel(plan: &Plan, sim: &SimArgs, trees: Vec<Tree>, sink: Sink) -> Result<(), String> {
    let runner = Runner::new(plan, sim, &trees)?;
    let table_mb = runner
        .cluster()
        .map_or(plan.table_mb(), |sim| sim.record.table_mb);
    let config = plan.parallel_config(runner.workers(plan.workers), table_mb);
    let mut summary = Summary::default();
    for (i, tree) in trees.into_iter().enumerate() {
        let label = tree.label.clone();
        let config = ParallelConfig {
            search_id: i as u64,
            ..config
        };
        let outcome = with_game!(tree.game, |game| parallel_run::search(
            &runner, game, config
        )?);
        if let Some(outcome) = outcome {
            summary.add(&outcome);
            sink(&label, &outcome)?;
        }
    }
    print_summary(&runner, sim, &summary);
    Ok(())
}

/// The set's summary, and what simulating it took, on stderr (from the
/// rank that reports, unless quiet).
pub fn print_summary(runner: &Runner, sim: &SimArgs, summary: &Summary) {
    if runner.reports() && !sim.quiet {
        summary.print();
        if let Some(cluster) = runner.cluster() {
            cluster.print_cost();
        }
    }
}

fn search_sequential<G: Game>(game: G, plan: &Plan, options: SearchOptions) -> Outcome {
    let mut searcher = Searcher::new(game, plan.table_mb(), options);
    let r = searcher.search(Limits::depth(plan.d), |_| {});
    let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
    Outcome {
        value: r.value,
        best_move: r.best_move.map_or("none".into(), |m| m.to_string()),
        pv: pv.join(" "),
        stats: r.stats,
        time_s: r.elapsed.as_secs_f64(),
        parallel: None,
        baseline: None,
        rbf: None,
        uct: None,
        cluster: None,
    }
}
