//! The baselines as programs every rank runs (see `parallel::program`).

use super::master_worker::{run_master_worker, MasterWorkerConfig};
use super::message::SplitMessage;
use super::outcome::BaselineOutcome;
use super::splitting::{run_processor, SplitConfig};
use super::ybwc::{run_ybwc, YbwcConfig};
use crate::game::Game;
use crate::parallel::program::Program;
use crate::parallel::transport::Transport;

impl Program for SplitConfig {
    type Message = SplitMessage;
    type Output = BaselineOutcome;

    fn run<G: Game, T: Transport<SplitMessage>>(self, root: G, t: T) -> Option<BaselineOutcome> {
        run_processor(root, t, self)
    }
}

impl Program for YbwcConfig {
    type Message = SplitMessage;
    type Output = BaselineOutcome;

    fn run<G: Game, T: Transport<SplitMessage>>(self, root: G, t: T) -> Option<BaselineOutcome> {
        run_ybwc(root, t, self)
    }
}

impl Program for MasterWorkerConfig {
    type Message = SplitMessage;
    type Output = BaselineOutcome;

    fn run<G: Game, T: Transport<SplitMessage>>(self, root: G, t: T) -> Option<BaselineOutcome> {
        run_master_worker(root, t, self)
    }
}
