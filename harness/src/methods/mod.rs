//! The method families, each with its plan and its run: the sequential
//! search, seed 000's master and workers, the baselines (seed 002's
//! processor trees, YBWC, Jamboree, seed 004's grid master), RBF and UCT.
//! `execute` runs a plan over a tree set on threads, the virtual cluster or
//! MPI; each tree's outcome goes to a sink as soon as it is found, and a
//! summary of the set to stderr.

pub(crate) mod baseline;
pub(crate) mod each_tree;
pub(crate) mod judge;
pub(crate) mod minimal_tree;
pub(crate) mod rbf;
pub(crate) mod sequential;
pub(crate) mod sweep_keys;
pub(crate) mod uct;

use crate::backend::sim_args::SimArgs;
use crate::plan::{Family, Plan};
use crate::trees::Tree;
use baseline::run::run_baseline;
use each_tree::Sink;
use minimal_tree::run::run_parallel;
use rbf::run::run_rbf;
use sequential::run::run_sequential;
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
    match plan.family {
        Family::Sequential(p) => run_sequential(plan, p, sim, trees, sink),
        Family::MinimalTree(p) => run_parallel(plan, p, sim, trees, sink),
        Family::Baseline { method, shape } => run_baseline(plan, (method, shape), sim, trees, sink),
        Family::Rbf { method, shape } => {
            run_rbf(plan, (method, shape), sim, trees, rbf_model, sink)
        }
        Family::Uct { method, shape } => run_uct(plan, (method, shape), sim, trees, sink),
    }
}
