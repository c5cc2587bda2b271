//! The exact decision a randomized search's move is judged against: every
//! root child's value by plain alpha-beta.

/// The depth of the value RBF's real scores estimate (seed 003 §2.3): its
/// moves are judged against alpha-beta's at this depth unless --d is
/// shallower or --judge-depth says otherwise.
pub(crate) const DEFAULT_JUDGE_DEPTH: u32 = 10;

use yomi_methods::baseline::AlphaBeta;
use yomi_tree::{Game, Value, INFINITE};

/// The value of every child of the root by plain alpha-beta to `depth`
/// − 1 below it.
pub(crate) fn judged_children<G: Game>(root: &mut G, depth: u32) -> Vec<Value> {
    let mut children = Vec::new();
    root.children(&mut children);
    children
        .iter()
        .map(|&mv| {
            root.play(mv);
            let value = -AlphaBeta::new(root, u64::MAX, |_| true)
                .search(depth.saturating_sub(1), -INFINITE, INFINITE)
                .expect("not aborted");
            root.undo(mv);
            value
        })
        .collect()
}
