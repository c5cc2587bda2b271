//! The generated trees tell a child's hash without playing the move: it
//! must be the hash the child has once played, at every node.

use std::sync::Arc;
use yomi_tree::{EdgeModel, Game, IncrementalTree, OrderedTree, SyntheticTree, TreeOrdering};

/// Walks `game` `depth` plies deep, comparing every child's announced hash
/// with its hash after the move.
fn check<G: Game>(game: &mut G, depth: u32) -> usize {
    if depth == 0 {
        return 0;
    }
    let mut children = Vec::new();
    game.children(&mut children);
    let mut checked = 0;
    for mv in children {
        let announced = game.child_hash(mv);
        game.play(mv);
        assert_eq!(announced, Some(game.hash()));
        checked += 1 + check(game, depth - 1);
        game.undo(mv);
    }
    checked
}

#[test]
fn synthetic_incremental_and_ordered_trees_announce_their_childrens_hashes() {
    let model = Arc::new(EdgeModel::embedded());
    for seed in 1..=3 {
        assert_eq!(
            check(&mut SyntheticTree::new(seed, 5, model.clone()), 4),
            780
        );
        assert!(check(&mut IncrementalTree::new(seed, 4), 4) > 4);
        assert_eq!(
            check(
                &mut OrderedTree::new(seed, 3, TreeOrdering::Geometric(0.7)),
                4
            ),
            120
        );
    }
}
