//! One parallel search on threads: the master on the calling thread, each
//! worker on its own.

use super::master::{Master, MasterOutcome};
use super::message::Message;
use super::threads::network;
use super::worker::{self, WorkerConfig};
use crate::game::{Game, Value};

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
    /// NegaScout in the master with ε-windows of this ε in the workers.
    pub negascout_eps: Option<Value>,
    /// With share: workers pass results within this many plies of their
    /// task roots round a ring.
    pub share_plies: Option<usize>,
}

/// Searches `root` with a master and `config.workers` worker threads.
pub fn run_threads<G>(root: G, config: ParallelConfig) -> MasterOutcome<G::Move>
where
    G: Game + Clone + Send + 'static,
{
    let mut transports = network::<Message>(config.workers.max(1) + 1).into_iter();
    let master_transport = transports.next().expect("rank 0");
    let worker_config = WorkerConfig {
        updates: config.updates,
        table_mb: config.table_mb,
        eps: config.negascout_eps,
        share_plies: config.share_plies,
    };
    let handles: Vec<_> = transports
        .map(|t| {
            let root = root.clone();
            std::thread::spawn(move || worker::run(root, t, worker_config))
        })
        .collect();
    let mut master = Master::new(root, master_transport, config.depth, config.d_prime);
    if config.negascout_eps.is_some() {
        master = master.with_negascout();
    }
    let outcome = master.run();
    for h in handles {
        h.join().expect("a worker thread panicked");
    }
    outcome
}
