//! Sequential game-tree search, generic over [`crate::game::Game`].

mod alphabeta;
mod hook;
mod limits;
mod play;
mod split;
mod stats;
mod tt;
mod zeroed;

pub use alphabeta::{Iteration, SearchOptions, SearchResult, Searcher};
pub use hook::{Hook, NoHook};
pub use limits::Limits;
pub use play::mate_distance;
pub use split::{Sharing, TableSplit};
pub use stats::Stats;
pub use tt::{Bound, Entry, TranspositionTable, NO_CHILD};
