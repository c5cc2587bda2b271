//! Sequential game-tree search, generic over [`yomi_tree::Game`].

mod alphabeta;
mod hook;
mod limits;
pub mod memory;
pub mod shared_memory;
mod split;
mod stats;
mod tt;
pub mod zeroed;

pub use alphabeta::{Iteration, SearchOptions, SearchResult, Searcher};
pub use hook::{Hook, NoHook};
pub use limits::Limits;
pub use split::{Sharing, TableSplit};
pub use stats::Stats;
pub use tt::{Bound, Entry, TranspositionTable, NO_CHILD};
