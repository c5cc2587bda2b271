//! The parallel methods of `yomi-harness search`: one search of a tree by a
//! master and workers, reduced to the figures of a result record.

use crate::plan::{Backend, Method, Plan};
use crate::record::{Outcome, ParallelFigures};
use crate::sim_args::SimArgs;
use crate::sim_run::SimRunner;
use crate::trees::Tree;
use yomi_methods::baseline::BaselineOutcome;
use yomi_methods::minimal_tree::master::MasterOutcome;
use yomi_methods::minimal_tree::parallel_search::{ParallelConfig, ParallelSearch};
use yomi_runtime::program::{on_threads, Program};
use yomi_search::Stats;
use yomi_tree::Game;

/// Where master and workers run.
pub enum Runner {
    Threads,
    Sim(SimRunner),
    /// This process is one rank of an MPI run.
    #[cfg(feature = "mpi")]
    Mpi(mpi::environment::Universe),
}

impl Runner {
    /// The runner of `plan`'s backend for searches of `trees` (`sim`: the
    /// virtual cluster's options).
    pub fn new(plan: &Plan, sim: &SimArgs, trees: &[Tree]) -> Result<Runner, String> {
        match plan.backend {
            Backend::Threads => Ok(Runner::Threads),
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
                SimRunner::new(sim, trees, plan.d, plan.d_prime, ranks, plan.tt_mb).map(Runner::Sim)
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
                // A failing rank ends the whole run (mpirun stops the others)
                // instead of leaving them waiting.
                let rank = universe.world().rank();
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
    pub fn workers(&self, requested: usize) -> usize {
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
    pub fn reports(&self) -> bool {
        match self {
            Runner::Threads | Runner::Sim(_) => true,
            #[cfg(feature = "mpi")]
            Runner::Mpi(universe) => {
                use mpi::traits::Communicator;
                universe.world().rank() == 0
            }
        }
    }

    /// Seed 000's search of `root` (`None` on ranks other than 0).
    fn run<G: Game + Clone + Send + 'static>(
        &self,
        root: G,
        config: ParallelConfig,
    ) -> Result<Option<MasterOutcome<G::Move>>, String> {
        let search = ParallelSearch::new(config);
        let nodes = |o: &MasterOutcome<G::Move>| {
            o.nodes + o.reports.iter().map(|r| r.stats.nodes).sum::<u64>()
        };
        self.run_program(root, search.ranks(), search, nodes)
    }

    /// One baseline search of `root` as `plan` says (`None` on ranks
    /// other than 0): a split method on its processor tree, or YBWC on
    /// every rank (`--workers` + 1 threads).
    pub fn run_baseline<G: Game + Clone + Send + 'static>(
        &self,
        root: G,
        plan: &Plan,
    ) -> Result<Option<BaselineOutcome>, String> {
        let nodes = |o: &BaselineOutcome| o.counts.nodes;
        let ranks = plan.workers + 1;
        match plan.processor_tree() {
            Some(t) => self.run_program(root, t.processors(), plan.split_config(t), nodes),
            None if plan.method == Method::MasterWorker => {
                self.run_program(root, ranks, plan.master_worker_config(), nodes)
            }
            None => self.run_program(root, ranks, plan.ybwc_config(), nodes),
        }
    }

    /// `program`'s search of `root` (`None` on ranks other than 0): on
    /// `threads` threads, every rank of the virtual cluster (`nodes`: what
    /// it searched, for the simulation's cost figures) or of the MPI run.
    pub fn run_program<G: Game + Clone + Send + 'static, P: Program<G>>(
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
            Runner::Mpi(universe) => Ok(yomi_runtime::program::on_mpi(
                root,
                program,
                universe.world(),
            )),
        }
    }

    /// The virtual cluster's model, for the records.
    pub fn cluster(&self) -> Option<&SimRunner> {
        match self {
            Runner::Sim(sim) => Some(sim),
            _ => None,
        }
    }
}

/// One tree's parallel search; `None` on a worker rank.
pub fn search<G: Game + Clone + Send + 'static>(
    runner: &Runner,
    root: G,
    config: ParallelConfig,
) -> Result<Option<Outcome>, String> {
    let Some(o) = runner.run(root, config)? else {
        return Ok(None);
    };
    let mut stats = Stats::default();
    let mut traffic = o.traffic;
    let mut figures = ParallelFigures {
        workers: config.workers,
        passes: o.passes,
        master_nodes: o.nodes,
        tasks_sent: o.tasks_sent,
        ..ParallelFigures::default()
    };
    for r in &o.reports {
        stats += r.stats;
        traffic += r.traffic;
        figures.tasks_finished += r.tasks_finished;
        figures.searches_finished += r.searches_finished;
        figures.tasks_aborted += r.tasks_aborted;
        figures.tasks_full_window += r.tasks_full_window;
        figures.tasks_repeated += r.tasks_repeated;
        figures.leaves_full += r.leaves_full;
        figures.leaves_shallow += r.leaves_shallow;
        figures.leaves_aborted += r.leaves_aborted;
        figures.leaves_unfinished += r.leaves_unfinished;
        figures.shared_entries += r.shared_received;
        figures.startup_idle_s += r.startup_idle_s;
        figures.other_idle_s += r.other_idle_s;
    }
    let n = o.reports.len().max(1) as f64;
    figures.startup_idle_s /= n;
    figures.other_idle_s /= n;
    figures.messages = traffic.messages;
    figures.bytes = traffic.bytes;
    stats.nodes += o.nodes;
    Ok(Some(Outcome {
        value: o.value,
        best_move: o.best_move.map_or("none".into(), |m| m.to_string()),
        pv: String::new(),
        stats,
        time_s: o.elapsed.as_secs_f64(),
        parallel: Some(figures),
        baseline: None,
        rbf: None,
        uct: None,
        cluster: runner.cluster().map(|sim| sim.record),
    }))
}
