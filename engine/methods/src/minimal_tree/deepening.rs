//! The paper's master and workers under a game's limits (seed 000 §6,
//! future work): iterative deepening at the root, one parallel search per
//! depth, each ended by the search's limits with its last pass's move. A
//! move is there at any moment after the first pass; the answer is the
//! deepest finished depth's. Research mode runs it on fresh threads per
//! depth; the play search's method (`play::MasterWorker`) on persistent
//! workers.

use super::master::MasterOutcome;
use super::parallel_search::{MasterSearch, ParallelConfig, ParallelSearch, Stop};
use std::sync::Arc;
use std::time::Instant;
use yomi_runtime::on_threads;
use yomi_search::{Iteration, Limits, SearchResult, Stats, DEFAULT_POLL_NODES};
use yomi_tree::Game;

/// Deepest master tree: with a handful of threads a few plies give every
/// worker tasks enough.
const MAX_D_PRIME: u32 = 3;

/// Searches `root` to `limits.depth` (or until its time, node budget or
/// stop flag ends it) with a master and `workers` worker threads, each with
/// a table of `table_mb` MB; `on_iteration` hears every finished depth.
/// The node budget is checked between depths.
pub fn deepen_on_threads<G>(
    root: &G,
    workers: usize,
    table_mb: usize,
    limits: &Limits,
    on_iteration: impl FnMut(&Iteration<G::Move>),
) -> SearchResult<G::Move>
where
    G: Game + Clone + Send + 'static,
{
    // Two plies at a time, ending at the limit, as the sequential search
    // deepens (shogi values swing with the side to move at the horizon).
    let max_depth = limits.depth.max(1);
    let depths = (2 - max_depth % 2..=max_depth).step_by(2);
    deepen(limits, depths, on_iteration, |depth, stop| {
        let config = ParallelConfig {
            depth,
            d_prime: depth.saturating_sub(1).clamp(1, MAX_D_PRIME),
            workers: workers.max(1),
            updates: true,
            table_mb,
            master_search: MasterSearch::AlphaBeta,
            confirmed_deepening: false,
            idle_deepening: false,
            signature_first: false,
            extension: false,
            fail_soft: false,
            poll_nodes: DEFAULT_POLL_NODES,
            share_plies: None,
            search_id: u64::from(depth),
        };
        let search = ParallelSearch::new(config).until(stop);
        on_threads(root.clone(), search.ranks(), search)
    })
}

/// Iterative deepening at the root over `depths`, one parallel search a
/// depth by `search` (given the depth and the stop test its master asks);
/// each ends early, with its last pass's move, once `limits` are reached.
/// The answer is the deepest finished depth's, or the first unfinished
/// one's move when none finished. The node budget is checked between
/// depths.
pub fn deepen<M: Copy>(
    limits: &Limits,
    depths: impl Iterator<Item = u32>,
    mut on_iteration: impl FnMut(&Iteration<M>),
    mut search: impl FnMut(u32, Stop) -> MasterOutcome<M>,
) -> SearchResult<M> {
    let start = Instant::now();
    let mut stats = Stats::default();
    let mut result = SearchResult {
        depth: 0,
        value: 0,
        best_move: None,
        pv: Vec::new(),
        stats,
        elapsed: start.elapsed(),
    };
    for depth in depths {
        let stop_limits = limits.clone();
        let outcome = search(depth, Arc::new(move || stop_limits.reached(start, 0)));
        stats += counted(&outcome);
        if outcome.complete || result.best_move.is_none() {
            result.value = outcome.value;
            result.best_move = outcome.best_move;
            result.pv = outcome.best_move.into_iter().collect();
        }
        result.stats = stats;
        result.elapsed = start.elapsed();
        if !outcome.complete {
            break;
        }
        result.depth = depth;
        on_iteration(&Iteration {
            depth,
            multipv: 1,
            value: result.value,
            pv: result.pv.clone(),
            stats,
            elapsed: result.elapsed,
            hashfull: 0,
        });
        if limits.reached(start, stats.nodes) || result.best_move.is_none() {
            break;
        }
    }
    result
}

/// The nodes and leaves of one parallel search: the workers' and the
/// master's own.
fn counted<M>(outcome: &MasterOutcome<M>) -> Stats {
    let mut stats = Stats {
        nodes: outcome.nodes,
        ..Stats::default()
    };
    for report in &outcome.reports {
        stats += report.stats;
    }
    stats
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use yomi_search::{SearchOptions, Searcher};
    use yomi_shogi_game::ShogiGame;
    use yomi_tree::BranchLimit;

    fn game() -> ShogiGame {
        let pos = yomi_shogi::positions::pro_middlegame_32()[3]
            .position
            .clone();
        ShogiGame::new(pos, BranchLimit::top(5))
    }

    #[test]
    fn every_depth_has_the_sequential_value() {
        for depth in [4, 5] {
            let mut sequential = Vec::new();
            Searcher::new(game(), 16, SearchOptions::default())
                .search(Limits::depth(depth), |it| {
                    sequential.push((it.depth, it.value))
                });
            for workers in [1, 2, 3] {
                let mut parallel = Vec::new();
                let limits = Limits::depth(depth);
                let result = deepen_on_threads(&game(), workers, 4, &limits, |it| {
                    parallel.push((it.depth, it.value));
                    assert_eq!(it.pv.len(), 1);
                });
                assert_eq!(parallel, sequential, "{workers} workers");
                assert_eq!(Some(&(result.depth, result.value)), sequential.last());
                assert!(result.best_move.is_some() && result.stats.nodes > 0);
            }
        }
    }

    #[test]
    fn a_stopped_search_still_has_a_move() {
        let stop = Arc::new(AtomicBool::new(true));
        let limits = Limits {
            depth: 64,
            stop: Some(stop),
            ..Limits::default()
        };
        let result = deepen_on_threads(&game(), 2, 4, &limits, |_| {});
        assert_eq!(result.depth, 0);
        assert!(result.best_move.is_some());
    }
}
