//! Reference searches and trees for testing a search, or a plugged-in
//! game: brute-force minimax, whose values every search must equal, and
//! a tree whose states end in draws and scores as well as losses.

mod ending;
mod minimax;

pub use ending::Ending;
pub use minimax::{child_values, minimax};
