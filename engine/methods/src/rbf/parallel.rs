//! Parallel RBF in its master–slave form (seed 003 §4.1), written once
//! against `Transport`: rank 0 keeps the tree and runs the walks, one for
//! every idle slave, so that up to P leaves are expanded at once (one
//! that sure, the others speculative); a slave replays a leaf's path,
//! generates its children and sends them back, and the master attaches
//! them and backs the scores up. A walk that ends on a leaf already out is
//! tried again a few times before its slave waits (the paper only
//! tolerates duplicates). One rank alone runs sequential RBF.
//!
//! Beyond the paper, a slave may grow the leaf's subtree by a few RBF
//! iterations of its own (`chunk`), so that one walk and one backup of the
//! master serve several expansions: the master's serial work is what
//! bounds the paper's form.

use super::real_score::RealScoreModel;
use super::sequential::{Expansion, Rbf, RbfConfig, RbfStop};
use super::tree::{Expander, Generated, NodeId};
use ahash::AHashMap;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use yomi_runtime::{Program, Rank, Traffic, Transport};
use yomi_tree::{play_path, take_back, Game, Value};

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum RbfMessage {
    /// To a slave: generate the children of the node this path leads to.
    Expand {
        leaf: NodeId,
        path: Vec<u16>,
    },
    /// To the master: the expansions made below it, parents first (one,
    /// of the leaf itself, when `chunk` is 1).
    Grown {
        leaf: NodeId,
        expansions: Vec<Expansion>,
    },
    Quit,
}

#[derive(Clone, Copy, Debug)]
pub struct ParallelRbf {
    pub config: RbfConfig,
    pub model: &'static RealScoreModel,
    pub stop: RbfStop,
    /// Iterations a slave runs below each leaf it is given (1: the paper's
    /// single expansion).
    pub chunk: u32,
}

/// What rank 0 returns.
#[derive(Clone, Debug, PartialEq)]
pub struct RbfOutcome {
    pub value: Value,
    /// The root's chosen child, by index.
    pub decision: Option<u16>,
    pub generated: u64,
    /// The deepest generated node's plies.
    pub deepest: u32,
    /// Rank 0's clock when it decided, and its time waiting for slaves.
    pub elapsed: Duration,
    pub master_idle: Duration,
    /// Expansions each rank made (rank 0 only when alone).
    pub expansions: Vec<u64>,
    /// Rank 0's messages.
    pub traffic: Traffic,
}

impl<G: Game> Program<G> for ParallelRbf {
    type Message = RbfMessage;
    type Output = RbfOutcome;

    fn run<T: Transport<RbfMessage>>(self, mut root: G, mut t: T) -> Option<RbfOutcome> {
        if t.rank() == 0 {
            return Some(self.master(&mut root, &mut t));
        }
        self.slave(&mut root, &mut t);
        None
    }
}

impl ParallelRbf {
    /// Walks, and with slaves hands their leaves out, until the stop.
    /// The clock is charged a visit for every node a walk or a backup
    /// passes and the work of every generated node.
    fn master<G: Game, T: Transport<RbfMessage>>(self, game: &mut G, t: &mut T) -> RbfOutcome {
        let mut rbf = Rbf::new(game, self.model, self.config);
        let mut idle: Vec<Rank> = (1..t.size()).rev().collect();
        // Leaves out for expansion, and their depths.
        let mut out: AHashMap<NodeId, u32> = AHashMap::new();
        let mut expansions = vec![0; t.size()];
        let mut master_idle = Duration::ZERO;
        let mut expander = Expander::new();
        while !self.stop.reached(&rbf) && !rbf.solved() {
            if t.size() == 1 {
                let horizon = self.config.horizon;
                let Some((path, _)) = iterate(&mut rbf, game, horizon, &mut expander, t) else {
                    break;
                };
                // The walk down and the backup up.
                t.visit(2 * (path.len() as u64 + 1));
                expansions[0] += 1;
                continue;
            }
            while let Some(&slave) = idle.last() {
                let Some(leaf) = rbf.walk_avoiding(|leaf| out.contains_key(&leaf)) else {
                    break;
                };
                idle.pop();
                let path = rbf.path().to_vec();
                t.visit(path.len() as u64 + 1);
                out.insert(leaf, path.len() as u32);
                t.send(slave, RbfMessage::Expand { leaf, path });
            }
            let Some((from, message)) = t.poll() else {
                let since = t.now();
                t.idle();
                master_idle += t.now().saturating_sub(since);
                continue;
            };
            if let RbfMessage::Grown {
                leaf,
                expansions: grown,
            } = message
            {
                let depth = out.remove(&leaf).expect("an expansion asked for");
                let below: usize = grown.iter().map(|(path, _)| path.len() + 1).sum();
                rbf.graft(leaf, depth, &grown);
                t.visit(u64::from(depth) + below as u64);
                expansions[from] += grown.len() as u64;
                idle.push(from);
            }
        }
        let elapsed = t.now();
        // Expansions still out are awaited, so that no answer reaches the
        // next search on the same ranks (an MPI run's next tree).
        while !out.is_empty() {
            match t.poll() {
                Some((_, RbfMessage::Grown { leaf, .. })) => {
                    out.remove(&leaf);
                }
                Some(_) => {}
                None => t.idle(),
            }
        }
        for rank in 1..t.size() {
            t.send(rank, RbfMessage::Quit);
        }
        RbfOutcome {
            master_idle,
            expansions,
            traffic: t.traffic(),
            ..RbfOutcome::of(&rbf, elapsed)
        }
    }
}

impl RbfOutcome {
    /// What `rbf` decided, `elapsed` into the search (no slaves).
    pub fn of<M: Copy>(rbf: &Rbf<'_, M>, elapsed: Duration) -> RbfOutcome {
        RbfOutcome {
            value: rbf.value(),
            decision: rbf.decision_index(),
            generated: rbf.generated(),
            deepest: rbf.deepest(),
            elapsed,
            master_idle: Duration::ZERO,
            expansions: Vec::new(),
            traffic: Traffic::default(),
        }
    }
}

/// One iteration of `rbf` on `game`, its generated nodes charged to `t`:
/// the expansion made (its leaf's path and children), or `None` once the
/// root is solved.
fn iterate<G: Game, T: Transport<RbfMessage>>(
    rbf: &mut Rbf<'_, G::Move>,
    game: &mut G,
    horizon: u32,
    expander: &mut Expander<G::Move>,
    t: &mut T,
) -> Option<Expansion> {
    let leaf = rbf.walk_avoiding(|_| false)?;
    let path = rbf.path().to_vec();
    let mut children = Vec::new();
    expand_at(game, &path, horizon, expander, &mut children);
    t.work(children.len() as u64);
    rbf.attach(leaf, path.len() as u32, &children);
    Some((path, children))
}

/// The children of the node `path` leads to from `game`'s, into `out`.
pub(super) fn expand_at<G: Game>(
    game: &mut G,
    path: &[u16],
    horizon: u32,
    expander: &mut Expander<G::Move>,
    out: &mut Vec<Generated>,
) {
    let played = play_path(game, path);
    expander.children(game, path.len() as u32, horizon, out);
    take_back(game, played);
}

impl ParallelRbf {
    /// A slave: expansions until the master says quit.
    fn slave<G: Game, T: Transport<RbfMessage>>(self, game: &mut G, t: &mut T) {
        let horizon = self.config.horizon;
        let (mut expander, mut children) = (Expander::new(), Vec::new());
        loop {
            let Some((from, message)) = t.poll() else {
                t.idle();
                continue;
            };
            match message {
                RbfMessage::Expand { leaf, path } if self.chunk <= 1 => {
                    expand_at(game, &path, horizon, &mut expander, &mut children);
                    t.work(children.len() as u64);
                    let expansions = vec![(Vec::new(), std::mem::take(&mut children))];
                    t.send(from, RbfMessage::Grown { leaf, expansions });
                }
                RbfMessage::Expand { leaf, path } => {
                    let played = play_path(game, &path);
                    let expansions = self.grow(game, leaf, path.len() as u32, t);
                    take_back(game, played);
                    t.send(from, RbfMessage::Grown { leaf, expansions });
                }
                RbfMessage::Quit => return,
                RbfMessage::Grown { .. } => {}
            }
        }
    }

    /// `chunk` RBF iterations below the leaf `game` is at, `depth` plies
    /// deep (fewer if its subtree is solved first), their expansions
    /// charged to `t`.
    fn grow<G: Game, T: Transport<RbfMessage>>(
        self,
        game: &mut G,
        leaf: NodeId,
        depth: u32,
        t: &mut T,
    ) -> Vec<Expansion> {
        let config = RbfConfig {
            horizon: self.config.horizon - depth,
            // Each leaf's walks their own, the same on every run.
            seed: self.config.seed ^ u64::from(leaf).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            ..self.config
        };
        let mut local = Rbf::new(game, self.model, config);
        t.work(1); // the leaf once more, as its search's root
        let mut expander = Expander::new();
        (0..self.chunk)
            .map_while(|_| iterate(&mut local, game, config.horizon, &mut expander, t))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baseline::AlphaBeta;
    use yomi_runtime::sim::Model;
    use yomi_runtime::{on_sim, on_threads};
    use yomi_tree::{IncrementalTree, INFINITE};

    #[test]
    fn run_to_exhaustion_on_any_ranks_it_finds_the_minimax_value() {
        let model: &'static RealScoreModel = Box::leak(Box::new(RealScoreModel::incremental()));
        for seed in 0..6 {
            let mut tree = IncrementalTree::new(seed, 4);
            let exact = AlphaBeta::new(&mut tree, u64::MAX, |_| true)
                .search(6, -INFINITE, INFINITE)
                .unwrap();
            for (ranks, chunk) in [(1, 1), (2, 1), (5, 1), (2, 4), (5, 8)] {
                let program = ParallelRbf {
                    config: RbfConfig {
                        horizon: 6,
                        pruning: true,
                        seed,
                    },
                    model,
                    stop: RbfStop::Generated(u64::MAX),
                    chunk,
                };
                let (sim, _) = on_sim(tree.clone(), ranks, program, &Model::UNIT_COST).unwrap();
                let threads = on_threads(tree.clone(), ranks, program);
                assert_eq!(
                    (sim.value, threads.value),
                    (exact, exact),
                    "seed {seed} ranks {ranks} chunk {chunk}"
                );
                assert_eq!(sim.expansions.len(), ranks);
                let busy = if ranks == 1 {
                    &sim.expansions[..]
                } else {
                    &sim.expansions[1..]
                };
                assert!(busy.iter().all(|&e| e > 0));
            }
        }
    }

    #[test]
    fn one_rank_is_sequential_rbf_and_slaves_share_its_work_in_virtual_time() {
        let model: &'static RealScoreModel = Box::leak(Box::new(RealScoreModel::incremental()));
        let config = RbfConfig {
            horizon: 30,
            pruning: true,
            seed: 3,
        };
        let mut tree = IncrementalTree::new(11, 10);
        let mut rbf = Rbf::new(&mut tree, model, config);
        let stop = RbfStop::Generated(20_000);
        rbf.run(&mut tree, |r| stop.reached(r));
        let program = ParallelRbf {
            config,
            model,
            stop,
            chunk: 1,
        };
        let (alone, _) = on_sim(tree.clone(), 1, program, &Model::UNIT_COST).unwrap();
        assert_eq!(
            (alone.value, alone.decision, alone.generated, alone.deepest),
            (
                rbf.value(),
                rbf.decision_index(),
                rbf.generated(),
                rbf.deepest()
            )
        );
        let (eight, _) = on_sim(tree.clone(), 8, program, &Model::UNIT_COST).unwrap();
        assert!(eight.generated >= 20_000);
        assert!(
            eight.elapsed * 3 < alone.elapsed,
            "{:?} on 8 ranks, {:?} on one",
            eight.elapsed,
            alone.elapsed
        );
        let by_depth = ParallelRbf {
            stop: RbfStop::Depth(12),
            ..program
        };
        let (deep, _) = on_sim(tree.clone(), 8, by_depth, &Model::UNIT_COST).unwrap();
        assert_eq!(deep.deepest, 12);
        // Where the master's serial work bounds the paper's form (its
        // visits cost a tenth of a node), slaves that grow their leaves'
        // subtrees finish sooner.
        let model = Model {
            visit_cost_us: 0.1,
            ..Model::UNIT_COST
        };
        let (paper, _) = on_sim(tree.clone(), 40, program, &model).unwrap();
        let chunked = ParallelRbf {
            chunk: 8,
            ..program
        };
        let (grown, _) = on_sim(tree, 40, chunked, &model).unwrap();
        assert!(grown.generated >= 20_000 && grown.expansions.iter().sum::<u64>() > 0);
        assert!(
            grown.elapsed < paper.elapsed,
            "{:?} in chunks of 8, {:?} one by one",
            grown.elapsed,
            paper.elapsed
        );
    }
}
