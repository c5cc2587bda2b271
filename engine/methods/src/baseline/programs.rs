//! The baselines as programs every rank runs (see `yomi_runtime::program`).

use super::master_worker::{run_master_worker, MasterWorkerConfig};
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

impl<G: Game> Program<G> for MasterWorkerConfig {
    type Message = SplitMessage;
    type Output = BaselineOutcome;

    fn run<T: Transport<SplitMessage>>(self, root: G, t: T) -> Option<BaselineOutcome> {
        run_master_worker(root, t, self)
    }
}
