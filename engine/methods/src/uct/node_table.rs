//! The tree in memory: per state, the visits and summed rewards of each of
//! its children (seed 001 keeps a state's action statistics together, so
//! that one selection step reads one entry), found by the state's hash.

use std::collections::HashMap;

/// One state's statistics, by child index in the game's order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Node {
    /// Simulations through this state (its children's visits summed).
    pub visits: u64,
    /// Per child: simulations through it, and their rewards for the side
    /// to move here.
    pub children: Vec<(u64, f64)>,
}

impl Node {
    pub fn new(children: usize) -> Node {
        Node {
            visits: 0,
            children: vec![(0, 0.0); children],
        }
    }

    /// UCB1 (seed 001's actionValue): the unvisited child first, in the
    /// game's order; else the highest mean reward plus `c` √(ln N / n).
    pub fn select(&self, c: f64) -> usize {
        if let Some(i) = self.children.iter().position(|&(n, _)| n == 0) {
            return i;
        }
        let log = (self.visits as f64).ln();
        let value = |&(n, w): &(u64, f64)| w / n as f64 + c * (log / n as f64).sqrt();
        let mut best = 0;
        for i in 1..self.children.len() {
            if value(&self.children[i]) > value(&self.children[best]) {
                best = i;
            }
        }
        best
    }

    /// The most visited child (ties: the higher mean reward, then the
    /// earlier); `None` without children.
    pub fn most_visited(&self) -> Option<usize> {
        let key = |&(n, w): &(u64, f64)| (n, if n > 0 { w / n as f64 } else { 0.0 });
        (0..self.children.len()).reduce(|best, i| {
            let (a, b) = (key(&self.children[i]), key(&self.children[best]));
            if a.0 > b.0 || (a.0 == b.0 && a.1 > b.1) {
                i
            } else {
                best
            }
        })
    }

    /// A simulation went through child `i` with `reward` for the side to
    /// move here.
    pub fn add(&mut self, i: usize, reward: f64) {
        self.visit(i);
        self.children[i].1 += reward;
    }

    /// A simulation set off through child `i`, its reward still to come: a
    /// visit without reward until then (a virtual loss), so that the
    /// simulations in flight beside it spread out.
    pub fn visit(&mut self, i: usize) {
        self.visits += 1;
        self.children[i].0 += 1;
    }
}

/// The states in memory, by key (the state's hash, with the plies left to
/// the horizon mixed in: the same state with another depth to go is
/// another node).
#[derive(Clone, Debug, Default)]
pub struct Table {
    nodes: HashMap<u64, Node>,
}

impl Table {
    pub fn key(hash: u64, left: u32) -> u64 {
        hash ^ u64::from(left).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    pub fn get(&self, key: u64) -> Option<&Node> {
        self.nodes.get(&key)
    }

    pub fn get_mut(&mut self, key: u64) -> Option<&mut Node> {
        self.nodes.get_mut(&key)
    }

    pub fn insert(&mut self, key: u64, node: Node) {
        self.nodes.insert(key, node);
    }

    pub fn remove(&mut self, key: u64) -> Option<Node> {
        self.nodes.remove(&key)
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selection_tries_every_child_then_balances_mean_and_doubt() {
        let mut node = Node::new(3);
        for expected in 0..3 {
            let i = node.select(1.4);
            assert_eq!(i, expected);
            node.add(i, [0.2, 0.9, 0.5][i]);
        }
        // The best mean next; a rarely tried child once its doubt is large.
        assert_eq!(node.select(1.4), 1);
        for _ in 0..50 {
            node.add(1, 0.9);
        }
        assert_eq!(node.select(0.0), 1);
        assert_eq!(node.select(1.4), 2);
        assert_eq!(node.most_visited(), Some(1));
        assert_eq!(node.visits, 53);
        assert_eq!(Node::new(0).most_visited(), None);
    }
}
