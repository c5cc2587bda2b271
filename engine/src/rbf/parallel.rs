//! Parallel RBF in its master–slave form (seed 003 §4.1), written once
//! against `Transport`: rank 0 keeps the tree and runs the walks, one for
//! every idle slave, so that up to P leaves are expanded at once (one
//! that sure, the others speculative); a slave replays a leaf's path,
//! generates its children and sends them back, and the master attaches
//! them and backs the scores up. A walk that ends on a leaf already out is
//! tried again a few times before its slave waits (the paper only
//! tolerates duplicates). One rank alone runs sequential RBF.

use super::model::RealScoreModel;
use super::search::{Rbf, RbfConfig};
use super::tree::{Expander, Generated, NodeId};
use crate::game::{play_path, take_back, Game, Value};
use crate::parallel::program::Program;
use crate::parallel::transport::{Rank, Transport};
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
    /// Nodes to generate before deciding.
    pub budget: u64,
}

/// What rank 0 returns.
#[derive(Clone, Debug, PartialEq)]
pub struct RbfOutcome {
    pub value: Value,
    /// The root's chosen child, by index.
    pub decision: Option<u16>,
    pub generated: u64,
    /// Rank 0's clock when it decided.
    pub elapsed: Duration,
    /// Expansions each slave made (none for rank 0).
    pub expansions: Vec<u64>,
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
    fn master<G: Game, T: Transport<RbfMessage>>(self, game: &mut G, t: &mut T) -> RbfOutcome {
        let mut rbf = Rbf::new(game, self.model, self.config);
        let mut idle: Vec<Rank> = (1..t.size()).rev().collect();
        // Leaves out for expansion, and their depths.
        let mut out: HashMap<NodeId, u32> = HashMap::new();
        let mut expansions = vec![0; t.size()];
        while rbf.generated() < self.budget && !rbf.solved() {
            if t.size() == 1 {
                rbf.iterate(game);
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
                t.idle();
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
            elapsed,
            expansions,
        }
    }
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
                let played = play_path(game, &path);
                expander.children(game, path.len() as u32, horizon, &mut children);
                take_back(game, played);
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
                    budget: u64::MAX,
                };
                let (sim, _) = on_sim(tree.clone(), ranks, program, &Model::UNIT_COST).unwrap();
                let threads = on_threads(tree.clone(), ranks, program);
                assert_eq!(
                    (sim.value, threads.value),
                    (exact, exact),
                    "seed {seed} ranks {ranks}"
                );
                assert_eq!(sim.expansions.len(), ranks);
                assert!(ranks == 1 || sim.expansions[1..].iter().all(|&e| e > 0));
            }
        }
    }
}
