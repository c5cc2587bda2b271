//! The sequential search (alpha-beta or NegaScout, and the §5.2
//! variants) on every tree; on the virtual cluster its time is its nodes
//! at the model's cost.

use super::plan::SequentialPlan;
use crate::backend::sim_args::SimArgs;
use crate::backend::sim_run::SimRunner;
use crate::methods::each_tree::Sink;
use crate::outcome::{Outcome, Summary};
use crate::plan::Plan;
use crate::trees::{with_game, Tree};
use yomi_record::Backend;
use yomi_search::{Limits, SearchOptions, Searcher};
use yomi_tree::Game;

/// The sequential search of every tree; on the virtual cluster its time
/// is its nodes at the model's cost.
pub(crate) fn run_sequential(
    plan: &Plan,
    sequential: SequentialPlan,
    sim: &SimArgs,
    trees: Vec<Tree>,
    sink: Sink,
) -> Result<(), String> {
    let options = sequential.search_options(plan.d);
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
        figures: None,
        cluster: None,
    }
}
