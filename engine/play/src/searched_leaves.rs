//! A shogi game whose evaluation of a node is a shallow search by the play
//! search (its quiescence included) instead of the static evaluation:
//! RBF's leaf evaluator on shogi, as seed 003 evaluates chess leaves by a
//! depth-3 search of Crafty. Every other searcher runs on it too (a
//! depth-d search on it is about a depth d + k one).

use super::play_searcher::PlaySearcher;
use super::table::PlayTable;
use std::sync::Arc;
use yomi_search::Limits;
use yomi_shogi::board::Move;
use yomi_shogi_game::ShogiGame;
use yomi_tree::{Game, Value};

/// Each copy's table for the shallow searches, MB.
const TABLE_MB: usize = 4;

/// The game is the searcher's own: a search ends where it began, so a
/// node's evaluation needs no copy of the game.
pub struct SearchedLeaves {
    /// Plies of the search that evaluates a node.
    depth: u32,
    searcher: PlaySearcher,
    /// Nodes its evaluations searched.
    searched: u64,
}

impl SearchedLeaves {
    pub fn new(game: ShogiGame, depth: u32) -> SearchedLeaves {
        let mut searcher = PlaySearcher::with_table(game, Arc::new(PlayTable::new(TABLE_MB)));
        searcher.for_shallow_searches();
        SearchedLeaves {
            depth,
            searcher,
            searched: 0,
        }
    }

    /// Nodes this copy's evaluations have searched.
    pub fn searched(&self) -> u64 {
        self.searched
    }
}

/// A copy has a searcher (and table) of its own.
impl Clone for SearchedLeaves {
    fn clone(&self) -> Self {
        SearchedLeaves::new(self.searcher.game().clone(), self.depth)
    }
}

impl Game for SearchedLeaves {
    type Move = Move;

    fn children(&mut self, out: &mut Vec<Move>) {
        self.searcher.game_mut().children(out);
    }

    fn play(&mut self, mv: Move) {
        self.searcher.game_mut().play(mv);
    }

    fn undo(&mut self, mv: Move) {
        self.searcher.game_mut().undo(mv);
    }

    fn evaluate(&mut self) -> Value {
        let result = self.searcher.search(Limits::depth(self.depth), |_| {});
        self.searched += result.stats.nodes;
        result.value
    }

    fn hash(&self) -> u64 {
        self.searcher.game().hash()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yomi_shogi::board::Position;
    use yomi_tree::BranchLimit;

    #[test]
    fn a_node_is_worth_its_shallow_search_and_the_moves_are_the_games() {
        let pos = Position::from_sfen(
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
        )
        .unwrap();
        let game = ShogiGame::new(pos, BranchLimit::ALL);
        let mut searched = SearchedLeaves::new(game.clone(), 2);
        let mut searcher = PlaySearcher::new(game.clone(), 16);
        let direct = searcher.search(Limits::depth(2), |_| {}).value;
        assert_eq!(searched.evaluate(), direct);
        assert!(searched.searched() > 1);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        searched.children(&mut a);
        game.clone().children(&mut b);
        assert_eq!(a, b);
        searched.play(a[0]);
        assert_ne!(searched.hash(), game.hash());
        searched.undo(a[0]);
        assert_eq!(searched.hash(), game.hash());
    }
}
