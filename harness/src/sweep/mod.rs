//! Sweeps: a TOML grid expanded into runs (`plan`), MPI runs launched as
//! jobs of their own (`launch`), and the records file they resume over
//! (`store`).

pub mod launch;
pub mod plan;
pub mod store;
