//! Sequential UCT (seed 001 §II-B): on many small trees its root choice
//! comes to be the minimax move as simulations grow; a run repeats exactly
//! for a seed; the root's children's visits add up to the simulations.

use std::sync::Arc;
use yomi_methods::uct::{Playout, Uct, UctConfig};
use yomi_tree::reference::child_values;
use yomi_tree::{EdgeModel, SyntheticTree};

/// Synthetic trees' values at depth 3 to 6 spread over hundreds to
/// thousands: a reward scale of 1,000 keeps their differences visible.
fn config(horizon: u32, plies: u32, seed: u64) -> UctConfig {
    UctConfig {
        c: UctConfig::UCB1,
        horizon,
        playout: Playout {
            plies,
            scale: 1000.0,
        },
        seed,
    }
}

#[test]
fn the_root_choice_comes_to_be_the_minimax_move() {
    let model = Arc::new(EdgeModel::embedded());
    let budgets = [30, 300, 3_000, 30_000, 100_000];
    let mut right = [0; 5];
    let mut trees = 0;
    for seed in 0..60 {
        let depth = 3 + seed as u32 % 2;
        let mut tree = SyntheticTree::new(seed, 3, model.clone());
        let values = child_values(&mut tree, depth);
        let best = *values.iter().max().unwrap();
        // Trees whose best move is clear (by a tenth of a pawn).
        if values.iter().filter(|&&v| v > best - 10).count() > 1 {
            continue;
        }
        trees += 1;
        // Random playouts to the horizon, read there by the evaluation.
        let mut uct = Uct::new(config(depth, u32::MAX, seed));
        let mut done = 0;
        for (k, &budget) in budgets.iter().enumerate() {
            let result = uct.run(&mut tree, budget - done);
            done = budget;
            let chosen = result.best.unwrap();
            right[k] += usize::from(values[chosen] == best);
        }
    }
    assert!(trees >= 30, "{trees} trees");
    // More simulations, more minimax moves; nearly all at the end.
    assert!(
        right.windows(2).all(|w| w[0] <= w[1]),
        "{right:?} of {trees}"
    );
    assert!(right[0] * 100 < trees * 80, "{right:?} of {trees}");
    assert!(right[4] * 100 >= trees * 95, "{right:?} of {trees}");
}

#[test]
fn a_run_repeats_for_its_seed_and_every_simulation_reaches_the_root() {
    let model = Arc::new(EdgeModel::embedded());
    let mut tree = SyntheticTree::new(7, 4, model);
    let run = |seed, tree: &mut SyntheticTree| Uct::new(config(6, 2, seed)).run(tree, 5_000);
    let (a, b) = (run(1, &mut tree), run(1, &mut tree));
    assert_eq!(a, b);
    assert_ne!(a.children, run(2, &mut tree).children);
    let visits: u64 = a.children.iter().map(|&(n, _)| n).sum();
    assert_eq!((visits, a.simulations), (5_000, 5_000));
    assert!(a.nodes > 500 && a.nodes <= 5_001, "{} nodes", a.nodes);
    // A search resumed in steps is the search run at once.
    let mut uct = Uct::new(config(6, 2, 1));
    uct.run(&mut tree, 1_234);
    assert_eq!(uct.run(&mut tree, 5_000 - 1_234), a);
}
