//! `--method rbf` in `yomi-harness search`: each tree's exact root
//! decision (plain alpha-beta to --d, child by child), RBF's search within
//! its budget (given, or plain alpha-beta's generated nodes at
//! --match-depth, whose move is judged too), reduced to result records.

use crate::execute::Sink;
use crate::plan::Plan;
use crate::rbf_plan::RbfShape;
use crate::record::{Outcome, RbfFigures, Summary};
use crate::trees::{with_game, Tree, TreeKind};
use std::time::Instant;
use yomi_engine::baseline::AlphaBeta;
use yomi_engine::game::{Game, Value, INFINITE};
use yomi_engine::rbf::{Rbf, RbfConfig, RealScoreModel};
use yomi_engine::search::Stats;

pub fn run_rbf(plan: &Plan, shape: RbfShape, trees: Vec<Tree>, sink: Sink) -> Result<(), String> {
    let mut summary = Summary::default();
    let model = RealScoreModel::incremental();
    for tree in trees {
        if tree.kind() != TreeKind::Incremental {
            return Err(
                "rbf has a real-score model for incremental trees only (--tree incremental); \
                 fit one for other trees with `yomi-harness fit-rbf-model`"
                    .into(),
            );
        }
        let name = tree.name().to_string();
        let outcome = with_game!(tree, |game| search(game, plan, shape, &model));
        summary.add(&outcome);
        sink(&name, &outcome)?;
    }
    summary.print();
    Ok(())
}

fn search<G: Game>(mut root: G, plan: &Plan, shape: RbfShape, model: &RealScoreModel) -> Outcome {
    let exact = exact_children(&mut root, plan.d);
    let best = exact.iter().copied().max().unwrap_or(-INFINITE);
    let mut children = Vec::new();
    root.children(&mut children);
    let judge = |index: Option<usize>| index.is_some_and(|i| exact[i] == best);
    let (budget, alpha_beta) = match (shape.rbf_nodes, shape.match_depth) {
        (Some(n), _) => (n, None),
        (None, depth) => {
            let mut ab = AlphaBeta::new(&mut root, u64::MAX, |_| true);
            let decided = ab.decide(depth.unwrap_or(plan.d)).map(|d| d.0);
            (ab.counts().nodes, Some((ab.counts().nodes, decided)))
        }
    };
    let config = RbfConfig {
        horizon: plan.d,
        pruning: shape.pruning,
        seed: shape.rbf_seed,
    };
    let start = Instant::now();
    let mut rbf = Rbf::new(&mut root, model, config);
    rbf.run(&mut root, |r| r.generated() >= budget);
    let time_s = start.elapsed().as_secs_f64();
    let decision = rbf.decision();
    let index = decision.and_then(|mv| children.iter().position(|&c| c == mv));
    Outcome {
        value: rbf.value(),
        best_move: decision.map_or("none".into(), |mv| mv.to_string()),
        pv: String::new(),
        stats: Stats {
            nodes: rbf.generated(),
            ..Stats::default()
        },
        time_s,
        parallel: None,
        baseline: None,
        rbf: Some(RbfFigures {
            shape,
            generated: rbf.generated(),
            correct: judge(index),
            exact_value: best,
            alpha_beta_nodes: alpha_beta.map(|a| a.0),
            alpha_beta_move: alpha_beta
                .map(|a| a.1.map_or("none".into(), |i| children[i].to_string())),
            alpha_beta_correct: alpha_beta.map(|a| judge(a.1)),
        }),
        cluster: None,
    }
}

/// The exact value of every child of the root: plain alpha-beta to
/// `depth` − 1 below it.
fn exact_children<G: Game>(root: &mut G, depth: u32) -> Vec<Value> {
    let mut children = Vec::new();
    root.children(&mut children);
    children
        .iter()
        .map(|&mv| {
            root.play(mv);
            let value = -AlphaBeta::new(root, u64::MAX, |_| true)
                .search(depth.saturating_sub(1), -INFINITE, INFINITE)
                .expect("not aborted");
            root.undo(mv);
            value
        })
        .collect()
}
