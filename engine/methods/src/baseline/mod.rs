//! Baselines beside seed 000's method, on the same games, transports and
//! virtual cluster: seed 002's tree-splitting and PV-splitting on
//! processor trees, YBWC and Jamboree with work stealing, and seed 004's
//! grid master, with plain alpha-beta as the sequential reference.

mod cursor;
mod grid_master;
mod ledger;
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

pub use grid_master::{run_grid_master, GridMasterConfig};
pub use ledger::Ledger;
pub use outcome::BaselineOutcome;
pub use plain_alphabeta::{AlphaBeta, Counts};
pub use processor_tree::ProcessorTree;
pub use split_message::{ProcessorReport, SplitMessage};
pub use splitting::{run_processor, Charge, SplitConfig, Splitting};
pub use sss::StagedSss;
pub use ybwc::{run_ybwc, Brothers, YbwcConfig};
