//! The cluster search with its ranks on threads: rank 0 answers with a
//! legal move, the other ranks search beside it and stop when told, over
//! several searches in a row, and the engine's end ends every rank.

use std::sync::Arc;
use yomi_engine::board::Position;
use yomi_engine::game::ShogiGame;
use yomi_engine::parallel::message::Message;
use yomi_engine::parallel::threads::network;
use yomi_engine::play::{root_text, serve_cluster, Cluster, PlaySearcher, PlayTable, SHARE_DEPTH};
use yomi_engine::positions::pro_middlegame_32;
use yomi_engine::search::Limits;

#[test]
fn every_rank_searches_each_root_and_rank_0_answers_legally() {
    let mut transports = network::<Message>(3).into_iter();
    let rank0 = transports.next().unwrap();
    let others: Vec<_> = transports
        .map(|t| std::thread::spawn(move || serve_cluster(t, 4)))
        .collect();
    let table = Arc::new(PlayTable::new(4).exporting(SHARE_DEPTH));
    let mut searcher =
        PlaySearcher::with_table(ShogiGame::new(Position::startpos(), 0), table.clone());
    let cluster = Cluster::new(rank0);
    assert_eq!(cluster.ranks(), 3);
    let mut positions = vec![Position::startpos()];
    positions.extend(
        pro_middlegame_32()
            .iter()
            .take(3)
            .map(|e| e.position.clone()),
    );
    for pos in positions {
        *searcher.game_mut() = ShogiGame::new(pos.clone(), 0);
        cluster.start(&root_text(0, &pos, &[]), u32::MAX, 1, table.clone());
        let result = searcher.search(Limits::depth(7), |_| {});
        let other_nodes = cluster.stop();
        let best = result.best_move.expect("a move");
        assert!(pos.is_legal(best), "{best} in {}", pos.to_sfen());
        assert!(other_nodes > 0, "the other ranks searched");
    }
    drop(cluster);
    for rank in others {
        rank.join().expect("every rank ends with the engine");
    }
}
