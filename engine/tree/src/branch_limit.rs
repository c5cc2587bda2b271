//! How many of a node's children a search sees (seed 000 §4.1's b for
//! shogi).

use std::fmt;
use std::num::NonZeroUsize;

/// The top b children of each node in the game's order, or every one.
/// The command line, USI's `BranchLimit` option and result records write
/// it as a number, 0 for every child.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BranchLimit(Option<NonZeroUsize>);

impl BranchLimit {
    /// Every child.
    pub const ALL: BranchLimit = BranchLimit(None);

    /// The top `b` children; 0 (as written): every one.
    pub const fn top(b: usize) -> BranchLimit {
        BranchLimit(NonZeroUsize::new(b))
    }

    /// The limit, `None` for every child.
    pub fn get(self) -> Option<usize> {
        self.0.map(NonZeroUsize::get)
    }

    /// Whether some children are left out.
    pub fn limits(self) -> bool {
        self.0.is_some()
    }

    /// The children kept of `n`.
    pub fn keep(self, n: usize) -> usize {
        self.get().map_or(n, |b| b.min(n))
    }
}

/// As written: the number, 0 for every child.
impl fmt::Display for BranchLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get().unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_is_every_child() {
        assert_eq!(BranchLimit::top(0), BranchLimit::ALL);
        assert_eq!(
            (BranchLimit::ALL.keep(30), BranchLimit::top(5).keep(30)),
            (30, 5)
        );
        assert_eq!(BranchLimit::top(5).keep(3), 3);
        assert!(BranchLimit::top(1).limits() && !BranchLimit::ALL.limits());
        assert_eq!(
            (
                BranchLimit::ALL.to_string(),
                BranchLimit::top(7).to_string()
            ),
            ("0".into(), "7".into())
        );
    }
}
