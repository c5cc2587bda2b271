//! The harness's commands, one a file.

pub mod fit_edges;
pub mod fit_rbf;
pub mod ordering;
pub mod positions;
pub mod rbf_shogi;
pub mod search;
pub mod sweep;
pub mod uct_match;
