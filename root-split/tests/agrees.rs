//! Root splitting returns plain alpha-beta's root value on threads and on
//! the virtual cluster, on 1 to 9 ranks, over synthetic trees and trees
//! whose states end in draws and scores; and on the virtual cluster it
//! gains time with workers, up to the root's width.

use std::sync::Arc;
use yomi_methods::baseline::{AlphaBeta, Charge};
use yomi_root_split::RootSplit;
use yomi_runtime::sim::Model;
use yomi_runtime::{on_sim, on_threads};
use yomi_tree::reference::Ending;
use yomi_tree::{EdgeModel, Game, IncrementalTree, SyntheticTree, Value, INFINITE};

fn sequential<G: Game>(mut game: G, depth: u32) -> Value {
    AlphaBeta::new(&mut game, u64::MAX, |_| true)
        .search(depth, -INFINITE, INFINITE)
        .expect("not stopped")
}

fn agrees<G: Game + Clone + Send + 'static>(tree: G, depth: u32, name: &str) {
    let expected = sequential(tree.clone(), depth);
    let config = RootSplit {
        depth,
        charge: Charge::Nodes,
    };
    for ranks in [1, 2, 3, 9] {
        let threads = on_threads(tree.clone(), ranks, config);
        let (sim, _) = on_sim(tree.clone(), ranks, config, &Model::UNIT_COST).unwrap();
        assert_eq!(
            (threads.value, sim.value),
            (expected, expected),
            "{name} on {ranks}"
        );
        assert_eq!(sim.reports.len(), ranks);
    }
}

#[test]
fn synthetic_trees_get_the_sequential_value() {
    let model = Arc::new(EdgeModel::embedded());
    for seed in 1..4 {
        agrees(
            SyntheticTree::new(seed, 5, model.clone()),
            6,
            &format!("seed {seed}"),
        );
    }
}

#[test]
fn games_ending_in_draws_and_scores_get_the_sequential_value() {
    for seed in 1..4 {
        agrees(
            Ending(IncrementalTree::new(seed, 5)),
            5,
            &format!("ending {seed}"),
        );
    }
}

#[test]
fn workers_gain_time_up_to_the_roots_width() {
    let tree = SyntheticTree::new(1, 5, Arc::new(EdgeModel::embedded()));
    let config = RootSplit {
        depth: 7,
        charge: Charge::Nodes,
    };
    let time = |ranks| {
        let (outcome, _) = on_sim(tree.clone(), ranks, config, &Model::UNIT_COST).unwrap();
        outcome.elapsed
    };
    let (alone, three, six, eleven) = (time(1), time(3), time(6), time(11));
    assert!(three < alone && six < three, "{alone:?} {three:?} {six:?}");
    // Five children: no sixth worker has anything to do.
    assert_eq!(six, eleven);
}
