//! Rank 0's transport in master-worker play, which keeps a hung worker
//! rank from costing the game. The master waits for every worker's report
//! at the end of each depth. A worker without its report `REPORT_WAIT`
//! after `Stop` gets an empty one made up, so the master goes on (its own
//! comes later and is passed over). Until that report comes the worker is
//! late: its tasks go to the next worker that is not, the master's passes
//! are not sent to it, and its next `Stop` is answered at once (its
//! reports come in order). A worker that still owes a report after
//! `SILENCE` is dropped (see `rank_watch`), the report the master waits
//! on made up at once: whatever it sends is ignored, and it is sent
//! nothing more. The master and its load balancing stay as the paper has
//! them.

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

    /// A live worker that has not answered a `Stop` whose report was made
    /// up: hung, or slow on a loaded machine.
    fn late(&self, rank: Rank) -> bool {
        self.made_up_for[rank] > 0
    }

    /// The worker that takes over the tasks of `absent` (dropped or
    /// late): the next live one that is not late, if any.
    fn stand_in(&self, absent: Rank) -> Option<Rank> {
        let on_time = || self.watch.live().into_iter().filter(|&r| !self.late(r));
        on_time().find(|&r| r > absent).or_else(|| on_time().next())
    }

    /// Makes up the report of the `Stop` just sent to `rank`.
    fn make_up(&mut self, rank: Rank) {
        self.made_up
            .push_back((rank, Message::Report(Box::default())));
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
                self.make_up(rank);
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
        let live = self.watch.is_live(to);
        if live && !self.late(to) {
            if matches!(message, Message::Stop) {
                self.owed[to].push_back(Instant::now());
            }
            return self.inner.send(to, message);
        }
        match message {
            Message::Stop => {
                if live {
                    // Sent, and its report (which comes after the one
                    // already made up, if ever) answered for now.
                    self.owed[to].push_back(Instant::now());
                    self.made_up_for[to] += 1;
                    self.inner.send(to, message);
                }
                self.make_up(to);
            }
            Message::Task(_) => {
                // With every live worker late, a late one keeps its own.
                let rank = (self.stand_in(to))
                    .or(live.then_some(to))
                    .or_else(|| self.watch.live().first().copied());
                if let Some(rank) = rank {
                    self.inner.send(rank, message);
                }
            }
            // The searches a late worker has no part in begin and end, and
            // the engine's end, reach it.
            Message::Start(..) | Message::Quit if live => self.inner.send(to, message),
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
    use yomi_methods::minimal_tree::{Signature, Task};

    /// Ranks that never answer, and what was sent to each.
    struct Hung {
        size: usize,
        sent: Vec<(Rank, Message)>,
        /// What the ranks send when they answer after all.
        replies: VecDeque<(Rank, Message)>,
    }

    impl Hung {
        fn watched(size: usize) -> WatchedWorkers<Hung> {
            let watch = RankWatch::new(size, Arc::new(Mutex::new(Some(Box::new(|_: &str| {})))));
            let (sent, replies) = (Vec::new(), VecDeque::new());
            WatchedWorkers::new(
                Hung {
                    size,
                    sent,
                    replies,
                },
                watch,
            )
        }
    }

    impl Transport<Message> for Hung {
        fn rank(&self) -> Rank {
            0
        }
        fn size(&self) -> usize {
            self.size
        }
        fn send(&mut self, to: Rank, message: Message) {
            self.sent.push((to, message));
        }
        fn poll(&mut self) -> Option<(Rank, Message)> {
            self.replies.pop_front()
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
    fn a_rank_that_never_answers_is_never_waited_on_and_is_dropped() {
        let mut t = Hung::watched(2);
        // The first `Stop`: its report made up once overdue.
        t.send(1, Message::Stop);
        assert!(report_within(&mut t, REPORT_WAIT * 2));
        // Late: the next ones are answered at once, also the one under way
        // when the rank is dropped.
        while t.owed[1].front().is_some_and(|s| s.elapsed() < SILENCE) {
            t.send(1, Message::Stop);
            assert!(report_within(&mut t, REPORT_WAIT / 2));
            std::thread::sleep(REPORT_WAIT);
        }
        t.send(1, Message::Stop);
        assert!(t.poll().is_some());
        assert!(t.poll().is_none());
        assert!(!t.watch.is_live(1));
        // A dropped rank's `Stop`s are answered at once.
        t.send(1, Message::Stop);
        assert!(report_within(&mut t, Duration::from_millis(50)));
    }

    #[test]
    fn a_late_rank_gets_no_tasks_and_its_next_stop_is_answered_at_once() {
        let mut t = Hung::watched(3);
        t.send(1, Message::Stop);
        assert!(report_within(&mut t, REPORT_WAIT * 2));
        assert!(t.late(1) && t.watch.is_live(1));
        let task = |depth| {
            Message::Task(Task {
                path: Vec::new(),
                key: 0,
                depth,
                alpha: -1,
                beta: 1,
                signature: Signature::default(),
            })
        };
        t.inner.sent.clear();
        t.send(1, task(3));
        t.send(1, Message::Pass);
        t.send(2, task(4));
        assert_eq!(t.inner.sent, [(2, task(3)), (2, task(4))]);
        // It still hears the next search's `Stop`, and the master does not
        // wait for its report.
        t.send(1, Message::Stop);
        assert_eq!(t.inner.sent.last(), Some(&(1, Message::Stop)));
        assert!(report_within(&mut t, REPORT_WAIT / 2));
        // Its two reports come in the end, passed over: it is on time again.
        for _ in 0..2 {
            (t.inner.replies).push_back((1, Message::Report(Box::default())));
        }
        assert!(t.poll().is_none());
        assert!(!t.late(1));
        t.send(1, task(5));
        assert_eq!(t.inner.sent.last(), Some(&(1, task(5))));
    }
}
