//! The workers' results for one position, as the master's passes read
//! them (seed 000 Fig. 4, EvalAndSendTask): the deepest result usable with
//! the pass window, the first received of equal depths. Only results that
//! can still be that one are kept, and the first few inside the master's
//! map itself: the passes look a position up at every frontier visit, and
//! a list kept apart cost a second miss of the cache there.

use super::message::Outcome;
use smallvec::SmallVec;
use yomi_tree::Value;

/// A result without its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Found {
    depth: u32,
    alpha: Value,
    beta: Value,
    value: Value,
}

impl From<&Outcome> for Found {
    fn from(r: &Outcome) -> Found {
        Found {
            depth: r.depth,
            alpha: r.alpha,
            beta: r.beta,
            value: r.value,
        }
    }
}

impl Found {
    /// Inside its own window, the value holds for any pass window.
    fn exact(&self) -> bool {
        self.value > self.alpha && self.value < self.beta
    }

    /// The value this result proves within the pass window (`a1`, `b1`),
    /// fail-hard, if any: a result is exact inside its own window, an
    /// upper bound at its alpha, a lower bound at its beta.
    fn usable(&self, a1: Value, b1: Value) -> Option<Value> {
        if self.exact() {
            Some(self.value.clamp(a1, b1))
        } else if self.value >= self.beta && self.value >= b1 {
            Some(b1)
        } else if self.value <= self.alpha && self.value <= a1 {
            Some(a1)
        } else {
            None
        }
    }
}

/// In arrival order.
#[derive(Default)]
pub(super) struct PositionResults(SmallVec<[Found; 2]>);

impl PositionResults {
    /// A result arrived. One that an earlier exact result at least as deep
    /// always wins over is not kept; an exact one ends those shallower.
    pub(super) fn add(&mut self, r: &Outcome) {
        let found = Found::from(r);
        if self.0.iter().any(|f| f.exact() && f.depth >= found.depth) {
            return;
        }
        if found.exact() {
            self.0.retain(|f| f.depth >= found.depth);
        }
        self.0.push(found);
    }

    /// The deepest result usable with the pass window (`a1`, `b1`), the
    /// first received of equal depths: its value and depth.
    pub(super) fn deepest(&self, a1: Value, b1: Value) -> Option<(Value, u32)> {
        let mut best = None;
        for f in &self.0 {
            if best.is_some_and(|(_, depth)| f.depth <= depth) {
                continue;
            }
            if let Some(v) = f.usable(a1, b1) {
                best = Some((v, f.depth));
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Of every result, the first received of the deepest usable ones.
    fn deepest_of_all(all: &[Outcome], a1: Value, b1: Value) -> Option<(Value, u32)> {
        let usable = |r: &Outcome| Found::from(r).usable(a1, b1);
        let depth = all
            .iter()
            .filter(|r| usable(r).is_some())
            .map(|r| r.depth)
            .max()?;
        let first = all
            .iter()
            .find(|r| r.depth == depth && usable(r).is_some())?;
        usable(first).map(|v| (v, depth))
    }

    proptest! {
        #[test]
        fn reads_as_every_result_kept(
            results in prop::collection::vec((0u32..6, -3i32..3, 0i32..4, -5i32..5), 0..20),
            windows in prop::collection::vec((-5i32..5, 1i32..6), 1..10),
        ) {
            let mut kept = PositionResults::default();
            let mut all = Vec::new();
            for (depth, alpha, width, value) in results {
                let r = Outcome { key: 1, depth, alpha, beta: alpha + width, value };
                kept.add(&r);
                all.push(r);
                for &(a1, w) in &windows {
                    prop_assert_eq!(kept.deepest(a1, a1 + w), deepest_of_all(&all, a1, a1 + w));
                }
            }
        }
    }
}
