//! The order in which a worker runs its tasks (seed 000 §3.2): first tasks
//! received after the last pass message, then tasks with a shallower
//! completed search, then signatures in depth-first order, then narrower
//! windows.

use super::signature::Signature;
use crate::game::Value;
use std::cmp::{Ordering, Reverse};

/// What a task's priority depends on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Priority {
    /// Received (again) since the worker's last pass message.
    pub fresh: bool,
    /// Depth of the deepest finished search of the task's position.
    pub completed_depth: u32,
    pub signature: Signature,
    pub alpha: Value,
    pub beta: Value,
}

impl Priority {
    fn width(&self) -> i64 {
        i64::from(self.beta) - i64::from(self.alpha)
    }
}

impl Ord for Priority {
    /// Greater is more urgent.
    fn cmp(&self, other: &Self) -> Ordering {
        let key = |p: &Priority| {
            (
                p.fresh,
                Reverse(p.completed_depth),
                Reverse(p.signature.clone()),
                Reverse(p.width()),
            )
        };
        key(self).cmp(&key(other))
    }
}

impl PartialOrd for Priority {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(fresh: bool, completed_depth: u32, sig: &[u16], alpha: Value, beta: Value) -> Priority {
        Priority {
            fresh,
            completed_depth,
            signature: Signature(sig.to_vec()),
            alpha,
            beta,
        }
    }

    #[test]
    fn the_four_levels_in_order() {
        // Freshness beats everything else.
        assert!(p(true, 8, &[4, 4], -10, 10) > p(false, 0, &[0], 0, 1));
        // Then the shallower completed search.
        assert!(p(true, 2, &[4, 4], -10, 10) > p(true, 4, &[0, 0], 0, 1));
        // Then depth-first order of signatures.
        assert!(p(true, 2, &[0, 3], -10, 10) > p(true, 2, &[1, 0], 0, 1));
        // Last the narrower window.
        assert!(p(true, 2, &[0, 3], 0, 1) > p(true, 2, &[0, 3], -10, 10));
        assert_eq!(
            p(true, 2, &[0, 3], 0, 5).cmp(&p(true, 2, &[0, 3], 10, 15)),
            Ordering::Equal
        );
    }
}
