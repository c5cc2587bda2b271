//! Seed 003's randomized best-first search, sequential and parallel: its
//! options, its validated plan, and its run.

pub(crate) mod options;
pub(crate) mod plan;
pub(crate) mod run;
pub(crate) mod sweep_keys;
