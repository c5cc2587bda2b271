//! The parallel search of seed 000 §3, piece by piece: the rules that the
//! master and the workers follow, each on its own and unit-tested, then the
//! master and worker loops built on them, run over `yomi-runtime`'s
//! transports.

mod aspiration;
mod balance;
pub mod deepening;
mod depth;
mod eps_window;
pub mod master;
pub mod message;
pub mod parallel_search;
mod priority;
mod ring;
pub mod service;
pub mod signature;
pub mod task_search;
mod task_split;
pub mod worker;
