//! The play search as a parallel worker's search (the master/worker
//! method in games): one search of a task's position to a depth with a
//! window, which the hook can stop between slices, counts adding up over
//! the worker's tasks. Mate values and windows are the master's, counted
//! from its root, a task's path's plies above the position searched.

use super::search::{PlaySearcher, CHECK_EVERY};
use super::table::PlayTable;
use crate::game::{ShogiGame, Value, INFINITE};
use crate::parallel::task_search::TaskSearch;
use crate::search::{Hook, Limits, NoHook, Stats};
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

impl<H: Hook> PlaySearcher<H> {
    /// A searcher of tasks of `game`'s tree, storing into `table` (which
    /// workers on threads share), stopped when `hook` says so.
    pub fn with_hook(game: ShogiGame, table: Arc<PlayTable>, hook: H) -> PlaySearcher<H> {
        PlaySearcher::sharing(game, table, Arc::new(AtomicU64::new(0)), hook)
    }
}

impl<H: Hook> TaskSearch<ShogiGame, H> for PlaySearcher<H> {
    fn hook_mut(&mut self) -> &mut H {
        &mut self.hook
    }

    fn game_mut(&mut self) -> &mut ShogiGame {
        &mut self.game
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn new_search(&mut self) {
        self.table.new_generation();
        self.history.age();
        self.history.clear_killers();
    }

    fn search_task(&mut self, depth: u32, alpha: Value, beta: Value, ply: usize) -> Option<Value> {
        // A path that repeats a position is the repetition's value, as a
        // sequential search would see it there.
        if ply > 0 {
            if let Some(r) = self.game.repetition() {
                return Some(Self::repetition_value(r, ply));
            }
        }
        self.limits = Limits::default();
        self.aborted = false;
        self.next_check = self.stats.nodes + CHECK_EVERY;
        self.root_depth = depth as i32;
        self.root_excluded.clear();
        self.root_best.clear();
        let (a, b) = (to_task(alpha, ply), to_task(beta, ply));
        let depth = depth.min(super::MAX_PLY as u32 - 1) as i32;
        let v = self.search_node(depth, 0, a, b, false);
        (!self.aborted).then(|| Self::value_from_table(v, ply))
    }
}

/// A window bound of the master's as the task's search sees it; the
/// infinite ones stay infinite.
fn to_task(bound: Value, ply: usize) -> Value {
    if bound.abs() >= INFINITE {
        bound
    } else {
        PlaySearcher::<NoHook>::value_to_table(bound, ply)
    }
}
