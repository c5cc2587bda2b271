//! The loop every method family runs its trees in: each tree's outcome to
//! a sink as soon as it is found, then the set's summary.

use crate::backend::runner::Runner;
use crate::backend::sim_args::SimArgs;
use crate::outcome::{Outcome, Summary};
use crate::trees::{Tree, TreeLabel};

/// Takes each tree's name and outcome (only on the rank that reports).
pub(crate) type Sink<'a> = &'a mut dyn FnMut(&TreeLabel, &Outcome) -> Result<(), String>;

/// Every tree's outcome by `search` (`None` on MPI ranks that do not
/// report) to `sink`, and the set's summary, on `runner` if the method
/// runs on one.
pub(crate) fn each_tree(
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

/// The set's summary, and what simulating it took, on stderr (from the
/// rank that reports, unless quiet).
pub(crate) fn print_summary(runner: &Runner, sim: &SimArgs, summary: &Summary) {
    if runner.reports() && !sim.quiet {
        summary.print();
        if let Some(cluster) = runner.cluster() {
            cluster.print_cost();
        }
    }
}
