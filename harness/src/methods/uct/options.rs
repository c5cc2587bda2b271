//! `--method uct|uct-treesplit`'s options as given (see `plan` for their
//! validation).

use super::treesplit_plan::TreesplitOptions;
use clap::Args;

/// UCT's options as given.
#[derive(Args, Clone, Copy, Debug, Default)]
pub(crate) struct UctOptions {
    /// uct: the simulations it runs.
    #[arg(long)]
    pub simulations: Option<u64>,
    /// uct: the constant C of UCB1's exploration term [default: √2].
    #[arg(long)]
    pub uct_c: Option<f64>,
    /// uct: random plies a playout makes before the evaluation is read as
    /// a win probability [default: to --d, or to the game's end before].
    #[arg(long)]
    pub playout_plies: Option<u32>,
    /// uct: the value worth a 73 % win, where a playout stops short of an
    /// end [default: 1000, synthetic trees' spread; shogi's pawn is 90].
    #[arg(long)]
    pub reward_scale: Option<f64>,
    /// uct: the seed of its playouts [default: 1].
    #[arg(long)]
    pub uct_seed: Option<u64>,
    #[command(flatten)]
    pub treesplit: TreesplitOptions,
}

impl UctOptions {
    pub(crate) fn given(&self) -> bool {
        self.simulations.is_some()
            || self.uct_c.is_some()
            || self.playout_plies.is_some()
            || self.reward_scale.is_some()
            || self.uct_seed.is_some()
            || self.treesplit.given()
    }
}
