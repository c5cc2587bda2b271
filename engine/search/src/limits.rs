//! When a search stops: depth, node budget, time, or a flag set from outside.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration (plies).
    pub depth: u32,
    /// Stop once this many nodes were searched.
    pub nodes: Option<u64>,
    /// Stop once this much time passed.
    pub time: Option<Duration>,
    /// Stop as soon as this flag is set (USI `stop`).
    pub stop: Option<Arc<AtomicBool>>,
    /// Lines per iteration (MultiPV); 0 and 1 both mean one.
    pub multipv: usize,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            ..Limits::default()
        }
    }

    /// Whether a search that began at `start` and has searched `nodes`
    /// nodes must stop now.
    pub fn reached(&self, start: Instant, nodes: u64) -> bool {
        self.nodes.is_some_and(|n| nodes >= n)
            || self.time.is_some_and(|t| start.elapsed() >= t)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}
