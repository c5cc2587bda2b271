//! What Yomi's runs measure, as plain data: filled in by the searches and
//! the virtual cluster, kept by the result record. A crate of its own below
//! both, so that the record (and analysis, which reads it) builds no
//! search.
//!
//! - [`Stats`]: what a search counts (nodes, leaves, table hits, tasks).
//! - [`TaskCounts`]: seed 000's workers' task searches.
//! - [`RingCounts`]: seed 000's sharing ring.
//! - [`Overheads`]: UCT-Treesplit's time by seed 001's work packages.
//! - [`Model`]: the virtual cluster's cost of a node and of a message.
//! - [`IdleProfile`]: when in a search a rank waited.

mod cost_model;
mod idle_profile;
mod overheads;
mod ring_counts;
mod stats;
mod task_counts;

pub use cost_model::{Interconnect, Model};
pub use idle_profile::IdleProfile;
pub use overheads::{Overheads, Package};
pub use ring_counts::RingCounts;
pub use stats::Stats;
pub use task_counts::TaskCounts;
