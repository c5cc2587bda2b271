//! Lazy SMP: helper threads search the same root to the same depths and
//! share only the table. What one thread stores steers the others' move
//! ordering and cuts their searches short, so together they reach a depth
//! sooner than one thread; the main thread alone reports and decides.

use super::play_searcher::PlaySearcher;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use yomi_search::{Iteration, Limits, NoHook, SearchResult};
use yomi_shogi::board::Move;

impl PlaySearcher {
    /// Searches with `threads` threads (at least one) from the next search
    /// on.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.max(1) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            let mut helper = PlaySearcher::sharing(
                self.game.clone(),
                self.table.clone(),
                self.counts.all.clone(),
                NoHook,
            );
            helper.set_params(self.params);
            // Every other helper searches only the even depths, one ahead
            // of the main thread half the time, so that the threads do not
            // all work on the same iteration.
            if self.helpers.len().is_multiple_of(2) {
                helper.skips = |depth| depth % 2 == 1;
            }
            self.helpers.push(helper);
        }
    }

    /// The threads searching (the main one included).
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// [`PlaySearcher::search`] with the helpers running until the main
    /// thread's search ends.
    pub(super) fn search_with_helpers(
        &mut self,
        limits: Limits,
        on_iteration: impl FnMut(&Iteration<Move>),
    ) -> SearchResult<Move> {
        let stop = Arc::new(AtomicBool::new(false));
        let mut helpers = std::mem::take(&mut self.helpers);
        let helper_limits = Limits {
            depth: limits.depth,
            stop: Some(stop.clone()),
            ..Limits::default()
        };
        let result = std::thread::scope(|scope| {
            for helper in &mut helpers {
                helper.game.clone_from(&self.game);
                let limits = helper_limits.clone();
                scope.spawn(move || helper.deepen(limits, |_| {}));
            }
            let result = self.deepen(limits, on_iteration);
            stop.store(true, Ordering::Relaxed);
            result
        });
        self.helpers = helpers;
        result
    }
}
