//! Where seed 000's master hands the tree to its workers: a search to
//! depth d whose master keeps the top d′ plies, its tasks at ply d′ each
//! searched d − d′ deep.

/// Depth d and the master's plies d′, kept within 1 ≤ d′ < d (d′ = 1
/// when d < 2): the one place d − d′ is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TaskSplit {
    depth: u32,
    d_prime: u32,
}

impl TaskSplit {
    /// `d_prime` brought within its bounds for `depth`.
    pub(crate) fn new(depth: u32, d_prime: u32) -> TaskSplit {
        TaskSplit {
            depth,
            d_prime: d_prime.clamp(1, depth.saturating_sub(1).max(1)),
        }
    }

    pub(crate) fn depth(self) -> u32 {
        self.depth
    }

    /// The tasks' depth, d − d′.
    pub(crate) fn task_depth(self) -> u32 {
        self.depth.saturating_sub(self.d_prime)
    }

    /// The same master plies in a search `depth` deep (iterative
    /// deepening at the root), brought within bounds again.
    pub(crate) fn deepened(self, depth: u32) -> TaskSplit {
        TaskSplit::new(depth, self.d_prime)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_master_keeps_a_ply_and_leaves_the_tasks_one() {
        assert_eq!(TaskSplit::new(8, 4).task_depth(), 4);
        assert_eq!(TaskSplit::new(8, 0).task_depth(), 7);
        assert_eq!(TaskSplit::new(8, 9).task_depth(), 1);
        assert_eq!(TaskSplit::new(1, 3).task_depth(), 0);
        let deeper = TaskSplit::new(3, 6).deepened(10);
        assert_eq!(
            (deeper.depth(), deeper.task_depth()),
            (10, 8),
            "d′ was 2 at d = 3"
        );
    }
}
