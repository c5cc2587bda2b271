//! What a baseline search returns on rank 0.

use super::alphabeta::Counts;
use super::message::ProcessorReport;
use crate::game::Value;
use std::time::Duration;

#[derive(Clone, Debug, PartialEq)]
pub struct BaselineOutcome {
    pub value: Value,
    /// Every processor's counts together.
    pub counts: Counts,
    /// Rank 0's clock when it had the value.
    pub elapsed: Duration,
    /// Every processor's report, by rank.
    pub reports: Vec<ProcessorReport>,
}
