//! RBF's search tree, kept in memory (seed 003 §2): every node with its
//! negamax score, its number of children, the extensions made in its
//! subtree, and whether it is solved (its score exact: a node at the
//! search's horizon, one without children, or one whose children are all
//! solved). Expanding a leaf generates all its children with their static
//! values; scores are backed up while they change.

use crate::game::{Game, Value, LOSS};

/// Index of a node in the tree.
pub type NodeId = u32;

#[derive(Clone, Debug)]
pub struct Node<M> {
    /// The move from the parent (none at the root).
    pub mv: Option<M>,
    pub parent: NodeId,
    /// Its children, `first..first + count` once expanded.
    pub first: NodeId,
    pub count: u16,
    /// Negamax, for the side to move at the node.
    pub score: Value,
    /// Its number of children (known before it is expanded).
    pub children: u16,
    /// Walks through it, and its own expansion: its subtree's size.
    pub extensions: u32,
    pub solved: bool,
}

impl<M> Node<M> {
    pub fn expanded(&self) -> bool {
        self.count > 0
    }

    pub fn child_ids(&self) -> std::ops::Range<NodeId> {
        self.first..self.first + NodeId::from(self.count)
    }
}

pub struct Tree<M> {
    pub nodes: Vec<Node<M>>,
    /// Plies below the root at which nodes are exact leaves.
    horizon: u32,
    /// Nodes generated (statically evaluated), the root included.
    pub generated: u64,
    /// The deepest node's plies below the root.
    pub deepest: u32,
    moves: Vec<M>,
}

impl<M: Copy> Tree<M> {
    /// The tree of `game`'s current node, searched to `horizon` plies.
    pub fn new<G: Game<Move = M>>(game: &mut G, horizon: u32) -> Tree<M> {
        let mut tree = Tree {
            nodes: Vec::new(),
            horizon,
            generated: 0,
            deepest: 0,
            moves: Vec::new(),
        };
        let root = tree.generate(game, None, 0, 0);
        tree.nodes.push(root);
        tree
    }

    /// The node `game` is at, `depth` plies below the root, reached by `mv`.
    fn generate<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        mv: Option<M>,
        parent: NodeId,
        depth: u32,
    ) -> Node<M> {
        self.generated += 1;
        self.deepest = self.deepest.max(depth);
        let children = if depth < self.horizon {
            game.children(&mut self.moves);
            self.moves.len() as u16
        } else {
            0
        };
        let score = if depth < self.horizon && children == 0 {
            LOSS
        } else {
            game.evaluate()
        };
        Node {
            mv,
            parent,
            first: 0,
            count: 0,
            score,
            children,
            extensions: 0,
            solved: children == 0,
        }
    }

    /// Expands leaf `id`, `depth` plies deep, where `game` stands: all its
    /// children generated with their static values.
    pub fn expand<G: Game<Move = M>>(&mut self, game: &mut G, id: NodeId, depth: u32) {
        let mut moves = std::mem::take(&mut self.moves);
        game.children(&mut moves);
        let first = self.nodes.len() as NodeId;
        for &mv in &moves {
            game.play(mv);
            let child = self.generate(game, Some(mv), id, depth + 1);
            game.undo(mv);
            self.nodes.push(child);
        }
        let node = &mut self.nodes[id as usize];
        node.first = first;
        node.count = moves.len() as u16;
        self.moves = moves;
        self.refresh(id);
    }

    /// Recomputes `id`'s score and solved flag from its children; whether
    /// either changed.
    pub fn refresh(&mut self, id: NodeId) -> bool {
        let node = &self.nodes[id as usize];
        let (mut best, mut solved) = (Value::MIN, true);
        for c in node.child_ids() {
            let child = &self.nodes[c as usize];
            best = best.max(-child.score);
            solved &= child.solved;
        }
        let node = &mut self.nodes[id as usize];
        let changed = (best, solved) != (node.score, node.solved);
        (node.score, node.solved) = (best, solved);
        changed
    }

    /// Backs scores up from the parent of `id` while they change.
    pub fn back_up(&mut self, mut id: NodeId) {
        while id != 0 {
            id = self.nodes[id as usize].parent;
            if !self.refresh(id) {
                break;
            }
        }
    }

    /// The child of `id` with the lowest score (its mover's best), the
    /// first of equals.
    pub fn lowest_child(&self, id: NodeId) -> NodeId {
        self.nodes[id as usize]
            .child_ids()
            .min_by_key(|&c| self.nodes[c as usize].score)
            .expect("an expanded node has children")
    }
}
