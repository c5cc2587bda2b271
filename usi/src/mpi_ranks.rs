//! `mpirun -np N yomi` (cargo feature `mpi`): rank 0 runs the command (USI
//! by default); ranks 1.. search with it for the engine's whole life, as
//! `YOMI_MPI_METHOD` says: `cluster` (the default: every rank searches the
//! root, the ranks of a machine in one shared table, the machines
//! exchanging deep entries) or `master-worker` (the paper's master on rank
//! 0, the others its workers). A rank that dies makes mpirun end
//! the others with SIGTERM; rank 0 then answers the running search with its
//! best move so far and says why, instead of leaving the GUI waiting.

use crate::protocol::{Output, Pending};
use crate::search_choice::Ranks;
use mpi::environment::Universe;
use mpi::topology::SimpleCommunicator;
use mpi::traits::{Communicator, CommunicatorCollectives, Root};
use mpi::Threading;
use std::sync::Arc;
use yomi_memory::table_cap_mb;
use yomi_play::{serve_cluster, serve_play, Cluster, Machines, MasterWorker, PlayTable};
use yomi_runtime::mpi::never_waiting;

/// The table of a master-worker's worker rank, MB, unless
/// `YOMI_WORKER_HASH_MB` says.
const WORKER_HASH_MB: usize = 256;

/// This process's part in an MPI job.
enum Role {
    /// Not started by mpirun, or alone: an engine like any other.
    Alone,
    /// Rank 0 of a job: the command runs here with the other ranks
    /// searching with it (the universe ends MPI when dropped, after them).
    Master(Ranks, Universe),
    /// A worker rank that has served its life: exit.
    WorkerDone,
}

/// Runs `command` as this process's part of the job it was started in:
/// on rank 0 with the other ranks (`Some`), alone without; a worker rank
/// serves rank 0 instead. An error ends the process with status 2.
pub(crate) fn run_as_rank(command: impl FnOnce(Option<Ranks>) -> Result<(), String>) {
    // The universe outlives the workers (which the command drops), so MPI
    // ends after they quit.
    let (cluster, universe) = match join() {
        Role::Alone => (None, None),
        Role::Master(workers, universe) => (Some(workers), Some(universe)),
        Role::WorkerDone => return,
    };
    let lost = cluster.as_ref().map(Ranks::lost_ranks);
    if let Err(message) = command(cluster) {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
    // A dropped rank (hung) would never quit, and MPI's end waits for it.
    if let (Some(universe), true) = (
        &universe,
        lost.is_some_and(|l| l.load(std::sync::atomic::Ordering::SeqCst)),
    ) {
        abort(universe);
    }
}

/// Rank 0's USI output speaks for the ranks: their notices as `info
/// string`s, and the job's end answers the running search.
pub(crate) fn speak_for(ranks: &Ranks, out: &Output, pending: &Pending) {
    let answer = pending.clone();
    answer_when_ended(out.clone(), move || answer.take_answer());
    let out = out.clone();
    ranks.on_notice(Box::new(move |text| out.info(text)));
}

/// Joins the MPI job this process was started in, if any; a worker rank
/// serves rank 0 here until it quits.
fn join() -> Role {
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
    let machines = (!master_worker).then(|| machines(&world));
    // Collective: every rank asks, even rank 0, which has no worker table.
    let on_machine = master_worker.then(|| world.split_shared(rank).size() as usize);
    match (rank, machines) {
        (0, None) => {
            let transport = never_waiting(world);
            return Role::Master(Ranks::MasterWorker(MasterWorker::new(transport)), universe);
        }
        (0, Some(m)) => {
            let cluster = Cluster::new(never_waiting(world), m);
            return Role::Master(Ranks::Cluster(cluster), universe);
        }
        (_, Some(m)) => serve_cluster(never_waiting(world), m),
        (_, None) => {
            let transport = never_waiting(world);
            let table_mb = worker_table_mb(on_machine.unwrap_or(1), rank == 1);
            serve_play(transport, Arc::new(PlayTable::new(table_mb)));
        }
    }
    drop(universe);
    Role::WorkerDone
}

/// A master-worker worker rank's table, MB: `YOMI_WORKER_HASH_MB` (or
/// `WORKER_HASH_MB`), shrunk so that the tables of the `ranks` on this
/// machine fit in half its memory (the engine's cap for tables); `say`:
/// the rank that says so on standard error.
fn worker_table_mb(ranks: usize, say: bool) -> usize {
    let wanted = std::env::var("YOMI_WORKER_HASH_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(WORKER_HASH_MB);
    let Some(cap) = table_cap_mb() else {
        return wanted;
    };
    let fits = (cap / ranks.max(1)).max(1);
    if wanted > fits && say {
        eprintln!(
            "yomi: {ranks} ranks on this machine with {wanted} MB worker tables would need more \
             than half its memory ({cap} MB): each worker's table is {fits} MB (set \
             YOMI_WORKER_HASH_MB to choose)"
        );
    }
    wanted.min(fits)
}

/// Which ranks share a machine's memory (MPI's shared-memory split), as
/// every rank's machine's first rank; with `YOMI_SHARED_TABLE=0`, every
/// rank on a machine of its own, to measure the entries' exchange on one.
fn machines(world: &SimpleCommunicator) -> Machines {
    if std::env::var("YOMI_SHARED_TABLE").as_deref() == Ok("0") {
        return Machines::separate(world.size() as usize);
    }
    let machine = world.split_shared(world.rank());
    let mut leader = world.rank();
    machine.process_at_rank(0).broadcast_into(&mut leader);
    let mut leaders = vec![0; world.size() as usize];
    world.all_gather_into(&leader, &mut leaders[..]);
    Machines::from_leaders(leaders.into_iter().map(|r| r as usize).collect())
}

/// On SIGTERM or SIGINT (mpirun ending the job because a rank died, or a
/// user's Ctrl-C): `answer` gives the running search's `bestmove` line,
/// if one is owed; it is written after an `info string` saying why, and
/// the process ends.
fn answer_when_ended(out: Output, answer: impl Fn() -> Option<String> + Send + 'static) {
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

/// Ends the whole job at once (ranks that stopped answering included):
/// rank 0 has answered everything it owed.
fn abort(universe: &Universe) -> ! {
    universe.world().abort(0)
}
