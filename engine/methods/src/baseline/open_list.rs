//! SSS*'s OPEN list (Stockman): states of nodes, named by their paths of
//! child indices from the search's root, taken highest merit first and,
//! among equal merits, leftmost first (so that SSS* never evaluates a leaf
//! that alpha-beta would not). Solving a MAX node purges every state below
//! it; the purge is lazy — a purged state is dropped when the list comes
//! to it.

use ahash::AHashSet;
use std::cmp::{Ordering, Reverse};
use std::collections::BTreeSet;
use yomi_tree::Value;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Status {
    /// Not yet solved: its merit is an upper bound on its value.
    Live,
    /// Solved: its merit is its value, or an upper bound that already
    /// decides the search.
    Solved,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct State {
    pub path: Vec<u16>,
    pub status: Status,
    /// From the MAX side (the side to move at the whole tree's root).
    pub merit: Value,
}

impl State {
    fn key(&self) -> (Reverse<Value>, &[u16], Status) {
        (Reverse(self.merit), &self.path, self.status)
    }
}

impl Ord for State {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for State {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[derive(Default)]
pub(super) struct OpenList {
    states: BTreeSet<State>,
    /// Nodes whose descendants' states are purged.
    purged: AHashSet<Vec<u16>>,
}

impl OpenList {
    pub(crate) fn push(&mut self, path: Vec<u16>, status: Status, merit: Value) {
        self.states.insert(State {
            path,
            status,
            merit,
        });
    }

    /// The first state that is not purged.
    pub(crate) fn top(&mut self) -> Option<&State> {
        while let Some(first) = self.states.first() {
            if !self.is_purged(&first.path) {
                break;
            }
            self.states.pop_first();
        }
        self.states.first()
    }

    pub(crate) fn pop(&mut self) -> Option<State> {
        self.top()?;
        self.states.pop_first()
    }

    pub(crate) fn remove(&mut self, state: &State) {
        self.states.remove(state);
    }

    /// Drops every state strictly below `node`.
    pub(crate) fn purge_below(&mut self, node: &[u16]) {
        self.purged.insert(node.to_vec());
    }

    /// Whether a state of `path` has been purged.
    pub(crate) fn is_purged(&self, path: &[u16]) -> bool {
        (0..path.len()).any(|k| self.purged.contains(&path[..k]))
    }

    /// The states not purged, in the order the list takes them.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &State> {
        self.states.iter().filter(|s| !self.is_purged(&s.path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn highest_merit_first_then_leftmost_and_purges_are_lazy() {
        let mut open = OpenList::default();
        open.push(vec![1], Status::Live, 5);
        open.push(vec![0, 2], Status::Live, 5);
        open.push(vec![0, 1, 4], Status::Solved, 3);
        open.push(vec![2], Status::Live, 9);
        let order: Vec<_> = open.iter().map(|s| s.path.clone()).collect();
        assert_eq!(order, [vec![2], vec![0, 2], vec![1], vec![0, 1, 4]]);
        open.purge_below(&[0]);
        assert!(open.is_purged(&[0, 2]) && !open.is_purged(&[0]));
        assert_eq!(open.pop().map(|s| s.path), Some(vec![2]));
        assert_eq!(open.pop().map(|s| s.path), Some(vec![1]));
        assert_eq!(open.pop(), None);
    }
}
