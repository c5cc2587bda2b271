//! A rank's transport on the virtual cluster: sends and receives go through
//! the shared cluster state; looking for messages after the clock moved,
//! and idling, suspend the rank's coroutine until the scheduler resumes it.

use super::cost_model::Ps;
use super::scheduler::Cluster;
use crate::transport::{encoded_size, Rank, Traffic, Transport};
use corosensei::Yielder;
use serde::Serialize;
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

/// Why a rank gave the processor back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suspend {
    /// To see the messages that arrive by its clock.
    Sync,
    /// Nothing to do until a message arrives, or at the latest this time.
    Wait(Ps),
}

pub struct SimTransport<'y, M> {
    rank: Rank,
    size: usize,
    cluster: Rc<RefCell<Cluster<M>>>,
    yielder: &'y Yielder<(), Suspend>,
}

impl<'y, M> SimTransport<'y, M> {
    pub(super) fn new(
        rank: Rank,
        size: usize,
        cluster: Rc<RefCell<Cluster<M>>>,
        yielder: &'y Yielder<(), Suspend>,
    ) -> SimTransport<'y, M> {
        SimTransport {
            rank,
            size,
            cluster,
            yielder,
        }
    }
}

impl<M: Serialize> Transport<M> for SimTransport<'_, M> {
    fn rank(&self) -> Rank {
        self.rank
    }

    fn size(&self) -> usize {
        self.size
    }

    fn send(&mut self, to: Rank, message: M) {
        let bytes = encoded_size(&message);
        self.cluster
            .borrow_mut()
            .send(self.rank, to, message, bytes);
    }

    fn poll(&mut self) -> Option<(Rank, M)> {
        if self.cluster.borrow().needs_sync(self.rank) {
            self.yielder.suspend(Suspend::Sync);
        }
        self.cluster.borrow_mut().receive(self.rank)
    }

    fn now(&self) -> Duration {
        Duration::from_nanos(self.cluster.borrow().clock(self.rank) / 1000)
    }

    fn idle(&mut self) {
        self.yielder.suspend(Suspend::Wait(Ps::MAX));
    }

    fn idle_until(&mut self, deadline: Duration) {
        let ps = u64::try_from(deadline.as_nanos())
            .unwrap_or(u64::MAX)
            .saturating_mul(1000);
        self.yielder.suspend(Suspend::Wait(ps));
    }

    fn work(&mut self, nodes: u64) {
        self.cluster.borrow_mut().work(self.rank, nodes);
    }

    fn visit(&mut self, visits: u64) {
        self.cluster.borrow_mut().visit(self.rank, visits);
    }

    fn traffic(&self) -> Traffic {
        self.cluster.borrow().traffic(self.rank)
    }
}
