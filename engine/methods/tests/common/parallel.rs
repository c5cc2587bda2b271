//! What the parallel-search tests share: the sequential value to compare
//! with, and a search's shape from its method.

use yomi_methods::minimal_tree::MasterOutcome;
use yomi_methods::minimal_tree::{MasterSearch, ParallelConfig, ParallelSearch};
use yomi_runtime::sim::{Model, SimStats};
use yomi_runtime::{on_sim, on_threads};
use yomi_search::{Limits, SearchOptions, Searcher, DEFAULT_POLL_NODES};
use yomi_tree::{Game, Value};

/// A parallel method: (dynamic updates, the master's search, sharing plies).
pub(crate) type Method = (bool, MasterSearch, Option<usize>);

/// With updates, without, with share, NegaScout with task windows and
/// with ε-windows.
pub(crate) const METHODS: [Method; 5] = [
    (true, MasterSearch::AlphaBeta, None),
    (false, MasterSearch::AlphaBeta, None),
    (true, MasterSearch::AlphaBeta, Some(2)),
    (true, MasterSearch::NegaScout, None),
    (true, MasterSearch::NegaScoutEps(100), None),
];

/// The root value of a plain sequential search.
pub(crate) fn sequential<G: Game>(game: G, depth: u32) -> Value {
    Searcher::new(game, 4, SearchOptions::default())
        .search(Limits::depth(depth), |_| {})
        .value
}

/// Every method; with updates also with confirmed deepening (the tests
/// add idle deepening and signature-first workers), and without sharing
/// also with confirmed deepening and extension: (method, confirmed
/// deepening, extension).
pub(crate) fn variants(
    methods: impl IntoIterator<Item = Method>,
) -> impl Iterator<Item = (Method, bool, bool)> {
    methods
        .into_iter()
        .flat_map(|m| [(m, false, false), (m, true, false), (m, true, true)])
        .filter(|&((updates, _, share), confirmed, extension)| {
            (updates || !confirmed) && (share.is_none() || !extension)
        })
}

/// A search of `depth` with tasks at ply `d_prime`, 1 MB worker tables.
pub(crate) fn config(depth: u32, d_prime: u32, workers: usize, method: Method) -> ParallelConfig {
    let (updates, master_search, share_plies) = method;
    ParallelConfig {
        depth,
        d_prime,
        workers,
        updates,
        table_mb: 1,
        master_search,
        confirmed_deepening: false,
        idle_deepening: false,
        signature_first: false,
        extension: false,
        fail_soft: false,
        poll_nodes: DEFAULT_POLL_NODES,
        share_plies,
        search_id: 0,
    }
}

/// The parallel search of `root` on threads: a master and the workers.
pub(crate) fn run_threads<G: Game + Clone + Send + 'static>(
    root: G,
    config: ParallelConfig,
) -> MasterOutcome<G::Move> {
    let search = ParallelSearch::new(config);
    on_threads(root, search.ranks(), search)
}

/// The parallel search of `root` on the virtual cluster under `model`.
pub(crate) fn run_sim<G: Game + Clone + 'static>(
    root: G,
    config: ParallelConfig,
    model: &Model,
) -> Result<(MasterOutcome<G::Move>, SimStats), String> {
    let search = ParallelSearch::new(config);
    on_sim(root, search.ranks(), search, model)
}
