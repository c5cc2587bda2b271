//! Baselines beside seed 000's method, on the same games, transports and
//! virtual cluster: seed 002's tree-splitting and PV-splitting on
//! processor trees, with its plain alpha-beta as the sequential reference.

mod alphabeta;
mod message;
mod processor_tree;
mod run;
mod splitting;

pub use alphabeta::{AlphaBeta, Counts};
pub use message::{ProcessorReport, SplitMessage};
pub use processor_tree::ProcessorTree;
#[cfg(feature = "mpi")]
pub use run::split_on_mpi;
pub use run::{split_on_sim, split_on_threads};
pub use splitting::{run_processor, Charge, SplitConfig, SplitOutcome, Splitting};
