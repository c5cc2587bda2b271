//! What a run of a method family was given, as its records show it: the
//! settings beside b and d that tell its runs apart.

use crate::method::{NodeCharge, RbfForm};
use serde::{Deserialize, Serialize};

/// A baseline's shape (seeds 002–004).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BaselineShape {
    /// Split methods: the processor tree.
    #[serde(default)]
    pub levels: Option<u32>,
    #[serde(default)]
    pub fanout: Option<usize>,
    /// PV-splitting: plies of the PV split that way.
    #[serde(default)]
    pub pv_depth: Option<u32>,
    /// Staged SSS*: plies of a stage.
    #[serde(default)]
    pub stage_depth: Option<u32>,
    pub charge: NodeCharge,
    /// YBWC and Jamboree: children searched best first by static value.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub static_order: bool,
    /// Seed 004's grid master: windows sent to busy workers as they narrow.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub push_bounds: bool,
}

/// What an RBF run is given (seed 003).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RbfShape {
    /// Generated nodes allowed, given outright…
    pub rbf_nodes: Option<u64>,
    /// …or those of plain alpha-beta at this depth…
    pub match_depth: Option<u32>,
    /// …or until a node this deep is generated.
    pub rbf_depth: Option<u32>,
    /// The depth of the alpha-beta its move is judged against.
    pub judge_depth: u32,
    pub rbf_seed: u64,
    /// The §2.1 rule (on unless --no-pruning).
    pub pruning: bool,
    /// Parallel RBF's form.
    pub form: Option<RbfForm>,
    /// Master–slave: iterations a slave runs below a leaf.
    pub chunk: Option<u32>,
}

/// What a UCT run is given (seed 001).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct UctShape {
    /// `u64::MAX` (left out of records): uct-treesplit's --time-ms alone
    /// bounds it.
    #[serde(default = "unbounded", skip_serializing_if = "is_unbounded")]
    pub simulations: u64,
    pub uct_c: f64,
    /// `None`: playouts run to --d or the game's end.
    pub playout_plies: Option<u32>,
    pub reward_scale: f64,
    pub uct_seed: u64,
    /// The depth of the alpha-beta its move is judged against.
    pub judge_depth: u32,
    /// UCT-Treesplit's own settings.
    #[serde(flatten)]
    pub treesplit: Option<TreesplitShape>,
}

impl UctShape {
    /// Whether a number of simulations bounds the run (else its time does).
    pub fn bounded(&self) -> bool {
        !is_unbounded(&self.simulations)
    }
}

fn unbounded() -> u64 {
    u64::MAX
}

fn is_unbounded(simulations: &u64) -> bool {
    *simulations == u64::MAX
}

/// What a UCT-Treesplit run is given besides UCT's settings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TreesplitShape {
    pub in_flight: usize,
    /// 0: no duplication.
    pub n_dup: u64,
    pub sync_alpha: f64,
    pub sync_min: u64,
    pub sync_max: u64,
    pub per_broadcast: usize,
    pub merge_delay_us: f64,
    /// 0: playouts never forwarded.
    pub forward_k: f64,
    pub virtual_loss: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<f64>,
}
