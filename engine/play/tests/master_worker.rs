//! The master/worker method in games: persistent worker threads searching
//! with the play search find mates at their distance, answer legal moves
//! and lines search after search, and have a move when stopped at once.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use yomi_play::{mate_distance, root_text, MasterWorker, PlayTable};
use yomi_search::Limits;
use yomi_shogi::board::Position;
use yomi_shogi::positions::pro_middlegame_32;
use yomi_shogi_game::ShogiGame;
use yomi_tree::{BranchLimit, Game};

fn search(
    mw: &mut MasterWorker,
    start: &Position,
    limits: Limits,
) -> (
    ShogiGame,
    Vec<u32>,
    yomi_search::SearchResult<yomi_shogi::board::Move>,
) {
    let game = ShogiGame::new(start.clone(), BranchLimit::ALL);
    let mut depths = Vec::new();
    let r = mw.search(
        &game,
        &root_text(BranchLimit::ALL, None, start, &[]),
        &limits,
        |it| depths.push(it.depth),
    );
    (game, depths, r)
}

#[test]
fn finds_a_mate_in_three_at_its_distance() {
    let mut mw = MasterWorker::on_threads(2, Arc::new(PlayTable::new(4)));
    let start = Position::from_sfen("7gk/9/7P1/9/9/9/9/9/K8 b RS 1").unwrap();
    let (_, depths, r) = search(&mut mw, &start, Limits::depth(5));
    assert_eq!(depths, [2, 3, 4, 5]);
    assert_eq!(mate_distance(r.value), Some(3), "{r:?}");
    assert!(r.best_move.unwrap().to_string().starts_with("R*1"), "{r:?}");
}

#[test]
fn workers_answer_search_after_search() {
    let mut mw = MasterWorker::on_threads(3, Arc::new(PlayTable::new(8)));
    let mut longest = 0;
    for p in pro_middlegame_32().iter().take(4) {
        let (mut game, depths, r) = search(&mut mw, &p.position, Limits::depth(5));
        assert_eq!(depths.last(), Some(&5));
        let mut children = Vec::new();
        game.children(&mut children);
        assert!(
            children.contains(&r.best_move.unwrap()),
            "{}",
            p.position.to_sfen()
        );
        assert!(r.stats.nodes > 0);
        // The line the shared table continues the move with is legal.
        assert_eq!(r.pv.first(), r.best_move.as_ref());
        for &mv in &r.pv {
            assert!(game.position().is_legal(mv), "{}", p.position.to_sfen());
            game.play(mv);
        }
        longest = longest.max(r.pv.len());
    }
    assert!(longest >= 2, "a principal variation, not the move alone");
}

#[test]
fn a_stopped_search_still_has_a_legal_move() {
    let mut mw = MasterWorker::on_threads(2, Arc::new(PlayTable::new(4)));
    let limits = Limits {
        depth: 64,
        stop: Some(Arc::new(AtomicBool::new(true))),
        ..Limits::default()
    };
    let p = &pro_middlegame_32()[5];
    let (game, _, r) = search(&mut mw, &p.position, limits);
    let mv = r.best_move.expect("the first pass has a move");
    assert!(game.position().is_legal(mv));
    // The workers are still there for the next search.
    let (_, depths, _) = search(&mut mw, &p.position, Limits::depth(3));
    assert_eq!(depths, [2, 3]);
}

#[test]
fn workers_score_the_games_move_limit_as_a_draw() {
    // Black is a rook up; with the game drawn after one move more, the
    // workers (which rebuild the game from the root's text) see every line
    // drawn, as a search on one thread does.
    let start =
        Position::from_sfen("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 40")
            .unwrap();
    let mut mw = MasterWorker::on_threads(2, Arc::new(PlayTable::new(4)));
    for (limit, drawn) in [(None, false), (Some(40), true)] {
        let mut game = ShogiGame::new(start.clone(), BranchLimit::ALL);
        game.set_move_limit(limit);
        let text = root_text(BranchLimit::ALL, limit, &start, &[]);
        let r = mw.search(&game, &text, &Limits::depth(3), |_| {});
        assert_eq!(r.value == 0, drawn, "limit {limit:?}: {r:?}");
    }
}
