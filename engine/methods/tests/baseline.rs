//! The baselines return the sequential root value: tree-splitting and
//! PV-splitting on several processor trees, YBWC, Jamboree and seed 004's
//! grid master on several processors, on threads and on the virtual
//! cluster, over ordered, synthetic, incremental and shogi trees and trees
//! whose states end in draws and scores; and on
//! perfectly ordered trees they take the elapsed times of the paper's
//! Table 3 (tree-splitting's all nine; PV-splitting's but (2,4)).

use std::sync::Arc;
use yomi_methods::baseline::{
    AlphaBeta, Charge, GridMasterConfig, ProcessorTree, SplitConfig, Splitting, YbwcConfig,
};
use yomi_runtime::sim::Model;
use yomi_runtime::{on_sim, on_threads};
use yomi_shogi::board::Position;
use yomi_shogi::positions::pro_middlegame_32;
use yomi_shogi_game::ShogiGame;
use yomi_tree::reference::Ending;
use yomi_tree::{
    BranchLimit, EdgeModel, Game, IncrementalTree, OrderedTree, SyntheticTree, TreeOrdering, Value,
    INFINITE,
};

/// Seed 002's simulated concurrency: one time unit (a microsecond) a leaf.
const UNIT_PER_LEAF: Model = Model::UNIT_COST;

fn config(levels: u32, fanout: usize, depth: u32, splitting: Splitting) -> SplitConfig {
    SplitConfig {
        processors: ProcessorTree::new(levels, fanout).unwrap(),
        depth,
        splitting,
        charge: Charge::Leaves,
        poll_every: 1,
    }
}

fn sequential<G: Game>(mut game: G, depth: u32) -> Value {
    AlphaBeta::new(&mut game, 1 << 20, |_| true)
        .search(depth, -INFINITE, INFINITE)
        .expect("not aborted")
}

/// Every splitting on every processor tree, and YBWC and Jamboree on 1 to
/// 7 processors, on threads and on the virtual cluster.
fn agrees_with_sequential<G: Game + Clone + Send + 'static>(tree: G, depth: u32, name: &str) {
    let expected = sequential(tree.clone(), depth);
    for processors in [1, 2, 3, 7] {
        for (method, make) in [
            (
                "YBWC",
                YbwcConfig::ybwc as fn(u32, Charge, u64) -> YbwcConfig,
            ),
            ("Jamboree", YbwcConfig::jamboree),
        ] {
            let (sim, _) = on_sim(
                tree.clone(),
                processors,
                make(depth, Charge::Nodes, 1),
                &UNIT_PER_LEAF,
            )
            .unwrap();
            let threads = on_threads(tree.clone(), processors, make(depth, Charge::Nodes, 64));
            assert_eq!(
                (sim.value, threads.value),
                (expected, expected),
                "{name}: {method} on {processors}"
            );
            assert_eq!(sim.reports.len(), processors);
        }
        // Seed 004's grid master, bounds only with work or pushed.
        for push_bounds in [false, true] {
            let config = GridMasterConfig {
                depth,
                charge: Charge::Nodes,
                poll_every: 1,
                push_bounds,
            };
            let (sim, _) = on_sim(tree.clone(), processors, config, &UNIT_PER_LEAF).unwrap();
            let threads = GridMasterConfig {
                poll_every: 64,
                ..config
            };
            let threads = on_threads(tree.clone(), processors, threads);
            assert_eq!(
                (sim.value, threads.value),
                (expected, expected),
                "{name}: grid-master (push {push_bounds}) on {processors}"
            );
            assert_eq!(sim.reports.len(), processors);
        }
        // Jamboree splitting at every depth too.
        let everywhere = YbwcConfig {
            min_split_depth: 1,
            ..YbwcConfig::jamboree(depth, Charge::Nodes, 1)
        };
        let (sim, _) = on_sim(tree.clone(), processors, everywhere, &UNIT_PER_LEAF).unwrap();
        assert_eq!(
            sim.value, expected,
            "{name}: Jamboree everywhere on {processors}"
        );
        // Children in static order (thieves replay their paths in it).
        for make in [YbwcConfig::ybwc, YbwcConfig::jamboree] {
            let ordered = YbwcConfig {
                static_order: true,
                min_split_depth: 1,
                ..make(depth, Charge::Nodes, 1)
            };
            let (sim, _) = on_sim(tree.clone(), processors, ordered, &UNIT_PER_LEAF).unwrap();
            let threads = on_threads(
                tree.clone(),
                processors,
                YbwcConfig {
                    poll_every: 64,
                    ..ordered
                },
            );
            assert_eq!(
                (sim.value, threads.value),
                (expected, expected),
                "{name}: static order on {processors}"
            );
        }
    }
    for (levels, fanout) in [(0, 1), (1, 3), (2, 2), (1, 6)] {
        for splitting in [
            Splitting::Tree,
            Splitting::Pv { pv_depth: 1 },
            Splitting::Pv { pv_depth: 2 },
            Splitting::StagedSss { stage_depth: 1 },
            Splitting::StagedSss { stage_depth: 2 },
        ] {
            let mut config = config(levels, fanout, depth, splitting);
            config.charge = Charge::Nodes;
            let (sim, _) = on_sim(
                tree.clone(),
                config.processors.processors(),
                config,
                &UNIT_PER_LEAF,
            )
            .unwrap();
            config.poll_every = 64;
            let threads = on_threads(tree.clone(), config.processors.processors(), config);
            assert_eq!(
                (sim.value, threads.value),
                (expected, expected),
                "{name}: {splitting:?} on ({levels},{fanout})"
            );
            assert_eq!(sim.reports.len(), config.processors.processors());
        }
    }
}

#[test]
fn incremental_trees_get_the_sequential_value() {
    // Their children come unordered: static order changes every path.
    for seed in 1..4 {
        agrees_with_sequential(
            IncrementalTree::new(seed, 5),
            5,
            &format!("incremental {seed}"),
        );
    }
}

#[test]
fn ordered_trees_get_the_sequential_value() {
    for ordering in [
        TreeOrdering::Random,
        TreeOrdering::Geometric(0.8),
        TreeOrdering::Perfect,
    ] {
        for seed in 1..4 {
            agrees_with_sequential(
                OrderedTree::new(seed, 6, ordering),
                5,
                &format!("{ordering:?} {seed}"),
            );
        }
    }
}

#[test]
fn synthetic_trees_get_the_sequential_value() {
    let model = Arc::new(EdgeModel::embedded());
    for seed in 1..4 {
        agrees_with_sequential(
            SyntheticTree::new(seed, 5, model.clone()),
            6,
            &format!("seed {seed}"),
        );
    }
}

#[test]
fn games_ending_in_draws_and_scores_get_the_sequential_value() {
    for seed in 1..4 {
        let root = Ending(IncrementalTree::new(seed, 5));
        agrees_with_sequential(root, 5, &format!("ending {seed}"));
    }
}

#[test]
fn shogi_trees_get_the_sequential_value() {
    for entry in pro_middlegame_32().iter().take(2) {
        agrees_with_sequential(
            ShogiGame::new(entry.position.clone(), BranchLimit::top(5)),
            4,
            &entry.position.to_sfen(),
        );
    }
    agrees_with_sequential(
        ShogiGame::new(Position::startpos(), BranchLimit::top(4)),
        4,
        "startpos",
    );
}

#[test]
fn perfectly_ordered_trees_take_table_3s_times() {
    // Seed 002, Table 3 (W = 24, D = 4): every tree the same elapsed time.
    let tree = OrderedTree::new(1, 24, TreeOrdering::Perfect);
    let elapsed = |levels, fanout, splitting| {
        let config = config(levels, fanout, 4, splitting);
        let processors = config.processors.processors();
        let (outcome, _) = on_sim(tree.clone(), processors, config, &UNIT_PER_LEAF).unwrap();
        assert_eq!(outcome.value, 0);
        (outcome.elapsed.as_secs_f64() * 1e6).round() as u64
    };
    let ts = [
        (1, 2, 863),
        (1, 4, 719),
        (1, 8, 647),
        (1, 12, 623),
        (2, 2, 575),
        (2, 4, 287),
        (2, 8, 143),
        (3, 2, 431),
        (3, 4, 179),
    ];
    for (levels, fanout, paper) in ts {
        assert_eq!(
            elapsed(levels, fanout, Splitting::Tree),
            paper,
            "TS ({levels},{fanout})"
        );
    }
    // The paper's PV (2,4) is 190; this reading of its description gives 185.
    let pv = [
        (1, 2, 599),
        (1, 4, 311),
        (1, 8, 167),
        (1, 12, 119),
        (2, 2, 443),
        (2, 4, 185),
        (2, 8, 83),
    ];
    for (levels, fanout, paper) in pv {
        assert_eq!(
            elapsed(levels, fanout, Splitting::Pv { pv_depth: 1 }),
            paper,
            "PV ({levels},{fanout})"
        );
    }
    // One processor: sequential alpha-beta, the minimal tree's 1,151 leaves.
    assert_eq!(elapsed(0, 1, Splitting::Tree), 1151);
}

#[test]
fn staged_sss_with_one_slave_evaluates_the_sequential_leaves() {
    // The search-overhead coefficient of a one-slave run is 1: the master
    // has nothing to speculate with, so it asks for what SSS* asks for.
    for seed in 1..6 {
        let ordering = [TreeOrdering::Random, TreeOrdering::Geometric(0.8)][seed as usize % 2];
        let tree = OrderedTree::new(seed, 8, ordering);
        let leaves = |levels| {
            let config = config(levels, 1, 5, Splitting::StagedSss { stage_depth: 2 });
            let processors = config.processors.processors();
            let (outcome, _) = on_sim(tree.clone(), processors, config, &UNIT_PER_LEAF).unwrap();
            assert_eq!(outcome.value, sequential(tree.clone(), 5));
            outcome.counts.leaves
        };
        assert_eq!(leaves(1), leaves(0), "seed {seed}");
    }
}
