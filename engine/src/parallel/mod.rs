//! The parallel search of seed 000 §3, piece by piece: the rules that the
//! master and the workers follow, each on its own and unit-tested; the
//! master and worker loops and their transports build on them.

pub mod balance;
pub mod depth;
pub mod eps_window;
pub mod priority;
pub mod ring;
pub mod signature;
