//! Seed 001's UCT and UCT-Treesplit: their options, their validated plans,
//! and their run.

pub(crate) mod options;
pub(crate) mod plan;
pub(crate) mod run;
pub(crate) mod sweep_keys;
pub(crate) mod treesplit_plan;
