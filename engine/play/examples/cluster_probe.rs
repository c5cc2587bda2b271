//! Time to depth of the cluster search with its ranks on threads (each
//! rank one search thread; each its own table, the ranks exchanging deep
//! results, or with `shared` all ranks on one machine sharing one table),
//! over the start position and the 32 professional positions:
//!
//!     cargo run --release -p yomi-play --example cluster_probe -- RANKS DEPTH [shared]
//!
//! One rank is the plain single-thread search.

use std::time::Instant;
use yomi_play::{root_text, Cluster, Machines, PlaySearcher};
use yomi_search::Limits;
use yomi_shogi::board::Position;
use yomi_shogi::positions::pro_middlegame_32;
use yomi_shogi_game::ShogiGame;
use yomi_tree::BranchLimit;

const TABLE_MB: usize = 64;

fn main() {
    let arg = |i: usize| std::env::args().nth(i).and_then(|a| a.parse::<u32>().ok());
    let (Some(ranks), Some(depth)) = (arg(1), arg(2)) else {
        eprintln!("usage: cluster_probe RANKS DEPTH");
        std::process::exit(2);
    };
    let mut positions = vec![Position::startpos()];
    positions.extend(pro_middlegame_32().iter().map(|e| e.position.clone()));
    let ranks = ranks.max(1) as usize;
    let machines = match std::env::args().nth(3).as_deref() {
        Some("shared") => Machines::one(ranks),
        _ => Machines::separate(ranks),
    };
    let (cluster, others) = Cluster::on_threads(machines);
    let (mut ms, mut nodes, mut other_nodes) = (0.0, 0, 0);
    for pos in positions {
        // A new table on every rank for every position.
        let table = cluster.table(TABLE_MB);
        let mut searcher =
            PlaySearcher::with_table(ShogiGame::new(pos.clone(), BranchLimit::ALL), table);
        let start = Instant::now();
        cluster.start(&root_text(BranchLimit::ALL, None, &pos, &[]), u32::MAX, 1);
        nodes += searcher.search(Limits::depth(depth), |_| {}).stats.nodes;
        ms += start.elapsed().as_secs_f64() * 1e3;
        other_nodes += cluster.stop();
    }
    println!("ranks {ranks} depth {depth}: {ms:.0} ms, rank 0 nodes {nodes}, other ranks' nodes {other_nodes}");
    drop(cluster);
    for rank in others {
        let _ = rank.join();
    }
}
