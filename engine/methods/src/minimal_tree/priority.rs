//! The order in which a worker runs its tasks (seed 000 §3.2): first tasks
//! received after the last pass message, then tasks with a shallower
//! completed search, then signatures in depth-first order, then narrower
//! windows. Signature first (not in seed 000) swaps the middle two: a
//! worker deepens the tasks in the prediction's order.

use super::signature::Signature;
use std::cmp::{Ordering, Reverse};
use yomi_tree::Value;

/// What a task's priority depends on (borrowing the task's signature:
/// workers compare priorities at every look at their messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Priority<'a> {
    /// Received (again) since the worker's last pass message.
    pub fresh: bool,
    /// Depth of the deepest finished search of the task's position.
    pub completed_depth: u32,
    pub signature: &'a Signature,
    pub alpha: Value,
    pub beta: Value,
    /// Signatures before completed depths (both priorities compared are
    /// one queue's, so they agree).
    pub signature_first: bool,
}

impl Priority<'_> {
    fn width(&self) -> i64 {
        i64::from(self.beta) - i64::from(self.alpha)
    }
}

impl Ord for Priority<'_> {
    /// Greater is more urgent.
    fn cmp(&self, other: &Self) -> Ordering {
        type Key<'a> = (
            bool,
            Reverse<u32>,
            Reverse<&'a Signature>,
            Reverse<u32>,
            Reverse<i64>,
        );
        fn key<'a>(p: &Priority<'a>) -> Key<'a> {
            let (before, after) = if p.signature_first {
                (0, p.completed_depth)
            } else {
                (p.completed_depth, 0)
            };
            (
                p.fresh,
                Reverse(before),
                Reverse(p.signature),
                Reverse(after),
                Reverse(p.width()),
            )
        }
        key(self).cmp(&key(other))
    }
}

impl PartialOrd for Priority<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(
        fresh: bool,
        completed_depth: u32,
        sig: &Signature,
        alpha: Value,
        beta: Value,
    ) -> Priority<'_> {
        Priority {
            fresh,
            completed_depth,
            signature: sig,
            alpha,
            beta,
            signature_first: false,
        }
    }

    fn s(ranks: &[u16]) -> Signature {
        Signature(ranks.to_vec())
    }

    #[test]
    fn the_four_levels_in_order() {
        // Freshness beats everything else.
        assert!(p(true, 8, &s(&[4, 4]), -10, 10) > p(false, 0, &s(&[0]), 0, 1));
        // Then the shallower completed search.
        assert!(p(true, 2, &s(&[4, 4]), -10, 10) > p(true, 4, &s(&[0, 0]), 0, 1));
        // Then depth-first order of signatures.
        assert!(p(true, 2, &s(&[0, 3]), -10, 10) > p(true, 2, &s(&[1, 0]), 0, 1));
        // Last the narrower window.
        assert!(p(true, 2, &s(&[0, 3]), 0, 1) > p(true, 2, &s(&[0, 3]), -10, 10));
        assert_eq!(
            p(true, 2, &s(&[0, 3]), 0, 5).cmp(&p(true, 2, &s(&[0, 3]), 10, 15)),
            Ordering::Equal
        );
    }

    #[test]
    fn signature_first_swaps_the_middle_two() {
        fn first(p: Priority<'_>) -> Priority<'_> {
            Priority {
                signature_first: true,
                ..p
            }
        }
        let (front, back) = (s(&[0, 3]), s(&[1, 0]));
        // The earlier signature wins over the shallower completed search ...
        assert!(first(p(true, 4, &front, -10, 10)) > first(p(true, 2, &back, -10, 10)));
        assert!(p(true, 4, &front, -10, 10) < p(true, 2, &back, -10, 10));
        // ... freshness still first, and within a signature the shallower
        // search, then the narrower window.
        assert!(first(p(false, 0, &front, 0, 1)) < first(p(true, 8, &back, -10, 10)));
        assert!(first(p(true, 2, &front, -10, 10)) > first(p(true, 4, &front, 0, 1)));
        assert!(first(p(true, 2, &front, 0, 1)) > first(p(true, 2, &front, -10, 10)));
    }
}
