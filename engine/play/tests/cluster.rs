//! The cluster search with its ranks on threads: rank 0 answers with a
//! legal move, the other ranks search beside it and stop when told, over
//! several searches in a row and a new table, and the engine's end ends
//! every rank; with the ranks on machines of their own (entries sent) and
//! on one machine (one table in shared memory).

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use yomi_play::{root_text, Cluster, Machines, PlaySearcher};
use yomi_search::Limits;
use yomi_shogi::board::Position;
use yomi_shogi::positions::pro_middlegame_32;
use yomi_shogi_game::ShogiGame;
use yomi_tree::BranchLimit;

#[test]
fn ranks_on_machines_of_their_own_search_each_root_and_rank_0_answers_legally() {
    searches_with_rank_0_answering(Machines::separate(3));
}

#[test]
fn ranks_sharing_one_table_search_each_root_and_rank_0_answers_legally() {
    searches_with_rank_0_answering(Machines::from_leaders(vec![0, 0, 2, 2]));
}

fn searches_with_rank_0_answering(machines: Machines) {
    let ranks = machines.ranks();
    let (cluster, others) = Cluster::on_threads(machines);
    assert_eq!(cluster.ranks(), ranks);
    let start = ShogiGame::new(Position::startpos(), BranchLimit::ALL);
    let mut searcher = PlaySearcher::with_table(start.clone(), cluster.table(1));
    let mut positions = vec![Position::startpos()];
    positions.extend(
        pro_middlegame_32()
            .iter()
            .take(3)
            .map(|e| e.position.clone()),
    );
    for (i, pos) in positions.into_iter().enumerate() {
        if i == 2 {
            searcher = PlaySearcher::with_table(start.clone(), cluster.table(4));
        }
        *searcher.game_mut() = ShogiGame::new(pos.clone(), BranchLimit::ALL);
        cluster.start(&root_text(BranchLimit::ALL, None, &pos, &[]), u32::MAX, 1);
        let result = searcher.search(Limits::depth(7), |_| {});
        // Rank 0's search may end before the other ranks' threads have
        // begun on a busy machine: wait until they tell of nodes (they do
        // every few milliseconds while searching), then stop them.
        let elsewhere = cluster.nodes_elsewhere();
        let waited = Instant::now();
        while elsewhere.load(Ordering::Relaxed) == 0 && waited.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(1));
        }
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
