//! Sweeps: a TOML grid expanded into runs (`grid`), each tree of a run a
//! job (`job`), MPI jobs started through the sweep's launcher (`launcher`),
//! and the records file they resume over (`store`).

pub(crate) mod cluster;
pub(crate) mod grid;
pub(crate) mod job;
pub(crate) mod launcher;
pub(crate) mod run;
pub(crate) mod store;
