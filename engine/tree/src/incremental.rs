//! Seed 003's incremental random trees with random branching (Shoham and
//! Toledo §3, after Fuller, Gaschnig and Gillogly): every edge carries an
//! independent value drawn uniformly from [−1, 1], a node's static value is
//! the sum of the edge values from the root (the root player's view), and
//! every node but the root has a number of children drawn uniformly from
//! 1…b (the root has b, so that no tree is easy for a narrow root). The
//! paper's values are real; here they are thousandths, so that they are
//! [`Value`]s and ties stay rare. Every edge value and branching factor is
//! a pure function of the seed and the path; the tree has no end (a search
//! to the tree's depth treats its horizon as exact, as the paper does).

use super::synthetic::{child_key, mix, Edge};
use super::{Game, Value};

/// Edge values in [−SCALE, SCALE]: the paper's [−1, 1] in thousandths.
pub(crate) const SCALE: Value = 1000;

#[derive(Clone, Copy, Debug)]
struct Node {
    key: u64,
    /// The path sum from the root, for the root's side to move.
    sum: Value,
}

#[derive(Clone, Debug)]
pub struct IncrementalTree {
    /// The root's children, and the most any node has.
    branching: u16,
    path: Vec<Node>,
}

impl IncrementalTree {
    /// The tree of `seed` with branching factors up to `branching` (at
    /// least 1).
    pub fn new(seed: u64, branching: u16) -> IncrementalTree {
        let root = Node {
            key: mix(seed ^ 0x494E_4352_454D_454E), // "INCREMEN"
            sum: 0,
        };
        IncrementalTree {
            branching: branching.max(1),
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

    /// The number of children of the current node.
    pub fn branching(&self) -> u16 {
        if self.path.len() == 1 {
            return self.branching;
        }
        let draw = mix(self.top().key ^ 0x4252_414E_4348); // "BRANCH"
        1 + (draw % u64::from(self.branching)) as u16
    }
}

impl Game for IncrementalTree {
    type Move = Edge;

    fn children(&mut self, out: &mut Vec<Edge>) {
        out.clear();
        out.extend((0..self.branching()).map(Edge));
    }

    fn play(&mut self, mv: Edge) {
        let node = self.top();
        let key = child_key(node.key, mv.0);
        let edge = (mix(key ^ 0x4544_4745) % (2 * SCALE as u64 + 1)) as Value - SCALE; // "EDGE"
        self.path.push(Node {
            key,
            sum: node.sum + edge,
        });
    }

    fn undo(&mut self, _mv: Edge) {
        debug_assert!(self.path.len() > 1);
        self.path.pop();
    }

    /// The path sum for the side to move: the root player's at even
    /// depths, the opponent's at odd ones.
    fn evaluate(&mut self) -> Value {
        let sum = self.top().sum;
        if self.depth().is_multiple_of(2) {
            sum
        } else {
            -sum
        }
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

    #[test]
    fn the_root_has_b_children_the_others_uniformly_one_to_b() {
        let mut t = IncrementalTree::new(5, 10);
        let mut kids = Vec::new();
        t.children(&mut kids);
        assert_eq!(kids.len(), 10);
        let mut counts = [0u32; 11];
        for i in 0..10 {
            t.play(Edge(i));
            for j in 0..t.branching() {
                t.play(Edge(j));
                counts[usize::from(t.branching())] += 1;
                t.undo(Edge(j));
            }
            t.undo(Edge(i));
        }
        let mut deep = IncrementalTree::new(6, 10);
        let mut n = 0u32;
        for key in 0..20_000u64 {
            deep.path.truncate(1);
            deep.path.push(Node {
                key: mix(key),
                sum: 0,
            });
            counts[usize::from(deep.branching())] += 1;
            n += 1;
        }
        assert_eq!(counts[0], 0);
        let expected = f64::from(n) / 10.0;
        for (k, &c) in counts.iter().enumerate().skip(1) {
            assert!((f64::from(c) - expected).abs() < 0.1 * expected, "{k}: {c}");
        }
    }

    #[test]
    fn values_are_path_sums_of_uniform_edges_seen_by_the_side_to_move() {
        let mut t = IncrementalTree::new(9, 4);
        let (mut lowest, mut highest, mut total) = (Value::MAX, Value::MIN, 0i64);
        for i in 0..4 {
            t.play(Edge(i));
            let one = -t.evaluate();
            for j in 0..t.branching() {
                t.play(Edge(j));
                let edge = t.evaluate() - one;
                (lowest, highest) = (lowest.min(edge), highest.max(edge));
                total += i64::from(edge);
                t.undo(Edge(j));
            }
            t.undo(Edge(i));
        }
        assert!(lowest >= -SCALE && highest <= SCALE);
        let mut sum = 0i64;
        let n = 40_000;
        let mut spread = IncrementalTree::new(3, 40_000);
        for i in 0..n {
            spread.play(Edge(i as u16));
            sum += i64::from(-spread.evaluate());
            spread.undo(Edge(i as u16));
        }
        let mean = sum as f64 / f64::from(n);
        assert!(mean.abs() < 10.0, "edges centred on 0: {mean} ({total})");
        assert_eq!(t.depth(), 0);
        assert_eq!(IncrementalTree::new(9, 4).hash(), t.hash());
    }
}
