//! Monte-Carlo tree search (seed 001): UCT, generic over [`Game`], as the
//! sequential reference for UCT-Treesplit. A simulation walks the tree in
//! memory by UCB1, adds the first state it reaches that the tree lacks,
//! plays out from there and backs the reward up in negamax form.
//! UCT-Treesplit spreads that tree over the ranks of any transport.
//!
//! [`Game`]: yomi_tree::Game

mod node_table;
mod playout;
mod reward;
mod sequential;
mod treesplit;

pub use node_table::{Node, Table};
pub use playout::Playout;
pub use reward::{reward_of_end, reward_of_value, value_of_reward};
pub use sequential::{Uct, UctConfig, UctResult};
pub use treesplit::{
    ChildStats, CubeNet, Duplication, Layout, Overheads, Simulation, SyncEntry, TreesplitMessage,
    TreesplitOutcome, TreesplitReport, UctTreesplit, PEER_LIMIT,
};
