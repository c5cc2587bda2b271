//! Where a run's ranks run: threads, the virtual cluster (its options, its
//! runner, the node cost measured here), or MPI.

pub(crate) mod calibrate;
pub(crate) mod runner;
pub(crate) mod sim_args;
pub(crate) mod sim_run;
