//! Randomized best-first search (Shoham and Toledo, seed 003): a search
//! tree in memory grown by random walks that favour the children likeliest
//! to be best, as a model of their real scores estimates it.

mod fit;
mod model;
mod parallel;
mod search;
mod shared;
mod tree;

pub use fit::{fit, observe, real_score, Observation};
pub use model::RealScoreModel;
pub use parallel::{ParallelRbf, RbfMessage, RbfOutcome};
pub use search::{Rbf, RbfConfig, RbfStop};
pub use shared::shared_tree;
