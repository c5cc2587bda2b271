//! What the parallel-search tests share: the sequential value to compare
//! with, and a search's shape from its method.

use yomi_engine::game::{Game, Value};
use yomi_engine::parallel::run::ParallelConfig;
use yomi_engine::search::{Limits, SearchOptions, Searcher};

/// A parallel method: (dynamic updates, NegaScout's ε, sharing plies).
pub type Method = (bool, Option<Value>, Option<usize>);

/// The root value of a plain sequential search.
pub fn sequential<G: Game>(game: G, depth: u32) -> Value {
    Searcher::new(game, 4, SearchOptions::default())
        .search(Limits::depth(depth), |_| {})
        .value
}

/// A search of `depth` with tasks at ply `d_prime`, 1 MB worker tables.
pub fn config(depth: u32, d_prime: u32, workers: usize, method: Method) -> ParallelConfig {
    let (updates, negascout_eps, share_plies) = method;
    ParallelConfig {
        depth,
        d_prime,
        workers,
        updates,
        table_mb: 1,
        negascout_eps,
        share_plies,
        search_id: 0,
    }
}
