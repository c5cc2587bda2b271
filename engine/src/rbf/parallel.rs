//! Parallel RBF in its master–slave form (seed 003 §4.1), written once
//! against `Transport`: rank 0 keeps the tree and runs the walks, one for
//! every idle slave, so that up to P leaves are expanded at once (one
//! that sure, the others speculative); a slave replays a leaf's path,
//! generates its children and sends them back, and the master attaches
//! them and backs the scores up. A walk that ends on a leaf already out is
//! tried again a few times before its slave waits (the paper only
//! tolerates duplicates). One rank alone runs sequential RBF.

use super::model::RealScoreModel;
use super::search::{Rbf, RbfConfig, RbfStop};
use super::tree::{Expander, Generated, NodeId};
use crate::game::{play_path, take_back, Game, Value};
use crate::parallel::program::Program;
use crate::parallel::transport::{Rank, Traffic, Transport};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::time::Duration;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum RbfMessage {
    /// To a slave: generate the children of the node this path leads to.
    Expand {
        leaf: NodeId,
        path: Vec<u16>,
    },
    /// To the master: they are.
    Expanded {
        leaf: NodeId,
        children: Vec<Generated>,
    },
    Quit,
}

#[derive(Clone, Copy, Debug)]
pub struct ParallelRbf {
    pub config: RbfConfig,
    pub model: &'static RealScoreModel,
    pub stop: RbfStop,
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

impl Program for ParallelRbf {
    type Message = RbfMessage;
    type Output = RbfOutcome;

    fn run<G: Game, T: Transport<RbfMessage>>(self, mut root: G, mut t: T) -> Option<RbfOutcome> {
        if t.rank() == 0 {
            return Some(self.master(&mut root, &mut t));
        }
        slave(&mut root, &mut t, self.config.horizon);
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
        let mut out: HashMap<NodeId, u32> = HashMap::new();
        let mut expansions = vec![0; t.size()];
        let mut master_idle = Duration::ZERO;
        let (mut expander, mut children) = (Expander::new(), Vec::new());
        while !self.stop.reached(&rbf) && !rbf.solved() {
            if t.size() == 1 {
                let Some(leaf) = rbf.walk_avoiding(|_| false) else {
                    break;
                };
                let path = rbf.path().to_vec();
                t.visit(path.len() as u64 + 1);
                expand_at(
                    game,
                    &path,
                    self.config.horizon,
                    &mut expander,
                    &mut children,
                );
                t.work(children.len() as u64);
                rbf.attach(leaf, path.len() as u32, &children);
                t.visit(path.len() as u64 + 1);
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
            if let RbfMessage::Expanded { leaf, children } = message {
                let depth = out.remove(&leaf).expect("an expansion asked for");
                rbf.attach(leaf, depth, &children);
                t.visit(u64::from(depth) + 1);
                expansions[from] += 1;
                idle.push(from);
            }
        }
        let elapsed = t.now();
        for rank in 1..t.size() {
            t.send(rank, RbfMessage::Quit);
        }
        RbfOutcome {
            value: rbf.value(),
            decision: rbf.decision_index(),
            generated: rbf.generated(),
            deepest: rbf.deepest(),
            elapsed,
            master_idle,
            expansions,
            traffic: t.traffic(),
        }
    }
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

/// A slave: expansions until the master says quit.
fn slave<G: Game, T: Transport<RbfMessage>>(game: &mut G, t: &mut T, horizon: u32) {
    let (mut expander, mut children) = (Expander::new(), Vec::new());
    loop {
        let Some((from, message)) = t.poll() else {
            t.idle();
            continue;
        };
        match message {
            RbfMessage::Expand { leaf, path } => {
                expand_at(game, &path, horizon, &mut expander, &mut children);
                t.work(children.len() as u64);
                let children = std::mem::take(&mut children);
                t.send(from, RbfMessage::Expanded { leaf, children });
            }
            RbfMessage::Quit => return,
            RbfMessage::Expanded { .. } => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baseline::AlphaBeta;
    use crate::game::{IncrementalTree, INFINITE};
    use crate::parallel::program::{on_sim, on_threads};
    use crate::parallel::sim::Model;

    #[test]
    fn run_to_exhaustion_on_any_ranks_it_finds_the_minimax_value() {
        let model: &'static RealScoreModel = Box::leak(Box::new(RealScoreModel::incremental()));
        for seed in 0..6 {
            let mut tree = IncrementalTree::new(seed, 4);
            let exact = AlphaBeta::new(&mut tree, u64::MAX, |_| true)
                .search(6, -INFINITE, INFINITE)
                .unwrap();
            for ranks in [1, 2, 5] {
                let program = ParallelRbf {
                    config: RbfConfig {
                        horizon: 6,
                        pruning: true,
                        seed,
                    },
                    model,
                    stop: RbfStop::Generated(u64::MAX),
                };
                let (sim, _) = on_sim(tree.clone(), ranks, program, &Model::UNIT_COST).unwrap();
                let threads = on_threads(tree.clone(), ranks, program);
                assert_eq!(
                    (sim.value, threads.value),
                    (exact, exact),
                    "seed {seed} ranks {ranks}"
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
        let (deep, _) = on_sim(tree, 8, by_depth, &Model::UNIT_COST).unwrap();
        assert_eq!(deep.deepest, 12);
    }
}
