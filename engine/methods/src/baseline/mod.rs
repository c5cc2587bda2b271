//! Baselines beside seed 000's method, on the same games, transports and
//! virtual cluster: seed 002's tree-splitting and PV-splitting on
//! processor trees, YBWC and Jamboree with work stealing, and seed 004's
//! master–worker, with plain alpha-beta as the sequential reference.

mod alphabeta;
mod cursor;
mod ledger;
mod master_worker;
mod message;
mod open_list;
mod outcome;
mod processor_tree;
mod run;
mod splitting;
mod sss;
mod staged_sss;
mod ybwc;

pub use alphabeta::{AlphaBeta, Counts};
pub use master_worker::{run_master_worker, MasterWorkerConfig};
pub use message::{ProcessorReport, SplitMessage};
pub use outcome::BaselineOutcome;
pub use processor_tree::ProcessorTree;
pub use splitting::{run_processor, Charge, SplitConfig, Splitting};
pub use sss::StagedSss;
pub use ybwc::{run_ybwc, Brothers, YbwcConfig};
