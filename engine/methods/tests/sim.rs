//! The virtual cluster: every parallel method returns the sequential root
//! value at 64 and 256 ranks; runs repeat exactly; idle time is accounted
//! as hand-built scenarios say it must be.

mod common;

use common::parallel::{config, run_sim, sequential, variants, METHODS};
use std::sync::Arc;
use yomi_methods::minimal_tree::MasterOutcome;
use yomi_methods::minimal_tree::{MasterSearch, ParallelConfig};
use yomi_runtime::sim::{Interconnect, Model};
use yomi_shogi_game::ShogiGame;
use yomi_tree::{BranchLimit, EdgeModel, Game, SyntheticTree};

const MODEL: Model = Model {
    node_cost_us: 0.25,
    visit_cost_us: 0.25,
    network: Interconnect::ETHERNET_10G,
};

fn check<G: Game + Clone + 'static>(root: G, depth: u32, d_prime: u32, ranks: usize, name: &str) {
    let expected = sequential(root.clone(), depth);
    for (method, confirmed, extension) in variants(METHODS) {
        let config = ParallelConfig {
            confirmed_deepening: confirmed,
            // Confirmed deepening alone with idle deepening.
            idle_deepening: confirmed && !extension,
            // Both variants beyond the paper: tasks in prediction order.
            signature_first: confirmed,
            extension,
            // The variant beyond the paper in every way: with extension the
            // workers search fail-soft too.
            fail_soft: extension,
            ..config(depth, d_prime, ranks - 1, method)
        };
        let (outcome, stats) = run_sim(root.clone(), config, &MODEL).expect("the simulation runs");
        assert_eq!(
            outcome.value, expected,
            "{name} depth {depth} d′ {d_prime} ranks {ranks} method {method:?} confirmed deepening {confirmed} extension {extension}"
        );
        assert_eq!(outcome.reports.len(), ranks - 1);
        assert!(stats.end >= outcome.elapsed.as_nanos() as u64 * 1000);
    }
}

#[test]
fn synthetic_trees_get_the_sequential_value_at_64_and_256_ranks() {
    let model = Arc::new(EdgeModel::embedded());
    for seed in 0..4 {
        let tree = SyntheticTree::new(seed, 5, model.clone());
        check(tree.clone(), 8, 4, 64, &format!("seed {seed}"));
        check(tree, 8, 4, 256, &format!("seed {seed}"));
    }
}

#[test]
fn extension_shares_out_the_last_tasks_and_keeps_the_value() {
    let tree = SyntheticTree::new(1, 5, Arc::new(EdgeModel::embedded()));
    let expected = sequential(tree.clone(), 10);
    let method = (true, MasterSearch::NegaScoutEps(100), None);
    for extension in [false, true] {
        let config = ParallelConfig {
            confirmed_deepening: true,
            extension,
            fail_soft: false,
            ..config(10, 4, 255, method)
        };
        let (outcome, _) = run_sim(tree.clone(), config, &MODEL).expect("the simulation runs");
        assert_eq!(outcome.value, expected, "extension {extension}");
        assert_eq!(outcome.extended > 0, extension, "{}", outcome.extended);
    }
}

#[test]
fn fail_soft_workers_keep_the_value_at_odd_d_prime() {
    // Odd d′ is where NegaScout with ε-windows repeats tasks; fail-soft
    // results answer more windows there.
    let model = Arc::new(EdgeModel::embedded());
    let method = (true, MasterSearch::NegaScoutEps(100), None);
    for seed in 0..4 {
        let tree = SyntheticTree::new(seed, 5, model.clone());
        let expected = sequential(tree.clone(), 9);
        for fail_soft in [false, true] {
            let config = ParallelConfig {
                fail_soft,
                ..config(9, 3, 63, method)
            };
            let (outcome, _) = run_sim(tree.clone(), config, &MODEL).expect("the simulation runs");
            assert_eq!(outcome.value, expected, "seed {seed} fail-soft {fail_soft}");
        }
    }
}

#[test]
fn workers_polling_at_any_interval_keep_the_value() {
    // The interval reaches the workers (whose six-ply tasks outlast a
    // poll): the runs differ, the values do not.
    let model = Arc::new(EdgeModel::embedded());
    for seed in 0..2 {
        let tree = SyntheticTree::new(seed, 5, model.clone());
        let expected = sequential(tree.clone(), 10);
        for method in METHODS {
            let mut elapsed = Vec::new();
            for poll_nodes in [1, 128, 1024] {
                let config = ParallelConfig {
                    poll_nodes,
                    ..config(10, 4, 15, method)
                };
                let (outcome, _) =
                    run_sim(tree.clone(), config, &MODEL).expect("the simulation runs");
                assert_eq!(
                    outcome.value, expected,
                    "seed {seed} {method:?} poll {poll_nodes}"
                );
                elapsed.push(outcome.elapsed);
            }
            assert!(
                elapsed[0] != elapsed[2],
                "seed {seed} {method:?}: {elapsed:?}"
            );
        }
    }
}

#[test]
fn shogi_trees_get_the_sequential_value_at_64_and_256_ranks() {
    for pos in yomi_shogi::positions::startpos_and_pro()
        .into_iter()
        .skip(3)
        .step_by(8)
    {
        let game = ShogiGame::new(pos.clone(), BranchLimit::top(5));
        check(game.clone(), 6, 3, 64, &pos.to_sfen());
        check(game, 6, 3, 256, &pos.to_sfen());
    }
}

/// Everything a record is made of, as text.
fn fingerprint<M: std::fmt::Debug>(o: &MasterOutcome<M>) -> String {
    format!(
        "{} {:?} {} {} {} {:?} {:?} {:?}",
        o.value, o.best_move, o.passes, o.nodes, o.tasks_sent, o.traffic, o.elapsed, o.reports
    )
}

#[test]
fn runs_repeat_exactly() {
    let model = Arc::new(EdgeModel::embedded());
    let tree = SyntheticTree::new(7, 5, model);
    for method in METHODS {
        let config = config(10, 5, 63, method);
        let (a, sa) = run_sim(tree.clone(), config, &MODEL).unwrap();
        // Other threads searching beside it change nothing.
        let start = yomi_shogi::positions::startpos_and_pro()[0].clone();
        let noise =
            std::thread::spawn(move || sequential(ShogiGame::new(start, BranchLimit::top(5)), 8));
        let (b, sb) = run_sim(tree.clone(), config, &MODEL).unwrap();
        noise.join().unwrap();
        assert_eq!(fingerprint(&a), fingerprint(&b), "method {method:?}");
        assert_eq!(sa, sb);
    }
}

/// Leaves of a plain sequential search.
fn sequential_leaves<G: Game>(game: G, depth: u32) -> u64 {
    use yomi_search::{Limits, SearchOptions, Searcher};
    Searcher::new(game, 16, SearchOptions::default())
        .search(Limits::depth(depth), |_| {})
        .stats
        .leaves
}

/// With one worker the master's tree should follow the sequential search's:
/// a master that reorders its children badly (as when fail-hard values of
/// children that failed low tied with the best child's) sends whole
/// subtrees of the wrong line and searches several times the leaves.
#[test]
fn one_worker_searches_about_the_sequential_leaves() {
    let model = Arc::new(EdgeModel::embedded());
    let (mut parallel, mut sequential) = (0, 0);
    for seed in 1..=8 {
        let tree = SyntheticTree::new(seed, 5, model.clone());
        sequential += sequential_leaves(tree.clone(), 12);
        let config = ParallelConfig {
            table_mb: 16,
            ..config(12, 4, 1, METHODS[0])
        };
        let (outcome, _) = run_sim(tree, config, &MODEL).unwrap();
        parallel += outcome.reports.iter().map(|r| r.stats.leaves).sum::<u64>();
    }
    let ratio = parallel as f64 / sequential as f64;
    assert!(
        ratio < 1.6,
        "one worker: {ratio:.2} × the sequential leaves"
    );
}

/// The master's revisits of its in-memory tree cost the visit cost, not a
/// searched node's: a dearer revisit slows the master, and so the search.
#[test]
fn master_revisits_cost_the_visit_cost() {
    let tree = SyntheticTree::new(3, 5, Arc::new(EdgeModel::embedded()));
    let run = |visit_cost_us| {
        let model = Model {
            visit_cost_us,
            ..MODEL
        };
        let (outcome, _) = run_sim(tree.clone(), config(10, 5, 15, METHODS[0]), &model).unwrap();
        assert_eq!(outcome.value, sequential(tree.clone(), 10));
        outcome.elapsed
    };
    assert!(run(0.0) < run(25.0));
}
