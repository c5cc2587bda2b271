//! The searches the engine plays with: the play search for games, on one
//! thread, on several (Lazy SMP, or the paper's master and workers as
//! `ParallelMethod` says), or with MPI ranks as workers under `mpirun`;
//! and research mode (`SearchMode research`), the paper's plain alpha-beta
//! on the top-b tree, to study it from a GUI, where Threads > 1 runs the
//! paper's master and workers on that tree.

use crate::protocol::Method;
use crate::uct_search;
#[cfg(feature = "mpi")]
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use yomi_methods::minimal_tree::deepen_on_threads;
use yomi_nnue::Network;
#[cfg(feature = "mpi")]
use yomi_play::Notice;
use yomi_play::{Cluster, MasterWorker, PlaySearcher, ProgressReport, SearchParams};
use yomi_search::{Iteration, Limits, SearchOptions, SearchResult, Searcher};
use yomi_shogi::board::Move;
use yomi_shogi_game::ShogiGame;

/// The other MPI ranks of an engine under mpirun, searching as one of the
/// two methods that work across machines.
pub(crate) enum Ranks {
    /// The paper's master's workers.
    MasterWorker(MasterWorker),
    /// Ranks searching the same root, those on one machine in one table,
    /// the machines exchanging deep entries.
    Cluster(Cluster),
}

// Under mpirun only (the ranks exist only there).
#[cfg(feature = "mpi")]
impl Ranks {
    /// Where a rank dropped for not answering is announced.
    pub(crate) fn on_notice(&self, say: Notice) {
        match self {
            Ranks::MasterWorker(w) => w.on_notice(say),
            Ranks::Cluster(c) => c.on_notice(say),
        }
    }

    /// Set once a rank has been dropped.
    pub(crate) fn lost_ranks(&self) -> Arc<AtomicBool> {
        match self {
            Ranks::MasterWorker(w) => w.lost_ranks(),
            Ranks::Cluster(c) => c.lost_ranks(),
        }
    }
}

pub(crate) struct ShogiSearcher {
    search: Search,
    threads: usize,
    method: Method,
    /// The next search runs until `stop` (`go infinite`, `go ponder`).
    until_stopped: bool,
    /// The master/worker method's workers: threads made for the current
    /// Threads, or the MPI ranks of the engine's whole life.
    workers: Option<MasterWorker>,
    /// Under mpirun with the cluster search: the other ranks.
    cluster: Option<Cluster>,
    on_mpi: bool,
    /// The game searched as the workers rebuild it (`yomi_play::root_text`).
    root_text: String,
}

enum Search {
    // Both boxed: each searcher is a kilobyte or so.
    Play(Box<PlaySearcher>),
    Research {
        searcher: Box<Searcher<ShogiGame>>,
        table_mb: usize,
    },
}

/// What a search will run on, as `go` reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Runs {
    /// The play search on this many threads (Lazy SMP beyond one).
    Play(usize),
    /// The play search's master and this many workers (threads or ranks).
    MasterWorker(usize),
    /// The play search on this many MPI ranks (the cluster search),
    /// each with this many threads.
    Cluster(usize, usize),
    /// Research mode on this many worker threads (1: sequential).
    Research(usize),
    /// UCT-Treesplit on this many threads.
    UctTreesplit(usize),
}

impl ShogiSearcher {
    /// A searcher over `game` with a table of `table_mb` MB; `ranks`: the
    /// other MPI ranks, under mpirun.
    pub(crate) fn new(
        play: bool,
        game: ShogiGame,
        table_mb: usize,
        ranks: Option<Ranks>,
    ) -> ShogiSearcher {
        let on_mpi = ranks.is_some();
        let (workers, cluster) = match ranks {
            Some(Ranks::MasterWorker(w)) => (Some(w), None),
            Some(Ranks::Cluster(c)) => (None, Some(c)),
            None => (None, None),
        };
        let search = if let Some(c) = cluster.as_ref().filter(|_| play) {
            let mut s = PlaySearcher::with_table(game, c.table(table_mb));
            s.count_elsewhere(c.nodes_elsewhere());
            Search::Play(Box::new(s))
        } else if play {
            Search::Play(Box::new(PlaySearcher::new(game, table_mb)))
        } else {
            Search::Research {
                searcher: Box::new(Searcher::new(game, table_mb, SearchOptions::default())),
                table_mb,
            }
        };
        ShogiSearcher {
            search,
            threads: 1,
            method: Method::LazySmp,
            until_stopped: false,
            on_mpi,
            workers,
            cluster,
            root_text: String::new(),
        }
    }

    /// The play search evaluates with `net` (None: the built-in
    /// evaluation) from the next search on; research mode keeps its own.
    pub(crate) fn set_network(&mut self, net: Option<Arc<Network>>) {
        if let Search::Play(s) = &mut self.search {
            s.set_network(net);
        }
    }

    /// The play search's parameters from the next search on (this
    /// process's threads; the master-worker's workers and other MPI ranks
    /// keep the defaults).
    pub(crate) fn set_search_params(&mut self, params: SearchParams) {
        if let Search::Play(s) = &mut self.search {
            s.set_params(params);
        }
    }

    /// The MPI ranks this searcher was given, for the next searcher.
    pub(crate) fn into_ranks(mut self) -> Option<Ranks> {
        if !self.on_mpi {
            return None;
        }
        match (self.workers.take(), self.cluster.take()) {
            (Some(w), _) => Some(Ranks::MasterWorker(w)),
            (_, Some(c)) => Some(Ranks::Cluster(c)),
            _ => None,
        }
    }

    /// The game to search, and its text for the workers (`yomi_play::root_text`).
    pub(crate) fn set_game(&mut self, game: ShogiGame, root_text: String) {
        match &mut self.search {
            Search::Play(s) => *s.game_mut() = game,
            Search::Research { searcher, .. } => *searcher.game_mut() = game,
        }
        self.root_text = root_text;
    }

    /// Threads and how they share the play search's work. Lazy SMP's
    /// helpers, or worker threads of the paper's master (one more thread,
    /// which mostly sleeps) sharing the table; in research mode beyond one,
    /// worker threads of the master, each with an equal share of the table
    /// memory. Under MPI with the cluster search, the threads of every
    /// rank (Lazy SMP within it); with the master-worker, the ranks are the
    /// workers and Threads is not used.
    pub(crate) fn configure(&mut self, threads: usize, method: Method) {
        self.threads = threads.max(1);
        self.method = method;
        let Search::Play(s) = &mut self.search else {
            return;
        };
        if self.cluster.is_some() {
            s.set_threads(self.threads);
            return;
        }
        if self.on_mpi {
            return;
        }
        let master_worker = method == Method::MasterWorker && self.threads > 1;
        let uct = method == Method::UctTreesplit;
        if uct {
            self.workers = None;
            return;
        }
        s.set_threads(if master_worker { 1 } else { self.threads });
        let current = self.workers.as_ref().map(MasterWorker::workers);
        if !master_worker || current != Some(self.threads) {
            self.workers = None; // old worker threads quit first
        }
        if master_worker && self.workers.is_none() {
            self.workers = Some(MasterWorker::on_threads(self.threads, s.table()));
        }
    }

    /// Whether the next search runs until `stop`, whatever its limits.
    pub(crate) fn set_until_stopped(&mut self, until_stopped: bool) {
        self.until_stopped = until_stopped;
    }

    /// Whether the play search is seed 001's UCT-Treesplit on threads
    /// (not under MPI, whose ranks serve alpha-beta).
    pub(crate) fn plays_uct(&self) -> bool {
        self.method == Method::UctTreesplit
            && matches!(self.search, Search::Play(_))
            && !self.on_mpi
    }

    /// Whether the workers are MPI ranks.
    pub(crate) fn runs_on_mpi(&self) -> bool {
        self.on_mpi
    }

    pub(crate) fn runs(&self) -> Runs {
        if self.plays_uct() {
            return Runs::UctTreesplit(self.threads);
        }
        if let (Search::Play(_), Some(c)) = (&self.search, &self.cluster) {
            return Runs::Cluster(c.ranks(), self.threads);
        }
        match (&self.search, &self.workers) {
            (Search::Play(_), Some(w)) => Runs::MasterWorker(w.workers()),
            (Search::Play(_), None) => Runs::Play(self.threads),
            (Search::Research { .. }, _) => Runs::Research(self.threads),
        }
    }

    /// Whether a search gives MultiPV's extra lines (a master reports only
    /// its best move).
    pub(crate) fn gives_multipv(&self) -> bool {
        matches!(
            self.runs(),
            Runs::Play(_) | Runs::Cluster(..) | Runs::Research(1)
        )
    }

    /// Reports long iterations' progress (the play search only).
    pub(crate) fn set_progress(&mut self, report: ProgressReport) {
        if let Search::Play(s) = &mut self.search {
            s.set_progress(report);
        }
    }

    pub(crate) fn clear_tables(&mut self) {
        match &mut self.search {
            Search::Play(s) => s.clear_tables(),
            Search::Research { searcher, .. } => searcher.clear_tables(),
        }
    }

    pub(crate) fn game_mut(&mut self) -> &mut ShogiGame {
        match &mut self.search {
            Search::Play(s) => s.game_mut(),
            Search::Research { searcher, .. } => searcher.game_mut(),
        }
    }

    pub(crate) fn search(
        &mut self,
        limits: Limits,
        on_iteration: impl FnMut(&Iteration<Move>),
    ) -> SearchResult<Move> {
        let threads = self.threads;
        if let (true, Search::Play(s)) = (self.plays_uct(), &self.search) {
            return uct_search::search(
                s.game(),
                threads,
                &limits,
                self.until_stopped,
                on_iteration,
            );
        }
        if let (Search::Play(s), Some(cluster)) = (&mut self.search, &self.cluster) {
            // The other ranks search until rank 0's search ends.
            cluster.start(&self.root_text, limits.depth, threads);
            let mut result = s.search(limits, on_iteration);
            result.stats.nodes += cluster.stop();
            return result;
        }
        match (&mut self.search, &mut self.workers) {
            (Search::Play(s), Some(workers)) => {
                workers.search(s.game(), &self.root_text, &limits, on_iteration)
            }
            (Search::Play(s), None) => s.search(limits, on_iteration),
            (Search::Research { searcher, .. }, _) if threads == 1 => {
                searcher.search(limits, on_iteration)
            }
            (Search::Research { searcher, table_mb }, _) => deepen_on_threads(
                searcher.game(),
                threads,
                (*table_mb / threads).max(1),
                &limits,
                on_iteration,
            ),
        }
    }
}
