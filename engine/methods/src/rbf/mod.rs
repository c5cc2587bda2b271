//! Randomized best-first search (Shoham and Toledo, seed 003): a search
//! tree in memory grown by random walks that favour the children likeliest
//! to be best, as a model of their real scores estimates it.

mod fit_model;
mod parallel;
mod real_score;
mod sequential;
mod shared_tree;
mod tree;

pub use fit_model::{fit, observe, real_score, Observation};
pub use parallel::{ParallelRbf, RbfMessage, RbfOutcome};
pub use real_score::RealScoreModel;
pub use sequential::{Rbf, RbfConfig, RbfStop};
pub use shared_tree::shared_tree;
