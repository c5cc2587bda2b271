//! The runtime every parallel method runs on: a search is written once
//! against [`Transport`] (send, poll, clock, rank, size) as a
//! [`Program`], and runs unchanged on threads (one a rank), on
//! the deterministic virtual cluster ([`sim`]), or as one rank of an MPI
//! job (feature `mpi`).

mod byte_link;
pub mod launch;
#[cfg(feature = "mpi")]
pub mod mpi;
#[cfg(feature = "mpi")]
mod mpi_sends;
mod program;
pub mod sim;
mod threads;
mod transport;

pub use byte_link::{ByteLink, LinkTransport};
pub use program::{on_link, on_sim, on_threads, Program};
pub use threads::{thread_transports, ThreadTransport};
pub use transport::{decode, encode, encoded_size, Rank, Traffic, Transport};
