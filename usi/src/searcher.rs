//! The two searches the engine plays with: the play search for games, and
//! research mode (`SearchMode research`), the paper's plain alpha-beta on
//! the top-b tree, to study it from a GUI.

use yomi_engine::board::Move;
use yomi_engine::game::ShogiGame;
use yomi_engine::play::{PlaySearcher, ProgressReport};
use yomi_engine::search::{Iteration, Limits, SearchOptions, SearchResult, Searcher};

pub enum ShogiSearcher {
    Play(PlaySearcher),
    Research(Searcher<ShogiGame>),
}

impl ShogiSearcher {
    /// A searcher over `game` with a table of `table_mb` MB.
    pub fn new(play: bool, game: ShogiGame, table_mb: usize) -> ShogiSearcher {
        if play {
            ShogiSearcher::Play(PlaySearcher::new(game, table_mb))
        } else {
            ShogiSearcher::Research(Searcher::new(game, table_mb, SearchOptions::default()))
        }
    }

    pub fn game_mut(&mut self) -> &mut ShogiGame {
        match self {
            ShogiSearcher::Play(s) => s.game_mut(),
            ShogiSearcher::Research(s) => s.game_mut(),
        }
    }

    /// Threads for the play search (Lazy SMP); the research search runs on
    /// one. Returns whether the searcher uses them.
    pub fn set_threads(&mut self, threads: usize) -> bool {
        match self {
            ShogiSearcher::Play(s) => {
                s.set_threads(threads);
                true
            }
            ShogiSearcher::Research(_) => threads <= 1,
        }
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
            ShogiSearcher::Research(s) => s.clear_tables(),
        }
    }

    pub fn search(
        &mut self,
        limits: Limits,
        on_iteration: impl FnMut(&Iteration<Move>),
    ) -> SearchResult<Move> {
        match self {
            ShogiSearcher::Play(s) => s.search(limits, on_iteration),
            ShogiSearcher::Research(s) => s.search(limits, on_iteration),
        }
    }
}
