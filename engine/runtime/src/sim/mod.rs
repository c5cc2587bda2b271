//! The virtual cluster: N ranks of the parallel search in one process, as a
//! deterministic discrete-event simulation. Each rank runs the unchanged
//! master or worker code in a coroutine with a virtual clock that its
//! searched nodes and handled messages advance ([`model`]); messages arrive
//! after a latency plus their size over the link's bandwidth.

mod busy;
pub mod cost_model;
mod inbox;
mod scheduler;
mod sim_transport;

pub use busy::BusyProfile;
pub use cost_model::{Interconnect, Model, Ps};
pub use scheduler::{simulate, Body, SimStats};
pub use sim_transport::{SimTransport, Suspend};
