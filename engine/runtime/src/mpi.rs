//! The MPI link (cargo feature `mpi`): every rank a process started by
//! `mpirun`, messages as byte vectors (encoded by
//! [`LinkTransport`](super::byte_link::LinkTransport)), received after a
//! non-blocking matched probe, so that workers read them between search
//! slices.
//!
//! Searches run one after another on one communicator, but each must see
//! only its own messages, as each gets a fresh network on threads and on
//! the virtual cluster: a thief's steal still in flight when a search ends
//! would otherwise be answered in the next one, and a task given then
//! lost. So every message carries its search's number: messages of
//! earlier searches are dropped, and those of a later one (ranks do not
//! wait for each other between searches) are kept until it begins.

use super::byte_link::{ByteLink, LinkTransport};
use super::mpi_sends::Sends;
use super::transport::Rank;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

/// Links this process has made. Every rank makes them for the same
/// searches in the same order, so the count names a search alike on all.
static SEARCHES: AtomicU32 = AtomicU32::new(0);

/// A message's first bytes: its search's number.
const HEADER: usize = 4;

/// Messages that arrived for a search not yet begun here, in arrival
/// order: (search, sender, bytes as received).
static EARLY: Mutex<VecDeque<(u32, Rank, Vec<u8>)>> = Mutex::new(VecDeque::new());

/// One search's link between the ranks of `world`.
pub struct MpiLink {
    world: SimpleCommunicator,
    /// This link's search, sent with every message.
    search: u32,
    /// Sends in flight: a send never waits for its receiver (see
    /// `mpi_sends`). The engine's ranks need that where a rank stops
    /// answering; the research harness's, because the sharing ring's
    /// messages pass MPI's eager size, and a blocking one to a worker that
    /// has left its search would never end.
    sends: Sends,
}

// SAFETY: MPI calls are made from one thread at a time: a rank's link has
// one owner, which hands it to another thread only by moving it (rank 0
// of the engine moves its master between the USI loop and the search
// thread), and the engine initialises MPI with `Threading::Serialized`.
unsafe impl Send for MpiLink {}

impl MpiLink {
    pub fn new(world: SimpleCommunicator) -> MpiLink {
        MpiLink {
            world,
            search: SEARCHES.fetch_add(1, Ordering::Relaxed),
            sends: Sends::default(),
        }
    }

    /// The first message kept for this search from before it began.
    fn early(&self) -> Option<(Rank, Vec<u8>)> {
        let mut early = EARLY.lock().unwrap_or_else(|e| e.into_inner());
        let i = early.iter().position(|(s, ..)| *s == self.search)?;
        early.remove(i).map(|(_, from, bytes)| (from, bytes))
    }

    /// The next message of this search that MPI has (its search number
    /// still in front), keeping those of a later search and dropping
    /// those of earlier ones.
    fn probe(&self) -> Option<(Rank, Vec<u8>)> {
        loop {
            let probed = self.world.any_process().immediate_matched_probe()?;
            let from = probed.1.source_rank() as Rank;
            let (bytes, _) = probed.matched_receive_vec::<u8>();
            let Some(&search) = bytes.first_chunk::<HEADER>() else {
                self.abort(&format!(
                    "from rank {from}: a message of {} bytes",
                    bytes.len()
                ))
            };
            let search = u32::from_le_bytes(search);
            match search.cmp(&self.search) {
                std::cmp::Ordering::Equal => return Some((from, bytes)),
                std::cmp::Ordering::Greater => EARLY
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push_back((search, from, bytes)),
                std::cmp::Ordering::Less => {} // left over from an earlier search
            }
        }
    }
}

impl ByteLink for MpiLink {
    fn rank(&self) -> Rank {
        self.world.rank() as Rank
    }

    fn size(&self) -> usize {
        self.world.size() as usize
    }

    fn send(&mut self, to: Rank, bytes: Vec<u8>) {
        let mut framed = Vec::with_capacity(HEADER + bytes.len());
        framed.extend_from_slice(&self.search.to_le_bytes());
        framed.extend_from_slice(&bytes);
        let to = self.world.process_at_rank(to as i32);
        self.sends.send(to, framed);
    }

    fn receive(&mut self) -> Option<(Rank, Vec<u8>)> {
        self.sends.reap();
        let (from, mut bytes) = self.early().or_else(|| self.probe())?;
        bytes.drain(..HEADER);
        Some((from, bytes))
    }

    fn abort(&self, message: &str) -> ! {
        eprintln!("rank {}: {message}", self.world.rank());
        self.world.abort(2)
    }
}

/// The engine's transport on an [`MpiLink`] of `world`: a rank that stops
/// answering stalls no one sending to it.
pub fn never_waiting<M>(world: SimpleCommunicator) -> LinkTransport<M> {
    LinkTransport::new(Box::new(MpiLink::new(world)))
}
