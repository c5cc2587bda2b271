//! What master and workers tell each other.

use super::ring::Shared;
use super::signature::Signature;
use serde::{Deserialize, Serialize};
use yomi_measure::{IdleProfile, RingCounts, TaskCounts};
use yomi_runtime::Traffic;
use yomi_search::{Entry, Stats};
use yomi_tree::Value;

/// Search the position at `path` to `depth` with the window (`alpha`, `beta`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Task {
    /// Children from the root, each its index in the game's predicted order
    /// (a pure function of the position, so every rank can replay it).
    pub path: Vec<u16>,
    /// The position's hash: the key of results and of ownership.
    pub key: u64,
    pub depth: u32,
    pub alpha: Value,
    pub beta: Value,
    pub signature: Signature,
}

/// A finished search of a task's position (fail-hard for its window).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub key: u64,
    pub depth: u32,
    pub alpha: Value,
    pub beta: Value,
    pub value: Value,
}

/// A worker's account at the end of the search.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub stats: Stats,
    pub tasks: TaskCounts,
    /// Seconds before the first task arrived.
    pub startup_idle_s: f64,
    /// Seconds with nothing to do after that.
    pub other_idle_s: f64,
    /// Seconds inside task searches (the rest of the time went to
    /// messages, queue upkeep and replaying tasks' paths).
    pub searching_s: f64,
    /// When in the search it waited (start-up idle and the rest).
    pub waited: IdleProfile,
    /// What the worker sent (its report excluded).
    pub traffic: Traffic,
    /// The sharing ring's counts (with share).
    pub ring: Option<RingCounts>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Message {
    Task(Task),
    /// The master finished a pass.
    Pass,
    Result(Outcome),
    /// The search is over: report and stop.
    Stop,
    /// Boxed: the largest message by far, sent once a search.
    Report(Box<Report>),
    /// Table entries going round the workers' sharing ring, for one search.
    Share(u64, Vec<Shared<(u64, Entry)>>),
    /// To a persistent worker: a search of the root this text names begins
    /// (see `service`).
    Start(String, WorkerConfig),
    /// To a persistent worker: the engine is ending.
    Quit,
    /// From a worker whose queue ran dry (with `WorkerConfig::say_idle`):
    /// the master may hand it tasks queued at busier workers.
    Idle,
}

/// How a worker reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkerConfig {
    /// Report every finished iteration (dynamic updates), or only the full depth.
    pub updates: bool,
    pub table_mb: usize,
    /// ε-windows (seed 000 §5.4): tasks carry pass windows; a null one is
    /// searched widened by ε, and a task keeps its window while new pass
    /// windows for its position lie inside it.
    pub eps: Option<Value>,
    /// Deepen a task past a shallower result only when the master sends
    /// the task again after that result: no deeper search of a position
    /// the new prediction dropped. Not in seed 000.
    pub confirmed_deepening: bool,
    /// With confirmed deepening: a worker with no free task deepens its
    /// held ones (the most urgent first) rather than wait; a task that
    /// arrives takes over at the next look at the messages. Such a
    /// search's results wait with the worker for the next task of their
    /// position. Not in seed 000.
    pub idle_deepening: bool,
    /// Run tasks in the prediction's order (signatures) before the order
    /// of their completed depths: a worker deepens its most urgent task
    /// first, where seed 000's deepen all of theirs a step at a time. Not
    /// in seed 000.
    pub signature_first: bool,
    /// Search tasks fail-soft: a result beyond its window is the bound
    /// found, not the window's edge, so it answers more of the master's
    /// later windows (the research searcher's workers). Not in seed 000.
    pub fail_soft: bool,
    /// Nodes searched between two looks at the messages (new tasks, the
    /// ring's): seed 000's workers check "frequently"; fewer nodes answer
    /// sooner. The virtual cluster charges nothing for a look that finds
    /// nothing.
    pub poll_nodes: u64,
    /// With share: results within this many plies of a task root go round
    /// the workers' ring (seed 000 §3.2).
    pub share_plies: Option<usize>,
    /// Tells this search's ring messages from those of earlier searches.
    pub search_id: u64,
    /// Tell the master when the queue runs dry (games: an idle worker then
    /// takes over queued tasks of busy ones). Not in seed 000.
    pub say_idle: bool,
}
