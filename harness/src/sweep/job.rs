//! One tree of a sweep's run: the validated plan with the tree and its
//! key. A sweep runs a job itself, or hands it whole (JSON) to a job of
//! its own under the sweep's launcher (`yomi-harness job`: MPI runs).

use crate::backend::sim_args::SimArgs;
use crate::methods::execute;
use crate::outcome::record;
use crate::plan::Plan;
use crate::sweep::run::Run;
use crate::trees::{Tree, TreeArgs};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
pub(crate) struct Job {
    pub trees: TreeArgs,
    /// The tree's name in the set.
    pub tree: String,
    pub plan: Plan,
    pub sim: SimArgs,
    pub key: String,
}

impl Job {
    /// `run`'s search of `tree`, keyed `key`.
    pub(crate) fn of(run: &Run, tree: &str, key: &str) -> Job {
        Job {
            trees: run.trees.clone(),
            tree: tree.to_string(),
            plan: run.plan,
            sim: run.sim.clone(),
            key: key.to_string(),
        }
    }

    /// The job's record line (`None` on MPI ranks other than 0).
    pub(crate) fn run(&self) -> Result<Option<String>, String> {
        let trees: Vec<Tree> = self
            .trees
            .trees()?
            .into_iter()
            .filter(|t| t.name() == self.tree)
            .collect();
        if trees.is_empty() {
            return Err(format!("no tree {} in the set", self.tree));
        }
        let mut line = None;
        execute(&self.plan, &self.sim, trees, None, &mut |tree, outcome| {
            line = Some(record(&self.plan, tree, outcome, Some(&self.key)).to_json());
            Ok(())
        })?;
        Ok(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep::grid::parse;

    #[test]
    fn a_job_travels_whole() {
        let text = "[trees]\nkind = \"synthetic\"\nseeds = \"1-2\"\n[[grid]]\nb = [5]\nd = [8]\n\
                    d_prime = [4]\nmethods = [\"negascout-eps\", \"ybwc\"]\nranks = [4]\neps = [50]\n\
                    [cluster]\nnode_cost_us = 3.5";
        for run in parse(text, "job").unwrap() {
            let job = Job::of(&run, "seed2", "k");
            let json = serde_json::to_string(&job).unwrap();
            let back: Job = serde_json::from_str(&json).unwrap();
            assert_eq!(serde_json::to_string(&back).unwrap(), json);
            assert_eq!(back.plan.settings(), run.plan.settings());
            assert_eq!(back.plan.method(), run.plan.method());
            let line = back.run().unwrap().expect("one record");
            let record = yomi_record::Record::from_json(&line).unwrap();
            assert_eq!(
                (record.tree.as_str(), record.run_key.as_deref()),
                ("seed2", Some("k"))
            );
        }
    }
}
