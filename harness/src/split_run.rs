//! Seed 002's split methods in `yomi-harness search`: every tree on the
//! plan's processor tree (threads, the virtual cluster or MPI ranks),
//! with the sequential reference's leaves for the search-overhead
//! coefficient, reduced to result records.

use crate::execute::Sink;
use crate::parallel_run::Runner;
use crate::plan::{Plan, SplitShape};
use crate::record::{Outcome, SplitFigures, Summary};
use crate::sim_args::SimArgs;
use crate::trees::{with_game, Tree};
use yomi_engine::baseline::{AlphaBeta, SplitOutcome};
use yomi_engine::game::{Game, INFINITE};
use yomi_engine::search::Stats;

/// Every tree of `trees` split as `shape` says.
pub fn run_split(
    plan: &Plan,
    shape: SplitShape,
    sim: &SimArgs,
    trees: Vec<Tree>,
    sink: Sink,
) -> Result<(), String> {
    let runner = Runner::new(plan, sim, &trees)?;
    let mut summary = Summary::default();
    for tree in trees {
        let name = tree.name().to_string();
        let outcome = with_game!(tree, |game| search(&runner, game, plan, shape)?);
        if let Some(outcome) = outcome {
            summary.add(&outcome);
            sink(&name, &outcome)?;
        }
    }
    if runner.reports() && !sim.quiet {
        summary.print();
        if let Some(cluster) = runner.cluster() {
            cluster.print_cost();
        }
    }
    Ok(())
}

/// One tree's split search and its record's figures (`None` on ranks
/// other than 0).
fn search<G: Game + Clone + Send + 'static>(
    runner: &Runner,
    root: G,
    plan: &Plan,
    shape: SplitShape,
) -> Result<Option<Outcome>, String> {
    let config = plan.split_config(shape);
    let Some(o) = runner.run_split(root.clone(), config)? else {
        return Ok(None);
    };
    let sequential_leaves = sequential_leaves(root, plan.d);
    Ok(Some(outcome(&o, plan, shape, sequential_leaves, runner)))
}

/// Leaves of plain alpha-beta on `root` to `depth`.
fn sequential_leaves<G: Game>(mut root: G, depth: u32) -> u64 {
    let mut search = AlphaBeta::new(&mut root, u64::MAX, |_| true);
    search.search(depth, -INFINITE, INFINITE);
    search.counts().leaves
}

fn outcome(
    o: &SplitOutcome,
    plan: &Plan,
    shape: SplitShape,
    sequential_leaves: u64,
    runner: &Runner,
) -> Outcome {
    let config = plan.split_config(shape);
    let terminals: Vec<_> = o
        .reports
        .iter()
        .filter(|r| config.processors.is_terminal(r.rank))
        .collect();
    let n = terminals.len().max(1) as f64;
    let mean = |f: fn(&&yomi_engine::baseline::ProcessorReport) -> f64| {
        terminals.iter().map(f).sum::<f64>() / n
    };
    let (messages, bytes) = o.reports.iter().fold((0, 0), |(m, b), r| {
        (m + r.traffic.messages, b + r.traffic.bytes)
    });
    Outcome {
        value: o.value,
        best_move: "none".into(),
        pv: String::new(),
        stats: Stats {
            nodes: o.counts.nodes,
            leaves: o.counts.leaves,
            ..Stats::default()
        },
        time_s: o.elapsed.as_secs_f64(),
        parallel: None,
        split: Some(SplitFigures {
            shape,
            terminals: config.processors.terminals(),
            sequential_leaves,
            search_overhead: o.counts.leaves as f64 / sequential_leaves.max(1) as f64,
            messages,
            bytes,
            startup_idle_s: mean(|r| r.startup_idle_s),
            other_idle_s: mean(|r| r.other_idle_s),
        }),
        cluster: runner.cluster().map(|sim| sim.record),
    }
}
