//! Brute-force minimax: the reference value every search must reproduce.

use crate::{Game, Value};

/// The negamax value of the current state searched to `depth` plies, every
/// node visited, no pruning.
pub fn minimax<G: Game>(game: &mut G, depth: u32) -> Value {
    if depth == 0 {
        return game.evaluate();
    }
    let mut children = Vec::new();
    game.children(&mut children);
    if children.is_empty() {
        return game.end_value();
    }
    children
        .iter()
        .map(|&mv| {
            game.play(mv);
            let v = -minimax(game, depth - 1);
            game.undo(mv);
            v
        })
        .max()
        .expect("children is not empty")
}

/// The root's children's minimax values for the side to move at the root,
/// `depth` plies deep.
pub fn child_values<G: Game>(game: &mut G, depth: u32) -> Vec<Value> {
    let mut moves = Vec::new();
    game.children(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            game.play(mv);
            let v = -minimax(game, depth - 1);
            game.undo(mv);
            v
        })
        .collect()
}
