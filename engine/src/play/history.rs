//! What the play search learns about quiet moves as it goes: killer moves
//! (quiet moves that cut off at the same ply), a counter move for each
//! opponent move, and a history score per (side, origin or drop, destination,
//! promotion) that rises when a move cuts off and falls when it was tried
//! before one that did.

use crate::board::{Color, Move};

/// History scores stay within ±`HISTORY_MAX`.
pub const HISTORY_MAX: i32 = 16_384;

/// A move's 15 bits without the none-bit: origin or drop kind,
/// destination, promotion.
#[inline(always)]
fn index(side: Color, mv: Move) -> usize {
    side.index() << 15 | usize::from(mv.to_bits() & 0x7fff)
}

pub struct History {
    butterfly: Vec<i16>,
    counters: Vec<Move>,
    killers: Vec<[Move; 2]>,
}

impl History {
    pub fn new(plies: usize) -> History {
        History {
            butterfly: vec![0; 2 << 15],
            counters: vec![Move::NONE; 2 << 15],
            killers: vec![[Move::NONE; 2]; plies],
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.butterfly.fill(0);
        self.counters.fill(Move::NONE);
        self.clear_killers();
    }

    /// Killers are ply-relative: they do not carry over to another root.
    pub fn clear_killers(&mut self) {
        self.killers.fill([Move::NONE; 2]);
    }

    /// Ages history between searches so that newer results weigh more.
    pub fn age(&mut self) {
        for h in &mut self.butterfly {
            *h /= 2;
        }
    }

    #[inline]
    pub fn score(&self, side: Color, mv: Move) -> i32 {
        i32::from(self.butterfly[index(side, mv)])
    }

    #[inline]
    pub fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers[ply]
    }

    /// The move that last refuted `previous` (played by the other side).
    #[inline]
    pub fn counter(&self, side: Color, previous: Move) -> Move {
        if previous == Move::NONE {
            Move::NONE
        } else {
            self.counters[index(side, previous)]
        }
    }

    /// `best` (quiet) cut off at `ply` after the quiet moves `tried` failed;
    /// `previous` is the opponent's move before it.
    pub fn cutoff(
        &mut self,
        side: Color,
        ply: usize,
        depth: i32,
        best: Move,
        tried: &[Move],
        previous: Move,
    ) {
        let k = &mut self.killers[ply];
        if k[0] != best {
            k[1] = k[0];
            k[0] = best;
        }
        if previous != Move::NONE {
            self.counters[index(side, previous)] = best;
        }
        let bonus = (depth * depth * 16 + 32 * depth).min(1600);
        self.update(side, best, bonus);
        for &mv in tried {
            self.update(side, mv, -bonus);
        }
    }

    /// Moves a score towards ±HISTORY_MAX by `bonus`, less the nearer it is.
    fn update(&mut self, side: Color, mv: Move, bonus: i32) {
        let h = &mut self.butterfly[index(side, mv)];
        let v = i32::from(*h);
        *h = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    #[test]
    fn cutoffs_teach_killers_counters_and_history() {
        let mv = |a, b| Move::normal(Square::from_index(a), Square::from_index(b), false);
        let mut h = History::new(8);
        let (good, bad, previous) = (mv(1, 2), mv(3, 4), mv(5, 6));
        h.cutoff(Color::Black, 3, 4, good, &[bad], previous);
        assert_eq!(h.killers(3), [good, Move::NONE]);
        assert_eq!(h.counter(Color::Black, previous), good);
        assert!(h.score(Color::Black, good) > 0 && h.score(Color::Black, bad) < 0);
        assert_eq!(h.score(Color::White, good), 0, "per side");
        for _ in 0..1000 {
            h.cutoff(Color::Black, 3, 30, good, &[], previous);
        }
        assert!(h.score(Color::Black, good) <= HISTORY_MAX);
        h.clear();
        assert_eq!(h.score(Color::Black, good), 0);
    }
}
