//! Where a run's ranks run: threads, the virtual cluster (its options, its
//! runner, the node cost measured here), or MPI; and whether their tables
//! fit in the machine.

pub(crate) mod calibrate;
pub(crate) mod mpi_ranks;
pub(crate) mod runner;
pub(crate) mod sim_args;
pub(crate) mod sim_run;
pub(crate) mod table_memory;
