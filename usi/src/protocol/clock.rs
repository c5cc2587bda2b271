//! Time management: how long to think about a move under byoyomi, Fischer
//! increments, sudden death or a fixed move time, never losing on time;
//! more while the best move keeps changing, less once it has settled.

use super::go::Go;
use std::time::Duration;
use yomi_shogi::board::{Color, Move};

/// A move's time budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Budget {
    /// Do not start another iteration after this much time (the target,
    /// before [`Stability::scale`]; the margin matters only for the hard
    /// limit).
    pub soft: Duration,
    /// Stop the search at this time, whatever it is doing.
    pub hard: Duration,
    /// Time lost if not used (the byoyomi, a fixed move time): the target
    /// never falls below it.
    pub use_anyway: Duration,
}

impl Budget {
    /// The soft limit, times `scale`, within what must be used and the
    /// hard limit.
    pub(super) fn target(&self, scale: f64) -> Duration {
        self.soft.mul_f64(scale).max(self.use_anyway).min(self.hard)
    }
}

/// Never plan a move shorter than this, even on an empty clock.
const FLOOR: Duration = Duration::from_millis(10);

/// Kept back from every hard limit besides the margin: the engine's own
/// time to stop (limits are checked every thousand nodes or so, then the
/// search unwinds and answers), so that with a margin of 0 `bestmove`
/// still leaves before the limit, as YaneuraOu's does with its network
/// delays at 0.
const STOP_TIME: Duration = Duration::from_millis(3);

/// How settled the best move is, iteration after iteration.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Stability {
    best: Option<Move>,
    /// Finished iterations since the best move last changed.
    settled: u32,
}

impl Stability {
    /// A finished iteration's best move.
    pub(super) fn update(&mut self, best: Move) {
        if self.best == Some(best) {
            self.settled += 1;
        } else {
            self.best = Some(best);
            self.settled = 0;
        }
    }

    /// The share of the soft budget to spend now: more just after the best
    /// move changed, less once it has held for several iterations.
    pub(super) fn scale(&self) -> f64 {
        match self.settled {
            0 => 1.4,
            1 => 1.15,
            2 | 3 => 1.0,
            _ => 0.7,
        }
    }
}

/// The budget of the side `us` for `go`, keeping `margin` back for
/// transmission (at most a quarter of the time there is, so that a short
/// byoyomi is still used); `None` when the clock does not limit the search
/// (no time given, `infinite`).
pub(super) fn budget(go: &Go, us: Color, margin: Duration) -> Option<Budget> {
    if let Some(t) = go.movetime {
        let hard = t.saturating_sub(margin.min(t / 4) + STOP_TIME).max(FLOOR);
        return Some(Budget {
            soft: hard,
            hard,
            use_anyway: hard,
        });
    }
    let remaining = go.time[us.index()];
    let byoyomi = go.byoyomi.unwrap_or(Duration::ZERO);
    let inc = go.inc[us.index()].unwrap_or(Duration::ZERO);
    if remaining.is_none() && byoyomi.is_zero() {
        return None;
    }
    // An empty clock beside a node or depth limit is no clock: the limit
    // bounds the search, as YaneuraOu reads it and as match runners send
    // node-limited games (`go btime 0 wtime 0 nodes N`).
    let no_clock = remaining.is_none_or(|r| r.is_zero()) && byoyomi.is_zero() && inc.is_zero();
    if no_clock && (go.nodes.is_some() || go.depth.is_some()) {
        return None;
    }
    let remaining = remaining.unwrap_or(Duration::ZERO);
    let margin = margin.min((remaining + byoyomi + inc) / 4);
    let (soft, hard) = if !byoyomi.is_zero() {
        // Byoyomi is spent anyway: use it all, plus a slice of the main time.
        let hard = (remaining / 8 + byoyomi).min(remaining + byoyomi);
        (remaining / 30 + byoyomi, hard)
    } else if !inc.is_zero() {
        (
            remaining / 30 + inc * 3 / 4,
            (remaining / 6 + inc).min(remaining),
        )
    } else {
        (remaining / 40, (remaining / 8).min(remaining))
    };
    let hard = hard.saturating_sub(margin + STOP_TIME).max(FLOOR);
    Some(Budget {
        soft: soft.clamp(FLOOR, hard),
        hard,
        use_anyway: byoyomi.min(hard),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(words: &str) -> Go {
        Go::parse(&words.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    const MARGIN: Duration = Duration::from_millis(200);

    #[test]
    fn byoyomi_alone_is_used_up_to_the_margin() {
        let b = budget(&go("btime 0 wtime 0 byoyomi 3000"), Color::Black, MARGIN).unwrap();
        assert_eq!(b.hard, Duration::from_millis(2800) - STOP_TIME);
        assert_eq!(b.soft, b.hard);
        // However settled the best move, byoyomi is not left unused.
        assert_eq!(b.target(0.7), b.hard);
    }

    #[test]
    fn a_settled_best_move_spends_less_a_changing_one_more() {
        let b = budget(
            &go("btime 60000 wtime 60000 binc 1000 winc 1000"),
            Color::White,
            MARGIN,
        )
        .unwrap();
        let mut stability = Stability::default();
        let (a, c) = (
            Move::from_usi("7g7f").unwrap(),
            Move::from_usi("2g2f").unwrap(),
        );
        stability.update(a);
        let changed = b.target(stability.scale());
        for _ in 0..4 {
            stability.update(a);
        }
        let settled = b.target(stability.scale());
        stability.update(c);
        assert!(settled < b.soft && b.soft < changed && changed <= b.hard);
        assert_eq!(b.target(stability.scale()), changed);
        // Never past the hard limit.
        assert_eq!(b.target(100.0), b.hard);
    }

    #[test]
    fn main_time_is_shared_out_and_never_exceeded() {
        for words in [
            "btime 60000 wtime 1000",
            "btime 60000 wtime 1000 binc 2000 winc 2000",
            "btime 60000 wtime 1000 byoyomi 5000",
        ] {
            let g = go(words);
            for us in [Color::Black, Color::White] {
                let b = budget(&g, us, MARGIN).unwrap();
                let remaining = g.time[us.index()].unwrap() + g.byoyomi.unwrap_or_default();
                assert!(b.soft <= b.hard, "{words}");
                assert!(
                    b.hard + MARGIN <= remaining.max(FLOOR + MARGIN),
                    "{words} {us:?} {b:?}"
                );
            }
        }
        let b = budget(&go("btime 60000 wtime 60000"), Color::Black, MARGIN).unwrap();
        assert_eq!(b.soft, Duration::from_millis(1500));
    }

    #[test]
    fn fixed_and_unlimited_searches() {
        let b = budget(&go("movetime 1000"), Color::White, MARGIN).unwrap();
        assert_eq!(b.hard, Duration::from_millis(800) - STOP_TIME);
        assert_eq!(budget(&go("infinite"), Color::Black, MARGIN), None);
        assert_eq!(budget(&go("depth 5"), Color::Black, MARGIN), None);
        let empty = budget(&go("btime 0 wtime 0"), Color::Black, MARGIN).unwrap();
        assert_eq!(empty.hard, FLOOR);
        // With a node or depth limit an empty clock is no clock.
        assert_eq!(
            budget(&go("btime 0 wtime 0 nodes 50000"), Color::Black, MARGIN),
            None
        );
        assert_eq!(
            budget(&go("btime 0 wtime 0 depth 8"), Color::White, MARGIN),
            None
        );
        // A clock with time on it still limits a node-limited search.
        assert!(budget(&go("btime 1000 wtime 0 nodes 50000"), Color::Black, MARGIN).is_some());
        assert!(budget(
            &go("btime 0 wtime 0 byoyomi 100 nodes 50000"),
            Color::Black,
            MARGIN
        )
        .is_some());
        // A byoyomi shorter than the margin keeps three quarters of it.
        let short = budget(&go("btime 0 wtime 0 byoyomi 200"), Color::Black, MARGIN).unwrap();
        assert_eq!(short.hard, Duration::from_millis(150) - STOP_TIME);
    }
}
