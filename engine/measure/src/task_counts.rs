//! What seed 000's workers count of their task searches.

use serde::{Deserialize, Serialize};
use std::ops::AddAssign;

/// A worker's task searches, counted (result records hold them summed
/// over the workers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
// Result records of older layouts lack some counts: zeros.
#[serde(default)]
pub struct TaskCounts {
    pub tasks_finished: u64,
    /// Finished searches of tasks at any depth (iterative deepening's
    /// shallower ones too).
    pub searches_finished: u64,
    pub tasks_aborted: u64,
    /// Finished at the full task depth with the window (−∞, +∞).
    pub tasks_full_window: u64,
    /// Finished at the full task depth for a position already finished at
    /// that depth (with another window).
    pub tasks_repeated: u64,
    /// Leaves of searches finished at the full task depth, of finished
    /// shallower iterations, and of aborted searches.
    pub leaves_full: u64,
    pub leaves_shallow: u64,
    pub leaves_aborted: u64,
    /// Leaves spent on positions this worker never finished at the full
    /// task depth (work the master's final tree did not need from it).
    pub leaves_unfinished: u64,
}

impl AddAssign for TaskCounts {
    fn add_assign(&mut self, o: TaskCounts) {
        self.tasks_finished += o.tasks_finished;
        self.searches_finished += o.searches_finished;
        self.tasks_aborted += o.tasks_aborted;
        self.tasks_full_window += o.tasks_full_window;
        self.tasks_repeated += o.tasks_repeated;
        self.leaves_full += o.leaves_full;
        self.leaves_shallow += o.leaves_shallow;
        self.leaves_aborted += o.leaves_aborted;
        self.leaves_unfinished += o.leaves_unfinished;
    }
}
