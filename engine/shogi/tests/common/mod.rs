//! Shared by the integration tests: random play from the project's positions.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use yomi_shogi::board::Position;
use yomi_shogi::positions::startpos_and_pro;

/// Positions reached by random legal play from every start position:
/// `games` games of at most `plies` plies from each, every position visited.
pub(crate) fn random_play(seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for start in startpos_and_pro() {
        for _ in 0..games {
            let mut pos = start.clone();
            out.push(pos.clone());
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.make_move(moves[rng.random_range(0..moves.len())]);
                out.push(pos.clone());
            }
        }
    }
    out
}
