//! Baselines beside seed 000's method, on the same games, transports and
//! virtual cluster: seed 002's tree-splitting and PV-splitting on
//! processor trees, YBWC and Jamboree with work stealing, and seed 004's
//! master–worker, with plain alpha-beta as the sequential reference.

mod cursor;
mod ledger;
mod master_worker;
mod open_list;
mod outcome;
mod plain_alphabeta;
mod processor_tree;
mod programs;
mod split_message;
mod splitting;
mod sss;
mod staged_sss;
mod ybwc;

pub use master_worker::{run_master_worker, MasterWorkerConfig};
pub use outcome::BaselineOutcome;
pub use plain_alphabeta::{AlphaBeta, Counts};
pub use processor_tree::ProcessorTree;
pub use split_message::{ProcessorReport, SplitMessage};
pub use splitting::{run_processor, Charge, SplitConfig, Splitting};
pub use sss::StagedSss;
pub use ybwc::{run_ybwc, Brothers, YbwcConfig};
