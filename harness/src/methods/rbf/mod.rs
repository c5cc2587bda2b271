//! Seed 003's randomized best-first search, sequential and parallel: its
//! options, its validated plan, and its run.

pub mod options;
pub mod plan;
pub mod run;
