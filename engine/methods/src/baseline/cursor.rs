//! Moves a game about its tree by paths of child indices from where the
//! cursor started, taking back and playing only the moves where the old
//! and the new path differ, and keeping the child lists along the way (an
//! SSS* list jumps between nearby nodes).

use yomi_tree::Game;

pub(super) struct Cursor<M> {
    path: Vec<u16>,
    /// `lists[k]`: the children of the node `path[..k]`; the current
    /// node's own once `listed`.
    lists: Vec<Vec<M>>,
    listed: bool,
}

impl<M: Copy> Cursor<M> {
    pub(crate) fn new() -> Self {
        Cursor {
            path: Vec::new(),
            lists: Vec::new(),
            listed: false,
        }
    }

    /// Moves `game`, at this cursor's node, to the node of `target`.
    pub(crate) fn goto<G: Game<Move = M>>(&mut self, game: &mut G, target: &[u16]) {
        let common = self
            .path
            .iter()
            .zip(target)
            .take_while(|(a, b)| a == b)
            .count();
        if common < self.path.len() {
            while self.path.len() > common {
                let index = self.path.pop().expect("a move to take back");
                game.undo(self.lists[self.path.len()][usize::from(index)]);
            }
            self.listed = true;
        }
        for &index in &target[common..] {
            self.children(game);
            let mv = self.lists[self.path.len()][usize::from(index)];
            game.play(mv);
            self.path.push(index);
            self.listed = false;
        }
    }

    /// The children of the current node.
    pub(crate) fn children<G: Game<Move = M>>(&mut self, game: &mut G) -> &[M] {
        let ply = self.path.len();
        if self.lists.len() <= ply {
            self.lists.resize_with(ply + 1, Vec::new);
        }
        if !self.listed {
            game.children(&mut self.lists[ply]);
            self.listed = true;
        }
        &self.lists[ply]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yomi_tree::{OrderedTree, TreeOrdering};

    #[test]
    fn it_reaches_the_node_a_walk_from_the_root_reaches() {
        let fresh = OrderedTree::new(3, 4, TreeOrdering::Random);
        let mut game = fresh.clone();
        let mut cursor = Cursor::new();
        for target in [&[1, 2, 3][..], &[1, 2, 0], &[3], &[], &[3, 1, 1, 1], &[0]] {
            cursor.goto(&mut game, target);
            let mut walked = fresh.clone();
            let mut children = Vec::new();
            for &i in target {
                walked.children(&mut children);
                walked.play(children[usize::from(i)]);
            }
            assert_eq!(game.hash(), walked.hash(), "{target:?}");
        }
        cursor.goto(&mut game, &[]);
        assert_eq!(game.hash(), fresh.hash());
    }
}
