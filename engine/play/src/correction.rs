//! Correction history: what the search has learnt about the static
//! evaluation's error. After a node's search, the difference between its
//! value and its static value moves a score kept per pawn structure, per
//! placement of the minor pieces (lances, knights, silvers and the pieces
//! that move like a gold), per placement of each side's pieces other than
//! pawns, and per pair of moves (the last one and the one two or four
//! plies before it); the static value of a later node is corrected by the
//! sum of its scores. Stockfish's correction history, with the weights
//! YaneuraOu plays with; hands are left out of the keys, as there.

use super::correction_keys::PartialKeys;
use super::history::{Context, PieceTo, PIECE_TO};
use yomi_shogi::board::Color;
use yomi_tree::Value;

/// Scores stay within ±`LIMIT`.
const LIMIT: i32 = 1024;
/// Entries per side in each keyed table.
const ENTRIES: usize = 1 << 14;

/// The moves a node's correction reads: the last one, and the ones two
/// and four plies before it (`None`: a pass, or before the root).
#[derive(Clone, Copy)]
pub(crate) struct MovePairs {
    last: Option<PieceTo>,
    before: [Option<PieceTo>; 2],
}

impl MovePairs {
    /// From a node's whole [`Context`] (the moves 1, 2, 4 and 6 plies
    /// before it), whatever the continuation histories use of it.
    pub(crate) fn new(context: &Context) -> MovePairs {
        MovePairs {
            last: context[0],
            before: [context[1], context[2]],
        }
    }
}

pub(crate) struct Correction {
    pawn: Vec<i16>,
    minor: Vec<i16>,
    /// By the color of the pieces keyed, then the side to move.
    non_pawn: [Vec<i16>; 2],
    /// By (the move two or four plies before the last, the last move).
    continuation: Vec<i16>,
}

#[inline(always)]
fn slot(side: Color, key: u64) -> usize {
    side.index() * ENTRIES + (key >> 50) as usize
}

/// Moves a score towards ±LIMIT by `bonus`, less the nearer it is.
fn gravity(h: &mut i16, bonus: i32) {
    let v = i32::from(*h);
    *h = (v + bonus - v * bonus.abs() / LIMIT) as i16;
}

impl Correction {
    pub(crate) fn new() -> Correction {
        Correction {
            pawn: vec![0; 2 * ENTRIES],
            minor: vec![0; 2 * ENTRIES],
            non_pawn: [vec![0; 2 * ENTRIES], vec![0; 2 * ENTRIES]],
            continuation: vec![0; PIECE_TO * PIECE_TO],
        }
    }

    /// Forgets everything (a new game).
    pub(crate) fn clear(&mut self) {
        for t in [&mut self.pawn, &mut self.minor, &mut self.continuation]
            .into_iter()
            .chain(&mut self.non_pawn)
        {
            t.fill(0);
        }
    }

    /// The correction of a static value, in the evaluation's units.
    pub(crate) fn value(&self, side: Color, keys: &PartialKeys, pairs: &MovePairs) -> Value {
        let pawn = i32::from(self.pawn[slot(side, keys.pawn)]);
        let minor = i32::from(self.minor[slot(side, keys.minor)]);
        let non_pawn: i32 = (0..2)
            .map(|c| i32::from(self.non_pawn[c][slot(side, keys.non_pawn[c])]))
            .sum();
        let continuation = match pairs.last {
            Some(last) => pairs
                .before
                .iter()
                .flatten()
                .map(|b| i32::from(self.continuation[b * PIECE_TO + last]))
                .sum(),
            None => 8,
        };
        (12_153 * pawn + 8_620 * minor + 12_355 * non_pawn + 7_982 * continuation) / 131_072
    }

    /// A search of `depth` found `error` = value − corrected static value.
    pub(crate) fn learn(
        &mut self,
        side: Color,
        keys: &PartialKeys,
        pairs: &MovePairs,
        error: i32,
        depth: i32,
        raised: bool,
    ) {
        let weight = if raised { 12 } else { 17 };
        let bonus = (error * depth * weight / 128).clamp(-LIMIT / 4, LIMIT / 4) * 1069 / 1024;
        gravity(&mut self.pawn[slot(side, keys.pawn)], bonus);
        gravity(&mut self.minor[slot(side, keys.minor)], bonus * 153 / 128);
        for c in 0..2 {
            gravity(
                &mut self.non_pawn[c][slot(side, keys.non_pawn[c])],
                bonus * 187 / 128,
            );
        }
        if let Some(last) = pairs.last {
            for (b, w) in pairs.before.iter().zip([126, 63]) {
                if let Some(b) = b {
                    gravity(&mut self.continuation[b * PIECE_TO + last], bonus * w / 128);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use yomi_shogi::board::GamePosition;

    #[test]
    fn errors_learnt_move_the_correction_within_bounds() {
        let pos = GamePosition::parse_line("startpos moves 7g7f")
            .unwrap()
            .current();
        let keys = PartialKeys::of(&pos);
        let pairs = MovePairs::new(&[Some(100), Some(200), None, None]);
        let side = pos.side_to_move();
        let mut c = Correction::new();
        assert_eq!(c.value(side, &keys, &pairs), 0);
        c.learn(side, &keys, &pairs, 300, 8, true);
        let once = c.value(side, &keys, &pairs);
        assert!(once > 0, "{once}");
        // The keyed tables are per side to move; the move pairs are not
        // (the last move's side is the one not to move).
        let other = c.value(side.flip(), &keys, &pairs);
        assert!(other > 0 && other < once, "{other}");
        for _ in 0..1000 {
            c.learn(side, &keys, &pairs, 10_000, 20, true);
        }
        let most = c.value(side, &keys, &pairs);
        assert!(
            most > once && most <= 5 * 12_355 * LIMIT / 131_072,
            "{most}"
        );
        for _ in 0..1000 {
            c.learn(side, &keys, &pairs, -10_000, 20, false);
        }
        assert!(c.value(side, &keys, &pairs) < 0);
        c.clear();
        assert_eq!(c.value(side, &keys, &pairs), 0);
    }
}
