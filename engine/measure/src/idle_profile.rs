//! When in a search its ranks waited: seconds idle by equal stretches of
//! the search's time, so that a run shows whether the master fell behind
//! all through or only in some phase, and when its workers starved.

use serde::{Deserialize, Serialize};
use std::ops::AddAssign;

/// At most this many stretches: past the last, neighbours merge in pairs
/// and each covers twice as long, so a profile stays small however long
/// the search runs.
const STRETCHES: usize = 32;
/// The first stretch's length, in seconds; doubled as needed.
const FIRST_SPAN_S: f64 = 1e-6;

/// Seconds spent waiting, by stretch of `span_s` seconds from the start.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IdleProfile {
    pub span_s: f64,
    pub idle_s: Vec<f64>,
}

impl Default for IdleProfile {
    fn default() -> IdleProfile {
        IdleProfile {
            span_s: FIRST_SPAN_S,
            idle_s: Vec::new(),
        }
    }
}

impl IdleProfile {
    /// Waiting from `from` to `to` seconds after the start.
    pub fn wait(&mut self, from: f64, to: f64) {
        if to <= from {
            return;
        }
        while to > self.span_s * STRETCHES as f64 {
            self.coarsen();
        }
        let mut i = ((from / self.span_s) as usize).min(STRETCHES - 1);
        let mut at = from;
        while at < to {
            // The last stretch ends where the wait does (rounding aside).
            let end = if i == STRETCHES - 1 {
                to
            } else {
                ((i + 1) as f64 * self.span_s).min(to)
            };
            if end > at {
                if self.idle_s.len() <= i {
                    self.idle_s.resize(i + 1, 0.0);
                }
                self.idle_s[i] += end - at;
                at = end;
            }
            i += 1;
        }
    }

    /// The seconds waited in all.
    pub fn total_s(&self) -> f64 {
        self.idle_s.iter().sum()
    }

    /// Stretches twice as long, each the sum of two.
    fn coarsen(&mut self) {
        self.span_s *= 2.0;
        self.idle_s = self
            .idle_s
            .chunks(2)
            .map(|pair| pair.iter().sum())
            .collect();
    }

    /// Coarsened until its stretches are at least `span_s` long.
    pub fn coarsened_to(mut self, span_s: f64) -> IdleProfile {
        while self.span_s < span_s {
            self.coarsen();
        }
        self
    }

    /// Every stretch's seconds times `factor` (a mean over ranks).
    pub fn scaled(mut self, factor: f64) -> IdleProfile {
        for s in &mut self.idle_s {
            *s *= factor;
        }
        self
    }
}

/// Summed stretch by stretch, at the coarser of the two spans.
impl AddAssign<&IdleProfile> for IdleProfile {
    fn add_assign(&mut self, other: &IdleProfile) {
        let span = self.span_s.max(other.span_s);
        *self = std::mem::take(self).coarsened_to(span);
        let other = other.clone().coarsened_to(span);
        if self.idle_s.len() < other.idle_s.len() {
            self.idle_s.resize(other.idle_s.len(), 0.0);
        }
        for (s, o) in self.idle_s.iter_mut().zip(&other.idle_s) {
            *s += o;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The seconds of `intervals` falling in [lo, hi).
    fn overlap(intervals: &[(f64, f64)], lo: f64, hi: f64) -> f64 {
        intervals
            .iter()
            .map(|&(a, b)| (b.min(hi) - a.max(lo)).max(0.0))
            .sum()
    }

    fn intervals() -> impl Strategy<Value = Vec<(f64, f64)>> {
        // Waits in order, as a rank waits, over up to ten orders of size.
        prop::collection::vec((0.0..1.0f64, 0.0..1.0f64, -7i32..3), 0..40).prop_map(|steps| {
            let mut at = 0.0;
            let mut out = Vec::new();
            for (gap, len, scale) in steps {
                let unit = 10f64.powi(scale);
                let from = at + gap * unit;
                at = from + len * unit;
                out.push((from, at));
            }
            out
        })
    }

    proptest! {
        #[test]
        fn each_stretch_holds_the_waits_that_fall_in_it(waits in intervals()) {
            let mut p = IdleProfile::default();
            for &(a, b) in &waits {
                p.wait(a, b);
            }
            prop_assert!(p.idle_s.len() <= STRETCHES);
            let total: f64 = waits.iter().map(|(a, b)| b - a).sum();
            prop_assert!((p.total_s() - total).abs() <= 1e-9 * total.max(1.0));
            for (i, &s) in p.idle_s.iter().enumerate() {
                let lo = i as f64 * p.span_s;
                let expected = overlap(&waits, lo, lo + p.span_s);
                prop_assert!((s - expected).abs() <= 1e-9 * p.span_s.max(1e-9), "{i}: {s} {expected}");
                prop_assert!(s <= p.span_s * (1.0 + 1e-9));
            }
        }

        #[test]
        fn a_sum_of_profiles_holds_both_ranks_waits(a in intervals(), b in intervals()) {
            let (mut sum, mut pb) = (IdleProfile::default(), IdleProfile::default());
            for &(x, y) in &a {
                sum.wait(x, y);
            }
            for &(x, y) in &b {
                pb.wait(x, y);
            }
            sum += &pb;
            for (i, &s) in sum.idle_s.iter().enumerate() {
                let lo = i as f64 * sum.span_s;
                let expected = overlap(&a, lo, lo + sum.span_s) + overlap(&b, lo, lo + sum.span_s);
                prop_assert!((s - expected).abs() <= 1e-9 * sum.span_s.max(1e-9), "{i}: {s} {expected}");
            }
        }
    }
}
