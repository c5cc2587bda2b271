//! This machine's processor time per searched node, for the virtual
//! cluster's default model and for its own cost ratio.

use std::time::Instant;
use yomi_search::{Limits, SearchOptions, Searcher};
use yomi_tree::Game;

/// Nodes of the warm-up: enough to touch every page of the table.
const WARM_UP_NODES: u64 = 300_000;

/// Nodes of one measurement: enough that the positions' table lines
/// (64 bytes each) outgrow this machine's last cache, as in a long search.
const MEASURED_NODES: u64 = 1_000_000;

/// Measurements; the fastest counts (the others met other processes).
const ROUNDS: usize = 2;

/// The calibration's table at least, MB: larger than the last cache, as a
/// rank's table is on a cluster, whose ranks share their processor's caches.
const MIN_TABLE_MB: usize = 128;

/// Microseconds per node of sequential searches to `depth` − 1 of `root`'s
/// first children with a `table_mb` table (at least [`MIN_TABLE_MB`]), to
/// three significant digits. A search of its last child first touches the
/// table's pages: a page's first touch costs the kernel far more than a
/// node, and a long-running search has paid it long before.
pub(crate) fn node_cost_us<G: Game + Clone>(root: &G, depth: u32, table_mb: usize) -> f64 {
    let mut searcher = Searcher::new(
        root.clone(),
        table_mb.max(MIN_TABLE_MB),
        SearchOptions::default(),
    );
    let mut search = |child: Option<G::Move>, nodes| {
        let game = searcher.game_mut();
        *game = root.clone();
        let depth = match child {
            Some(mv) => {
                game.play(mv);
                depth.saturating_sub(1).max(1)
            }
            None => depth,
        };
        let start = Instant::now();
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::depth(depth)
        };
        let searched = searcher.search(limits, |_| {}).stats.nodes;
        start.elapsed().as_secs_f64() * 1e6 / searched.max(1) as f64
    };
    let mut children = Vec::new();
    root.clone().children(&mut children);
    search(children.last().copied(), WARM_UP_NODES);
    // Each measurement in a part of the tree that no earlier search saw.
    let parts = children.len().saturating_sub(1).max(1);
    let best = (0..ROUNDS)
        .map(|i| search(children.get(i % parts).copied(), MEASURED_NODES))
        .fold(f64::INFINITY, f64::min);
    significant(best, 3)
}

/// `x` rounded to `digits` significant digits.
pub(crate) fn significant(x: f64, digits: i32) -> f64 {
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
