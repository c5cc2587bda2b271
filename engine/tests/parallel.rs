//! The parallel search (master and workers on threads) returns the
//! sequential root value, with and without dynamic updates, with 1, 2, 3, 7
//! and 15 workers, on 16 synthetic trees and 8 shogi positions.

mod common;

use common::parallel::{config, sequential, variants, METHODS};
use std::sync::Arc;
use yomi_engine::game::{EdgeModel, Game, ShogiGame, SyntheticTree};
use yomi_engine::parallel::run::{run_threads, MasterSearch, ParallelConfig};

fn check<G: Game + Clone + Send + 'static>(root: G, depth: u32, d_prime: u32, name: &str) {
    let expected = sequential(root.clone(), depth);
    // Every method, and NegaScout with a second, small ε.
    let small_eps = (true, MasterSearch::NegaScoutEps(5), None);
    for (method, confirmed) in variants(METHODS.into_iter().chain([small_eps])) {
        for workers in [1, 2, 3, 7, 15] {
            let config = ParallelConfig {
                confirmed_deepening: confirmed,
                ..config(depth, d_prime, workers, method)
            };
            let outcome = run_threads(root.clone(), config);
            assert_eq!(
                outcome.value, expected,
                "{name} depth {depth} d′ {d_prime} workers {workers} (updates, master, share) {method:?} confirmed deepening {confirmed}"
            );
            assert!(outcome.best_move.is_some());
            assert_eq!(outcome.reports.len(), workers);
            let finished: u64 = outcome.reports.iter().map(|r| r.tasks_finished).sum();
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
fn shogi_trees_get_the_sequential_value() {
    // Eight of the 32 professional positions.
    for (i, pos) in common::start_positions()
        .into_iter()
        .skip(1)
        .step_by(4)
        .enumerate()
    {
        let (depth, d_prime) = [(4, 2), (5, 2)][i % 2];
        check(
            ShogiGame::new(pos.clone(), 5),
            depth,
            d_prime,
            &pos.to_sfen(),
        );
    }
}

#[test]
fn with_share_results_go_round_the_ring() {
    let pos = common::start_positions().swap_remove(3);
    let config = ParallelConfig {
        table_mb: 4,
        ..config(8, 3, 4, METHODS[2])
    };
    let outcome = run_threads(ShogiGame::new(pos.clone(), 5), config);
    assert_eq!(outcome.value, sequential(ShogiGame::new(pos, 5), 8));
    let shared: u64 = outcome.reports.iter().map(|r| r.shared_received).sum();
    assert!(shared > 0, "no entry went round the ring");
}
