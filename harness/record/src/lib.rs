//! Yomi's result record: one searched tree's run as a JSON line, written
//! by the harness and read by analysis. The record names the run (tree,
//! b, d, the method and its shape), says what the search found (value,
//! move) and holds what it counted: the search's [`Stats`], and the
//! figures of its method family ([`Figures`]) — the engine's own counters,
//! not copies of them.
//!
//! The layout is versioned ([`SCHEMA`]); records of older layouts read
//! too, what they lack as zeros (see [`Record::from_json`]).

mod family_figures;
mod game;
mod method;
mod record;
mod shape;
mod virtual_cluster;

pub use family_figures::{
    BaselineFigures, Figures, ParallelFigures, ParallelRbfFigures, RbfFigures, SpreadFigures,
    UctFigures,
};
pub use game::GameRecord;
pub use method::{Backend, Method, NodeCharge, RbfForm, TableSharing};
pub use record::{Record, SCHEMA};
pub use shape::{BaselineShape, RbfShape, TreesplitShape, UctShape};
pub use virtual_cluster::{ClusterRecord, NodeCostSource};
pub use yomi_measure::{IdleProfile, Overheads, Stats, TaskCounts};
