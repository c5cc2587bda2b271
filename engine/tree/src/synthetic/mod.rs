//! Synthetic incremental random trees (seed 000 §4.1): every node has `b`
//! children, every edge a random value, and a node's static value is the sum
//! of the edge values along its path. Every value is a pure function of the
//! tree seed and the path, so a node has the same value on every visit, in
//! every process.

mod edge_model;

pub use edge_model::{EdgeModel, EdgeParams};

use super::{Game, Value, INFINITE};
use std::fmt;
use std::sync::Arc;

/// A child of a synthetic node: its index in generation order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Edge(pub u16);

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "c{}", self.0)
    }
}

#[derive(Clone, Copy, Debug)]
struct Node {
    key: u64,
    /// The static value from this node's side to move.
    value: Value,
}

/// A synthetic tree, walked from its root by play and undo.
#[derive(Clone, Debug)]
pub struct SyntheticTree {
    model: Arc<EdgeModel>,
    branching: u16,
    path: Vec<Node>,
    gains: Vec<(Value, u16)>,
}

/// Values stay clear of the loss value so that no synthetic node looks
/// terminal.
const VALUE_BOUND: Value = INFINITE / 2;

impl SyntheticTree {
    /// The tree of `seed` with `branching` children per node (at least 1).
    pub fn new(seed: u64, branching: u16, model: Arc<EdgeModel>) -> SyntheticTree {
        let root = Node {
            key: mix(seed ^ 0x5359_4E54_4845_5449), // "SYNTHETI"
            value: 0,
        };
        SyntheticTree {
            model,
            branching: branching.max(1),
            path: vec![root],
            gains: Vec::with_capacity(branching as usize),
        }
    }

    /// Plies from the root to the current node.
    pub fn depth(&self) -> usize {
        self.path.len() - 1
    }

    fn top(&self) -> Node {
        *self.path.last().expect("the root is never popped")
    }

    /// The value of the edge to child `index` for the side to move.
    #[inline]
    fn gain(&self, key: u64, index: u16) -> Value {
        self.model.draw(mix(child_key(key, index) ^ 0x4544_4745)) // "EDGE"
    }
}

/// The key of child `index` of the node of `key` (every generated tree's).
#[inline]
pub(crate) fn child_key(key: u64, index: u16) -> u64 {
    mix(key ^ (u64::from(index) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// SplitMix64's finaliser: a bijective mix of 64 bits.
#[inline]
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Game for SyntheticTree {
    type Move = Edge;

    /// The children ordered by their edge value for the side to move: the
    /// static prediction, which deeper search mostly confirms.
    fn children(&mut self, out: &mut Vec<Edge>) {
        let key = self.top().key;
        let mut gains = std::mem::take(&mut self.gains);
        gains.clear();
        gains.extend((0..self.branching).map(|i| (-self.gain(key, i), i)));
        gains.sort_unstable();
        out.clear();
        out.extend(gains.iter().map(|&(_, i)| Edge(i)));
        self.gains = gains;
    }

    #[inline]
    fn play(&mut self, mv: Edge) {
        let node = self.top();
        let value = -(node.value + self.gain(node.key, mv.0));
        self.path.push(Node {
            key: child_key(node.key, mv.0),
            value: value.clamp(-VALUE_BOUND, VALUE_BOUND),
        });
    }

    #[inline]
    fn undo(&mut self, _mv: Edge) {
        debug_assert!(self.path.len() > 1);
        self.path.pop();
    }

    #[inline]
    fn evaluate(&mut self) -> Value {
        self.top().value
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.top().key
    }

    #[inline]
    fn child_hash(&self, mv: Edge) -> Option<u64> {
        Some(child_key(self.top().key, mv.0))
    }
}
