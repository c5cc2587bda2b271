//! This machine's processor time per searched node, for the virtual
//! cluster's default model and for its own cost ratio.

use std::time::Instant;
use yomi_engine::game::Game;
use yomi_engine::search::{Limits, SearchOptions, Searcher};

/// Nodes of the warm-up, and of the measurement: long enough for a steady
/// rate (a tenth of a second or so), short enough to be cheap.
const NODES: u64 = 300_000;

/// Measurements after the warm-up; the fastest counts (the others met
/// other processes).
const ROUNDS: usize = 3;

/// Microseconds per node of sequential searches to `depth` − 1 of `root`'s
/// children, the best of three, to three significant digits, after a search of `root` has
/// touched the table's pages: a page's first touch costs the kernel far
/// more than a node, and a long-running search has paid it long before.
pub fn node_cost_us<G: Game + Clone>(root: &G, depth: u32, table_mb: usize) -> f64 {
    let limits = |nodes| Limits {
        nodes: Some(nodes),
        ..Limits::depth(depth.saturating_sub(1).max(1))
    };
    let mut searcher = Searcher::new(root.clone(), table_mb, SearchOptions::default());
    let start = Instant::now();
    let warm_up = searcher.search(limits(NODES), |_| {}).stats.nodes;
    let (mut time, mut nodes) = (start.elapsed(), warm_up);
    let mut children = Vec::new();
    root.clone().children(&mut children);
    let mut best = f64::INFINITY;
    for _ in 0..ROUNDS {
        let start = Instant::now();
        let mut searched = 0;
        for &child in &children {
            let game = searcher.game_mut();
            *game = root.clone();
            game.play(child);
            searched += searcher
                .search(limits(NODES / children.len() as u64), |_| {})
                .stats
                .nodes;
        }
        // Enough to measure apart from the warm-up; else (a small tree) both.
        if searched >= NODES / 10 {
            (time, nodes) = (start.elapsed(), searched);
        } else {
            (time, nodes) = (time + start.elapsed(), nodes + searched);
        }
        best = best.min(time.as_secs_f64() * 1e6 / nodes.max(1) as f64);
    }
    significant(best, 3)
}

/// `x` rounded to `digits` significant digits.
fn significant(x: f64, digits: i32) -> f64 {
    if x <= 0.0 || !x.is_finite() {
        return x;
    }
    let scale = 10f64.powi(digits - 1 - x.log10().floor() as i32);
    (x * scale).round() / scale
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_to_significant_digits() {
        assert_eq!(significant(0.212_749, 3), 0.213);
        assert_eq!(significant(133.333, 3), 133.0);
        assert_eq!(significant(0.0, 3), 0.0);
    }
}
