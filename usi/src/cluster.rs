//! `mpirun -np N yomi` (cargo feature `mpi`): rank 0 runs the command (USI
//! by default); ranks 1.. search with it for the engine's whole life, as
//! `YOMI_MPI_METHOD` says: `cluster` (the default: every rank searches the
//! root, exchanging table entries) or `master-worker` (the paper's master
//! on rank 0, the others its workers). A rank that dies makes mpirun end
//! the others with SIGTERM; rank 0 then answers the running search with its
//! best move so far and says why, instead of leaving the GUI waiting.

use crate::protocol::Output;
use crate::searcher::Ranks;
use mpi::environment::Universe;
use mpi::traits::Communicator;
use mpi::Threading;
use std::sync::Arc;
use yomi_engine::parallel::mpi::MpiTransport;
use yomi_engine::play::{serve_cluster, serve_play, Cluster, MasterWorker, PlayTable};

/// The table of a worker rank, MB, unless `YOMI_WORKER_HASH_MB` says.
const WORKER_HASH_MB: usize = 256;

/// This process's part in an MPI job.
pub enum Role {
    /// Not started by mpirun, or alone: an engine like any other.
    Alone,
    /// Rank 0 of a job: the command runs here with the other ranks
    /// searching with it (the universe ends MPI when dropped, after them).
    Master(Ranks, Universe),
    /// A worker rank that has served its life: exit.
    WorkerDone,
}

/// Joins the MPI job this process was started in, if any; a worker rank
/// serves rank 0 here until it quits.
pub fn join() -> Role {
    let launched = ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"]
        .iter()
        .any(|v| std::env::var_os(v).is_some());
    if !launched {
        return Role::Alone;
    }
    let Some((universe, _)) = mpi::initialize_with_threading(Threading::Serialized) else {
        eprintln!("yomi: MPI could not be initialised; running alone");
        return Role::Alone;
    };
    let world = universe.world();
    if world.size() < 2 {
        return Role::Alone;
    }
    // Every rank reads the same variable (mpirun passes the environment
    // to the ranks it starts here; `-x YOMI_MPI_METHOD` to other hosts).
    let master_worker = match std::env::var("YOMI_MPI_METHOD").as_deref() {
        Ok("master-worker") => true,
        Ok("cluster") | Err(_) => false,
        Ok(other) => {
            if world.rank() == 0 {
                eprintln!("yomi: YOMI_MPI_METHOD {other:?} is not cluster or master-worker; using cluster");
            }
            false
        }
    };
    let rank = world.rank();
    let transport = MpiTransport::new(world);
    if rank == 0 {
        let ranks = if master_worker {
            Ranks::MasterWorker(MasterWorker::new(transport))
        } else {
            Ranks::Cluster(Cluster::new(transport))
        };
        return Role::Master(ranks, universe);
    }
    let table_mb = std::env::var("YOMI_WORKER_HASH_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(WORKER_HASH_MB);
    if master_worker {
        serve_play(transport, Arc::new(PlayTable::new(table_mb)));
    } else {
        serve_cluster(transport, table_mb);
    }
    drop(universe);
    Role::WorkerDone
}

/// On SIGTERM or SIGINT (mpirun ending the job because a rank died, or a
/// user's Ctrl-C): `answer` gives the running search's `bestmove` line,
/// if one is owed; it is written after an `info string` saying why, and
/// the process ends.
pub fn answer_when_ended(out: Output, answer: impl Fn() -> Option<String> + Send + 'static) {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let mut signals = match signal_hook::iterator::Signals::new([SIGTERM, SIGINT]) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("yomi: cannot watch for the MPI job's end: {e}");
            return;
        }
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            // One write for both lines: mpirun may stop forwarding output
            // soon after it ends the job.
            let mut text = format!(
                "info string the MPI job is ending (signal {signal}: a rank died or the job was stopped)"
            );
            if let Some(line) = answer() {
                text = format!("{text}\n{line}");
            }
            out.line(&text);
            std::process::exit(1);
        }
    });
}
