//! The games behind the searches: synthetic node values are pure functions
//! of (seed, path), shogi child sets pure functions of the position.

use std::sync::Arc;
use yomi_search::{Limits, SearchOptions, Searcher};
use yomi_shogi::board::Position;
use yomi_shogi_game::ShogiGame;
use yomi_tree::synthetic::EdgeParams;
use yomi_tree::{BranchLimit, EdgeModel, Game, SyntheticTree};

fn fixed_model() -> Arc<EdgeModel> {
    Arc::new(
        EdgeModel::new(EdgeParams {
            quantiles: vec![-400.0, -100.0, 0.0, 50.0, 150.0, 900.0],
            fitted_from: "test".into(),
        })
        .unwrap(),
    )
}

/// Every node to `depth` as (hash, value, children) in depth-first order.
fn walk<G: Game>(game: &mut G, depth: u32, out: &mut Vec<(u64, i32, String)>) {
    let mut children = Vec::new();
    game.children(&mut children);
    let names: Vec<String> = children.iter().map(|c| c.to_string()).collect();
    out.push((game.hash(), game.evaluate(), names.join(" ")));
    if depth == 0 {
        return;
    }
    for mv in children {
        game.play(mv);
        walk(game, depth - 1, out);
        game.undo(mv);
    }
}

#[test]
fn synthetic_values_are_the_same_on_every_visit() {
    let mut tree = SyntheticTree::new(9, 5, fixed_model());
    let mut first = Vec::new();
    walk(&mut tree, 4, &mut first);
    // Searching moves around the tree; a second walk must see the same nodes.
    let mut searcher = Searcher::new(tree, 1, SearchOptions::default());
    searcher.search(Limits::depth(6), |_| {});
    let mut tree = searcher.game().clone();
    assert_eq!(tree.depth(), 0);
    let mut second = Vec::new();
    walk(&mut tree, 4, &mut second);
    assert_eq!(first, second);
    // Distinct paths are distinct nodes.
    let mut keys: Vec<u64> = first.iter().map(|n| n.0).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), first.len());
}

#[test]
fn synthetic_values_are_the_same_in_every_process() {
    // Golden values: any change of the hashing or drawing scheme, or any
    // dependence on the process, shows here.
    let mut tree = SyntheticTree::new(2024, 3, fixed_model());
    let mut nodes = Vec::new();
    walk(&mut tree, 3, &mut nodes);
    let values: Vec<i32> = nodes.iter().take(8).map(|n| n.1).collect();
    assert_eq!(values, GOLDEN_VALUES, "{values:?}");
    assert_eq!(nodes[5].0, GOLDEN_HASH, "{:#x}", nodes[5].0);
}

const GOLDEN_VALUES: [i32; 8] = [0, -551, -297, -516, -178, 397, 409, -424];
const GOLDEN_HASH: u64 = 0xe90c_ee91_af87_405a;

#[test]
fn synthetic_children_come_in_predicted_order() {
    let mut tree = SyntheticTree::new(5, 6, fixed_model());
    let mut children = Vec::new();
    tree.children(&mut children);
    assert_eq!(children.len(), 6);
    let parent = tree.evaluate();
    let gains: Vec<i32> = children
        .iter()
        .map(|&c| {
            tree.play(c);
            let g = -tree.evaluate() - parent;
            tree.undo(c);
            g
        })
        .collect();
    assert!(gains.windows(2).all(|w| w[0] >= w[1]), "{gains:?}");
}

#[test]
fn shogi_child_sets_do_not_depend_on_history() {
    for pos in yomi_shogi::positions::startpos_and_pro()
        .into_iter()
        .step_by(4)
    {
        for b in [0, 5, 20] {
            let mut fresh = Vec::new();
            ShogiGame::new(pos.clone(), BranchLimit::top(b)).children(&mut fresh);
            let legal = pos.count_legal_moves() as usize;
            assert_eq!(fresh.len(), if b == 0 { legal } else { b.min(legal) });
            // After a search the same state has the same children.
            let mut searcher = Searcher::new(
                ShogiGame::new(pos.clone(), BranchLimit::top(b)),
                1,
                SearchOptions::default(),
            );
            searcher.search(Limits::depth(3), |_| {});
            let mut again = Vec::new();
            searcher.game_mut().children(&mut again);
            assert_eq!(fresh, again);
        }
    }
}

#[test]
fn shogi_children_of_a_transposition_are_the_same() {
    let start = Position::startpos();
    let reach = |moves: &[&str]| {
        let mut pos = start.clone();
        for m in moves {
            let mv = pos.parse_usi_move(m).unwrap();
            pos.make_move(mv);
        }
        let mut children = Vec::new();
        ShogiGame::new(pos.clone(), BranchLimit::top(5)).children(&mut children);
        (pos.hash(), children)
    };
    let a = reach(&["7g7f", "3c3d", "2g2f", "8c8d"]);
    let b = reach(&["2g2f", "8c8d", "7g7f", "3c3d"]);
    assert_eq!(a, b);
}

#[test]
fn shogi_top_b_is_a_prefix_of_the_full_order() {
    for pos in yomi_shogi::positions::startpos_and_pro() {
        let mut all = Vec::new();
        ShogiGame::new(pos.clone(), BranchLimit::ALL).children(&mut all);
        let mut top = Vec::new();
        ShogiGame::new(pos.clone(), BranchLimit::top(5)).children(&mut top);
        assert_eq!(&all[..top.len()], &top[..]);
    }
}
