//! The play search (USI games, shogi only): a modern alpha-beta with move
//! ordering, pruning and reductions, kept apart from the research search
//! of [`yomi_search`], whose plain tree and leaf counts the paper's
//! experiments need.

mod cluster;
mod cluster_message;
mod cluster_tables;
mod correction;
mod correction_keys;
mod history;
mod lazy_smp;
mod machines;
mod mate;
mod minimal_tree_play;
mod net_files;
mod node_counts;
mod picker;
mod play_searcher;
mod quiesce;
mod rank_watch;
mod search_clock;
mod search_params;
mod search_stack;
mod searched_leaves;
mod see;
mod static_eval;
mod table;
mod task;
mod watched_workers;

pub use cluster::{serve_cluster, Cluster};
pub use cluster_message::ClusterMessage;
pub use machines::Machines;
pub use mate::{Mate, MateLimits, MateReport, MateSearch};
pub use minimal_tree_play::{root_game, root_text, serve_play, MasterWorker};
pub use net_files::{load_net, root_with_net};
pub use play_searcher::{mate_distance, PlaySearcher, MAX_PLY};
pub use rank_watch::Notice;
pub use search_clock::{Progress, ProgressReport};
pub use search_params::{SearchParams, Tunable, TUNABLES};
pub use searched_leaves::SearchedLeaves;
pub use see::see_ge;
pub use table::{PlayTable, SharedEntry};
