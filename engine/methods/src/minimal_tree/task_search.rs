//! The search a worker runs its tasks with: the research alpha-beta
//! ([`Searcher`], the paper's experiments) or, in games, the play search
//! (`yomi_play::PlaySearcher`). The worker's inbox is the search's hook,
//! so messages are read between slices and a newer, more urgent task stops
//! the running one.

use yomi_search::{Hook, Searcher, Stats};
use yomi_tree::{Game, Value};

pub trait TaskSearch<G: Game, H> {
    fn hook_mut(&mut self) -> &mut H;

    /// The position searched; a task's is replayed from the root here.
    fn game_mut(&mut self) -> &mut G;

    /// Counts over every task searched so far.
    fn stats(&self) -> Stats;

    /// A search of another root begins on a persistent worker (a deeper
    /// search of the same root goes on with what the last one learnt);
    /// `root` is the text that announced it.
    fn new_search(&mut self, _root: &str) {}

    /// Takes in results from elsewhere (the sharing ring) before a task.
    fn absorb_incoming(&mut self) {}

    /// Searches the current position, at the end of `path`, to `depth`
    /// with the window (`alpha`, `beta`); `None` when the hook stopped it
    /// (its work stays in the table).
    fn search_task(
        &mut self,
        depth: u32,
        alpha: Value,
        beta: Value,
        path: TaskPath<'_, G::Move>,
    ) -> Option<Value>;
}

/// Where a task lies: the moves from the root to its position, and each
/// one's rank among its siblings in the master's order (its move number
/// there, 0 first).
#[derive(Clone, Copy)]
pub struct TaskPath<'a, M> {
    pub moves: &'a [M],
    pub ranks: &'a [u16],
}

impl<G: Game, H: Hook> TaskSearch<G, H> for Searcher<G, H> {
    fn hook_mut(&mut self) -> &mut H {
        Searcher::hook_mut(self)
    }

    fn game_mut(&mut self) -> &mut G {
        Searcher::game_mut(self)
    }

    fn stats(&self) -> Stats {
        Searcher::stats(self)
    }

    fn absorb_incoming(&mut self) {
        Searcher::absorb_incoming(self)
    }

    fn search_task(
        &mut self,
        depth: u32,
        alpha: Value,
        beta: Value,
        _path: TaskPath<'_, G::Move>,
    ) -> Option<Value> {
        self.search_node(depth, alpha, beta)
    }
}
