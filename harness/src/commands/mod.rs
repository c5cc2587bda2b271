//! The harness's commands, one a file.

pub(crate) mod fit_edges;
pub(crate) mod fit_rbf;
pub(crate) mod job;
pub(crate) mod ordering;
pub(crate) mod positions;
pub(crate) mod rbf_shogi;
pub(crate) mod search;
pub(crate) mod sweep;
pub(crate) mod uct_match;
