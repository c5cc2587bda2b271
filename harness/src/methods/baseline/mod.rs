//! The baselines (seed 002's split methods, YBWC, Jamboree, seed 004's
//! grid master): their plan and their run.

pub(crate) mod plan;
pub(crate) mod run;
pub(crate) mod sweep_keys;
