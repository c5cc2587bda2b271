//! Seed 002's ordered trees (Marsland and Campbell, its Appendix): every
//! node has `width` children, and where the best of them stands is drawn
//! from a distribution — anywhere (random ordering), first with
//! probability p and else geometrically later (strong ordering: p = 0.8),
//! or always first (perfect ordering). The tree is made top-down in the
//! negamax framework: a node of value s gives its best child's edge the
//! value s and every other child's a value below s, drawn uniformly from
//! [−128, s) (the paper's 8-bit scores; its root is 0). Every value is a
//! pure function of the seed and the path, so a node has the same value
//! on every visit, in every process; the tree has no end (searches stop
//! at their depth, the paper's D).

use super::synthetic::{child_key, mix, Edge};
use super::{Game, Value};

/// Where the best child stands among its siblings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TreeOrdering {
    /// Anywhere, uniformly.
    Random,
    /// First with probability `p`, else second with probability `p` of
    /// the rest, and so on (the last child takes what remains).
    Geometric(f64),
    /// Always first.
    Perfect,
}

/// The lowest value (the paper's scores are bytes).
const LOWEST: Value = -128;

#[derive(Clone, Copy, Debug)]
struct Node {
    key: u64,
    /// The negamax value, from this node's side to move.
    value: Value,
}

/// An ordered tree, walked from its root by play and undo.
#[derive(Clone, Debug)]
pub struct OrderedTree {
    width: u16,
    ordering: TreeOrdering,
    path: Vec<Node>,
}

impl OrderedTree {
    /// The tree of `seed` with `width` children per node (at least 1).
    pub fn new(seed: u64, width: u16, ordering: TreeOrdering) -> OrderedTree {
        let root = Node {
            key: mix(seed ^ 0x4F52_4445_5245_4454), // "ORDEREDT"
            value: 0,
        };
        OrderedTree {
            width: width.max(1),
            ordering,
            path: vec![root],
        }
    }

    /// Plies from the root to the current node.
    pub fn depth(&self) -> usize {
        self.path.len() - 1
    }

    fn top(&self) -> Node {
        *self.path.last().expect("the root is never popped")
    }

    /// The index of the best child of the node of `key`.
    fn best(&self, key: u64) -> u16 {
        let draw = mix(key ^ 0x4245_5354); // "BEST"
        match self.ordering {
            TreeOrdering::Perfect => 0,
            TreeOrdering::Random => (draw % u64::from(self.width)) as u16,
            TreeOrdering::Geometric(p) => {
                let mut state = draw;
                for i in 0..self.width - 1 {
                    state = mix(state);
                    if unit(state) < p {
                        return i;
                    }
                }
                self.width - 1
            }
        }
    }

    /// The value, for the node of `node`'s side to move, of the edge to
    /// its child `index`: the node's value for the best, less for others.
    fn edge(&self, node: Node, index: u16) -> Value {
        if index == self.best(node.key) || node.value <= LOWEST {
            return node.value;
        }
        let span = (node.value - LOWEST) as u64;
        node.value - 1 - (mix(child_key(node.key, index) ^ 0x5641_4C55) % span) as Value
        // "VALU"
    }
}

/// A uniform draw in [0, 1) from 64 random bits.
fn unit(bits: u64) -> f64 {
    (bits >> 11) as f64 / (1u64 << 53) as f64
}

impl Game for OrderedTree {
    type Move = Edge;

    /// The children in the tree's own order (the paper's Dewey order): the
    /// ordering says how often the first is the best.
    fn children(&mut self, out: &mut Vec<Edge>) {
        out.clear();
        out.extend((0..self.width).map(Edge));
    }

    fn play(&mut self, mv: Edge) {
        let node = self.top();
        self.path.push(Node {
            key: child_key(node.key, mv.0),
            value: -self.edge(node, mv.0),
        });
    }

    fn undo(&mut self, _mv: Edge) {
        debug_assert!(self.path.len() > 1);
        self.path.pop();
    }

    /// The node's negamax value (at a search's horizon, the paper's leaf
    /// score).
    fn evaluate(&mut self) -> Value {
        self.top().value
    }

    fn hash(&self) -> u64 {
        self.top().key
    }

    fn child_hash(&self, mv: Edge) -> Option<u64> {
        Some(child_key(self.top().key, mv.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain negamax to `depth` plies, and the leaves it evaluated.
    fn negamax(t: &mut OrderedTree, depth: u32, leaves: &mut u64) -> Value {
        if depth == 0 {
            *leaves += 1;
            return t.evaluate();
        }
        let mut kids = Vec::new();
        t.children(&mut kids);
        let mut best = Value::MIN;
        for &k in &kids {
            t.play(k);
            best = best.max(-negamax(t, depth - 1, leaves));
            t.undo(k);
        }
        best
    }

    #[test]
    fn every_node_is_worth_its_best_child_at_every_depth() {
        for ordering in [
            TreeOrdering::Random,
            TreeOrdering::Geometric(0.8),
            TreeOrdering::Perfect,
        ] {
            for seed in 1..4 {
                let mut t = OrderedTree::new(seed, 5, ordering);
                let mut leaves = 0;
                for depth in 0..4 {
                    assert_eq!(negamax(&mut t, depth, &mut leaves), 0, "the root's value");
                }
                assert_eq!(t.depth(), 0);
            }
        }
    }

    #[test]
    fn the_first_child_is_best_as_often_as_the_ordering_says() {
        let rate = |ordering| {
            let t = OrderedTree::new(7, 24, ordering);
            let firsts = (0..20_000u64).filter(|&i| t.best(mix(i)) == 0).count();
            firsts as f64 / 20_000.0
        };
        assert_eq!(rate(TreeOrdering::Perfect), 1.0);
        assert!((rate(TreeOrdering::Geometric(0.8)) - 0.8).abs() < 0.01);
        assert!((rate(TreeOrdering::Random) - 1.0 / 24.0).abs() < 0.01);
    }

    #[test]
    fn other_children_are_worth_less_than_the_best() {
        let mut t = OrderedTree::new(3, 8, TreeOrdering::Perfect);
        t.play(Edge(0));
        let first = t.evaluate();
        t.undo(Edge(0));
        for i in 1..8 {
            t.play(Edge(i));
            assert!(
                t.evaluate() > first,
                "a worse move leaves the opponent better off"
            );
            t.undo(Edge(i));
        }
    }
}
