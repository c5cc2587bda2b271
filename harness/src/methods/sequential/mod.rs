//! Seed 000's sequential search (alpha-beta or NegaScout, and the §5.2
//! variants): its plan and its run.

pub(crate) mod plan;
pub(crate) mod run;
pub(crate) mod sweep_keys;
