//! Processor time over virtual time: how busy rank 0 (the master) and the
//! other ranks (the workers) were in each stretch of a run, to see when
//! the workers wait, not only how long.

use super::cost_model::Ps;

/// Stretches of 100 µs of virtual time.
const STRETCH: Ps = 100_000_000;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BusyProfile {
    /// Rank 0's processor time per stretch.
    master: Vec<Ps>,
    /// The other ranks' processor time per stretch, summed.
    workers: Vec<Ps>,
    worker_count: usize,
}

impl BusyProfile {
    pub(super) fn new(ranks: usize) -> BusyProfile {
        BusyProfile {
            worker_count: ranks.saturating_sub(1),
            ..BusyProfile::default()
        }
    }

    /// `rank` was busy from `from` to `to`.
    pub(super) fn add(&mut self, rank: usize, from: Ps, to: Ps) {
        let stretches = if rank == 0 {
            &mut self.master
        } else {
            &mut self.workers
        };
        let mut t = from;
        while t < to {
            let i = (t / STRETCH) as usize;
            let end = to.min((i as Ps + 1) * STRETCH);
            if stretches.len() <= i {
                stretches.resize(i + 1, 0);
            }
            stretches[i] += end - t;
            t = end;
        }
    }

    /// The master's and the workers' busy shares in each of `parts` equal
    /// parts of the run from 0 to `end`.
    pub fn shares(&self, end: Ps, parts: usize) -> Vec<(f64, f64)> {
        let parts = parts.max(1);
        let busy_in = |stretches: &[Ps], from: Ps, to: Ps| -> f64 {
            // Stretches overlapping the part, each counted for its overlap
            // (its busy time taken as spread evenly over it).
            let mut sum = 0.0;
            let first = (from / STRETCH) as usize;
            for (i, &busy) in stretches.iter().enumerate().skip(first) {
                let (s, e) = (i as Ps * STRETCH, (i as Ps + 1) * STRETCH);
                if s >= to {
                    break;
                }
                let overlap = e.min(to) - s.max(from);
                sum += busy as f64 * overlap as f64 / STRETCH as f64;
            }
            sum
        };
        (0..parts)
            .map(|k| {
                let from = end * k as Ps / parts as Ps;
                let to = end * (k as Ps + 1) / parts as Ps;
                let span = (to - from).max(1) as f64;
                let master = busy_in(&self.master, from, to) / span;
                let workers =
                    busy_in(&self.workers, from, to) / (span * self.worker_count.max(1) as f64);
                (master, workers)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_per_part() {
        let mut p = BusyProfile::new(3);
        // The master busy all of the first half; one worker of two busy
        // throughout, across many stretches.
        p.add(0, 0, 5 * STRETCH);
        p.add(1, 0, 10 * STRETCH);
        let shares = p.shares(10 * STRETCH, 2);
        assert_eq!(shares, [(1.0, 0.5), (0.0, 0.5)]);
        // Part boundaries inside a stretch count its busy time pro rata.
        let mut q = BusyProfile::new(2);
        q.add(1, 0, STRETCH);
        assert_eq!(q.shares(STRETCH, 4), [(0.0, 1.0); 4]);
    }
}
