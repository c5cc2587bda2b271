//! One parallel search: on threads (the master on the calling thread, each
//! worker on its own), on the virtual cluster, or as one rank of an MPI run.

use super::master::{Master, MasterOutcome};
use super::message::Message;
use super::worker::{self, WorkerConfig};
use yomi_runtime::sim::{simulate, Body, Model, SimStats};
use yomi_runtime::threads::network;
use yomi_runtime::transport::Transport;
use yomi_tree::{Game, Value};

/// How the master searches its tree and which windows its tasks carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MasterSearch {
    /// Alpha-beta; tasks carry task windows (seed 000 §3).
    AlphaBeta,
    /// NegaScout; tasks still carry task windows (§5.4 "w/o ε-windows").
    NegaScout,
    /// NegaScout; tasks carry pass windows, which the workers widen by
    /// this ε where they are null windows (§5.4 "w/ ε-windows").
    NegaScoutEps(Value),
}

/// A parallel search's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParallelConfig {
    pub depth: u32,
    /// Plies of the master's tree.
    pub d_prime: u32,
    pub workers: usize,
    /// Workers report every finished iteration (with updates) or only the
    /// full depth (without).
    pub updates: bool,
    /// Each worker's table, MB.
    pub table_mb: usize,
    /// Alpha-beta or NegaScout in the master, and the workers' windows.
    pub master_search: MasterSearch,
    /// Workers deepen a task only after the master resends it (see
    /// `WorkerConfig::confirmed_deepening`); with updates only.
    pub confirmed_deepening: bool,
    /// With share: workers pass results within this many plies of their
    /// task roots round a ring.
    pub share_plies: Option<usize>,
    /// Distinguishes searches run one after another by the same ranks.
    pub search_id: u64,
}

/// Searches `root` with a master and `config.workers` worker threads.
pub fn run_threads<G>(root: G, config: ParallelConfig) -> MasterOutcome<G::Move>
where
    G: Game + Clone + Send + 'static,
{
    run_threads_until(root, config, || false)
}

/// [`run_threads`], ended early (with the last pass's move) once `stop`
/// says so.
pub fn run_threads_until<G>(
    root: G,
    config: ParallelConfig,
    stop: impl Fn() -> bool + 'static,
) -> MasterOutcome<G::Move>
where
    G: Game + Clone + Send + 'static,
{
    let mut transports = network::<Message>(config.workers.max(1) + 1).into_iter();
    let master_transport = transports.next().expect("rank 0");
    let worker_config = worker_config(&config);
    let handles: Vec<_> = transports
        .map(|t| {
            let root = root.clone();
            std::thread::spawn(move || worker::run(root, t, worker_config))
        })
        .collect();
    let outcome = master(root, master_transport, &config)
        .with_stop(stop)
        .run();
    for h in handles {
        h.join().expect("a worker thread panicked");
    }
    outcome
}

/// Searches `root` on a virtual cluster of a master and `config.workers`
/// workers under `model`: the outcome (times in virtual time) and what the
/// simulation took. An error if the model is invalid or the ranks cannot
/// be set up.
pub fn run_sim<G>(
    root: G,
    config: ParallelConfig,
    model: &Model,
) -> Result<(MasterOutcome<G::Move>, SimStats), String>
where
    G: Game + Clone + 'static,
{
    let worker_config = worker_config(&config);
    // What a rank returns: the outcome on the master, nothing on a worker.
    let mut bodies: Vec<Body<Message, Option<MasterOutcome<G::Move>>>> = Vec::new();
    let master_root = root.clone();
    bodies.push(Box::new(move |t| {
        Some(master(master_root, t, &config).run())
    }));
    for _ in 0..config.workers.max(1) {
        let root = root.clone();
        bodies.push(Box::new(move |t| {
            worker::run(root, t, worker_config);
            None
        }));
    }
    let (results, stats) = simulate(model, bodies)?;
    let outcome = results.into_iter().next().flatten();
    Ok((outcome.expect("rank 0 is the master"), stats))
}

/// One rank's part of a parallel search under MPI: rank 0 runs the master
/// and returns its outcome, the others run workers and return `None`.
#[cfg(feature = "mpi")]
pub fn run_mpi<G>(
    root: G,
    config: ParallelConfig,
    world: ::mpi::topology::SimpleCommunicator,
) -> Option<MasterOutcome<G::Move>>
where
    G: Game + Clone,
{
    use yomi_runtime::mpi::MpiTransport;
    let transport = MpiTransport::<Message>::new(world);
    if transport.rank() == 0 {
        Some(master(root, transport, &config).run())
    } else {
        worker::run(root, transport, worker_config(&config));
        None
    }
}

fn master<G: Game, T: Transport<Message>>(
    root: G,
    transport: T,
    config: &ParallelConfig,
) -> Master<G, T> {
    let master = Master::new(root, transport, config.depth, config.d_prime);
    match config.master_search {
        MasterSearch::AlphaBeta => master,
        MasterSearch::NegaScout => master.with_negascout(false),
        MasterSearch::NegaScoutEps(_) => master.with_negascout(true),
    }
}

fn worker_config(config: &ParallelConfig) -> WorkerConfig {
    WorkerConfig {
        updates: config.updates,
        table_mb: config.table_mb,
        eps: match config.master_search {
            MasterSearch::NegaScoutEps(eps) => Some(eps),
            _ => None,
        },
        confirmed_deepening: config.confirmed_deepening,
        share_plies: config.share_plies,
        search_id: config.search_id,
        say_idle: false,
    }
}
