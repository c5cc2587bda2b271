//! Alpha-beta and NegaScout, with and without the transposition table and in
//! every §5.2 variant, return the brute-force minimax value, also on games
//! whose states end in draws and scores.

use std::sync::Arc;
use yomi_search::{Limits, SearchOptions, Searcher, Sharing, TableSplit};
use yomi_shogi::board::Position;
use yomi_shogi_game::ShogiGame;
use yomi_tree::reference::minimax;
use yomi_tree::reference::Ending;
use yomi_tree::{BranchLimit, EdgeModel, Game, SyntheticTree};

fn root_value<G: Game>(game: G, depth: u32, table_mb: usize, options: SearchOptions) -> i32 {
    let mut searcher = Searcher::new(game, table_mb, options);
    let result = searcher.search(Limits::depth(depth), |_| {});
    assert_eq!(result.depth, depth);
    result.value
}

/// Plain and NegaScout, each with a table, with a one-bucket table (every
/// store evicts) and with none.
fn plain_configurations() -> Vec<(usize, SearchOptions)> {
    let mut out = Vec::new();
    for negascout in [false, true] {
        for table_mb in [1, 0] {
            for fail_soft in [false, true] {
                out.push((
                    table_mb,
                    SearchOptions {
                        negascout,
                        split: None,
                        fail_soft,
                        ..SearchOptions::default()
                    },
                ));
            }
        }
    }
    out
}

/// Every two-table variant at split depth `d_prime` for a search of `depth`.
fn split_configurations(depth: u32, d_prime: u32) -> Vec<SearchOptions> {
    let task_depth = depth - d_prime;
    let mut out = Vec::new();
    for sharing in [
        Sharing::Full,
        Sharing::None,
        Sharing::Partial {
            min_depth: task_depth.saturating_sub(2),
        },
    ] {
        for full_windows in [false, true] {
            for negascout in [false, true] {
                out.push(SearchOptions {
                    negascout,
                    split: Some(TableSplit {
                        d_prime,
                        sharing,
                        full_windows,
                    }),
                    fail_soft: false,
                    ..SearchOptions::default()
                });
            }
        }
    }
    out
}

fn tree(seed: u64, b: u16) -> SyntheticTree {
    SyntheticTree::new(seed, b, Arc::new(EdgeModel::embedded()))
}

#[test]
fn synthetic_trees_match_minimax() {
    for b in 3..=5 {
        for depth in 1..=6 {
            for seed in 0..12 {
                let expected = minimax(&mut tree(seed, b), depth);
                for (table_mb, options) in plain_configurations() {
                    assert_eq!(
                        root_value(tree(seed, b), depth, table_mb, options),
                        expected,
                        "b {b} depth {depth} seed {seed} table {table_mb} MB {options:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn games_ending_in_draws_and_scores_match_minimax() {
    let (mut ended, mut nodes) = (0, 0);
    for seed in 0..12 {
        for depth in 1..=6 {
            let game = || Ending(tree(seed, 4));
            let expected = minimax(&mut game(), depth);
            ended += usize::from((-50..=50).contains(&expected));
            nodes += 1;
            let mut configurations = plain_configurations();
            if depth >= 3 {
                let split = split_configurations(depth, 2);
                configurations.extend(split.into_iter().map(|options| (1, options)));
            }
            for (table_mb, options) in configurations {
                assert_eq!(
                    root_value(game(), depth, table_mb, options),
                    expected,
                    "seed {seed} depth {depth} table {table_mb} MB {options:?}"
                );
            }
        }
    }
    // Most root values are an end's score: the ends decide these trees.
    assert!(ended * 2 > nodes, "{ended} of {nodes}");
}

#[test]
fn shogi_trees_match_minimax() {
    let positions = yomi_shogi::positions::startpos_and_pro();
    for pos in positions.iter().step_by(5) {
        for depth in 1..=4 {
            let game = || ShogiGame::new(pos.clone(), BranchLimit::top(5));
            let expected = minimax(&mut game(), depth);
            for (table_mb, options) in plain_configurations() {
                assert_eq!(
                    root_value(game(), depth, table_mb, options),
                    expected,
                    "{} depth {depth} table {table_mb} MB {options:?}",
                    pos.to_sfen()
                );
            }
        }
    }
}

#[test]
fn fail_soft_values_are_bounds_at_least_as_tight_as_the_window() {
    // Below the window: an upper bound at or under alpha; above it: a
    // lower bound at or over beta; inside: the value itself.
    let mut beyond = 0;
    for seed in 0..16 {
        for depth in 2..=6 {
            let exact = minimax(&mut tree(seed, 4), depth);
            for (alpha, beta) in [
                (exact - 300, exact - 100),
                (exact + 100, exact + 300),
                (exact - 50, exact + 50),
            ] {
                for negascout in [false, true] {
                    let options = SearchOptions {
                        negascout,
                        fail_soft: true,
                        ..SearchOptions::default()
                    };
                    let mut searcher = Searcher::new(tree(seed, 4), 1, options);
                    let v = searcher.search_node(depth, alpha, beta).expect("no hook");
                    let case =
                        format!("seed {seed} depth {depth} ({alpha}, {beta}) {v} exact {exact}");
                    if exact <= alpha {
                        assert!(exact <= v && v <= alpha, "{case}");
                    } else if exact >= beta {
                        assert!(beta <= v && v <= exact, "{case}");
                    } else {
                        assert_eq!(v, exact, "{case}");
                    }
                    beyond += usize::from(v < alpha || v > beta);
                }
            }
        }
    }
    assert!(beyond > 0, "some values lie beyond their windows");
}

#[test]
fn split_variants_match_the_plain_search() {
    for seed in 0..8 {
        for (depth, d_prime) in [(6, 2), (7, 3), (8, 4)] {
            let plain = root_value(tree(seed, 4), depth, 1, SearchOptions::default());
            for options in split_configurations(depth, d_prime) {
                assert_eq!(
                    root_value(tree(seed, 4), depth, 1, options),
                    plain,
                    "seed {seed} depth {depth} {options:?}"
                );
            }
        }
    }
    for pos in yomi_shogi::positions::startpos_and_pro()
        .iter()
        .skip(1)
        .step_by(8)
    {
        let (depth, d_prime) = (5, 2);
        let game = || ShogiGame::new(pos.clone(), BranchLimit::top(5));
        let plain = root_value(game(), depth, 1, SearchOptions::default());
        for options in split_configurations(depth, d_prime) {
            assert_eq!(
                root_value(game(), depth, 1, options),
                plain,
                "{} {options:?}",
                pos.to_sfen()
            );
        }
    }
}

#[test]
fn split_variants_count_task_searches() {
    let options = |sharing| SearchOptions {
        negascout: false,
        split: Some(TableSplit {
            d_prime: 3,
            sharing,
            full_windows: false,
        }),
        fail_soft: false,
        ..SearchOptions::default()
    };
    let mut searcher = Searcher::new(tree(3, 5), 1, options(Sharing::None));
    let result = searcher.search(Limits::depth(7), |_| {});
    let stats = result.stats;
    // Task searches happen at ply 3 only: never more than the 5^3 nodes
    // there per root iteration (depths 5 and 7 reach ply 3 with depth to go).
    assert!(stats.task_searches > 0 && stats.task_searches <= 2 * 125);
    assert!(stats.task_searches_last > 0 && stats.task_searches_last <= 125);
    assert!(stats.task_searches_last < stats.task_searches, "{stats:?}");
    // Depth 4: only the last iteration reaches ply 3.
    let mut searcher = Searcher::new(tree(3, 5), 1, options(Sharing::None));
    let stats = searcher.search(Limits::depth(4), |_| {}).stats;
    assert!(stats.task_searches > 0);
    assert_eq!(stats.task_searches_last, stats.task_searches);
}

#[test]
fn root_results_are_consistent() {
    let pos = Position::startpos();
    let mut searcher = Searcher::new(
        ShogiGame::new(pos.clone(), BranchLimit::top(5)),
        4,
        SearchOptions::default(),
    );
    let mut depths = Vec::new();
    let result = searcher.search(Limits::depth(5), |it| depths.push(it.depth));
    assert_eq!(depths, [1, 3, 5]);
    assert_eq!(result.pv.len(), 5);
    assert_eq!(result.best_move, result.pv.first().copied());
    // The principal variation is legal and its end is reached from the root.
    let mut pv_pos = pos.clone();
    for &mv in &result.pv {
        assert!(pv_pos.is_legal(mv), "{mv} in {}", pv_pos.to_sfen());
        pv_pos.make_move(mv);
    }
    assert_eq!(searcher.game().position().to_sfen(), pos.to_sfen());
    assert!(result.stats.leaves > 0 && result.stats.leaves < result.stats.nodes);
}

#[test]
fn node_limit_stops_the_search_with_the_last_finished_iteration() {
    let mut searcher = Searcher::new(tree(1, 5), 1, SearchOptions::default());
    let limits = Limits {
        depth: 40,
        nodes: Some(20_000),
        ..Limits::default()
    };
    let result = searcher.search(limits, |_| {});
    assert!(result.depth >= 2 && result.depth < 40);
    assert!(result.stats.nodes < 20_000 + 1024);
    assert_eq!(result.value, minimax(&mut tree(1, 5), result.depth));
}

#[test]
fn time_limit_and_stop_flag_end_the_search() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;
    let limits = Limits {
        depth: 60,
        time: Some(Duration::from_millis(50)),
        ..Limits::default()
    };
    let result = Searcher::new(tree(2, 5), 1, SearchOptions::default()).search(limits, |_| {});
    assert!(result.depth < 60 && result.best_move.is_some());

    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
    });
    let limits = Limits {
        depth: 60,
        stop: Some(stop),
        ..Limits::default()
    };
    let result = Searcher::new(tree(2, 5), 1, SearchOptions::default()).search(limits, |_| {});
    stopper.join().unwrap();
    assert!(result.depth < 60 && result.best_move.is_some());
}

#[test]
fn multipv_lines_are_the_best_children_in_order() {
    for seed in 0..6 {
        let depth = 5;
        // Each child's exact value, best first.
        let mut root = tree(seed, 4);
        let mut children = Vec::new();
        root.children(&mut children);
        let mut values: Vec<(i32, String)> = children
            .iter()
            .map(|&c| {
                root.play(c);
                let v = -minimax(&mut root, depth - 1);
                root.undo(c);
                (v, c.to_string())
            })
            .collect();
        values.sort_by_key(|v| std::cmp::Reverse(v.0));
        let mut searcher = Searcher::new(tree(seed, 4), 1, SearchOptions::default());
        let mut lines = Vec::new();
        let limits = Limits {
            depth,
            multipv: 3,
            ..Limits::default()
        };
        let r = searcher.search(limits, |it| {
            if it.depth == depth {
                lines.push((it.multipv, it.value, it.pv[0].to_string()));
            }
        });
        assert_eq!(lines.len(), 3);
        for (k, (line, value, first)) in lines.iter().enumerate() {
            assert_eq!(*line, k + 1);
            assert_eq!(*value, values[k].0, "seed {seed} line {line}");
            if values.iter().filter(|v| v.0 == *value).count() == 1 {
                assert_eq!(*first, values[k].1);
            }
        }
        assert_eq!(r.value, values[0].0);
    }
}

#[test]
fn node_searches_are_fail_hard_and_resume_after_a_hook_stops_them() {
    use yomi_search::Hook;
    /// Stops every other time it is asked.
    struct Flaky(u32);
    impl Hook for Flaky {
        fn poll(&mut self, _nodes: u64) -> bool {
            self.0 += 1;
            self.0.is_multiple_of(2)
        }
    }
    let (mut searches, mut tries) = (0, 0);
    for seed in 0..4 {
        let depth = 9;
        let exact = minimax(&mut tree(seed, 4), depth);
        for (alpha, beta) in [
            (-32000, 32000),
            (exact - 50, exact + 50),
            (exact + 1, exact + 9),
            (exact - 9, exact - 1),
        ] {
            let mut plain = Searcher::new(tree(seed, 4), 1, SearchOptions::default());
            assert_eq!(
                plain.search_node(depth, alpha, beta),
                Some(exact.clamp(alpha, beta))
            );

            let mut sliced =
                Searcher::with_hook(tree(seed, 4), 1, SearchOptions::default(), Flaky(0));
            searches += 1;
            let value = loop {
                tries += 1;
                if let Some(v) = sliced.search_node(depth, alpha, beta) {
                    break v;
                }
                assert!(tries < 100_000, "never finishes");
            };
            assert_eq!(
                value,
                exact.clamp(alpha, beta),
                "seed {seed} window ({alpha}, {beta})"
            );
        }
    }
    assert!(
        tries > 2 * searches,
        "the hook seldom stopped the searches: {tries} tries for {searches}"
    );
}
