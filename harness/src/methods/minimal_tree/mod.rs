//! Seed 000's master and workers: their plan and their run.

pub(crate) mod plan;
pub(crate) mod run;
pub(crate) mod sweep_keys;
