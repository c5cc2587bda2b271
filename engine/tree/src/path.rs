//! Nodes named by paths of child indices from a root (what messages
//! between ranks carry): going there and back.

use super::Game;

/// Plays the moves from the current node to the one `path` names; the
/// moves, for [`take_back`].
pub fn play_path<G: Game>(game: &mut G, path: &[u16]) -> Vec<G::Move> {
    let mut children = Vec::new();
    let mut played = Vec::with_capacity(path.len());
    for &index in path {
        game.children(&mut children);
        let mv = children[usize::from(index)];
        game.play(mv);
        played.push(mv);
    }
    played
}

/// Back to where [`play_path`] started.
pub fn take_back<G: Game>(game: &mut G, mut played: Vec<G::Move>) {
    while let Some(mv) = played.pop() {
        game.undo(mv);
    }
}
