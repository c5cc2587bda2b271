//! The play search as a parallel worker's search (the master/worker
//! method in games): one search of a task's position to a depth with a
//! window, which the hook can stop between slices, counts adding up over
//! the worker's tasks. Mate values and windows are the master's, counted
//! from its root, a task's path's plies above the position searched.

use super::history::piece_to;
use super::net_files::net_for_root;
use super::play_searcher::{PlaySearcher, NO_EVAL};
use super::search_clock::CHECK_EVERY;
use super::table::PlayTable;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use yomi_methods::minimal_tree::{TaskPath, TaskSearch};
use yomi_search::{Hook, Limits, NoHook, Stats};
use yomi_shogi::board::Move;
use yomi_shogi_game::ShogiGame;
use yomi_tree::{Game, Value, INFINITE};

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
        self.counts.stats
    }

    fn new_search(&mut self, root: &str) {
        self.set_network(net_for_root(root));
        self.table.new_generation();
        self.history.age();
        self.history.clear_killers();
    }

    fn search_task(
        &mut self,
        depth: u32,
        alpha: Value,
        beta: Value,
        path: TaskPath<'_, Move>,
    ) -> Option<Value> {
        self.clock.limits = Limits::default();
        self.clock.aborted = false;
        self.clock.next_check = self.counts.stats.nodes + CHECK_EVERY;
        self.stack.root_excluded.clear();
        self.stack.root_best.clear();
        self.eval.reset();
        self.partial_keys.reset();
        let depth = depth.min(super::MAX_PLY as u32 - 2) as i32;
        let Some(&last) = path.moves.last() else {
            self.stack.root_depth = depth;
            let v = self.search_node(depth, 0, alpha, beta, false);
            return (!self.clock.aborted).then_some(v);
        };
        // The task's position is searched as the node a ply below a root
        // whose move into it frame 0 holds: pruned, reduced and extended as
        // that node of a sequential search would be. Values count from that
        // root, `above` plies below the master's.
        let above = path.moves.len() - 1;
        self.game.undo(last);
        self.stack.frames[0].piece_to = Some(piece_to(self.game.position(), last));
        self.stack.frames[0].played_quiet = !self.game.position().is_tactical(last);
        self.game.play(last);
        self.stack.frames[0].played = last;
        self.stack.frames[0].eval = NO_EVAL;
        self.stack.root_depth = depth + 1;
        let (a, b) = (to_task(alpha, above), to_task(beta, above));
        let scout = path.ranks.last().is_some_and(|&r| r > 0);
        let v = self.search_node(depth, 1, a, b, scout);
        (!self.clock.aborted).then(|| Self::value_from_table(v, above))
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
