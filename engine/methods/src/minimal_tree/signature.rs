//! Task signatures: the ranks of the children along the path from the root
//! (seed 000 §3.1), which order tasks as a depth-first search would visit
//! them.

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// Child ranks from the root, 0 for the most promising child.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Signature(pub Vec<u16>);

impl Ord for Signature {
    /// Depth-first order: compare rank by rank; an ancestor comes before
    /// its descendants.
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.cmp(&other.0)
    }
}

impl PartialOrd for Signature {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_first_order() {
        let s = |v: &[u16]| Signature(v.to_vec());
        let mut v = vec![s(&[1, 0]), s(&[0, 2, 1]), s(&[0]), s(&[0, 2]), s(&[0, 10])];
        v.sort();
        assert_eq!(
            v,
            [s(&[0]), s(&[0, 2]), s(&[0, 2, 1]), s(&[0, 10]), s(&[1, 0])]
        );
    }
}
