//! Where a run's ranks run — threads, the virtual cluster, or this process
//! as one rank of an MPI job — and a `Program` run there.

use crate::backend::sim_args::SimArgs;
use crate::backend::sim_run::SimRunner;
use crate::backend::table_memory;
use crate::plan::{Family, Plan};
use crate::trees::Tree;
use yomi_record::Backend;
use yomi_runtime::{on_threads, Program};
use yomi_tree::Game;

/// Where master and workers run.
pub(crate) enum Runner {
    Threads,
    Sim(SimRunner),
    /// This process is one rank of an MPI run.
    #[cfg(feature = "mpi")]
    Mpi(mpi::environment::Universe),
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
                SimRunner::new(sim, trees, plan.d, plan.d_prime(), ranks, plan.tt_mb).map(Runner::Sim)
            }
            #[cfg(feature = "mpi")]
            Backend::Mpi => {
                use mpi::traits::Communicator;
                let universe = mpi::initialize().ok_or("MPI was initialised twice")?;
                let size = universe.world().size() as usize;
                if let Some(t) = plan.processor_tree().filter(|t| t.processors() != size) {
                    return Err(format!(
                        "the processor tree (--levels, --fanout) has {n} processors: start \
                         `mpirun -np {n}`, not {size}",
                        n = t.processors()
                    ));
                }
                if size < 2 && !plan.runs_alone() {
                    return Err("--backend mpi needs a master and at least one worker, but this \
                                process runs alone: start it with `mpirun -np N yomi-harness …` (N ≥ 2)"
                        .into());
                }
                let rank = universe.world().rank();
                let universe = if tables {
                    refuse_tables_that_do_not_fit(universe, plan.table_mb())?
                } else {
                    universe
                };
                // A failing rank ends the whole run (mpirun stops the others)
                // instead of leaving them waiting.
                std::panic::set_hook(Box::new(move |info| {
                    eprintln!("yomi-harness rank {rank} failed: {info}");
                    std::process::exit(3);
                }));
                Ok(Runner::Mpi(universe))
            }
            #[cfg(not(feature = "mpi"))]
            Backend::Mpi => Err("this yomi-harness was built without MPI: build it with \
                                 `cargo build --release --features mpi` (needs OpenMPI and libclang)"
                .into()),
        }
    }

    /// Workers of a run: as asked on threads, every rank but the master
    /// on the virtual cluster and under MPI.
    pub(crate) fn workers(&self, requested: usize) -> usize {
        match self {
            Runner::Threads => requested,
            Runner::Sim(sim) => sim.workers(),
            #[cfg(feature = "mpi")]
            Runner::Mpi(universe) => {
                use mpi::traits::Communicator;
                universe.world().size() as usize - 1
            }
        }
    }

    /// Whether this process writes the records (the master's rank).
    pub(crate) fn reports(&self) -> bool {
        match self {
            Runner::Threads | Runner::Sim(_) => true,
            #[cfg(feature = "mpi")]
            Runner::Mpi(universe) => {
                use mpi::traits::Communicator;
                universe.world().rank() == 0
            }
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
            #[cfg(feature = "mpi")]
            Runner::Mpi(universe) => Ok(yomi_runtime::on_mpi(root, program, universe.world())),
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

/// Every rank on a machine (MPI's shared-memory split) holds a table: each
/// checks its machine, and all learn together whether any machine is short,
/// so that rank 0 says it before anyone leaves. A rank that left first with
/// an error would have mpirun kill rank 0 before its message is out.
#[cfg(feature = "mpi")]
fn refuse_tables_that_do_not_fit(
    universe: mpi::environment::Universe,
    table_mb: usize,
) -> Result<mpi::environment::Universe, String> {
    use mpi::collective::SystemOperation;
    use mpi::traits::{Communicator, CommunicatorCollectives};
    let world = universe.world();
    let here = world.split_shared(0).size() as usize;
    let refusal = table_memory::check(here, table_mb, "fewer ranks a machine").err();
    let mut short = 0u8;
    world.all_reduce_into(
        &u8::from(refusal.is_some()),
        &mut short,
        SystemOperation::max(),
    );
    match (short, world.rank()) {
        (0, _) => Ok(universe),
        (_, 0) => Err(refusal.unwrap_or_else(|| {
            format!(
                "another machine of this run cannot hold its ranks' tables of {table_mb} MB: \
                 lower --tt-mb or use fewer ranks a machine"
            )
        })),
        // Rank 0 reports the refusal and fails the job; MPI is finalised
        // with it first.
        _ => {
            drop(universe);
            std::process::exit(0)
        }
    }
}
