//! The parallel search (master and workers on threads) returns the
//! sequential root value, with and without dynamic updates, with 1, 2, 3, 7
//! and 15 workers, on 16 synthetic trees, 4 whose states end in draws and
//! scores, and 8 shogi positions.

mod common;

use common::parallel::{config, run_threads, sequential, variants, METHODS};
use std::sync::Arc;
use yomi_measure::RingCounts;
use yomi_methods::minimal_tree::{MasterSearch, ParallelConfig};
use yomi_search::DEFAULT_POLL_NODES;
use yomi_shogi_game::ShogiGame;
use yomi_tree::reference::Ending;
use yomi_tree::{BranchLimit, EdgeModel, Game, SyntheticTree};

fn check<G: Game + Clone + Send + 'static>(root: G, depth: u32, d_prime: u32, name: &str) {
    let expected = sequential(root.clone(), depth);
    // Every method, and NegaScout with a second, small ε.
    let small_eps = (true, MasterSearch::NegaScoutEps(5), None);
    for (method, confirmed, extension) in variants(METHODS.into_iter().chain([small_eps])) {
        for workers in [1, 2, 3, 7, 15] {
            let config = ParallelConfig {
                confirmed_deepening: confirmed,
                // Confirmed deepening alone with idle deepening.
                idle_deepening: confirmed && !extension,
                // Both variants beyond the paper: tasks in prediction order.
                signature_first: confirmed,
                extension,
                // The variant beyond the paper in every way: with extension
                // the workers search fail-soft too.
                fail_soft: extension,
                ..config(depth, d_prime, workers, method)
            };
            let outcome = run_threads(root.clone(), config);
            assert_eq!(
                outcome.value, expected,
                "{name} depth {depth} d′ {d_prime} workers {workers} (updates, master, share) {method:?} confirmed deepening {confirmed} extension {extension}"
            );
            assert!(outcome.best_move.is_some());
            assert_eq!(outcome.reports.len(), workers);
            let finished: u64 = outcome.reports.iter().map(|r| r.tasks.tasks_finished).sum();
            assert!(finished > 0 && outcome.tasks_sent >= finished, "{name}");
        }
    }
}

#[test]
fn synthetic_trees_get_the_sequential_value() {
    let model = Arc::new(EdgeModel::embedded());
    for seed in 0..16 {
        let (depth, d_prime) = [(6, 2), (7, 3), (8, 3)][seed as usize % 3];
        check(
            SyntheticTree::new(seed, 4, model.clone()),
            depth,
            d_prime,
            &format!("seed {seed}"),
        );
    }
}

#[test]
fn games_ending_in_draws_and_scores_get_the_sequential_value() {
    let model = Arc::new(EdgeModel::embedded());
    for seed in 0..4 {
        let root = Ending(SyntheticTree::new(seed, 4, model.clone()));
        check(root, 6, 2, &format!("ending seed {seed}"));
    }
}

#[test]
fn shogi_trees_get_the_sequential_value() {
    // Eight of the 32 professional positions.
    for (i, pos) in yomi_shogi::positions::startpos_and_pro()
        .into_iter()
        .skip(1)
        .step_by(4)
        .enumerate()
    {
        let (depth, d_prime) = [(4, 2), (5, 2)][i % 2];
        check(
            ShogiGame::new(pos.clone(), BranchLimit::top(5)),
            depth,
            d_prime,
            &pos.to_sfen(),
        );
    }
}

#[test]
fn with_share_results_go_round_the_ring() {
    let pos = yomi_shogi::positions::startpos_and_pro().swap_remove(3);
    let config = ParallelConfig {
        table_mb: 4,
        ..config(8, 3, 4, METHODS[2])
    };
    let outcome = run_threads(ShogiGame::new(pos.clone(), BranchLimit::top(5)), config);
    assert_eq!(
        outcome.value,
        sequential(ShogiGame::new(pos, BranchLimit::top(5)), 8)
    );
    let mut ring = RingCounts::default();
    for r in &outcome.reports {
        ring += r.ring.expect("with share, every worker counts its ring");
    }
    assert!(ring.received > 0, "no entry went round the ring");
    assert!(ring.sent > 0 && ring.sent + ring.dropped <= ring.produced);
    assert!(ring.cutoffs <= ring.hits && ring.known <= ring.received);
}

/// The games' master (see `yomi_play::MasterWorker`): NegaScout with null
/// windows, re-searches only on decided scouts, and an aspiration window
/// at the root, right or wrong; the root value is still the sequential one.
#[test]
fn the_games_master_options_keep_the_sequential_value() {
    use yomi_methods::minimal_tree::run_worker;
    use yomi_methods::minimal_tree::Master;
    use yomi_methods::minimal_tree::Message;
    use yomi_methods::minimal_tree::WorkerConfig;
    use yomi_runtime::thread_transports;
    let model = Arc::new(EdgeModel::embedded());
    for seed in 0..8 {
        let root = SyntheticTree::new(seed, 4, model.clone());
        let (depth, d_prime) = (6, 1 + seed as u32 % 2);
        let expected = sequential(root.clone(), depth);
        for guess in [
            None,
            Some(expected),
            Some(expected - 300),
            Some(expected + 300),
        ] {
            let workers = 2;
            let mut transports = thread_transports::<Message>(workers + 1).into_iter();
            let rank0 = transports.next().unwrap();
            let config = WorkerConfig {
                updates: true,
                table_mb: 1,
                eps: Some(0),
                confirmed_deepening: false,
                idle_deepening: false,
                signature_first: false,
                fail_soft: false,
                poll_nodes: DEFAULT_POLL_NODES,
                share_plies: None,
                search_id: 0,
                say_idle: true,
            };
            let threads: Vec<_> = transports
                .map(|t| {
                    let root = root.clone();
                    std::thread::spawn(move || run_worker(root, t, config))
                })
                .collect();
            let mut master = Master::new(root.clone(), rank0, depth, d_prime)
                .with_negascout(true)
                .with_decided_research();
            master.set_aspiration(guess);
            let outcome = master.run();
            for t in threads {
                t.join().unwrap();
            }
            assert_eq!(outcome.value, expected, "seed {seed} guess {guess:?}");
            assert!(outcome.complete && outcome.best_move.is_some());
        }
    }
}
