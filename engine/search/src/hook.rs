//! A search's line to the outside world while it runs: every
//! [`SearchOptions::poll_nodes`](super::SearchOptions) nodes the searcher asks its hook whether
//! to stop. The parallel workers' hook reads messages there, so a search
//! runs in slices with messages handled between them. A hook also sees the
//! shallow results the search stores and hands it results from elsewhere
//! (the parallel search's sharing ring).

use super::tt::Entry;

/// Asked between slices of a search.
pub trait Hook {
    /// Whether to abort the running search (its work stays in the table).
    /// `nodes`: nodes searched so far.
    fn poll(&mut self, nodes: u64) -> bool;

    /// Plies from the search root within which stored results are shown to
    /// [`Hook::stored`] (the sharing ring's "within k plies").
    fn share_plies(&self) -> Option<usize> {
        None
    }

    /// A result the search stored at `ply` ≤ [`Hook::share_plies`].
    fn stored(&mut self, _key: u64, _entry: Entry) {}

    /// Results from elsewhere to put into the table, taken after each poll.
    fn incoming(&mut self) -> Vec<(u64, Entry)> {
        Vec::new()
    }

    /// A probe found one of those results ([`Entry::shared`]); `cutoff`:
    /// it settled the node.
    fn found_shared(&mut self, _cutoff: bool) {}

    /// One of those results came for a state the table held at least as
    /// deep already (its own search, or an earlier message, was first).
    fn shared_known(&mut self) {}
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
