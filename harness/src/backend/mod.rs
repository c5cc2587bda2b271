//! Where a run's ranks run: threads, the virtual cluster (its options, its
//! runner, the node cost measured here), or MPI.

pub mod calibrate;
pub mod runner;
pub mod sim_args;
pub mod sim_run;
