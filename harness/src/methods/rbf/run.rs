//! `--method rbf|parallel-rbf` in `yomi-harness search`: each tree's
//! judged root decision (plain alpha-beta to --judge-depth, child by
//! child), RBF's search until its stop (generated nodes given, plain
//! alpha-beta's at --match-depth, whose move is judged too, or a depth
//! reached) — sequential here, or parallel on the plan's backend —
//! reduced to result records.

use crate::backend::runner::Runner;
use crate::backend::sim_args::SimArgs;
use crate::methods::each_tree::{each_tree, Sink};
use crate::methods::judge::judged_children;
use crate::outcome::Outcome;
use crate::plan::Plan;
use crate::trees::{with_game, Tree, TreeKind};
use std::time::Instant;
use yomi_methods::baseline::AlphaBeta;
use yomi_methods::rbf::{
    shared_tree, ParallelRbf, Rbf, RbfConfig, RbfOutcome, RbfStop, RealScoreModel,
};
use yomi_record::{Figures, Method, ParallelRbfFigures, RbfFigures, RbfForm, RbfShape};
use yomi_search::Stats;
use yomi_tree::{Game, INFINITE};

pub(crate) fn run_rbf(
    plan: &Plan,
    (method, shape): (Method, RbfShape),
    sim: &SimArgs,
    trees: Vec<Tree>,
    model_file: Option<&str>,
    sink: Sink,
) -> Result<(), String> {
    let model = match model_file {
        Some(file) => std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read --rbf-model {file}: {e}"))
            .and_then(|text| RealScoreModel::from_toml(&text))
            .map_err(|e| format!("--rbf-model {file}: {e}"))?,
        None => match trees.iter().find(|t| t.kind() != TreeKind::Incremental) {
            Some(tree) => {
                return Err(format!(
                    "rbf's embedded real-score model is for incremental trees (not {}): fit \
                     one for these trees with `yomi-harness fit-rbf-model` and give it as \
                     --rbf-model",
                    tree.name()
                ))
            }
            None => RealScoreModel::incremental(),
        },
    };
    // Read once; the parallel program's ranks share it for the whole run.
    let model: &'static RealScoreModel = Box::leak(Box::new(model));
    let runner = match method {
        Method::ParallelRbf => Some(Runner::new(plan, sim, &trees)?),
        _ => None,
    };
    let on = runner.as_ref();
    each_tree(trees, on, sim, sink, |tree| {
        let mut outcome = with_game!(tree.game, |game| search(game, plan, shape, model, on))?;
        if let Some(Outcome {
            figures: Some(Figures::Rbf(figures)),
            ..
        }) = outcome.as_mut()
        {
            figures.rbf_model = model_file.map(str::to_string);
        }
        Ok(outcome)
    })
}

/// One tree's search (`None` on MPI ranks other than 0): sequential RBF,
/// or parallel RBF on `runner`.
fn search<G: Game + Clone + Send + 'static>(
    mut root: G,
    plan: &Plan,
    shape: RbfShape,
    model: &'static RealScoreModel,
    runner: Option<&Runner>,
) -> Result<Option<Outcome>, String> {
    let config = RbfConfig {
        horizon: plan.d,
        pruning: shape.pruning,
        seed: shape.rbf_seed,
    };
    let reports = runner.is_none_or(Runner::reports);
    // Only the reporting rank stops the search, so only it needs the budget.
    let (stop, alpha_beta) = match (shape.rbf_nodes, shape.match_depth, shape.rbf_depth) {
        (Some(n), _, _) => (RbfStop::Generated(n), None),
        (_, _, Some(depth)) => (RbfStop::Depth(depth), None),
        (_, Some(depth), _) if reports => {
            let mut ab = AlphaBeta::new(&mut root, u64::MAX, |_| true);
            let decided = ab.decide(depth).map(|d| d.0 as u16);
            let nodes = ab.counts().nodes;
            (RbfStop::Generated(nodes), Some((nodes, decided)))
        }
        _ => (RbfStop::Generated(u64::MAX), None),
    };
    let (o, parallel) = match runner {
        None => (sequential(&mut root, model, config, stop), None),
        Some(_) if shape.form == Some(RbfForm::SharedTree) => {
            let o = shared_tree(&root, plan.workers + 1, model, config, stop);
            let figures = parallel_figures(&o, RbfForm::SharedTree);
            (o, Some(figures))
        }
        Some(runner) => {
            let program = ParallelRbf {
                config,
                model,
                stop,
                chunk: shape.chunk.unwrap_or(1),
            };
            let threads = plan.workers + 1;
            let generated = |o: &RbfOutcome| o.generated;
            let Some(o) = runner.run_program(root.clone(), threads, program, generated)? else {
                return Ok(None);
            };
            let figures = parallel_figures(&o, RbfForm::MasterSlave);
            (o, Some(figures))
        }
    };
    let exact = judged_children(&mut root, shape.judge_depth);
    let best = exact.iter().copied().max().unwrap_or(-INFINITE);
    let judge = |index: Option<u16>| index.is_some_and(|i| exact[usize::from(i)] == best);
    let mut children = Vec::new();
    root.children(&mut children);
    let name =
        |index: Option<u16>| index.map_or("none".into(), |i| children[usize::from(i)].to_string());
    Ok(Some(Outcome {
        value: o.value,
        best_move: name(o.decision),
        pv: String::new(),
        stats: Stats {
            nodes: o.generated,
            ..Stats::default()
        },
        time_s: o.elapsed.as_secs_f64(),
        figures: Some(Figures::Rbf(RbfFigures {
            shape,
            generated: o.generated,
            deepest: o.deepest,
            correct: judge(o.decision),
            judged_value: best,
            alpha_beta_nodes: alpha_beta.map(|a| a.0),
            alpha_beta_move: alpha_beta.map(|a| name(a.1)),
            alpha_beta_correct: alpha_beta.map(|a| judge(a.1)),
            rbf_model: None,
            parallel,
        })),
        cluster: runner.and_then(Runner::cluster).map(|sim| sim.record),
    }))
}

/// Sequential RBF of `root` until `stop`, in this machine's time.
fn sequential<G: Game>(
    root: &mut G,
    model: &RealScoreModel,
    config: RbfConfig,
    stop: RbfStop,
) -> RbfOutcome {
    let start = Instant::now();
    let mut rbf = Rbf::new(root, model, config);
    rbf.run(root, |r| stop.reached(r));
    RbfOutcome::of(&rbf, start.elapsed())
}

/// The figures of `o`, a parallel RBF run of `form`.
fn parallel_figures(o: &RbfOutcome, form: RbfForm) -> ParallelRbfFigures {
    // The ranks that expand: every thread of a shared tree; the slaves,
    // or rank 0 alone, of a master and slaves.
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
