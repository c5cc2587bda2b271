//! How a simulation ends once it leaves the tree in memory (seed 001's
//! playout policy). Games without random playouts of their own cut them
//! short and read the static evaluation as a win probability: shogi after
//! a few random plies, synthetic trees at their horizon (where the path
//! sum's sign decides), and a small game like pick plays on to the end.

use super::reward::{reward_of_end, reward_of_value};
use crate::random::Random;
use yomi_tree::Game;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playout {
    /// Uniformly random moves at most (`u32::MAX`: to the game's end); the
    /// search's horizon stops them too.
    pub plies: u32,
    /// The static value worth a 73 % win where the playout stops short of
    /// an end (see [`reward_of_value`]).
    pub scale: f64,
}

impl Playout {
    /// True playouts: random moves until the game ends.
    pub const TO_THE_END: Playout = Playout {
        plies: u32::MAX,
        scale: 100.0,
    };

    /// The reward, for the side to move now, of a playout from the current
    /// state, `left` plies above the search's horizon, and the moves it
    /// made (all taken back). `moves` and `played` are scratch lists.
    pub fn run<G: Game>(
        &self,
        game: &mut G,
        left: u32,
        random: &mut Random,
        moves: &mut Vec<G::Move>,
        played: &mut Vec<G::Move>,
    ) -> (f64, u32) {
        played.clear();
        let reward = loop {
            let ply = played.len() as u32;
            if ply == self.plies || ply == left {
                break reward_of_value(game.evaluate(), self.scale);
            }
            game.children(moves);
            if moves.is_empty() {
                break reward_of_end(game.end_value());
            }
            let mv = moves[(random.next_u64() % moves.len() as u64) as usize];
            game.play(mv);
            played.push(mv);
        };
        let plies = played.len() as u32;
        while let Some(mv) = played.pop() {
            game.undo(mv);
        }
        match plies % 2 {
            1 => (1.0 - reward, plies),
            _ => (reward, plies),
        }
    }
}
