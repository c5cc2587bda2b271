//! Sequential SSS* (Stockman) and staged SSS* (Campbell, seed 002 §B):
//! SSS* to the stage depth, whose nodes there are evaluated by a further
//! staged SSS* of their own subtrees, bounded by their merits; a stage
//! depth of at least the search depth is plain SSS*. Values are from the
//! MAX side, the side to move at the whole tree's root: a stage given a
//! node and a bound h finds min(h, value), which is what SSS* finds for
//! any node given the state (node, live, h). As with [`AlphaBeta`], the
//! caller is asked every `poll_every` nodes whether to go on.
//!
//! [`AlphaBeta`]: super::AlphaBeta

use super::cursor::Cursor;
use super::open_list::{OpenList, Status};
use super::plain_alphabeta::Counts;
use yomi_tree::{Game, Value};

/// Whether the node `path` below a node of side `max_node` is a MAX node.
pub(super) fn is_max(max_node: bool, path: &[u16]) -> bool {
    max_node == path.len().is_multiple_of(2)
}

/// A node's value at the horizon, or its loss when it has no children,
/// from the MAX side.
pub(super) fn leaf_value<G: Game>(game: &mut G, at_horizon: bool, max: bool) -> Value {
    let value = if at_horizon {
        game.evaluate()
    } else {
        game.end_value()
    };
    if max {
        value
    } else {
        -value
    }
}

/// What SSS* does with a solved state other than its search's root's:
/// a MIN node solves its parent (and purges the parent's other states);
/// a MAX node passes its merit on to its next sibling, or solves its
/// parent if it is the last. `siblings`: its parent's number of children.
pub(super) fn solved(open: &mut OpenList, path: &[u16], merit: Value, max: bool, siblings: usize) {
    let (parent, index) = path.split_at(path.len() - 1);
    if !max {
        open.purge_below(parent);
        open.push(parent.to_vec(), Status::Solved, merit);
    } else if usize::from(index[0]) + 1 < siblings {
        let mut next = path.to_vec();
        *next.last_mut().expect("a child") += 1;
        open.push(next, Status::Live, merit);
    } else {
        open.push(parent.to_vec(), Status::Solved, merit);
    }
}

/// What SSS* does with a live interior node: a MAX node's children all
/// go on the list, a MIN node's first.
pub(super) fn expand(open: &mut OpenList, path: &[u16], merit: Value, max: bool, children: usize) {
    let count = if max { children } else { 1 };
    for i in 0..count {
        let mut child = path.to_vec();
        child.push(i as u16);
        open.push(child, Status::Live, merit);
    }
}

pub struct StagedSss<'g, G: Game, P: FnMut(Counts) -> bool> {
    game: &'g mut G,
    /// Plies of one stage (at least 1).
    stage_depth: u32,
    go_on: P,
    poll_every: u64,
    counts: Counts,
    aborted: bool,
}

impl<'g, G: Game, P: FnMut(Counts) -> bool> StagedSss<'g, G, P> {
    pub fn new(game: &'g mut G, stage_depth: u32, poll_every: u64, go_on: P) -> Self {
        StagedSss {
            game,
            stage_depth: stage_depth.max(1),
            go_on,
            poll_every: poll_every.max(1),
            counts: Counts::default(),
            aborted: false,
        }
    }

    /// min(`bound`, the current node's value searched `depth` plies deep),
    /// from the MAX side; `max_node`: the node is a MAX node. `None` if
    /// the caller aborted the search.
    pub fn search(&mut self, depth: u32, bound: Value, max_node: bool) -> Option<Value> {
        let value = self.stage(depth, bound, max_node);
        (!self.aborted).then_some(value)
    }

    pub fn counts(&self) -> Counts {
        self.counts
    }

    fn count(&mut self, leaf: bool) {
        self.counts.nodes += 1;
        self.counts.leaves += u64::from(leaf);
        if self.counts.nodes.is_multiple_of(self.poll_every) && !(self.go_on)(self.counts) {
            self.aborted = true;
        }
    }

    /// One stage of SSS* from the current node; the game is back there
    /// when it returns.
    fn stage(&mut self, depth: u32, bound: Value, max_node: bool) -> Value {
        let span = self.stage_depth.min(depth) as usize;
        let mut open = OpenList::default();
        open.push(Vec::new(), Status::Live, bound);
        let mut cursor = Cursor::new();
        loop {
            let state = open
                .pop()
                .expect("the root is solved before the list empties");
            if self.aborted || (state.status == Status::Solved && state.path.is_empty()) {
                cursor.goto(self.game, &[]);
                return state.merit;
            }
            let max = is_max(max_node, &state.path);
            let ply = state.path.len();
            if state.status == Status::Solved {
                cursor.goto(self.game, &state.path[..ply - 1]);
                let siblings = cursor.children(self.game).len();
                solved(&mut open, &state.path, state.merit, max, siblings);
                continue;
            }
            cursor.goto(self.game, &state.path);
            let remaining = depth - ply as u32;
            let children = if remaining > 0 {
                cursor.children(self.game).len()
            } else {
                0
            };
            let value = if children == 0 {
                self.count(true);
                leaf_value(self.game, remaining == 0, max).min(state.merit)
            } else if ply == span {
                self.stage(remaining, state.merit, max)
            } else {
                self.count(false);
                expand(&mut open, &state.path, state.merit, max, children);
                continue;
            };
            open.push(state.path, Status::Solved, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baseline::AlphaBeta;
    use yomi_tree::{OrderedTree, TreeOrdering, INFINITE};

    fn sss(tree: &mut OrderedTree, depth: u32, stage: u32) -> (Value, Counts) {
        let mut s = StagedSss::new(tree, stage, 1, |_| true);
        (s.search(depth, INFINITE, true).unwrap(), s.counts())
    }

    fn alpha_beta(tree: &mut OrderedTree, depth: u32) -> (Value, Counts) {
        let mut ab = AlphaBeta::new(tree, 1 << 20, |_| true);
        (ab.search(depth, -INFINITE, INFINITE).unwrap(), ab.counts())
    }

    #[test]
    fn it_finds_the_minimax_value_and_never_evaluates_more_leaves_than_alpha_beta() {
        for seed in 0..60 {
            let ordering = [TreeOrdering::Random, TreeOrdering::Geometric(0.8)][seed % 2];
            let (width, depth) = [(3, 5), (4, 4), (5, 3), (2, 7)][seed % 4];
            let mut tree = OrderedTree::new(seed as u64, width, ordering);
            let (value, ab) = alpha_beta(&mut tree, depth);
            let (sss_value, counts) = sss(&mut tree, depth, depth);
            assert_eq!(sss_value, value, "seed {seed}");
            assert!(counts.leaves <= ab.leaves, "seed {seed}: {counts:?} {ab:?}");
            for stage in 1..depth {
                assert_eq!(
                    sss(&mut tree, depth, stage).0,
                    value,
                    "seed {seed} stage {stage}"
                );
            }
        }
    }

    #[test]
    fn on_a_perfectly_ordered_tree_sss_costs_the_minimal_tree() {
        let mut tree = OrderedTree::new(4, 24, TreeOrdering::Perfect);
        assert_eq!(sss(&mut tree, 4, 4).1.leaves, 1151);
        // Staged, two plies a stage: the 24 nodes p.i.1 exactly (47
        // leaves each), then p.1.2 … p.1.24 bounded by p.1.1's value (24).
        assert_eq!(sss(&mut tree, 4, 2).1.leaves, 24 * 47 + 23 * 24);
    }

    #[test]
    fn a_bound_caps_the_value_from_the_max_side() {
        let mut tree = OrderedTree::new(9, 4, TreeOrdering::Random);
        let (value, _) = alpha_beta(&mut tree, 4);
        for bound in [value - 5, value, value + 5] {
            let mut s = StagedSss::new(&mut tree, 2, 1, |_| true);
            assert_eq!(s.search(4, bound, true), Some(value.min(bound)));
        }
        // A MIN node: its value from the MAX side is minus its negamax.
        let mut s = StagedSss::new(&mut tree, 2, 1, |_| true);
        assert_eq!(s.search(4, INFINITE, false), Some(-value));
    }
}
