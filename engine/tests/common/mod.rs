//! Shared by the integration tests: the project's position sets and random play.

// Each test crate uses only part of this module.
#![allow(dead_code)]

pub mod ending;
pub mod minimax;
pub mod parallel;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use yomi_engine::board::{Position, STARTPOS};

/// The start position and the 32 professional middle-game positions.
pub fn start_positions() -> Vec<Position> {
    let file = include_str!("../../../positions/pro_middlegame_32.sfen");
    std::iter::once(STARTPOS)
        .chain(
            file.lines()
                .filter_map(|l| l.strip_prefix("sfen "))
                .map(|l| l.split('\t').next().unwrap_or(l)),
        )
        .map(|s| Position::from_sfen(s).unwrap_or_else(|e| panic!("{s}: {e}")))
        .collect()
}

/// Positions reached by random legal play from every start position:
/// `games` games of at most `plies` plies from each, every position visited.
pub fn random_play(seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for start in start_positions() {
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
