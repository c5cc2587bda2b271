//! `ParallelMethod uct-treesplit`: the engine plays by seed 001's
//! UCT-Treesplit instead of alpha-beta, its tree spread over the Threads
//! threads (each a search rank; on one machine they synchronise directly,
//! without broadcast ranks). Playouts make 8 random moves, then read the
//! evaluation as a win probability (a pawn, about 90, is a 57 % win). The
//! search runs to the time budget's target, `NodesLimit`/`go nodes`
//! simulations, or `stop`; `go depth D` alone runs D thousand simulations.

use std::time::{Duration, Instant};
use yomi_methods::uct::{value_of_reward, Playout, UctConfig, UctTreesplit};
use yomi_runtime::on_threads;
use yomi_search::{Iteration, Limits, SearchResult, Stats};
use yomi_shogi::board::Move;
use yomi_shogi_game::ShogiGame;
use yomi_tree::{Game, LOSS};

/// Plies below the root the tree may grow to: states there are valued by
/// the evaluation.
const HORIZON: u32 = 64;
const PLAYOUT: Playout = Playout {
    plies: 8,
    scale: 300.0,
};
/// `go depth D` without a clock or node limit: D × this many simulations.
const SIMULATIONS_A_PLY: u64 = 1000;

/// One move's search of `game` on `threads` threads.
pub(crate) fn search(
    game: &ShogiGame,
    threads: usize,
    limits: &Limits,
    until_stopped: bool,
    mut on_iteration: impl FnMut(&Iteration<Move>),
) -> SearchResult<Move> {
    let start = Instant::now();
    let simulations = match (limits.nodes, limits.time) {
        (Some(n), _) => n.max(1),
        (None, None) if !until_stopped => u64::from(limits.depth) * SIMULATIONS_A_PLY,
        _ => u64::MAX,
    };
    let config = UctConfig {
        c: UctConfig::UCB1,
        horizon: HORIZON.min(limits.depth.max(1)),
        playout: PLAYOUT,
        seed: game.hash(),
    };
    let program = UctTreesplit {
        time_limit: limits.time,
        stop: limits.stop.clone(),
        per_broadcast: 0,
        ..UctTreesplit::seed_001(config, simulations)
    };
    let outcome = on_threads(game.clone(), threads.max(1), program);
    let mut moves = Vec::new();
    game.clone().children(&mut moves);
    let best = outcome.best.map(|i| moves[i]);
    let value = outcome.best.map_or(LOSS, |i| {
        value_of_reward(outcome.children[i].1, PLAYOUT.scale)
    });
    let stats = Stats {
        nodes: outcome.simulations,
        ..Stats::default()
    };
    let elapsed = start.elapsed().max(Duration::from_micros(1));
    let pv: Vec<Move> = best.into_iter().collect();
    on_iteration(&Iteration {
        depth: 1,
        multipv: 1,
        value,
        pv: pv.clone(),
        stats,
        elapsed,
        hashfull: 0,
    });
    SearchResult {
        depth: 1,
        value,
        best_move: best,
        pv,
        stats,
        elapsed,
    }
}
