//! The game's exact value by exhaustive, memoised search: the yardstick of
//! every search's result on it.

use crate::board::Pick;
use std::collections::HashMap;
use yomi_tree::Game;

/// Whether the side to move wins `position` with best play.
pub fn solve(position: &Pick) -> bool {
    let mut memo = HashMap::new();
    wins(&mut position.clone(), &mut memo)
}

fn wins(game: &mut Pick, memo: &mut HashMap<u64, bool>) -> bool {
    if let Some(&known) = memo.get(&game.pieces()) {
        return known;
    }
    let mut moves = Vec::new();
    game.children(&mut moves);
    let mut win = false;
    for mv in moves {
        game.play(mv);
        let opponent_wins = wins(game, memo);
        game.undo(mv);
        if !opponent_wins {
            win = true;
            break;
        }
    }
    memo.insert(game.pieces(), win);
    win
}
