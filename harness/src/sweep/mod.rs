//! Sweeps: a TOML grid expanded into runs (`plan`), MPI runs launched as
//! jobs of their own (`launch`), and the records file they resume over
//! (`store`).

pub(crate) mod launch;
pub(crate) mod plan;
pub(crate) mod store;
