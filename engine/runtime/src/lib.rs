//! The runtime every parallel method runs on: a search is written once
//! against [`transport::Transport`] (send, poll, clock, rank, size) as a
//! [`program::Program`], and runs unchanged on threads (one a rank), on
//! the deterministic virtual cluster ([`sim`]), or as one rank of an MPI
//! job (feature `mpi`).

pub mod launch;
#[cfg(feature = "mpi")]
pub mod mpi;
pub mod program;
pub mod sim;
pub mod threads;
pub mod transport;
