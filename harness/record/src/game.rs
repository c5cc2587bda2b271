//! One game of `yomi-harness uct-match` (seed 001 Fig. 7's matches of more
//! ranks against fewer), as its JSON line shows it.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The kind of game (`--tree`) and the start position.
    pub tree: String,
    pub start: String,
    /// Ranks in all of each side, and each side's time a move, virtual ms.
    pub contender_ranks: usize,
    pub opponent_ranks: usize,
    pub time_ms: f64,
    pub opponent_time_ms: f64,
    /// Whether the contender moved first.
    pub contender_first: bool,
    /// 1, ½ or 0 for the contender.
    pub score: f64,
    pub plies: u32,
    /// Mean simulations a move, each side's.
    pub contender_simulations: f64,
    pub opponent_simulations: f64,
}

impl GameRecord {
    /// A game from its JSON line, if the line is one.
    pub fn from_json(line: &str) -> Result<GameRecord, String> {
        serde_json::from_str(line).map_err(|e| e.to_string())
    }
}
