//! The MPI transport (cargo feature `mpi`): every rank a process started by
//! `mpirun`, messages postcard-encoded as byte vectors, received after a
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

use super::mpi_sends::Sends;
use super::transport::{decode, Rank, Traffic, Transport};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::VecDeque;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long an idle rank keeps yielding before it sleeps between polls.
const SPIN_FOR: Duration = Duration::from_millis(50);
/// An idle rank's sleep between polls after that.
const SLEEP: Duration = Duration::from_millis(1);

/// Transports this process has made. Every rank makes them for the same
/// searches in the same order, so the count names a search alike on all.
static SEARCHES: AtomicU32 = AtomicU32::new(0);

/// A message's first bytes: its search's number.
const HEADER: usize = 4;

/// Messages that arrived for a search not yet begun here, in arrival
/// order: (search, sender, bytes as received).
static EARLY: Mutex<VecDeque<(u32, Rank, Vec<u8>)>> = Mutex::new(VecDeque::new());

pub struct MpiTransport<M> {
    world: SimpleCommunicator,
    /// This transport's search, sent with every message.
    search: u32,
    start: Instant,
    /// When this rank last found a message (or began).
    last_message: Instant,
    traffic: Traffic,
    /// Sends in flight, when sends must never wait (see
    /// [`MpiTransport::never_waiting`]).
    sends: Option<Sends>,
    _message: PhantomData<M>,
}

// SAFETY: MPI calls are made from one thread at a time: a rank's transport
// has one owner, which hands it to another thread only by moving it (rank 0
// of the engine moves its master between the USI loop and the search
// thread), and the engine initialises MPI with `Threading::Serialized`.
unsafe impl<M> Send for MpiTransport<M> {}

impl<M> MpiTransport<M> {
    pub fn new(world: SimpleCommunicator) -> MpiTransport<M> {
        MpiTransport {
            world,
            search: SEARCHES.fetch_add(1, Ordering::Relaxed),
            start: Instant::now(),
            last_message: Instant::now(),
            traffic: Traffic::default(),
            sends: None,
            _message: PhantomData,
        }
    }

    /// A transport whose sends never wait for the receiver (see
    /// `mpi_sends`): the engine's, where a rank that stops answering
    /// must not stall the one sending to it.
    pub fn never_waiting(world: SimpleCommunicator) -> MpiTransport<M> {
        MpiTransport {
            sends: Some(Sends::default()),
            ..MpiTransport::new(world)
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
    fn receive(&self) -> Option<(Rank, Vec<u8>)> {
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

    /// Ends the whole run with `message`: a rank that cannot go on must not
    /// leave the others waiting.
    pub fn abort(&self, message: &str) -> ! {
        eprintln!("rank {}: {message}", self.world.rank());
        self.world.abort(2)
    }
}

impl<M: Serialize + DeserializeOwned> Transport<M> for MpiTransport<M> {
    fn rank(&self) -> Rank {
        self.world.rank() as Rank
    }

    fn size(&self) -> usize {
        self.world.size() as usize
    }

    fn send(&mut self, to: Rank, message: M) {
        let bytes = postcard::to_extend(&message, self.search.to_le_bytes().to_vec())
            .expect("messages always encode");
        // The search number is not counted: traffic stays comparable with
        // the other backends'.
        self.traffic.messages += 1;
        self.traffic.bytes += (bytes.len() - HEADER) as u64;
        let to = self.world.process_at_rank(to as i32);
        match &mut self.sends {
            Some(sends) => sends.send(to, bytes),
            None => to.send(&bytes[..]),
        }
    }

    fn poll(&mut self) -> Option<(Rank, M)> {
        if let Some(sends) = &mut self.sends {
            sends.reap();
        }
        let (from, bytes) = self.early().or_else(|| self.receive())?;
        self.last_message = Instant::now();
        match decode(&bytes[HEADER..]) {
            Ok(m) => Some((from, m)),
            Err(e) => self.abort(&format!("from rank {from}: {e}")),
        }
    }

    fn now(&self) -> Duration {
        self.start.elapsed()
    }

    /// Yields while messages flow (a search's latency); a rank idle for
    /// longer (an engine's workers between moves) sleeps, leaving its core.
    fn idle(&mut self) {
        if self.last_message.elapsed() < SPIN_FOR {
            std::thread::yield_now();
        } else {
            std::thread::sleep(SLEEP);
        }
    }

    fn traffic(&self) -> Traffic {
        self.traffic
    }
}
