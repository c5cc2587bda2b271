//! The parallel search of seed 000 §3, piece by piece: the rules that the
//! master and the workers follow, each on its own and unit-tested, and the
//! transports they talk over (threads, the virtual cluster, and MPI with
//! the `mpi` feature). The master and worker loops build on them.

pub mod aspiration;
pub mod balance;
pub mod deepening;
pub mod depth;
pub mod eps_window;
pub mod master;
pub mod message;
#[cfg(feature = "mpi")]
pub mod mpi;
pub mod priority;
pub mod program;
pub mod ring;
pub mod run;
pub mod service;
pub mod signature;
pub mod sim;
pub mod task_search;
pub mod threads;
pub mod transport;
pub mod worker;
