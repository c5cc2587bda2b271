//! The virtual cluster: N ranks of the parallel search in one process, as a
//! deterministic discrete-event simulation. Each rank runs the unchanged
//! master or worker code in a coroutine with a virtual clock that its
//! searched nodes and handled messages advance ([`model`]); messages arrive
//! after a latency plus their size over the link's bandwidth.

mod cluster;
pub mod model;
mod transport;

pub use cluster::{simulate, Body, SimStats};
pub use model::{Model, Network, Ps};
pub use transport::{SimTransport, Suspend};
