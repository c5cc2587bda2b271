//! The sums updated move by move equal sums computed from scratch, along
//! random games with captures, promotions, drops, king moves and passes,
//! going down and back up the path as a search does.

use rand::{rngs::StdRng, RngExt, SeedableRng};
use std::sync::Arc;
use yomi_nnue::{Accumulators, Network};
use yomi_shogi::board::Position;
use yomi_shogi::positions;

#[test]
fn incremental_equals_refresh_along_random_games() {
    let net = Arc::new(Network::random(7));
    let mut acc = Accumulators::new(net.clone());
    let mut rng = StdRng::seed_from_u64(11);
    let starts: Vec<Position> = positions::startpos_and_pro().into_iter().take(9).collect();
    let mut checked = 0;
    for start in starts {
        for _game in 0..6 {
            let mut pos = start.clone();
            acc.reset();
            let mut path = Vec::new();
            for _ply in 0..120 {
                // Evaluate only now and then, so updates span several moves.
                if rng.random_range(0..3) == 0 {
                    assert_eq!(Some(acc.evaluate(&pos)), yomi_nnue::evaluate(&net, &pos));
                    checked += 1;
                }
                // Sometimes step back, as a search returns from a child.
                if !path.is_empty() && rng.random_range(0..5) == 0 {
                    match path.pop().unwrap() {
                        Some(mv) => pos.unmake_move(mv),
                        None => pos.unmake_null_move(),
                    }
                    acc.pop();
                    continue;
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                if !pos.in_check() && rng.random_range(0..10) == 0 {
                    acc.push_null();
                    pos.make_null_move();
                    path.push(None);
                    continue;
                }
                let mv = moves[rng.random_range(0..moves.len())];
                acc.push(&pos, mv);
                pos.make_move(mv);
                path.push(Some(mv));
            }
        }
    }
    assert!(checked > 1000, "{checked} evaluations checked");
}
