//! Where a run's ranks run — threads, the virtual cluster, or this process
//! as one rank of an MPI job — and a `Program` run there.

use crate::backend::mpi_ranks::{self, MpiRanks};
use crate::backend::sim_args::SimArgs;
use crate::backend::sim_run::SimRunner;
use crate::backend::table_memory;
use crate::plan::{Family, Plan};
use crate::trees::Tree;
use yomi_record::Backend;
use yomi_runtime::{on_link, on_threads, Program};
use yomi_tree::Game;

/// Where master and workers run.
pub(crate) enum Runner {
    Threads,
    Sim(SimRunner),
    /// This process is one rank of an MPI run.
    Mpi(MpiRanks),
}

impl Runner {
    /// The runner of `plan`'s backend for searches of `trees` (`sim`: the
    /// virtual cluster's options).
    pub(crate) fn new(plan: &Plan, sim: &SimArgs, trees: &[Tree]) -> Result<Runner, String> {
        // Seed 000's workers each hold a table; other methods none.
        let tables = matches!(plan.family, Family::MinimalTree(_));
        match plan.backend {
            Backend::Threads => {
                if tables {
                    table_memory::check(plan.workers, plan.table_mb(), "--workers")?;
                }
                Ok(Runner::Threads)
            }
            Backend::Sim => {
                let ranks = match plan.processor_tree() {
                    Some(t) if sim.ranks.is_some_and(|r| r != t.processors()) => {
                        return Err(format!(
                            "--ranks: the processor tree (--levels, --fanout) has {} processors",
                            t.processors()
                        ))
                    }
                    Some(t) => t.processors(),
                    None => sim.ranks.unwrap_or(plan.workers + 1),
                };
                // A baseline on one rank is its sequential search.
                if ranks < 2 && !plan.runs_alone() {
                    return Err("--ranks must be at least 2: a master and a worker".into());
                }
                SimRunner::new(sim, trees, plan.d, plan.d_prime(), ranks, plan.tt_mb)
                    .map(Runner::Sim)
            }
            Backend::Mpi => mpi_ranks::ranks(plan, tables).map(Runner::Mpi),
        }
    }

    /// Workers of a run: as asked on threads, every rank but the master
    /// on the virtual cluster and under MPI.
    pub(crate) fn workers(&self, requested: usize) -> usize {
        match self {
            Runner::Threads => requested,
            Runner::Sim(sim) => sim.workers(),
            Runner::Mpi(ranks) => ranks.size - 1,
        }
    }

    /// Whether this process writes the records (the master's rank).
    pub(crate) fn reports(&self) -> bool {
        match self {
            Runner::Threads | Runner::Sim(_) => true,
            Runner::Mpi(ranks) => ranks.rank == 0,
        }
    }

    /// `program`'s search of `root` (`None` on ranks other than 0): on
    /// `threads` threads, every rank of the virtual cluster (`nodes`: what
    /// it searched, for the simulation's cost figures) or of the MPI run.
    pub(crate) fn run_program<G: Game + Clone + Send + 'static, P: Program<G>>(
        &self,
        root: G,
        threads: usize,
        program: P,
        nodes: impl Fn(&P::Output) -> u64,
    ) -> Result<Option<P::Output>, String> {
        match self {
            Runner::Threads => Ok(Some(on_threads(root, threads, program))),
            Runner::Sim(sim) => sim
                .run_program(root, sim.record.ranks, program, nodes)
                .map(Some),
            Runner::Mpi(ranks) => Ok(on_link(root, program, (ranks.link)())),
        }
    }

    /// The virtual cluster's model, for the records.
    pub(crate) fn cluster(&self) -> Option<&SimRunner> {
        match self {
            Runner::Sim(sim) => Some(sim),
            _ => None,
        }
    }
}
