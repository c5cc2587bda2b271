//! This process as one rank of an MPI job. Only the MPI build's entry
//! point (`yomi-harness-mpi`) registers how to join one ([`register`]);
//! the plain binary never reaches MPI's code, so the linker leaves libmpi
//! out of it, however the package is built.

use crate::plan::Plan;
use std::sync::OnceLock;
use yomi_runtime::{ByteLink, Rank};

/// The ranks of a run, as joining MPI made them.
pub(crate) struct MpiRanks {
    pub rank: Rank,
    pub size: usize,
    /// A link between the ranks for each search.
    pub link: Box<dyn Fn() -> Box<dyn ByteLink>>,
    /// MPI's environment, finalised when dropped.
    _environment: Box<dyn std::any::Any>,
}

/// Joins the MPI job for `plan`, whose workers hold tables if `tables`.
type Join = fn(&Plan, bool) -> Result<MpiRanks, String>;

static JOIN: OnceLock<Join> = OnceLock::new();

/// Makes `--backend mpi` join the job: the MPI build's entry point.
#[cfg(feature = "mpi")]
pub(crate) fn register() {
    let _ = JOIN.set(join);
}

/// Whether this binary can join an MPI job (`yomi-harness-mpi`).
pub(crate) fn available() -> bool {
    JOIN.get().is_some()
}

/// This process's ranks for `plan`; an error in the plain binary, which
/// has no MPI.
pub(crate) fn ranks(plan: &Plan, tables: bool) -> Result<MpiRanks, String> {
    match JOIN.get() {
        Some(join) => join(plan, tables),
        None => Err(
            "--backend mpi: this is yomi-harness, without MPI; run yomi-harness-mpi \
                     under mpirun (cargo build --release -p yomi-harness --features mpi, \
                     OpenMPI and libclang installed)"
                .into(),
        ),
    }
}

#[cfg(feature = "mpi")]
fn join(plan: &Plan, tables: bool) -> Result<MpiRanks, String> {
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
        return Err(
            "--backend mpi needs a master and at least one worker, but this \
                    process runs alone: start it with `mpirun -np N yomi-harness-mpi …` (N ≥ 2)"
                .into(),
        );
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
    Ok(MpiRanks {
        rank: rank as Rank,
        size,
        // The world communicator, as long as the environment lives.
        link: Box::new(|| {
            Box::new(yomi_runtime::mpi::MpiLink::new(
                mpi::topology::SimpleCommunicator::world(),
            ))
        }),
        _environment: Box::new(universe),
    })
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
    use crate::backend::table_memory;
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
