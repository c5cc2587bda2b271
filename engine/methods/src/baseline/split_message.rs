//! What the baselines' processors say to each other (masters and slaves
//! of the split methods; YBWC's owners and thieves).

use super::plain_alphabeta::Counts;
use serde::{Deserialize, Serialize};
use yomi_runtime::{Rank, Traffic};
use yomi_tree::Value;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SplitMessage {
    /// From a master: search the node these child indices lead to from
    /// the root, `depth` plies deep in (`alpha`, `beta`), as task `id`.
    /// `type2`: PV-splitting's enhancement — a master given it splits
    /// the node's children's children, one child at a time.
    Assign {
        id: u64,
        path: Vec<u16>,
        depth: u32,
        alpha: Value,
        beta: Value,
        type2: bool,
    },
    /// From a staged-SSS* master: min(`bound`, the value of the node
    /// these child indices lead to from the root, searched `depth` plies
    /// deep), both from the side to move at the root, as task `id`.
    Bounded {
        id: u64,
        path: Vec<u16>,
        depth: u32,
        bound: Value,
    },
    /// To the master: task `id`'s value (an `Assign`'s fail-hard, for the
    /// side to move at its node; a `Bounded`'s as it asked).
    Done {
        id: u64,
        value: Value,
    },
    /// From seed 004's master: task `id`'s window is now (`alpha`,
    /// `beta`), narrower than the one it was given.
    Window {
        id: u64,
        alpha: Value,
        beta: Value,
    },
    /// From the master: task `id` is no longer needed.
    Abort {
        id: u64,
    },
    /// The search is over: tell your slaves, report to rank 0, end.
    Quit,
    /// YBWC: an idle processor asks for work.
    Steal,
    /// YBWC: the answer to `Steal` when there is none to give.
    NoWork,
    Report(ProcessorReport),
}

/// What one processor did in a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ProcessorReport {
    pub rank: Rank,
    /// Nodes and leaves of its own searches (a master's are the nodes it
    /// split).
    pub counts: Counts,
    /// Seconds before its first task arrived (on the transport's clock).
    pub startup_idle_s: f64,
    /// Seconds without a task after that, or waiting for its slaves.
    pub other_idle_s: f64,
    pub traffic: Traffic,
}
