//! The baselines as programs every rank runs (see `yomi_runtime::program`).

use super::grid_master::{run_grid_master, GridMasterConfig};
use super::outcome::BaselineOutcome;
use super::split_message::SplitMessage;
use super::splitting::{run_processor, SplitConfig};
use super::ybwc::{run_ybwc, YbwcConfig};
use yomi_runtime::{Program, Transport};
use yomi_tree::Game;

impl<G: Game> Program<G> for SplitConfig {
    type Message = SplitMessage;
    type Output = BaselineOutcome;

    fn run<T: Transport<SplitMessage>>(self, root: G, t: T) -> Option<BaselineOutcome> {
        run_processor(root, t, self)
    }
}

impl<G: Game> Program<G> for YbwcConfig {
    type Message = SplitMessage;
    type Output = BaselineOutcome;

    fn run<T: Transport<SplitMessage>>(self, root: G, t: T) -> Option<BaselineOutcome> {
        run_ybwc(root, t, self)
    }
}

impl<G: Game> Program<G> for GridMasterConfig {
    type Message = SplitMessage;
    type Output = BaselineOutcome;

    fn run<T: Transport<SplitMessage>>(self, root: G, t: T) -> Option<BaselineOutcome> {
        run_grid_master(root, t, self)
    }
}
