//! What a baseline processor did: its counts, when its first task came,
//! how long it waited for work after that; its report to rank 0. Public
//! for methods written outside this crate (the book's root splitting).

use super::plain_alphabeta::Counts;
use super::split_message::ProcessorReport;
use std::time::Duration;
use yomi_runtime::{Rank, Transport};

pub struct Ledger {
    pub counts: Counts,
    first_task: Option<Duration>,
    idle: Duration,
}

impl Ledger {
    /// Rank 0 has its work from the start; the others wait for a task.
    pub fn new(rank: Rank) -> Ledger {
        Ledger {
            counts: Counts::default(),
            first_task: (rank == 0).then_some(Duration::ZERO),
            idle: Duration::ZERO,
        }
    }

    pub fn task_arrived(&mut self, now: Duration) {
        self.first_task.get_or_insert(now);
    }

    /// Gives the processor away until a message arrives (or `deadline`, on
    /// the transport's clock), the time counted as idle once work began.
    pub fn idle<M, T: Transport<M>>(&mut self, transport: &mut T, deadline: Option<Duration>) {
        let before = transport.now();
        match deadline {
            Some(d) => transport.idle_until(d),
            None => transport.idle(),
        }
        if self.first_task.is_some() {
            self.idle += transport.now().saturating_sub(before);
        }
    }

    pub fn report<M, T: Transport<M>>(&self, transport: &T) -> ProcessorReport {
        let startup = self.first_task.unwrap_or(transport.now());
        ProcessorReport {
            rank: transport.rank(),
            counts: self.counts,
            startup_idle_s: startup.as_secs_f64(),
            other_idle_s: self.idle.as_secs_f64(),
            traffic: transport.traffic(),
        }
    }
}
