//! `--method uct` in `yomi-harness search`: each tree's UCT search of
//! --simulations simulations (sequential, in this machine's time), its
//! move judged against plain alpha-beta's children values at
//! --judge-depth, reduced to result records.

use crate::execute::Sink;
use crate::judge::judged_children;
use crate::plan::Plan;
use crate::record::{Outcome, Summary, UctFigures};
use crate::sim_args::SimArgs;
use crate::trees::{with_game, Tree};
use crate::uct_plan::UctShape;
use std::time::Instant;
use yomi_engine::game::{Game, Value, INFINITE, LOSS};
use yomi_engine::mcts::Uct;
use yomi_engine::search::Stats;

pub fn run_uct(
    plan: &Plan,
    shape: UctShape,
    sim: &SimArgs,
    trees: Vec<Tree>,
    sink: Sink,
) -> Result<(), String> {
    let mut summary = Summary::default();
    for tree in trees {
        let label = tree.label.clone();
        let outcome = with_game!(tree.game, |game| search(game, plan, shape));
        summary.add(&outcome);
        sink(&label, &outcome)?;
    }
    if !sim.quiet {
        summary.print();
    }
    Ok(())
}

fn search<G: Game>(mut root: G, plan: &Plan, shape: UctShape) -> Outcome {
    let start = Instant::now();
    let mut uct = Uct::new(shape.config(plan.d));
    let result = uct.run(&mut root, shape.simulations);
    let elapsed = start.elapsed().as_secs_f64();
    let exact = judged_children(&mut root, shape.judge_depth);
    let best = exact.iter().copied().max().unwrap_or(-INFINITE);
    let mut children = Vec::new();
    root.children(&mut children);
    let mean_reward = result.best.map_or(0.0, |i| result.children[i].1);
    Outcome {
        value: value_of_reward(mean_reward, shape.reward_scale),
        best_move: result
            .best
            .map_or("none".into(), |i| children[i].to_string()),
        pv: String::new(),
        stats: Stats::default(),
        time_s: elapsed,
        parallel: None,
        baseline: None,
        rbf: None,
        uct: Some(UctFigures {
            shape,
            simulations_per_s: result.simulations as f64 / elapsed.max(1e-9),
            states: result.nodes,
            mean_reward,
            correct: result.best.is_some_and(|i| exact[i] == best),
            judged_value: best,
        }),
        cluster: None,
    }
}

/// The value whose win probability is `reward` at `scale` (the inverse of
/// the playouts' logistic), within the game's values.
fn value_of_reward(reward: f64, scale: f64) -> Value {
    let logit = (reward / (1.0 - reward)).ln() * scale;
    logit.clamp(f64::from(LOSS), f64::from(-LOSS)).round() as Value
}
