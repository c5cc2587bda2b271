//! The master's choice of worker for a task (seed 000 §3.1): positions are
//! counted once per worker and pass; a new position goes to the worker with
//! the fewest positions (round-robin among ties); a known position goes to
//! its owner, whose table knows it, unless the owner is busy this pass, the
//! position has not been sent this pass, and some worker got nothing in the
//! last pass: then that idle worker becomes the owner. A worker that said
//! its queue ran dry (games) counts as idle too, until it gets a task.

use ahash::AHashMap;

pub(crate) struct Balancer {
    workers: usize,
    /// Positions per worker in the last pass.
    last_pass: Vec<u32>,
    /// Positions per worker in this pass.
    this_pass: Vec<u32>,
    /// Passes ended so far.
    pass: u32,
    owner: AHashMap<u64, Owner>,
    /// Workers whose queues ran dry, not given a task since.
    dry: Vec<bool>,
    /// Idle workers (see `is_idle`): nearly always none, and then a busy
    /// owner's position is not held up by a look at every worker.
    idle: usize,
    /// Where the round-robin among equally loaded workers resumes.
    next: usize,
}

/// A position's worker, and the pass it was last sent in: a position goes
/// to one worker within a pass, counted there once.
struct Owner {
    worker: usize,
    sent_in: u32,
}

impl Balancer {
    /// A balancer for workers `0..workers` (at least one).
    pub(crate) fn new(workers: usize) -> Balancer {
        let workers = workers.max(1);
        Balancer {
            workers,
            last_pass: vec![0; workers],
            this_pass: vec![0; workers],
            pass: 0,
            owner: AHashMap::new(),
            dry: vec![false; workers],
            idle: workers,
            next: 0,
        }
    }

    /// The worker a task for `position` (its hash) goes to.
    pub(crate) fn choose(&mut self, position: u64) -> usize {
        let pass = self.pass;
        let (worker, first_this_pass) = match self.owner.get(&position) {
            Some(o) if o.sent_in == pass => (o.worker, false),
            Some(o) if self.this_pass[o.worker] > 0 => {
                (self.idle_worker().unwrap_or(o.worker), true)
            }
            Some(o) => (o.worker, true),
            None => (self.least_loaded(), true),
        };
        if self.is_idle(worker) {
            self.idle -= 1;
        }
        self.dry[worker] = false;
        if first_this_pass {
            let sent_in = pass;
            self.owner.insert(position, Owner { worker, sent_in });
            self.this_pass[worker] += 1;
        }
        worker
    }

    /// The pass ended: this pass's counts become the last pass's.
    pub(crate) fn end_pass(&mut self) {
        self.last_pass = std::mem::replace(&mut self.this_pass, vec![0; self.workers]);
        self.pass += 1;
        self.idle = (0..self.workers).filter(|&w| self.is_idle(w)).count();
    }

    /// `worker`'s queue ran dry.
    pub(crate) fn ran_dry(&mut self, worker: usize) {
        if worker < self.workers && !self.is_idle(worker) {
            self.idle += 1;
        }
        if let Some(dry) = self.dry.get_mut(worker) {
            *dry = true;
        }
    }

    /// Whether `worker`'s queue ran dry, or it received no position in the
    /// last pass nor yet in this one.
    fn is_idle(&self, w: usize) -> bool {
        self.dry[w] || self.last_pass[w] == 0 && self.this_pass[w] == 0
    }

    /// The first idle worker.
    fn idle_worker(&self) -> Option<usize> {
        if self.idle == 0 {
            return None;
        }
        (0..self.workers).find(|&w| self.is_idle(w))
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
        self.owner.get(&position).map(|o| o.worker)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ahash::AHashSet;
    use proptest::prelude::*;

    /// The balancer as first written (sets of the pairs counted and the
    /// positions sent this pass, every worker looked at for an idle one):
    /// the kept counts must choose as it does.
    struct Plain {
        workers: usize,
        last_pass: Vec<u32>,
        this_pass: Vec<u32>,
        counted: AHashSet<(u64, usize)>,
        sent: AHashSet<u64>,
        owner: AHashMap<u64, usize>,
        dry: Vec<bool>,
        next: usize,
    }

    impl Plain {
        fn choose(&mut self, position: u64) -> usize {
            let idle = (0..self.workers)
                .find(|&w| self.dry[w] || self.last_pass[w] == 0 && self.this_pass[w] == 0);
            let worker = match self.owner.get(&position).copied() {
                Some(owner) => match idle {
                    Some(idle) if !self.sent.contains(&position) && self.this_pass[owner] > 0 => {
                        idle
                    }
                    _ => owner,
                },
                None => {
                    let load = |w: usize| self.last_pass[w] + self.this_pass[w];
                    let best = (0..self.workers)
                        .map(|i| (self.next + i) % self.workers)
                        .min_by_key(|&w| load(w))
                        .unwrap();
                    self.next = (best + 1) % self.workers;
                    best
                }
            };
            self.owner.insert(position, worker);
            self.dry[worker] = false;
            self.sent.insert(position);
            if self.counted.insert((position, worker)) {
                self.this_pass[worker] += 1;
            }
            worker
        }
    }

    proptest! {
        #[test]
        fn chooses_as_the_plain_form(
            workers in 1usize..6,
            steps in prop::collection::vec((0u8..10, 0u64..12), 0..300),
        ) {
            let mut kept = Balancer::new(workers);
            let mut plain = Plain {
                workers,
                last_pass: vec![0; workers],
                this_pass: vec![0; workers],
                counted: AHashSet::new(),
                sent: AHashSet::new(),
                owner: AHashMap::new(),
                dry: vec![false; workers],
                next: 0,
            };
            for (what, n) in steps {
                match what {
                    0 => {
                        kept.end_pass();
                        plain.last_pass = std::mem::replace(&mut plain.this_pass, vec![0; workers]);
                        plain.counted.clear();
                        plain.sent.clear();
                    }
                    1 => {
                        let w = n as usize % (workers + 1);
                        kept.ran_dry(w);
                        if let Some(d) = plain.dry.get_mut(w) {
                            *d = true;
                        }
                    }
                    _ => prop_assert_eq!(kept.choose(n), plain.choose(n)),
                }
            }
        }
    }

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
