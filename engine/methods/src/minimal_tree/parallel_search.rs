//! Seed 000's parallel search as a [`Program`]: a master and workers on any
//! backend of `yomi-runtime` (threads, the virtual cluster, MPI).

use super::master::{Master, MasterOutcome};
use super::message::{Message, WorkerConfig};
use super::worker;
use std::sync::Arc;
use yomi_runtime::{Program, Transport};
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
    /// With confirmed deepening: idle workers deepen their held tasks
    /// (see `WorkerConfig::idle_deepening`).
    pub idle_deepening: bool,
    /// Workers run tasks in signature order before completed depth (see
    /// `WorkerConfig::signature_first`).
    pub signature_first: bool,
    /// The master extends its tree below the most urgent tasks when a
    /// pass has tasks for few workers (see `Master::with_extension`).
    pub extension: bool,
    /// Workers search fail-soft (see `WorkerConfig::fail_soft`).
    pub fail_soft: bool,
    /// Nodes between a worker's looks at its messages (see
    /// `WorkerConfig::poll_nodes`).
    pub poll_nodes: u64,
    /// With share: workers pass results within this many plies of their
    /// task roots round a ring.
    pub share_plies: Option<usize>,
    /// Distinguishes searches run one after another by the same ranks.
    pub search_id: u64,
}

/// Seed 000's parallel search as every rank runs it: rank 0 the master,
/// the others workers, as its configuration says; the master ends early
/// (with its last pass's move) once the stop test, if any, says so.
#[derive(Clone)]
pub struct ParallelSearch {
    pub config: ParallelConfig,
    stop: Option<Stop>,
}

/// A test the master asks between passes: end the search now.
pub type Stop = Arc<dyn Fn() -> bool + Send + Sync>;

impl ParallelSearch {
    pub fn new(config: ParallelConfig) -> ParallelSearch {
        ParallelSearch { config, stop: None }
    }

    /// The search, ended early once `stop` says so.
    pub fn until(self, stop: Stop) -> ParallelSearch {
        ParallelSearch {
            stop: Some(stop),
            ..self
        }
    }

    /// Its ranks: the master and the workers.
    pub fn ranks(&self) -> usize {
        self.config.workers.max(1) + 1
    }
}

impl<G: Game + Clone> Program<G> for ParallelSearch {
    type Message = Message;
    type Output = MasterOutcome<G::Move>;

    fn run<T: Transport<Message>>(self, root: G, t: T) -> Option<MasterOutcome<G::Move>> {
        if t.rank() != 0 {
            worker::run(root, t, worker_config(&self.config));
            return None;
        }
        let mut master = master(root, t, &self.config);
        Some(match self.stop {
            Some(stop) => master.with_stop(move || stop()).run(),
            None => master.run(),
        })
    }
}

fn master<G: Game, T: Transport<Message>>(
    root: G,
    transport: T,
    config: &ParallelConfig,
) -> Master<G, T> {
    let mut master = Master::new(root, transport, config.depth, config.d_prime);
    if config.extension {
        master = master.with_extension();
    }
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
        idle_deepening: config.idle_deepening,
        signature_first: config.signature_first,
        fail_soft: config.fail_soft,
        poll_nodes: config.poll_nodes,
        share_plies: config.share_plies,
        search_id: config.search_id,
        say_idle: false,
    }
}
