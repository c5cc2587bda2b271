//! The states a game has been through, for its repetition rules: each
//! state's hash and whether its side to move was in check, passes (null
//! moves) as walls no cycle crosses, and a count of the hashes by their
//! low bits, so that the common case, a state whose hash no earlier one
//! shares, is told without a scan of the game so far (at ply 120 of a
//! real game the scan was 7 % of the search's instructions).

/// The outcome of a repeated state, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// An ordinary repetition: a draw.
    Draw,
    /// The side to move gave check all through the cycle.
    Loss,
    /// The opponent gave check all through the cycle.
    Win,
}

/// The history entry of a null move (no position hashes to it in practice).
const NULL_WALL: u64 = 0;

/// Buckets of the hash count (by the hash's low bits).
const BUCKETS: usize = 4096;

#[derive(Clone, Debug)]
pub(crate) struct History {
    /// (hash, in check) of each state, the first state's first.
    states: Vec<(u64, bool)>,
    /// How many states' hashes fall in each bucket (walls not counted).
    counts: Box<[u32]>,
}

fn bucket(hash: u64) -> usize {
    hash as usize & (BUCKETS - 1)
}

impl History {
    /// A history holding the first state.
    pub(crate) fn new(hash: u64, in_check: bool) -> History {
        let mut history = History {
            states: Vec::new(),
            counts: vec![0; BUCKETS].into_boxed_slice(),
        };
        history.push(hash, in_check);
        history
    }

    #[inline]
    pub(crate) fn push(&mut self, hash: u64, in_check: bool) {
        self.states.push((hash, in_check));
        self.counts[bucket(hash)] += 1;
    }

    /// A pass: no repetition is seen across it.
    #[inline]
    pub(crate) fn push_wall(&mut self) {
        self.states.push((NULL_WALL, false));
    }

    /// Forgets the last state (or wall).
    #[inline]
    pub(crate) fn pop(&mut self) {
        if let Some((hash, _)) = self.states.pop() {
            if hash != NULL_WALL {
                self.counts[bucket(hash)] -= 1;
            }
        }
    }

    /// Whether the last state repeats an earlier one with the same side to
    /// move, and what that makes it.
    pub(crate) fn repetition(&self) -> Option<Repetition> {
        let n = self.states.len() - 1;
        let hash = self.states[n].0;
        // No other state's hash in its bucket: nothing to repeat.
        if hash == NULL_WALL || self.counts[bucket(hash)] < 2 {
            return None;
        }
        scan(&self.states)
    }
}

/// [`History::repetition`] by a look at every earlier state.
fn scan(states: &[(u64, bool)]) -> Option<Repetition> {
    let n = states.len() - 1;
    let hash = states[n].0;
    // Back two plies at a time (same side to move); a cycle takes at least
    // four plies and never reaches back over a null move.
    let mut i = n;
    let earlier = loop {
        if i < 2 || states[i - 1].0 == NULL_WALL || states[i - 2].0 == NULL_WALL {
            return None;
        }
        i -= 2;
        if n - i >= 4 && states[i].0 == hash {
            break i;
        }
    };
    // Turns of the side to move are n, n − 2, …; the opponent's n − 1, ….
    let checked = |from: usize| (from..=n).step_by(2).all(|k| states[k].1);
    Some(if checked(earlier + 1) {
        Repetition::Loss
    } else if checked(earlier + 2) {
        Repetition::Win
    } else {
        Repetition::Draw
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_xorshift::XorShiftRng;

    /// Random walks over a few hashes (two sharing a bucket), with passes
    /// and takebacks: the counts never change the answer.
    #[test]
    fn counts_agree_with_the_scan() {
        let hashes = [5u64, 9, 5 + BUCKETS as u64, 77, 1 << 40];
        let mut rng = XorShiftRng::seed_from_u64(99);
        let mut next = || rng.next_u64();
        let (mut repeats, mut walls) = (0, 0);
        for _ in 0..200 {
            let mut history = History::new(hashes[0], false);
            for _ in 0..300 {
                match next() % 10 {
                    0 if history.states.len() > 1 => history.pop(),
                    1 => {
                        history.push_wall();
                        walls += 1;
                    }
                    r => history.push(hashes[next() as usize % hashes.len()], r % 3 == 0),
                }
                let expected = scan(&history.states);
                assert_eq!(history.repetition(), expected);
                repeats += usize::from(expected.is_some());
            }
        }
        assert!(repeats > 1000 && walls > 1000, "{repeats} {walls}");
    }
}
