//! UCT-Treesplit (seed 001 §III): one rank is sequential UCT for the same
//! seed and budget; at every rank count, with and without duplicated
//! states, broadcast ranks and forwarded playouts, the root's visits are
//! the simulations run, on threads and on the virtual cluster, where a run
//! repeats exactly; duplication keeps simulations home; and its choice
//! still comes to be the minimax move.

use std::sync::Arc;
use yomi_methods::uct::{Duplication, Playout, Uct, UctConfig, UctTreesplit};
use yomi_runtime::sim::{Interconnect, Model};
use yomi_runtime::{on_sim, on_threads};
use yomi_tree::reference::child_values;
use yomi_tree::{EdgeModel, SyntheticTree};

fn tree(seed: u64, b: u16) -> SyntheticTree {
    SyntheticTree::new(seed, b, Arc::new(EdgeModel::embedded()))
}

fn config(horizon: u32, seed: u64) -> UctConfig {
    UctConfig {
        c: UctConfig::UCB1,
        horizon,
        playout: Playout {
            plies: 3,
            scale: 1000.0,
        },
        seed,
    }
}

fn program(horizon: u32, simulations: u64, in_flight: usize) -> UctTreesplit {
    UctTreesplit::plain(config(horizon, 5), simulations, in_flight)
}

/// Seed 001's whole algorithm, with states duplicated after `n_dup`
/// simulations (its 8,192 is for far longer searches than these).
fn full(horizon: u32, simulations: u64, n_dup: u64) -> UctTreesplit {
    UctTreesplit {
        duplication: Some(Duplication {
            n_dup,
            ..Duplication::SEED_001
        }),
        in_flight: 2,
        ..UctTreesplit::seed_001(config(horizon, 5), simulations)
    }
}

#[test]
fn one_rank_is_sequential_uct() {
    for seed in 0..4 {
        let mut root = tree(seed, 4);
        let sequential = Uct::new(config(7, 5)).run(&mut root, 3_000);
        let threads = on_threads(root.clone(), 1, program(7, 3_000, 1));
        let (sim, _) = on_sim(root.clone(), 1, program(7, 3_000, 1), &Model::UNIT_COST).unwrap();
        // Duplication on one rank changes where states are kept, not what
        // is selected.
        let duplicated = on_threads(root, 1, full(7, 3_000, 40));
        for outcome in [threads, sim, duplicated] {
            assert_eq!(outcome.children, sequential.children, "seed {seed}");
            assert_eq!(outcome.best, sequential.best);
            assert_eq!(outcome.states, sequential.nodes as u64);
        }
    }
}

#[test]
fn every_simulation_reaches_the_root_at_every_rank_count() {
    let root = tree(3, 5);
    for ranks in [1, 2, 4, 7] {
        for in_flight in [1, 3] {
            let p = program(8, 2_001, in_flight);
            let threads = on_threads(root.clone(), ranks, p.clone());
            let (sim, _) = on_sim(root.clone(), ranks, p, &Model::UNIT_COST).unwrap();
            for (backend, o) in [("threads", &threads), ("sim", &sim)] {
                let visits: u64 = o.children.iter().map(|&(n, _)| n).sum();
                let what = format!("{backend}, {ranks} ranks, {in_flight} in flight");
                assert_eq!((visits, o.simulations), (2_001, 2_001), "{what}");
                assert_eq!(o.reports.len(), ranks, "{what}");
                if ranks > 1 {
                    let moved: u64 = o.reports.iter().map(|r| r.moves_received).sum();
                    assert!(moved > 0, "{what}: no simulation crossed ranks");
                }
            }
        }
    }
}

#[test]
fn duplicated_states_broadcast_ranks_and_forwarding_lose_no_simulation() {
    let root = tree(4, 5);
    // 3 ranks: direct synchronisation; 5, 12, 40: 1, 2, 8 broadcast ranks.
    for ranks in [3, 5, 12, 40] {
        for n_dup in [16, 200] {
            let p = full(8, 3_001, n_dup);
            let threads = on_threads(root.clone(), ranks, p.clone());
            let (sim, _) = on_sim(root.clone(), ranks, p, &Model::UNIT_COST).unwrap();
            for (backend, o) in [("threads", &threads), ("sim", &sim)] {
                let visits: u64 = o.children.iter().map(|&(n, _)| n).sum();
                let what = format!("{backend}, {ranks} ranks, N_dup {n_dup}");
                assert_eq!((visits, o.simulations), (3_001, 3_001), "{what}");
                assert_eq!(o.reports.len(), ranks, "{what}");
                let shares: u64 = o.reports.iter().map(|r| r.shares).sum();
                assert!(shares > 0, "{what}: nothing duplicated");
                let relayed: u64 = o.reports.iter().map(|r| r.entries_relayed).sum();
                assert_eq!(relayed > 0, o.layout.broadcast > 0, "{what}");
                // Each copy of the root has heard of most simulations, and
                // of none twice.
                for r in o.search_reports() {
                    assert!(
                        r.root_view <= 3_001,
                        "{what}: rank {} saw {}",
                        r.rank,
                        r.root_view
                    );
                    assert!(
                        r.root_view >= 1_500,
                        "{what}: rank {} saw {}",
                        r.rank,
                        r.root_view
                    );
                }
            }
        }
    }
}

#[test]
fn duplication_keeps_simulations_home() {
    let moved = |p: UctTreesplit| {
        let (o, _) = on_sim(tree(6, 5), 8, p, &Model::UNIT_COST).unwrap();
        o.reports.iter().map(|r| r.moves_received).sum::<u64>() as f64 / 4_000.0
    };
    let plain = moved(program(8, 4_000, 2));
    let duplicated = moved(UctTreesplit {
        per_broadcast: 0,
        ..full(8, 4_000, 50)
    });
    assert!(
        duplicated * 2.0 < plain,
        "moves a simulation: {duplicated} against {plain}"
    );
}

#[test]
fn an_overloaded_rank_forwards_playouts() {
    let p = UctTreesplit {
        in_flight: 4,
        forward_k: Some(0.1),
        ..full(8, 2_000, 10_000)
    };
    let (o, _) = on_sim(tree(2, 5), 6, p, &Model::UNIT_COST).unwrap();
    let forwarded: u64 = o.reports.iter().map(|r| r.playouts_forwarded).sum();
    let visits: u64 = o.children.iter().map(|&(n, _)| n).sum();
    assert!(forwarded > 0);
    assert_eq!(visits, 2_000);
}

#[test]
fn the_virtual_cluster_repeats_a_run_exactly() {
    let root = tree(9, 4);
    for p in [program(7, 1_500, 2), full(7, 1_500, 30)] {
        let run = || on_sim(root.clone(), 10, p.clone(), &Model::UNIT_COST).unwrap();
        let (a, b) = (run(), run());
        assert_eq!(a.0, b.0);
        assert_eq!(a.1, b.1);
    }
}

#[test]
fn its_choice_comes_to_be_the_minimax_move() {
    let (mut right, mut trees) = (0, 0);
    for seed in 0..24 {
        let mut root = tree(seed, 3);
        let values = child_values(&mut root, 4);
        let best = *values.iter().max().unwrap();
        if values.iter().filter(|&&v| v > best - 10).count() > 1 {
            continue;
        }
        trees += 1;
        let (o, _) = on_sim(root, 5, full(4, 30_000, 500), &Model::UNIT_COST).unwrap();
        right += usize::from(values[o.best.unwrap()] == best);
    }
    assert!(
        trees >= 12 && right * 100 >= trees * 90,
        "{right} of {trees}"
    );
}

#[test]
fn a_time_limit_bounds_the_search_and_more_ranks_fit_more_in() {
    let model = Model {
        node_cost_us: 20.0,
        visit_cost_us: 0.2,
        network: Interconnect::INFINIBAND,
    };
    let limit = std::time::Duration::from_millis(20);
    let run = |ranks| {
        let p = UctTreesplit {
            simulations: u64::MAX,
            time_limit: Some(limit),
            ..full(8, 0, 200)
        };
        let (o, _) = on_sim(tree(7, 5), ranks, p, &model).unwrap();
        let visits: u64 = o.children.iter().map(|&(n, _)| n).sum();
        assert_eq!(visits, o.simulations, "{ranks} ranks");
        assert!(
            o.elapsed >= limit && o.elapsed < limit * 11 / 10,
            "{:?}",
            o.elapsed
        );
        o.simulations
    };
    let (one, ten) = (run(1), run(10));
    assert!(
        one > 100 && ten > 4 * one,
        "{one} simulations on 1 rank, {ten} on 10"
    );
}
