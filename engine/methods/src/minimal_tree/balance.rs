//! The master's choice of worker for a task (seed 000 §3.1): positions are
//! counted once per worker and pass; a new position goes to the worker with
//! the fewest positions (round-robin among ties); a known position goes to
//! its owner, whose table knows it, unless the owner is busy this pass, the
//! position has not been sent this pass, and some worker got nothing in the
//! last pass: then that idle worker becomes the owner. A worker that said
//! its queue ran dry (games) counts as idle too, until it gets a task.

use ahash::{AHashMap, AHashSet};

pub(crate) struct Balancer {
    workers: usize,
    /// Positions per worker in the last pass.
    last_pass: Vec<u32>,
    /// Positions per worker in this pass.
    this_pass: Vec<u32>,
    /// (position, worker) pairs counted this pass.
    counted: AHashSet<(u64, usize)>,
    /// Positions sent this pass.
    sent: AHashSet<u64>,
    owner: AHashMap<u64, usize>,
    /// Workers whose queues ran dry, not given a task since.
    dry: Vec<bool>,
    /// Where the round-robin among equally loaded workers resumes.
    next: usize,
}

impl Balancer {
    /// A balancer for workers `0..workers` (at least one).
    pub(crate) fn new(workers: usize) -> Balancer {
        let workers = workers.max(1);
        Balancer {
            workers,
            last_pass: vec![0; workers],
            this_pass: vec![0; workers],
            counted: AHashSet::new(),
            sent: AHashSet::new(),
            owner: AHashMap::new(),
            dry: vec![false; workers],
            next: 0,
        }
    }

    /// The worker a task for `position` (its hash) goes to.
    pub(crate) fn choose(&mut self, position: u64) -> usize {
        let worker = match self.owner.get(&position).copied() {
            Some(owner) => match self.idle_worker() {
                Some(idle) if !self.sent.contains(&position) && self.this_pass[owner] > 0 => idle,
                _ => owner,
            },
            None => self.least_loaded(),
        };
        self.owner.insert(position, worker);
        self.dry[worker] = false;
        self.sent.insert(position);
        if self.counted.insert((position, worker)) {
            self.this_pass[worker] += 1;
        }
        worker
    }

    /// The pass ended: this pass's counts become the last pass's.
    pub(crate) fn end_pass(&mut self) {
        self.last_pass = std::mem::replace(&mut self.this_pass, vec![0; self.workers]);
        self.counted.clear();
        self.sent.clear();
    }

    /// `worker`'s queue ran dry.
    pub(crate) fn ran_dry(&mut self, worker: usize) {
        if let Some(dry) = self.dry.get_mut(worker) {
            *dry = true;
        }
    }

    /// A worker whose queue ran dry, or that received no position in the
    /// last pass nor yet in this one.
    fn idle_worker(&self) -> Option<usize> {
        (0..self.workers).find(|&w| self.dry[w] || self.last_pass[w] == 0 && self.this_pass[w] == 0)
    }

    /// The worker with the fewest positions (last pass plus this one),
    /// round-robin among ties.
    fn least_loaded(&mut self) -> usize {
        let load = |w: usize| self.last_pass[w] + self.this_pass[w];
        let best = (0..self.workers)
            .map(|i| (self.next + i) % self.workers)
            .min_by_key(|&w| load(w))
            .expect("at least one worker");
        self.next = (best + 1) % self.workers;
        best
    }

    /// The worker that owns `position`, if one does (for the tests).
    #[cfg(test)]
    fn owner(&self, position: u64) -> Option<usize> {
        self.owner.get(&position).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_positions_spread_round_robin() {
        let mut b = Balancer::new(3);
        let chosen: Vec<usize> = (1..=6).map(|p| b.choose(p)).collect();
        assert_eq!(chosen, [0, 1, 2, 0, 1, 2]);
        // The same position twice in a pass is counted once.
        assert_eq!(b.choose(1), 0);
        assert_eq!(b.this_pass, [2, 2, 2]);
    }

    #[test]
    fn new_positions_go_to_the_least_loaded_worker() {
        let mut b = Balancer::new(3);
        for p in [1, 2, 3, 4] {
            b.choose(p); // loads 2, 1, 1
        }
        b.end_pass();
        // Known positions stay with their owners ...
        assert_eq!(b.choose(1), 0);
        assert_eq!(b.choose(2), 1);
        // ... new ones go where the load is smallest: worker 2 (1 + 0).
        assert_eq!(b.choose(10), 2);
    }

    #[test]
    fn ownership_moves_to_an_idle_worker_only_under_the_three_conditions() {
        let mut b = Balancer::new(3);
        b.choose(1);
        b.choose(2);
        b.choose(3);
        b.choose(4); // worker 0 owns 1 and 4
        b.end_pass();
        b.end_pass(); // nobody received anything in the last pass: all idle
        assert_eq!(b.choose(1), 0, "owner has nothing yet this pass: stays");
        assert_eq!(
            b.choose(4),
            1,
            "owner busy, 4 not sent, worker 1 idle: moves"
        );
        assert_eq!(b.owner(4), Some(1));
        assert_eq!(b.choose(4), 1, "sent this pass already: no second move");

        let mut b = Balancer::new(2);
        b.choose(1); // worker 0
        b.choose(2); // worker 1
        b.choose(3); // worker 0 owns 1 and 3
        b.end_pass();
        assert_eq!(b.choose(1), 0);
        assert_eq!(b.choose(3), 0, "no idle worker: the owner keeps it");
    }

    #[test]
    fn a_worker_whose_queue_ran_dry_takes_a_busy_owners_next_position() {
        let mut b = Balancer::new(2);
        b.choose(1);
        b.choose(2);
        b.choose(3); // worker 0 owns 1 and 3, worker 1 owns 2
        b.end_pass();
        b.ran_dry(1);
        assert_eq!(b.choose(1), 0, "the owner's first position stays");
        assert_eq!(b.choose(3), 1, "its next one goes to the dry worker");
        assert_eq!(b.owner(3), Some(1));
        b.end_pass();
        assert_eq!(b.choose(1), 0);
        assert_eq!(b.choose(2), 1);
        b.ran_dry(1);
        assert_eq!(b.choose(3), 1, "owned by the dry worker now");
        b.ran_dry(7); // no such worker: ignored
    }
}
