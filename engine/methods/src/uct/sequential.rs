//! Sequential UCT (seed 001 §II-B, Algorithm UCT) in negamax form: every
//! reward is for the side to move where it is stored, and flips on the way
//! up.

use super::node_table::{Node, Table};
use super::playout::Playout;
use super::reward::{reward_of_end, reward_of_value};
use crate::random::Random;
use yomi_tree::Game;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UctConfig {
    /// Seed 001's constant C in actionValue (it gives no value; √2 is
    /// UCB1's for rewards in [0, 1]).
    pub c: f64,
    /// Plies below the root at which states are leaves, valued by their
    /// static evaluation (a tree of depth d, as alpha-beta's).
    pub horizon: u32,
    pub playout: Playout,
    pub seed: u64,
}

impl UctConfig {
    pub const UCB1: f64 = std::f64::consts::SQRT_2;
}

/// Where a search stands.
#[derive(Clone, Debug, PartialEq)]
pub struct UctResult {
    /// The root's most visited child, by index in the game's order
    /// (`None`: the root has no children).
    pub best: Option<usize>,
    /// The root's children: simulations through each, and their mean
    /// reward for the side to move at the root.
    pub children: Vec<(u64, f64)>,
    pub simulations: u64,
    /// States in memory.
    pub nodes: usize,
}

/// A UCT search of one root, resumable: simulations add to the same tree.
pub struct Uct<G: Game> {
    config: UctConfig,
    table: Table,
    random: Random,
    simulations: u64,
    /// Scratch: the path's (key, child index) pairs, moves played, lists.
    path: Vec<(u64, usize)>,
    played: Vec<G::Move>,
    moves: Vec<G::Move>,
    playout_moves: Vec<G::Move>,
}

impl<G: Game> Uct<G> {
    pub fn new(config: UctConfig) -> Uct<G> {
        Uct {
            config,
            table: Table::default(),
            random: Random::new(config.seed),
            simulations: 0,
            path: Vec::new(),
            played: Vec::new(),
            moves: Vec::new(),
            playout_moves: Vec::new(),
        }
    }

    /// `simulations` more simulations from `game`'s state (left as it was).
    pub fn run(&mut self, game: &mut G, simulations: u64) -> UctResult {
        for _ in 0..simulations {
            self.simulate(game);
        }
        self.result(game)
    }

    /// One simulation: in-tree steps by UCB1 down to the first state not
    /// in memory (added), a horizon or an end; a playout from an added
    /// state; the reward backed up along the path, so that the root's
    /// children's visits add up to the simulations.
    pub fn simulate(&mut self, game: &mut G) {
        let horizon = self.config.horizon;
        self.path.clear();
        let mut depth = 0;
        let reward = loop {
            let left = horizon - depth;
            if left == 0 {
                break reward_of_value(game.evaluate(), self.config.playout.scale);
            }
            let key = Table::key(game.hash(), left);
            let Some(node) = self.table.get(key) else {
                game.children(&mut self.moves);
                self.table.insert(key, Node::new(self.moves.len()));
                if depth == 0 {
                    // The root is in memory from the start (seed 001
                    // shares it before the first simulation): every
                    // simulation passes through one of its children.
                    continue;
                }
                if self.moves.is_empty() {
                    break reward_of_end(game.end_value());
                }
                let (random, scratch) = (&mut self.random, &mut self.playout_moves);
                let mut moves = std::mem::take(&mut self.moves);
                let (reward, _) = self
                    .config
                    .playout
                    .run(game, left, random, &mut moves, scratch);
                self.moves = moves;
                break reward;
            };
            if node.children.is_empty() {
                break reward_of_end(game.end_value());
            }
            let i = node.select(self.config.c);
            game.children(&mut self.moves);
            let mv = self.moves[i];
            game.play(mv);
            self.played.push(mv);
            self.path.push((key, i));
            depth += 1;
        };
        let mut reward = reward;
        while let Some((key, i)) = self.path.pop() {
            reward = 1.0 - reward;
            self.table
                .get_mut(key)
                .expect("a node on the path is in memory")
                .add(i, reward);
        }
        while let Some(mv) = self.played.pop() {
            game.undo(mv);
        }
        self.simulations += 1;
    }

    /// The root's statistics.
    pub fn result(&self, game: &G) -> UctResult {
        let root = self.table.get(Table::key(game.hash(), self.config.horizon));
        let children = root.map_or(Vec::new(), |node| {
            let mean = |&(n, w): &(u64, f64)| (n, if n > 0 { w / n as f64 } else { 0.0 });
            node.children.iter().map(mean).collect()
        });
        UctResult {
            best: root.and_then(Node::most_visited),
            children,
            simulations: self.simulations,
            nodes: self.table.len(),
        }
    }
}
