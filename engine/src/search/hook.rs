//! A search's line to the outside world while it runs: every
//! [`CHECK_EVERY`](super::alphabeta) nodes the searcher asks its hook whether
//! to stop. The parallel workers' hook reads messages there, so a search
//! runs in slices with messages handled between them.

/// Asked between slices of a search.
pub trait Hook {
    /// Whether to abort the running search (its work stays in the table).
    /// `nodes`: nodes searched so far.
    fn poll(&mut self, nodes: u64) -> bool;
}

/// The hook of a search that only its limits stop.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHook;

impl Hook for NoHook {
    #[inline]
    fn poll(&mut self, _nodes: u64) -> bool {
        false
    }
}
