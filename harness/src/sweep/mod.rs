//! Sweeps: a TOML grid expanded into runs (`plan`), each tree of a run a
//! job (`job`), MPI jobs launched as processes of their own (`launch`),
//! and the records file they resume over (`store`).

pub(crate) mod job;
pub(crate) mod launch;
pub(crate) mod plan;
pub(crate) mod store;
