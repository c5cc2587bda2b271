//! Parallel RBF in its shared-tree form (seed 003 §4.1): threads run RBF
//! iterations on one tree, each on its own copy of the game, with no
//! master. The tree's walks and backups are serialised by one lock (the
//! paper locks the nodes along a path; one lock is the coarsest such
//! serialisation), and the children of a leaf are generated outside it,
//! which is where an iteration's time goes. A leaf being expanded is
//! marked, so that other walks avoid it; a thread whose walks all meet
//! marked leaves waits for the next backup.

use super::parallel::{expand_at, RbfOutcome};
use super::real_score::RealScoreModel;
use super::sequential::{Rbf, RbfConfig, RbfStop};
use super::tree::{Expander, NodeId};
use ahash::AHashSet;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};
use yomi_tree::Game;

/// The tree and what the threads share with it.
struct Shared<'m, M> {
    rbf: Rbf<'m, M>,
    /// Leaves whose children are being generated.
    busy: AHashSet<NodeId>,
    expansions: Vec<u64>,
    /// Time threads spent waiting for a walk, summed.
    waiting: Duration,
}

/// Searches `root` with `threads` threads until `stop` (or the root is
/// solved). `elapsed` is wall time; `master_idle` is the threads' summed
/// time waiting for a leaf none of the others is expanding.
pub fn shared_tree<G: Game + Clone + Send>(
    root: &G,
    threads: usize,
    model: &RealScoreModel,
    config: RbfConfig,
    stop: RbfStop,
) -> RbfOutcome
where
    G::Move: Send,
{
    let start = Instant::now();
    let mut game = root.clone();
    let shared = Mutex::new(Shared {
        rbf: Rbf::new(&mut game, model, config),
        busy: AHashSet::new(),
        expansions: vec![0; threads.max(1)],
        waiting: Duration::ZERO,
    });
    let expanded = Condvar::new();
    std::thread::scope(|scope| {
        for thread in 0..threads.max(1) {
            let (shared, expanded, mut game) = (&shared, &expanded, root.clone());
            scope.spawn(move || {
                let (mut expander, mut children) = (Expander::new(), Vec::new());
                let mut state = shared.lock().expect("no thread panicked");
                loop {
                    if stop.reached(&state.rbf) || state.rbf.solved() {
                        expanded.notify_all();
                        return;
                    }
                    let Shared { rbf, busy, .. } = &mut *state;
                    let Some(leaf) = rbf.walk_avoiding(|leaf| busy.contains(&leaf)) else {
                        let since = Instant::now();
                        state = expanded.wait(state).expect("no thread panicked");
                        state.waiting += since.elapsed();
                        continue;
                    };
                    state.busy.insert(leaf);
                    let path = state.rbf.path().to_vec();
                    drop(state);
                    expand_at(
                        &mut game,
                        &path,
                        config.horizon,
                        &mut expander,
                        &mut children,
                    );
                    state = shared.lock().expect("no thread panicked");
                    state.busy.remove(&leaf);
                    state.rbf.attach(leaf, path.len() as u32, &children);
                    state.expansions[thread] += 1;
                    expanded.notify_all();
                }
            });
        }
    });
    let state = shared.into_inner().expect("no thread panicked");
    RbfOutcome {
        master_idle: state.waiting,
        expansions: state.expansions,
        ..RbfOutcome::of(&state.rbf, start.elapsed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baseline::AlphaBeta;
    use yomi_tree::{IncrementalTree, INFINITE};

    #[test]
    fn run_to_exhaustion_on_any_threads_it_finds_the_minimax_value() {
        let model = RealScoreModel::incremental();
        for seed in 0..8 {
            let mut tree = IncrementalTree::new(seed, 5);
            let exact = AlphaBeta::new(&mut tree, u64::MAX, |_| true)
                .search(5, -INFINITE, INFINITE)
                .unwrap();
            for threads in [1, 2, 4] {
                let config = RbfConfig {
                    horizon: 5,
                    pruning: true,
                    seed,
                };
                let o = shared_tree(&tree, threads, &model, config, RbfStop::Generated(u64::MAX));
                assert_eq!(o.value, exact, "seed {seed}, {threads} threads");
                assert_eq!(o.expansions.len(), threads);
            }
        }
    }

    #[test]
    fn one_thread_is_sequential_rbf_and_a_stop_stops_every_thread() {
        let model = RealScoreModel::incremental();
        let config = RbfConfig {
            horizon: 30,
            pruning: true,
            seed: 5,
        };
        let mut tree = IncrementalTree::new(2, 10);
        let mut rbf = Rbf::new(&mut tree, &model, config);
        let stop = RbfStop::Generated(5_000);
        rbf.run(&mut tree, |r| stop.reached(r));
        let alone = shared_tree(&tree, 1, &model, config, stop);
        assert_eq!(
            (alone.value, alone.decision, alone.generated),
            (rbf.value(), rbf.decision_index(), rbf.generated())
        );
        let three = shared_tree(&tree, 3, &model, config, RbfStop::Depth(9));
        assert!(three.deepest >= 9);
        assert!(three.expansions.iter().sum::<u64>() > 0);
    }
}
