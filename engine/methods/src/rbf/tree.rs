//! RBF's search tree, kept in memory (seed 003 §2): every node with its
//! negamax score, its number of children, the extensions made in its
//! subtree, and whether it is solved (its score exact: a node at the
//! search's horizon, one without children, or one whose children are all
//! solved). A node's children are contiguous, so a node is named by the
//! path of child indices from the root, and the tree needs no game:
//! expanding a leaf attaches the children a game generated for it (here or
//! on another rank); scores are backed up while they change.

use serde::{Deserialize, Serialize};
use yomi_tree::{Game, Value};

/// Index of a node in the tree.
pub(crate) type NodeId = u32;

#[derive(Clone, Debug)]
pub(crate) struct Node {
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

impl Node {
    pub(crate) fn expanded(&self) -> bool {
        self.count > 0
    }

    pub(crate) fn child_ids(&self) -> std::ops::Range<NodeId> {
        self.first..self.first + NodeId::from(self.count)
    }
}

/// A generated node, as a game sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Generated {
    pub score: Value,
    /// Its number of children; 0 at the horizon or at a node without
    /// children (both solved).
    pub children: u16,
}

/// The node `game` is at, `depth` plies below the root of a search to
/// `horizon`.
pub(crate) fn generate<G: Game>(
    game: &mut G,
    depth: u32,
    horizon: u32,
    moves: &mut Vec<G::Move>,
) -> Generated {
    if depth >= horizon {
        return Generated {
            score: game.evaluate(),
            children: 0,
        };
    }
    game.children(moves);
    let children = moves.len() as u16;
    let score = if children == 0 {
        game.end_value()
    } else {
        game.evaluate()
    };
    Generated { score, children }
}

/// Move lists kept between expansions (one is made every iteration).
pub(crate) struct Expander<M> {
    moves: Vec<M>,
    scratch: Vec<M>,
}

impl<M: Copy> Expander<M> {
    pub(crate) fn new() -> Self {
        Expander {
            moves: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// The children of the node `game` is at, `depth` plies deep,
    /// generated into `out`.
    pub(crate) fn children<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        depth: u32,
        horizon: u32,
        out: &mut Vec<Generated>,
    ) {
        game.children(&mut self.moves);
        out.clear();
        for &mv in &self.moves {
            game.play(mv);
            out.push(generate(game, depth + 1, horizon, &mut self.scratch));
            game.undo(mv);
        }
    }
}

pub(crate) struct Tree {
    pub nodes: Vec<Node>,
    /// Nodes generated (statically evaluated), the root included.
    pub generated: u64,
    /// The deepest node's plies below the root.
    pub deepest: u32,
}

impl Tree {
    /// The tree of a root generated as `root`.
    pub(crate) fn new(root: Generated) -> Tree {
        let mut tree = Tree {
            nodes: Vec::new(),
            generated: 0,
            deepest: 0,
        };
        let root = tree.node(root, 0);
        tree.nodes.push(root);
        tree
    }

    fn node(&mut self, g: Generated, parent: NodeId) -> Node {
        self.generated += 1;
        Node {
            parent,
            first: 0,
            count: 0,
            score: g.score,
            children: g.children,
            extensions: 0,
            solved: g.children == 0,
        }
    }

    /// Expands leaf `id`, `depth` plies deep, with its `children`.
    pub(crate) fn attach(&mut self, id: NodeId, depth: u32, children: &[Generated]) {
        let first = self.nodes.len() as NodeId;
        for &g in children {
            let child = self.node(g, id);
            self.nodes.push(child);
        }
        self.deepest = self.deepest.max(depth + 1);
        let node = &mut self.nodes[id as usize];
        node.first = first;
        node.count = children.len() as u16;
        self.refresh(id);
    }

    /// Recomputes `id`'s score and solved flag from its children; whether
    /// either changed.
    pub(crate) fn refresh(&mut self, id: NodeId) -> bool {
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
    pub(crate) fn back_up(&mut self, mut id: NodeId) {
        while id != 0 {
            id = self.nodes[id as usize].parent;
            if !self.refresh(id) {
                break;
            }
        }
    }

    /// The child of `id` with the lowest score (its mover's best), the
    /// first of equals.
    pub(crate) fn lowest_child(&self, id: NodeId) -> NodeId {
        self.nodes[id as usize]
            .child_ids()
            .min_by_key(|&c| self.nodes[c as usize].score)
            .expect("an expanded node has children")
    }

    /// `child`'s index among its parent's children.
    pub(crate) fn index(&self, child: NodeId) -> u16 {
        let parent = &self.nodes[self.nodes[child as usize].parent as usize];
        (child - parent.first) as u16
    }
}
