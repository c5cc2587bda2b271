//! Sequential game-tree search, generic over [`yomi_tree::Game`].

mod hook;
mod limits;
mod searcher;
mod split;
mod tt;

pub use hook::{Hook, NoHook};
pub use limits::Limits;
pub use searcher::{
    report_lines, Iteration, SearchOptions, SearchResult, Searcher, DEFAULT_POLL_NODES,
};
pub use split::{Sharing, TableSplit};
pub use tt::{Bound, Entry, TranspositionTable, NO_CHILD};
pub use yomi_measure::Stats;
