//! Rank 0's transport in master-worker play, which keeps a hung worker
//! rank from costing the game. The master waits for every worker's report
//! at the end of each depth. A worker without its report `REPORT_WAIT`
//! after `Stop` gets an empty one made up, so the master goes on (its own
//! comes later and is passed over); one that still owes a report after
//! `SILENCE` is dropped (see `rank_watch`), the report the master waits
//! on made up at once: whatever it sends is ignored,
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
            let silent = owed.front().is_some_and(|t| t.elapsed() >= SILENCE);
            if silent {
                let why = format!("owed a report for {} ms", owed[0].elapsed().as_millis());
                self.watch.drop_rank(rank, &why);
            }
            // The master waits on the last `Stop` alone; a rank dropped now
            // never answers it, nor is it looked at again here.
            let waited_on = self.owed[rank].len() > self.made_up_for[rank];
            if waited_on
                && (silent
                    || self.owed[rank]
                        .back()
                        .is_some_and(|t| t.elapsed() >= REPORT_WAIT))
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// Two ranks, rank 1 hung: it never answers.
    struct Hung;

    impl Transport<Message> for Hung {
        fn rank(&self) -> Rank {
            0
        }
        fn size(&self) -> usize {
            2
        }
        fn send(&mut self, _to: Rank, _message: Message) {}
        fn poll(&mut self) -> Option<(Rank, Message)> {
            None
        }
        fn now(&self) -> Duration {
            Duration::ZERO
        }
        fn idle(&mut self) {
            std::thread::sleep(Duration::from_millis(5));
        }
        fn traffic(&self) -> Traffic {
            Traffic::default()
        }
    }

    /// Polls until a report comes, at most `limit`.
    fn report_within(t: &mut WatchedWorkers<Hung>, limit: Duration) -> bool {
        let since = Instant::now();
        while since.elapsed() < limit {
            if matches!(t.poll(), Some((1, Message::Report(_)))) {
                return true;
            }
            t.idle();
        }
        false
    }

    #[test]
    fn a_rank_dropped_while_the_master_waits_on_its_report_gets_one_made_up() {
        let watch = RankWatch::new(2, Arc::new(Mutex::new(Some(Box::new(|_: &str| {})))));
        let mut t = WatchedWorkers::new(Hung, watch);
        // The first `Stop`: its report made up once overdue.
        t.send(1, Message::Stop);
        assert!(report_within(&mut t, REPORT_WAIT * 2));
        // The next `Stop` just before the first has been owed for
        // `SILENCE`: the rank is dropped before this one is overdue, and
        // the master must not wait on it for ever.
        std::thread::sleep(SILENCE.saturating_sub(REPORT_WAIT * 2));
        while t.owed[1]
            .front()
            .is_none_or(|s| s.elapsed() + REPORT_WAIT / 2 < SILENCE)
        {
            std::thread::sleep(Duration::from_millis(5));
        }
        t.send(1, Message::Stop);
        assert!(report_within(&mut t, REPORT_WAIT * 3));
        assert!(!t.watch.is_live(1));
        // A dropped rank's later `Stop`s are answered at once.
        t.send(1, Message::Stop);
        assert!(report_within(&mut t, Duration::from_millis(50)));
    }
}
