//! What a baseline search returns on rank 0.

use super::plain_alphabeta::Counts;
use super::split_message::{ProcessorReport, SplitMessage};
use std::time::Duration;
use yomi_runtime::Transport;
use yomi_tree::Value;

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

impl BaselineOutcome {
    /// Rank 0, the search over and every other processor told so: their
    /// reports beside rank 0's `own`.
    pub fn gather<T: Transport<SplitMessage>>(
        transport: &mut T,
        value: Value,
        elapsed: Duration,
        own: ProcessorReport,
    ) -> BaselineOutcome {
        let mut reports = vec![own];
        while reports.len() < transport.size() {
            match transport.poll() {
                Some((_, SplitMessage::Report(r))) => reports.push(r),
                Some(_) => {}
                None => transport.idle(),
            }
        }
        reports.sort_by_key(|r| r.rank);
        let mut counts = Counts::default();
        for r in &reports {
            counts += r.counts;
        }
        BaselineOutcome {
            value,
            counts,
            elapsed,
            reports,
        }
    }
}
