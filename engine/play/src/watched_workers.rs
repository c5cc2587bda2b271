//! Rank 0's transport in master-worker play, which keeps a hung worker
//! rank from costing the game. The master waits for every worker's report
//! at the end of each depth. A worker without its report `REPORT_WAIT`
//! after `Stop` gets an empty one made up, so the master goes on (its own
//! comes later and is passed over); one that still owes a report after
//! `SILENCE` is dropped (see `rank_watch`): whatever it sends is ignored,
//! and the tasks the master still gives it go to the next live worker, so
//! that every depth can finish. The master and its load balancing stay
//! as the paper has them.

use super::rank_watch::{RankWatch, REPORT_WAIT, SILENCE};
use std::collections::VecDeque;
use std::time::{Duration, Instant};
use yomi_methods::minimal_tree::Message;
use yomi_runtime::{Rank, Traffic, Transport};

pub(super) struct WatchedWorkers<T> {
    inner: T,
    watch: RankWatch,
    /// Per worker, when it was told each `Stop` its report has not come
    /// for yet, oldest first.
    owed: Vec<VecDeque<Instant>>,
    /// Per worker, how many of the oldest `owed` were answered with a
    /// made-up report (theirs are passed over when they come).
    made_up_for: Vec<usize>,
    /// Reports made up, delivered before the rest.
    made_up: VecDeque<(Rank, Message)>,
}

impl<T: Transport<Message>> WatchedWorkers<T> {
    pub(super) fn new(inner: T, watch: RankWatch) -> WatchedWorkers<T> {
        let ranks = inner.size();
        WatchedWorkers {
            inner,
            watch,
            owed: vec![VecDeque::new(); ranks],
            made_up_for: vec![0; ranks],
            made_up: VecDeque::new(),
        }
    }

    /// The live worker that takes over a dropped one's tasks.
    fn stand_in(&self, dropped: Rank) -> Option<Rank> {
        let live = self.watch.live();
        live.iter()
            .copied()
            .find(|&r| r > dropped)
            .or(live.first().copied())
    }

    /// Makes up the report the master waits for once it is overdue, and
    /// drops the workers that have owed one for `SILENCE`.
    fn overdue(&mut self) {
        for rank in self.watch.live() {
            let owed = &self.owed[rank];
            if owed.front().is_some_and(|t| t.elapsed() >= SILENCE) {
                let why = format!("owed a report for {} ms", owed[0].elapsed().as_millis());
                self.watch.drop_rank(rank, &why);
            }
            // The master waits on the last `Stop` alone.
            let waited_on = self.owed[rank].len() > self.made_up_for[rank];
            if waited_on
                && self.owed[rank]
                    .back()
                    .is_some_and(|t| t.elapsed() >= REPORT_WAIT)
            {
                self.made_up_for[rank] += 1;
                self.made_up
                    .push_back((rank, Message::Report(Box::default())));
            }
        }
    }
}

impl<T: Transport<Message>> Transport<Message> for WatchedWorkers<T> {
    fn rank(&self) -> Rank {
        self.inner.rank()
    }

    fn size(&self) -> usize {
        self.inner.size()
    }

    fn send(&mut self, to: Rank, message: Message) {
        if self.watch.is_live(to) {
            if matches!(message, Message::Stop) {
                self.owed[to].push_back(Instant::now());
            }
            return self.inner.send(to, message);
        }
        match message {
            Message::Stop => self
                .made_up
                .push_back((to, Message::Report(Box::default()))),
            Message::Task(_) => {
                if let Some(rank) = self.stand_in(to) {
                    self.inner.send(rank, message);
                }
            }
            _ => {}
        }
    }

    fn poll(&mut self) -> Option<(Rank, Message)> {
        if let Some(made_up) = self.made_up.pop_front() {
            return Some(made_up);
        }
        while let Some((from, message)) = self.inner.poll() {
            if !self.watch.is_live(from) {
                continue;
            }
            if matches!(message, Message::Report(_)) {
                self.owed[from].pop_front();
                if self.made_up_for[from] > 0 {
                    // The report of a `Stop` already answered for.
                    self.made_up_for[from] -= 1;
                    continue;
                }
            }
            return Some((from, message));
        }
        self.overdue();
        self.made_up.pop_front()
    }

    fn now(&self) -> Duration {
        self.inner.now()
    }

    fn idle(&mut self) {
        self.inner.idle()
    }

    fn traffic(&self) -> Traffic {
        self.inner.traffic()
    }
}
