//! Seed 001's UCT and UCT-Treesplit: their options, their validated plans,
//! and their run.

pub mod options;
pub mod plan;
pub mod run;
pub mod treesplit_plan;
