//! Duplicated states (seed 001 §III-C): a state visited often enough is
//! copied to every search rank, which then selects there itself instead of
//! sending the simulation to the owner. Each copy counts its own visits
//! and rewards twice: into the statistics it selects by, and into Δ
//! counters not yet told to the others; once a child's Δ visits reach
//! N_sync = min(N_sync^max, max(N_sync^min, α·N)), the whole state's Δ
//! goes out in one message and is cleared.

use super::super::node_table::Node;
use serde::{Deserialize, Serialize};

/// Per child: visits and summed rewards.
pub type ChildStats = Vec<(u64, f64)>;

/// Seed 001's four parameters.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Duplication {
    /// Simulations through a state before its owner shares it (N_dup).
    pub n_dup: u64,
    /// α: Δ visits worth synchronising, as a share of the child's visits.
    pub alpha: f64,
    /// Bounds on N_sync.
    pub sync_min: u64,
    pub sync_max: u64,
}

impl Duplication {
    /// Seed 001 §IV-A's values.
    pub const SEED_001: Duplication = Duplication {
        n_dup: 8192,
        alpha: 0.02,
        sync_min: 8,
        sync_max: 16,
    };

    /// N_sync(s, a) for a child with `visits` so far.
    pub fn n_sync(&self, visits: u64) -> u64 {
        ((self.alpha * visits as f64) as u64).clamp(self.sync_min, self.sync_max.max(self.sync_min))
    }
}

/// A state's statistics sent between ranks: a share (the owner's whole
/// statistics when it duplicated the state) or a synchronisation (Δs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SyncEntry {
    pub key: u64,
    pub share: bool,
    pub counts: ChildStats,
}

/// One rank's copy of a duplicated state.
#[derive(Clone, Debug)]
pub(crate) struct Shared {
    /// The owner's share has arrived: synchronisations from ranks that got
    /// it sooner can come first, and are kept until then.
    pub known: bool,
    /// What selection reads: the share, everyone's synchronisations and
    /// this rank's own Δs.
    pub node: Node,
    /// This rank's visits and rewards not yet sent.
    delta: ChildStats,
}

impl Shared {
    pub(crate) fn new(children: usize, known: bool) -> Shared {
        Shared {
            known,
            node: Node::new(children),
            delta: vec![(0, 0.0); children],
        }
    }

    /// The owner's copy of a state it shares.
    pub(crate) fn of_owner(node: Node) -> Shared {
        let delta = vec![(0, 0.0); node.children.len()];
        Shared {
            known: true,
            node,
            delta,
        }
    }

    /// This rank's own simulation through child `i` (its visit already
    /// counted where it was `visited`, as a virtual loss); the Δs to send
    /// when they are due.
    pub(crate) fn add(
        &mut self,
        i: usize,
        reward: f64,
        visited: bool,
        d: &Duplication,
    ) -> Option<ChildStats> {
        match visited {
            true => self.node.children[i].1 += reward,
            false => self.node.add(i, reward),
        }
        self.delta[i].0 += 1;
        self.delta[i].1 += reward;
        if self.delta[i].0 < d.n_sync(self.node.children[i].0) {
            return None;
        }
        let zero = vec![(0, 0.0); self.delta.len()];
        Some(std::mem::replace(&mut self.delta, zero))
    }

    /// Another rank's share or Δs.
    pub(crate) fn merge(&mut self, counts: &ChildStats) {
        merge(&mut self.node.children, counts);
        self.node.visits += counts.iter().map(|&(n, _)| n).sum::<u64>();
    }
}

/// `into` += `counts`, child by child (a state's copies agree on its
/// children).
pub(crate) fn merge(into: &mut ChildStats, counts: &ChildStats) {
    for (a, b) in into.iter_mut().zip(counts) {
        a.0 += b.0;
        a.1 += b.1;
    }
}

/// `from` − `counts`, child by child.
pub(crate) fn without(from: &ChildStats, counts: &ChildStats) -> ChildStats {
    from.iter()
        .zip(counts)
        .map(|(a, b)| (a.0 - b.0, a.1 - b.1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deltas_go_out_when_a_child_has_n_sync_of_them() {
        let d = Duplication::SEED_001;
        assert_eq!((d.n_sync(10), d.n_sync(500), d.n_sync(10_000)), (8, 10, 16));
        let mut s = Shared::new(2, true);
        for _ in 0..7 {
            assert_eq!(s.add(0, 1.0, false, &d), None);
        }
        s.node.visit(1);
        assert_eq!(s.add(1, 0.5, true, &d), None);
        assert_eq!(s.add(0, 1.0, false, &d), Some(vec![(8, 8.0), (1, 0.5)]));
        assert_eq!(s.node.visits, 9);
        s.merge(&vec![(2, 1.0), (3, 0.0)]);
        assert_eq!(
            (s.node.visits, s.node.children.clone()),
            (14, vec![(10, 9.0), (4, 0.5)])
        );
        assert_eq!(without(&vec![(5, 2.0)], &vec![(2, 1.0)]), vec![(3, 1.0)]);
    }
}
