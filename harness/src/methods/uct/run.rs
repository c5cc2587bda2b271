//! `--method uct|uct-treesplit` in `yomi-harness search`: each tree's UCT
//! search of --simulations simulations — sequential here, or UCT-Treesplit
//! on the plan's backend — its move judged against plain alpha-beta's
//! children values at --judge-depth, reduced to result records.

use crate::backend::runner::Runner;
use crate::backend::sim_args::SimArgs;
use crate::methods::each_tree::{each_tree, Sink};
use crate::methods::judge::judged_children;
use crate::methods::uct::{plan, treesplit_plan};
use crate::outcome::Outcome;
use crate::plan::Plan;
use crate::trees::{with_game, Tree};
use std::time::Instant;
use yomi_methods::uct::{value_of_reward, Overheads, TreesplitOutcome, TreesplitReport, Uct};
use yomi_record::{Figures, Method, SpreadFigures, UctFigures, UctShape};
use yomi_search::Stats;
use yomi_tree::{Game, INFINITE};

pub(crate) fn run_uct(
    plan: &Plan,
    (method, shape): (Method, UctShape),
    sim: &SimArgs,
    trees: Vec<Tree>,
    sink: Sink,
) -> Result<(), String> {
    let runner = match method {
        Method::UctTreesplit => Some(Runner::new(plan, sim, &trees)?),
        _ => None,
    };
    let on = runner.as_ref();
    each_tree(trees, on, sim, sink, |tree| {
        with_game!(tree.game, |game| search(game, plan, shape, on))
    })
}

/// What either form found at the root.
struct Found {
    best: Option<usize>,
    /// Visits and mean reward of each root child.
    children: Vec<(u64, f64)>,
    simulations: u64,
    states: u64,
    elapsed_s: f64,
    spread: Option<SpreadFigures>,
}

/// One tree's search (`None` on MPI ranks other than 0).
fn search<G: Game + Clone + Send + 'static>(
    mut root: G,
    plan: &Plan,
    shape: UctShape,
    runner: Option<&Runner>,
) -> Result<Option<Outcome>, String> {
    let config = plan::engine_config(&shape, plan.d);
    let found = match runner {
        None => {
            let start = Instant::now();
            let r = Uct::new(config).run(&mut root, shape.simulations);
            Found {
                best: r.best,
                children: r.children,
                simulations: r.simulations,
                states: r.nodes as u64,
                elapsed_s: start.elapsed().as_secs_f64(),
                spread: None,
            }
        }
        Some(runner) => {
            let treesplit = shape.treesplit.expect("uct-treesplit's shape");
            let program = treesplit_plan::program(&treesplit, config, shape.simulations);
            let plays = |o: &TreesplitOutcome| o.reports.iter().map(|r| r.plays).sum::<u64>();
            let ranks = plan.workers + 1;
            let Some(o) = runner.run_program(root.clone(), ranks, program, plays)? else {
                return Ok(None);
            };
            Found {
                best: o.best,
                children: o.children.clone(),
                simulations: o.simulations,
                states: o.states,
                elapsed_s: o.elapsed.as_secs_f64(),
                spread: Some(spread(&o, treesplit.n_dup > 0)),
            }
        }
    };
    let exact = judged_children(&mut root, shape.judge_depth);
    let best = exact.iter().copied().max().unwrap_or(-INFINITE);
    let mut children = Vec::new();
    root.children(&mut children);
    let mean_reward = found.best.map_or(0.0, |i| found.children[i].1);
    Ok(Some(Outcome {
        value: value_of_reward(mean_reward, shape.reward_scale),
        best_move: found
            .best
            .map_or("none".into(), |i| children[i].to_string()),
        pv: String::new(),
        stats: Stats::default(),
        time_s: found.elapsed_s,
        figures: Some(Figures::Uct(UctFigures {
            shape,
            simulations_per_s: found.simulations as f64 / found.elapsed_s.max(1e-9),
            root_visits: found.children.iter().map(|&(n, _)| n).sum(),
            states: found.states as usize,
            mean_reward,
            correct: found.best.is_some_and(|i| exact[i] == best),
            judged_value: best,
            spread: found.spread,
        })),
        cluster: runner.and_then(Runner::cluster).map(|sim| sim.record),
    }))
}

/// UCT-Treesplit's figures from its ranks' reports (`root_shared`: the
/// root was duplicated from the start).
fn spread(o: &TreesplitOutcome, root_shared: bool) -> SpreadFigures {
    let elapsed = o.elapsed.as_secs_f64().max(1e-12);
    let (search, broadcast): (Vec<&TreesplitReport>, Vec<&TreesplitReport>) =
        o.reports.iter().partition(|r| !r.broadcast);
    let mean = |rs: &[&TreesplitReport], f: &dyn Fn(&TreesplitReport) -> f64| {
        rs.iter().map(|r| f(r)).sum::<f64>() / rs.len().max(1) as f64
    };
    let workload = |r: &TreesplitReport| r.overheads.busy_s() / elapsed;
    let mbps = |r: &TreesplitReport| r.traffic.bytes as f64 * 8.0 / elapsed / 1e6;
    let some = |v: f64| (!broadcast.is_empty()).then_some(v);
    SpreadFigures {
        ranks: o.reports.len(),
        search_ranks: search.len(),
        broadcast_ranks: broadcast.len(),
        moves: o.reports.iter().map(|r| r.moves_received).sum(),
        messages: o.reports.iter().map(|r| r.traffic.messages).sum(),
        bytes: o.reports.iter().map(|r| r.traffic.bytes).sum(),
        duplicated: o.reports.iter().map(|r| r.shares).sum::<u64>() + u64::from(root_shared),
        sync_entries: o.reports.iter().map(|r| r.entries_sent).sum(),
        playouts_forwarded: o.reports.iter().map(|r| r.playouts_forwarded).sum(),
        workload: mean(&search, &workload),
        broadcast_workload: some(mean(&broadcast, &workload)),
        search_mbps: mean(&search, &mbps),
        broadcast_mbps: some(mean(&broadcast, &mbps)),
        time: Overheads::mean(search.iter().map(|r| &r.overheads)),
    }
}
