//! Rank 0's transport in master-worker play, which keeps a hung worker
//! rank from costing the game. The master waits for every worker's report
//! at the end of each depth; a worker without its report `REPORT_WAIT`
//! after `Stop` is dropped (see `rank_watch`): its report is made up
//! (empty), whatever it sends later is ignored, and the tasks the master
//! still gives it go to the next live worker, so that every depth can
//! finish. The master and its load balancing stay as the paper has them.

use super::rank_watch::{RankWatch, REPORT_WAIT};
use std::collections::VecDeque;
use std::time::{Duration, Instant};
use yomi_methods::minimal_tree::{Message, Report};
use yomi_runtime::{Rank, Traffic, Transport};

pub(super) struct WatchedWorkers<T> {
    inner: T,
    watch: RankWatch,
    /// When each worker was told `Stop` and has not reported since.
    stopped_at: Vec<Option<Instant>>,
    /// Reports made up for dropped workers, delivered before the rest.
    made_up: VecDeque<(Rank, Message)>,
}

impl<T: Transport<Message>> WatchedWorkers<T> {
    pub(super) fn new(inner: T, watch: RankWatch) -> WatchedWorkers<T> {
        let ranks = inner.size();
        WatchedWorkers {
            inner,
            watch,
            stopped_at: vec![None; ranks],
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

    /// Drops the workers whose report is overdue.
    fn drop_overdue(&mut self) {
        for rank in 1..self.stopped_at.len() {
            if self.stopped_at[rank].is_some_and(|t| t.elapsed() >= REPORT_WAIT) {
                let why = format!(
                    "sent no report within {} ms of stop",
                    REPORT_WAIT.as_millis()
                );
                self.watch.drop_rank(rank, &why);
                self.stopped_at[rank] = None;
                self.made_up
                    .push_back((rank, Message::Report(Report::default())));
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
                self.stopped_at[to] = Some(Instant::now());
            }
            return self.inner.send(to, message);
        }
        match message {
            Message::Stop => self
                .made_up
                .push_back((to, Message::Report(Report::default()))),
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
                self.stopped_at[from] = None;
            }
            return Some((from, message));
        }
        self.drop_overdue();
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
