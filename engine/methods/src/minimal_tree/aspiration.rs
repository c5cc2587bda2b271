//! Aspiration windows for the master's root (games): the first passes of
//! a depth search a window around the last depth's value, so that the
//! first child's task is narrow rather than (−∞, +∞); a decided value
//! outside it widens it, as the sequential search's aspiration does.

use yomi_tree::{Value, INFINITE};

/// The root window: (`alpha`, `beta`) around a guess, `delta` its next
/// widening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Aspiration {
    pub alpha: Value,
    pub beta: Value,
    delta: Value,
}

/// First half-width; each widening adds half; past this the window is full.
const DELTA: Value = 40;
const FULL_PAST: Value = 1000;

impl Aspiration {
    /// A window around `guess`, or the full window without one.
    pub(crate) fn around(guess: Option<Value>) -> Aspiration {
        match guess {
            Some(v) => Aspiration {
                alpha: v - DELTA,
                beta: v + DELTA,
                delta: DELTA,
            },
            None => Aspiration {
                alpha: -INFINITE,
                beta: INFINITE,
                delta: DELTA,
            },
        }
    }

    /// Takes a decided, fail-hard root value: false when it lies inside
    /// the window (the search is done), else widens the window towards it
    /// and says the root must be searched again.
    pub(crate) fn widen(&mut self, value: Value) -> bool {
        if value <= self.alpha && self.alpha > -INFINITE {
            self.beta = (self.alpha + self.beta) / 2;
            self.alpha = (value - self.delta).max(-INFINITE);
        } else if value >= self.beta && self.beta < INFINITE {
            self.beta = (value + self.delta).min(INFINITE);
        } else {
            return false;
        }
        self.delta += self.delta / 2;
        if self.delta > FULL_PAST {
            (self.alpha, self.beta) = (-INFINITE, INFINITE);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widens_towards_the_value_until_full() {
        let mut a = Aspiration::around(Some(100));
        assert_eq!((a.alpha, a.beta), (60, 140));
        assert!(!a.widen(100), "inside: done");
        assert!(a.widen(60), "fail low");
        assert_eq!((a.alpha, a.beta), (20, 100));
        assert!(a.widen(100), "fail high");
        assert_eq!((a.alpha, a.beta), (20, 160));
        while a.widen(a.beta) {}
        assert_eq!((a.alpha, a.beta), (-INFINITE, INFINITE));
    }

    #[test]
    fn no_guess_is_the_full_window() {
        let mut full = Aspiration::around(None);
        assert_eq!((full.alpha, full.beta), (-INFINITE, INFINITE));
        assert!(!full.widen(INFINITE));
    }
}
