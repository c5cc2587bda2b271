//! Randomized best-first search (Shoham and Toledo, seed 003 §2): each
//! iteration walks from the root to a leaf of the tree in memory, expands
//! it and backs its score up. At a node the walk takes the child whose
//! real score, drawn from the model's estimate, is lowest (so a child is
//! taken with the probability that it is the best); with the pruning rule
//! (§2.1) it takes the lowest-scoring child outright wherever only raising
//! that child's score could change the root's decision. The decision is
//! the root's lowest-scoring child.

use super::real_score::RealScoreModel;
use super::tree::{generate, Expander, Generated, NodeId, Tree};
use crate::random::Random;

/// One expansion of a search below a leaf: the node's child indices from
/// the leaf, and its children.
pub(crate) type Expansion = (Vec<u16>, Vec<Generated>);
use yomi_tree::{play_path, take_back, Game, Value};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RbfConfig {
    /// Plies below the root at which nodes are exact leaves (a random
    /// tree's depth; the search never expands past it).
    pub horizon: u32,
    /// The §2.1 rule: deterministic where only lowering a node's score can
    /// change the decision.
    pub pruning: bool,
    pub seed: u64,
}

/// When a search stops (besides a solved root).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RbfStop {
    /// Once it has generated this many nodes.
    Generated(u64),
    /// Once a node this many plies deep is generated (seed 003 §4.2's
    /// "RBF to depth 26").
    Depth(u32),
}

impl RbfStop {
    /// Whether `rbf` has got there.
    pub fn reached<M: Copy>(self, rbf: &Rbf<'_, M>) -> bool {
        match self {
            RbfStop::Generated(n) => rbf.generated() >= n,
            RbfStop::Depth(d) => rbf.deepest() >= d,
        }
    }
}

/// What must happen to a node's score for the root's decision to change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    /// The root itself: it makes the decision.
    Decide,
    /// Its score must rise: some child's must fall below the lowest.
    Raise,
    /// Its score must fall: its lowest child's must rise.
    Lower,
}

pub struct Rbf<'m, M> {
    tree: Tree,
    model: &'m RealScoreModel,
    config: RbfConfig,
    random: Random,
    /// The root's children, for the decision.
    root_moves: Vec<M>,
    /// The last walk's child indices from the root.
    path: Vec<u16>,
    expander: Expander<M>,
    generated: Vec<Generated>,
    futile: u64,
}

impl<'m, M: Copy> Rbf<'m, M> {
    /// A search of `game`'s current node with `model`'s estimates.
    pub fn new<G: Game<Move = M>>(
        game: &mut G,
        model: &'m RealScoreModel,
        config: RbfConfig,
    ) -> Self {
        let mut root_moves = Vec::new();
        let root = generate(game, 0, config.horizon, &mut root_moves);
        Rbf {
            tree: Tree::new(root),
            model,
            config,
            random: Random::new(config.seed),
            root_moves,
            path: Vec::new(),
            expander: Expander::new(),
            generated: Vec::new(),
            futile: 0,
        }
    }

    /// One iteration: a walk to a leaf, its expansion and the backup;
    /// false, doing nothing, once the root is solved.
    pub fn iterate<G: Game<Move = M>>(&mut self, game: &mut G) -> bool {
        if self.tree.nodes[0].solved {
            return false;
        }
        let (leaf, decisive) = self.walk();
        self.futile += u64::from(!decisive);
        let depth = self.path.len() as u32;
        let played = play_path(game, &self.path);
        self.expander
            .children(game, depth, self.config.horizon, &mut self.generated);
        take_back(game, played);
        self.expand(leaf, depth);
        true
    }

    /// Iterations until `stop` says so (asked before each) or the root is
    /// solved.
    pub fn run<G: Game<Move = M>>(&mut self, game: &mut G, mut stop: impl FnMut(&Self) -> bool) {
        while !stop(self) && self.iterate(game) {}
    }

    /// Attaches the children generated for `leaf`, `depth` plies deep, and
    /// backs its score up.
    fn expand(&mut self, leaf: NodeId, depth: u32) {
        let generated = std::mem::take(&mut self.generated);
        self.attach(leaf, depth, &generated);
        self.generated = generated;
    }

    /// Expands `leaf`, `depth` plies deep, with `children` generated
    /// elsewhere, and backs its score up.
    pub(super) fn attach(&mut self, leaf: NodeId, depth: u32, children: &[Generated]) {
        self.tree.nodes[leaf as usize].extensions += 1;
        self.tree.attach(leaf, depth, children);
        self.tree.back_up(leaf);
    }

    /// Expands `leaf`, `depth` plies deep, and the nodes below it by the
    /// `expansions` a search of its own made there (each a node's child
    /// indices from `leaf` and its children, parents before children), as
    /// if the walks to them had come from the root; then backs up once.
    pub(super) fn graft(&mut self, leaf: NodeId, depth: u32, expansions: &[Expansion]) {
        let mut expanded = Vec::with_capacity(expansions.len());
        for (path, children) in expansions {
            let mut id = leaf;
            for &i in path {
                self.tree.nodes[id as usize].extensions += 1;
                id = self.tree.nodes[id as usize].first + NodeId::from(i);
            }
            self.tree.nodes[id as usize].extensions += 1;
            self.tree.attach(id, depth + path.len() as u32, children);
            expanded.push(id);
        }
        // Every node after its descendants, which were expanded after it.
        for &id in expanded.iter().rev() {
            self.tree.refresh(id);
        }
        let mut id = leaf;
        while id != 0 {
            id = self.tree.nodes[id as usize].parent;
            self.tree.nodes[id as usize].extensions += expansions.len().saturating_sub(1) as u32;
        }
        self.tree.back_up(leaf);
    }

    /// A walk to a leaf that is not `busy`, in a few tries: the leaf and
    /// the path to it (from [`Self::path`]); `None` if every try met a busy
    /// leaf (or the root is solved).
    pub(super) fn walk_avoiding(&mut self, busy: impl Fn(NodeId) -> bool) -> Option<NodeId> {
        const TRIES: usize = 4;
        if self.tree.nodes[0].solved {
            return None;
        }
        for _ in 0..TRIES {
            let (leaf, decisive) = self.walk();
            if !busy(leaf) {
                self.futile += u64::from(!decisive);
                return Some(leaf);
            }
        }
        None
    }

    /// The last walk's child indices from the root.
    pub(super) fn path(&self) -> &[u16] {
        &self.path
    }

    /// The root's lowest-scoring child's move (none before the first
    /// iteration, or at a node without children).
    pub fn decision(&self) -> Option<M> {
        let index = self.decision_index()?;
        Some(self.root_moves[usize::from(index)])
    }

    /// The root's lowest-scoring child, by index (see [`Self::decision`]).
    pub fn decision_index(&self) -> Option<u16> {
        self.tree.nodes[0]
            .expanded()
            .then(|| self.tree.index(self.tree.lowest_child(0)))
    }

    /// The root's negamax score.
    pub fn value(&self) -> Value {
        self.tree.nodes[0].score
    }

    /// The root's number of children.
    pub fn root_children(&self) -> u16 {
        self.tree.nodes[0].children
    }

    /// Whether the root's score is exact.
    pub fn solved(&self) -> bool {
        self.tree.nodes[0].solved
    }

    /// Nodes generated (statically evaluated), the root included.
    pub fn generated(&self) -> u64 {
        self.tree.generated
    }

    /// The deepest generated node's plies below the root.
    pub fn deepest(&self) -> u32 {
        self.tree.deepest
    }

    /// Nodes in memory.
    pub fn size(&self) -> usize {
        self.tree.nodes.len()
    }

    /// Iterations that could not change the decision: their walk left a
    /// node whose score had to fall by a child other than its lowest (what
    /// the pruning rule saves, where that child is not solved).
    pub fn futile(&self) -> u64 {
        self.futile
    }

    /// From the root to an unsolved leaf, its child indices in `path`:
    /// the leaf, and whether expanding it may change the decision.
    fn walk(&mut self) -> (NodeId, bool) {
        let (mut id, mut goal) = (0, Goal::Decide);
        let mut decisive = true;
        self.path.clear();
        while self.tree.nodes[id as usize].expanded() {
            self.tree.nodes[id as usize].extensions += 1;
            // Only the root and nodes to be lowered look at their lowest child.
            let lowest = (goal != Goal::Raise).then(|| self.tree.lowest_child(id));
            let child = match (goal, lowest) {
                (Goal::Lower, Some(c))
                    if self.config.pruning && !self.tree.nodes[c as usize].solved =>
                {
                    c
                }
                _ => self.sample_child(id),
            };
            decisive &= goal != Goal::Lower || lowest == Some(child);
            goal = match goal {
                Goal::Decide if lowest == Some(child) => Goal::Raise,
                Goal::Decide | Goal::Raise => Goal::Lower,
                Goal::Lower => Goal::Raise,
            };
            self.path.push(self.tree.index(child));
            id = child;
        }
        (id, decisive)
    }

    /// The unsolved child of `id` whose drawn real score is lowest.
    fn sample_child(&mut self, id: NodeId) -> NodeId {
        let mut best = (f64::INFINITY, NodeId::MAX);
        for c in self.tree.nodes[id as usize].child_ids() {
            let child = &self.tree.nodes[c as usize];
            if child.solved {
                continue;
            }
            let z = self.random.normal();
            let draw = self
                .model
                .sample(child.score, child.children, 1 + child.extensions, z);
            if draw < best.0 {
                best = (draw, c);
            }
        }
        assert!(
            best.1 != NodeId::MAX,
            "an unsolved node has an unsolved child"
        );
        best.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baseline::AlphaBeta;
    use yomi_tree::{IncrementalTree, OrderedTree, TreeOrdering, INFINITE};

    fn minimax<G: Game>(game: &mut G, depth: u32) -> Value {
        AlphaBeta::new(game, u64::MAX, |_| true)
            .search(depth, -INFINITE, INFINITE)
            .unwrap()
    }

    fn config(horizon: u32, pruning: bool, seed: u64) -> RbfConfig {
        RbfConfig {
            horizon,
            pruning,
            seed,
        }
    }

    #[test]
    fn run_to_exhaustion_it_finds_the_minimax_value_and_a_best_move() {
        let model = RealScoreModel::prior(10, 1500.0, 12);
        for seed in 0..40 {
            let (b, horizon) = [(3, 6), (5, 4), (10, 3), (2, 9)][seed as usize % 4];
            let mut tree = IncrementalTree::new(seed, b);
            let exact = minimax(&mut tree, horizon);
            for pruning in [true, false] {
                let mut rbf = Rbf::new(&mut tree, &model, config(horizon, pruning, seed));
                rbf.run(&mut tree, |_| false);
                assert!(rbf.solved());
                assert_eq!(rbf.value(), exact, "seed {seed} pruning {pruning}");
                let mv = rbf.decision().unwrap();
                tree.play(mv);
                assert_eq!(
                    -minimax(&mut tree, horizon - 1),
                    exact,
                    "the move is a best one"
                );
                tree.undo(mv);
            }
        }
        let mut ordered = OrderedTree::new(4, 6, TreeOrdering::Random);
        let mut rbf = Rbf::new(&mut ordered, &model, config(4, true, 1));
        rbf.run(&mut ordered, |_| false);
        assert_eq!(rbf.value(), minimax(&mut ordered, 4));
    }

    #[test]
    fn walks_the_pruning_rule_skips_never_change_the_decision() {
        // Without the rule, an iteration that leaves a node whose score must
        // fall by a child other than its lowest may not change the decision.
        let model = RealScoreModel::prior(10, 1500.0, 12);
        let (mut futile, mut changes) = (0, 0);
        for seed in 0..30 {
            let mut tree = IncrementalTree::new(seed, 6);
            let mut rbf = Rbf::new(&mut tree, &model, config(8, false, seed));
            rbf.iterate(&mut tree);
            for _ in 0..2_000 {
                let (before, was_futile) = (rbf.decision(), rbf.futile());
                if !rbf.iterate(&mut tree) {
                    break;
                }
                if rbf.futile() > was_futile {
                    futile += 1;
                    assert_eq!(rbf.decision(), before, "seed {seed}");
                } else {
                    changes += u32::from(rbf.decision() != before);
                }
            }
        }
        assert!(
            futile > 1_000 && changes > 20,
            "{futile} futile walks, {changes} changes"
        );
        // With it, only walks past a solved lowest child are futile: none
        // where the horizon is out of reach.
        let mut tree = IncrementalTree::new(3, 6);
        let mut rbf = Rbf::new(&mut tree, &model, config(1_000, true, 3));
        rbf.run(&mut tree, |r| r.generated() > 20_000);
        assert!(rbf.deepest() < 1_000);
        assert_eq!(rbf.futile(), 0);
    }

    #[test]
    fn a_budget_stops_it_and_the_same_seed_repeats_it() {
        let model = RealScoreModel::prior(10, 1500.0, 12);
        let mut tree = IncrementalTree::new(8, 10);
        let run = |tree: &mut IncrementalTree, seed| {
            let mut rbf = Rbf::new(tree, &model, config(20, true, seed));
            rbf.run(tree, |r| r.generated() >= 5_000);
            (
                rbf.generated(),
                rbf.decision().map(|m| m.0),
                rbf.value(),
                rbf.size(),
            )
        };
        let first = run(&mut tree, 1);
        assert!(first.0 >= 5_000 && first.0 < 5_000 + 10);
        assert_eq!(run(&mut tree, 1), first);
        assert_eq!(tree.depth(), 0, "the game is back at the root");
    }
}
