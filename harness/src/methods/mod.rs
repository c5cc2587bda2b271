//! The method families, each with its plan and its run: the sequential
//! search, seed 000's master and workers, the baselines (seed 002's
//! processor trees, YBWC, Jamboree, seed 004's master–worker), RBF and UCT.
//! `execute` runs a plan over a tree set on threads, the virtual cluster or
//! MPI; each tree's outcome goes to a sink as soon as it is found, and a
//! summary of the set to stderr.

pub(crate) mod baseline;
pub(crate) mod each_tree;
pub(crate) mod judge;
pub(crate) mod minimal_tree;
pub(crate) mod rbf;
pub(crate) mod sequential;
pub(crate) mod uct;

use crate::backend::sim_args::SimArgs;
use crate::plan::Plan;
use crate::trees::Tree;
use baseline::run_baseline;
use each_tree::Sink;
use minimal_tree::run_parallel;
use rbf::run::run_rbf;
use sequential::run_sequential;
use uct::run::run_uct;

/// Searches every tree of `trees` under `plan` (`sim`: the virtual
/// cluster's options; `rbf_model`: RBF's real-score model file, if not
/// the embedded one).
pub(crate) fn execute(
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
