//! The two searches the engine plays with: the play search for games, and
//! research mode (`SearchMode research`), the paper's plain alpha-beta on
//! the top-b tree, to study it from a GUI; with Threads > 1 the paper's
//! master and workers search that tree.

use yomi_engine::board::Move;
use yomi_engine::game::ShogiGame;
use yomi_engine::parallel::deepening::deepen_on_threads;
use yomi_engine::play::{PlaySearcher, ProgressReport};
use yomi_engine::search::{Iteration, Limits, SearchOptions, SearchResult, Searcher};

pub enum ShogiSearcher {
    Play(PlaySearcher),
    Research {
        searcher: Searcher<ShogiGame>,
        /// Workers of the parallel search; 1: the sequential search.
        threads: usize,
        table_mb: usize,
    },
}

impl ShogiSearcher {
    /// A searcher over `game` with a table of `table_mb` MB.
    pub fn new(play: bool, game: ShogiGame, table_mb: usize) -> ShogiSearcher {
        if play {
            ShogiSearcher::Play(PlaySearcher::new(game, table_mb))
        } else {
            ShogiSearcher::Research {
                searcher: Searcher::new(game, table_mb, SearchOptions::default()),
                threads: 1,
                table_mb,
            }
        }
    }

    pub fn game_mut(&mut self) -> &mut ShogiGame {
        match self {
            ShogiSearcher::Play(s) => s.game_mut(),
            ShogiSearcher::Research { searcher, .. } => searcher.game_mut(),
        }
    }

    /// Threads: Lazy SMP for the play search; for research mode beyond
    /// one, worker threads of the paper's master (one more thread, which
    /// mostly waits), each with an equal share of the table memory.
    pub fn set_threads(&mut self, n: usize) {
        match self {
            ShogiSearcher::Play(s) => s.set_threads(n),
            ShogiSearcher::Research { threads, .. } => *threads = n.max(1),
        }
    }

    /// Whether a search gives MultiPV's extra lines (the master reports
    /// only its best move).
    pub fn gives_multipv(&self) -> bool {
        !matches!(self, ShogiSearcher::Research { threads, .. } if *threads > 1)
    }

    /// Reports long iterations' progress (the play search only).
    pub fn set_progress(&mut self, report: ProgressReport) {
        if let ShogiSearcher::Play(s) = self {
            s.set_progress(report);
        }
    }

    pub fn clear_tables(&mut self) {
        match self {
            ShogiSearcher::Play(s) => s.clear_tables(),
            ShogiSearcher::Research { searcher, .. } => searcher.clear_tables(),
        }
    }

    pub fn search(
        &mut self,
        limits: Limits,
        on_iteration: impl FnMut(&Iteration<Move>),
    ) -> SearchResult<Move> {
        match self {
            ShogiSearcher::Play(s) => s.search(limits, on_iteration),
            ShogiSearcher::Research {
                searcher,
                threads: 1,
                ..
            } => searcher.search(limits, on_iteration),
            ShogiSearcher::Research {
                searcher,
                threads,
                table_mb,
            } => deepen_on_threads(
                searcher.game(),
                *threads,
                (*table_mb / *threads).max(1),
                &limits,
                on_iteration,
            ),
        }
    }
}
