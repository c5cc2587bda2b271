//! The baselines' sequential search: plain fail-hard negamax alpha-beta
//! to a fixed depth, children in the game's order, no table (seed 002's
//! algorithm; its leaf count on a perfectly ordered tree is the minimal
//! tree's). Every `poll_every` nodes it asks its caller whether to go on,
//! so that a processor can read messages and be told to stop, or narrow
//! the window of the node it started at (seed 004's bounds passed on).

use std::cell::Cell;
use yomi_tree::{Game, Value, INFINITE};

/// Nodes and leaves a search visited.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Counts {
    pub nodes: u64,
    /// Nodes evaluated: at the horizon, and terminal nodes.
    pub leaves: u64,
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, o: Counts) {
        self.nodes += o.nodes;
        self.leaves += o.leaves;
    }
}

pub struct AlphaBeta<'g, G: Game, P: FnMut(Counts) -> bool> {
    game: &'g mut G,
    /// Asked with the counts so far; false aborts the search.
    go_on: P,
    poll_every: u64,
    counts: Counts,
    aborted: bool,
    children: Vec<Vec<G::Move>>,
    /// A window for the search's root that its caller may narrow as the
    /// search goes: every node's window is cut to it (from its side).
    root_window: Option<&'g Cell<(Value, Value)>>,
}

impl<'g, G: Game, P: FnMut(Counts) -> bool> AlphaBeta<'g, G, P> {
    pub fn new(game: &'g mut G, poll_every: u64, go_on: P) -> Self {
        AlphaBeta {
            game,
            go_on,
            poll_every: poll_every.max(1),
            counts: Counts::default(),
            aborted: false,
            children: Vec::new(),
            root_window: None,
        }
    }

    /// Searches cut every node's window to `window`'s (the root's, set
    /// by the caller between polls) before each child.
    pub fn narrowed_by(self, window: &'g Cell<(Value, Value)>) -> Self {
        AlphaBeta {
            root_window: Some(window),
            ..self
        }
    }

    /// The value of the current state searched `depth` plies deep in
    /// (`alpha`, `beta`), fail-hard; `None` if the caller aborted it.
    pub fn search(&mut self, depth: u32, alpha: Value, beta: Value) -> Option<Value> {
        let value = self.node(depth, alpha, beta, 0);
        (!self.aborted).then_some(value)
    }

    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// The root's best child (its index in the game's order, the first of
    /// equals) and value, searched `depth` ≥ 1 plies deep; `None` at a node
    /// without children, or if the caller aborted the search.
    pub fn decide(&mut self, depth: u32) -> Option<(usize, Value)> {
        let mut children = Vec::new();
        self.game.children(&mut children);
        self.counts.nodes += 1;
        let mut best: Option<(usize, Value)> = None;
        for (i, &mv) in children.iter().enumerate() {
            let alpha = best.map_or(-INFINITE, |b| b.1);
            self.game.play(mv);
            let value = -self.node(depth.max(1) - 1, -INFINITE, -alpha, 1);
            self.game.undo(mv);
            if self.aborted {
                return None;
            }
            if best.is_none() || value > alpha {
                best = Some((i, value));
            }
        }
        best
    }

    fn node(&mut self, depth: u32, mut alpha: Value, mut beta: Value, ply: usize) -> Value {
        self.counts.nodes += 1;
        if self.counts.nodes.is_multiple_of(self.poll_every) && !(self.go_on)(self.counts) {
            self.aborted = true;
        }
        if self.aborted {
            return alpha;
        }
        if self.children.len() <= ply {
            self.children.resize_with(ply + 1, Vec::new);
        }
        let mut children = std::mem::take(&mut self.children[ply]);
        if depth > 0 {
            self.game.children(&mut children);
        }
        if depth == 0 || children.is_empty() {
            self.counts.leaves += 1;
            let value = if depth == 0 {
                self.game.evaluate()
            } else {
                self.game.end_value()
            };
            self.children[ply] = children;
            return value.clamp(alpha, beta);
        }
        for &mv in &children {
            if let Some(window) = self.root_window {
                let (low, high) = window.get();
                let (low, high) = if ply.is_multiple_of(2) {
                    (low, high)
                } else {
                    (-high, -low)
                };
                alpha = alpha.max(low);
                beta = beta.min(high);
                if alpha >= beta {
                    alpha = beta;
                    break;
                }
            }
            self.game.play(mv);
            let value = -self.node(depth - 1, -beta, -alpha, ply + 1);
            self.game.undo(mv);
            if self.aborted {
                break;
            }
            if value >= beta {
                alpha = beta;
                break;
            }
            alpha = alpha.max(value);
        }
        self.children[ply] = children;
        alpha
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yomi_tree::{OrderedTree, TreeOrdering};

    #[test]
    fn a_perfectly_ordered_tree_costs_the_minimal_tree() {
        // W^⌈D/2⌉ + W^⌊D/2⌋ − 1 leaves (Knuth and Moore).
        for (width, depth) in [(24u16, 4u32), (8, 4), (5, 5), (3, 6)] {
            let mut tree = OrderedTree::new(11, width, TreeOrdering::Perfect);
            let mut ab = AlphaBeta::new(&mut tree, 1, |_| true);
            assert_eq!(ab.search(depth, -INFINITE, INFINITE), Some(0));
            let w = u64::from(width);
            let minimal = w.pow(depth.div_ceil(2)) + w.pow(depth / 2) - 1;
            assert_eq!(ab.counts().leaves, minimal, "W {width} D {depth}");
        }
    }

    #[test]
    fn it_decides_the_first_best_move() {
        for seed in 0..20 {
            let mut tree = OrderedTree::new(seed, 5, TreeOrdering::Random);
            let value = AlphaBeta::new(&mut tree, 1, |_| true).search(4, -INFINITE, INFINITE);
            let (index, decided) = AlphaBeta::new(&mut tree, 1, |_| true).decide(4).unwrap();
            assert_eq!(Some(decided), value);
            let mut children = Vec::new();
            tree.children(&mut children);
            let child = |tree: &mut OrderedTree, i: usize| {
                tree.play(children[i]);
                let v = -AlphaBeta::new(tree, 1, |_| true)
                    .search(3, -INFINITE, INFINITE)
                    .unwrap();
                tree.undo(children[i]);
                v
            };
            assert_eq!(child(&mut tree, index), decided);
            assert!(
                (0..index).all(|i| child(&mut tree, i) < decided),
                "the first of equals"
            );
        }
    }

    #[test]
    fn a_narrowed_root_window_cuts_every_node_and_keeps_the_value_inside_it() {
        let (mut narrower, mut wider) = (0, 0);
        for seed in 0..40 {
            let mut tree = OrderedTree::new(seed, 6, TreeOrdering::Random);
            let mut plain = AlphaBeta::new(&mut tree, 1, |_| true);
            let exact = plain.search(5, -INFINITE, INFINITE).unwrap();
            let plain_nodes = plain.counts().nodes;
            // Narrowed after 50 nodes to a window round the value, then to
            // one above it.
            for (low, high, expected) in [
                (exact - 1, exact + 1, exact),
                (exact + 5, exact + 9, exact + 5),
            ] {
                let window = Cell::new((-INFINITE, INFINITE));
                let mut ab = AlphaBeta::new(&mut tree, 1, |c| {
                    if c.nodes == 50 {
                        window.set((low, high));
                    }
                    true
                })
                .narrowed_by(&window);
                assert_eq!(ab.search(5, -INFINITE, INFINITE), Some(expected), "{seed}");
                assert!(ab.counts().nodes <= plain_nodes, "{seed}");
                if ab.counts().nodes < plain_nodes {
                    narrower += 1;
                } else {
                    wider += 1;
                }
            }
        }
        assert!(narrower > wider, "{narrower} searches cut, {wider} not");
    }

    #[test]
    fn the_caller_can_stop_it() {
        let mut tree = OrderedTree::new(1, 8, TreeOrdering::Random);
        let mut ab = AlphaBeta::new(&mut tree, 10, |c| c.nodes < 100);
        assert_eq!(ab.search(4, -INFINITE, INFINITE), None);
        assert_eq!(ab.counts().nodes, 100);
    }
}
