//! The baselines' run: seed 002's split methods on a processor tree, or
//! YBWC, Jamboree and seed 004's grid master on every rank (threads, the virtual cluster or MPI ranks), each tree with
//! the sequential reference's leaves for the search-overhead coefficient,
//! reduced to result records.

use super::plan::{charge, grid_master_config, processor_tree, split_config, ybwc_config};
use crate::backend::runner::Runner;
use crate::backend::sim_args::SimArgs;
use crate::methods::each_tree::{each_tree, Sink};
use crate::outcome::Outcome;
use crate::plan::Plan;
use crate::trees::{with_game, Tree};
use yomi_methods::baseline::{AlphaBeta, BaselineOutcome, StagedSss};
use yomi_record::{BaselineFigures, BaselineShape, Figures, Method};
use yomi_root_split::RootSplit;
use yomi_search::Stats;
use yomi_tree::{Game, INFINITE};

/// Every tree of `trees` searched by the baseline `method` of `shape`.
pub(crate) fn run_baseline(
    plan: &Plan,
    (method, shape): (Method, BaselineShape),
    sim: &SimArgs,
    trees: Vec<Tree>,
    sink: Sink,
) -> Result<(), String> {
    let runner = Runner::new(plan, sim, &trees)?;
    each_tree(trees, Some(&runner), sim, sink, |tree| {
        with_game!(tree.game, |game| search(&runner, game, plan, method, shape))
    })
}

/// One tree's search and its record's figures (`None` on ranks other
/// than 0).
fn search<G: Game + Clone + Send + 'static>(
    runner: &Runner,
    root: G,
    plan: &Plan,
    method: Method,
    shape: BaselineShape,
) -> Result<Option<Outcome>, String> {
    let Some(o) = search_on(runner, root.clone(), plan, method, shape)? else {
        return Ok(None);
    };
    let sequential_leaves = sequential_leaves(root, plan.d, shape.stage_depth);
    Ok(Some(outcome(&o, shape, sequential_leaves, runner)))
}

/// Leaves of the sequential reference on `root` to `depth`: staged SSS*
/// for staged SSS* (`stage_depth` plies a stage), else plain alpha-beta.
fn sequential_leaves<G: Game>(mut root: G, depth: u32, stage_depth: Option<u32>) -> u64 {
    if let Some(stage_depth) = stage_depth {
        let mut search = StagedSss::new(&mut root, stage_depth, u64::MAX, |_| true);
        search.search(depth, INFINITE, true);
        return search.counts().leaves;
    }
    let mut search = AlphaBeta::new(&mut root, u64::MAX, |_| true);
    search.search(depth, -INFINITE, INFINITE);
    search.counts().leaves
}

fn outcome(
    o: &BaselineOutcome,
    shape: BaselineShape,
    sequential_leaves: u64,
    runner: &Runner,
) -> Outcome {
    // The processors that search: a processor tree's terminal ones, or
    // every YBWC rank.
    let tree = processor_tree(shape);
    let searchers: Vec<_> = o
        .reports
        .iter()
        .filter(|r| tree.is_none_or(|t| t.is_terminal(r.rank)))
        .collect();
    let n = searchers.len().max(1) as f64;
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
        figures: Some(Figures::Baseline(BaselineFigures {
            shape,
            processors: o.reports.len(),
            searchers: searchers.len(),
            sequential_leaves,
            search_overhead: o.counts.leaves as f64 / sequential_leaves.max(1) as f64,
            messages,
            bytes,
            startup_idle_s: searchers.iter().map(|r| r.startup_idle_s).sum::<f64>() / n,
            other_idle_s: searchers.iter().map(|r| r.other_idle_s).sum::<f64>() / n,
        })),
        cluster: runner.cluster().map(|sim| sim.record),
    }
}

/// One baseline search of `root` (`None` on ranks other than 0): a split
/// method on its processor tree, or one on every rank (`--workers` + 1
/// threads). A method plugged in from a crate of its own has its arm here.
fn search_on<G: Game + Clone + Send + 'static>(
    runner: &Runner,
    root: G,
    plan: &Plan,
    method: Method,
    shape: BaselineShape,
) -> Result<Option<BaselineOutcome>, String> {
    let nodes = |o: &BaselineOutcome| o.counts.nodes;
    let ranks = plan.workers + 1;
    match processor_tree(shape) {
        Some(t) => runner.run_program(
            root,
            t.processors(),
            split_config((plan.d, plan.backend), shape, t),
            nodes,
        ),
        None => match method {
            Method::Ybwc | Method::Jamboree => runner.run_program(
                root,
                ranks,
                ybwc_config((plan.d, plan.backend), method, shape),
                nodes,
            ),
            Method::GridMaster => runner.run_program(
                root,
                ranks,
                grid_master_config((plan.d, plan.backend), shape),
                nodes,
            ),
            Method::RootSplit => {
                let program = RootSplit {
                    depth: plan.d,
                    charge: charge(shape),
                };
                runner.run_program(root, ranks, program, nodes)
            }
            _ => Err(format!("{method} is not a baseline on ranks")),
        },
    }
}
