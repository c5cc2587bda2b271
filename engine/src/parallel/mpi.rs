//! The MPI transport (cargo feature `mpi`): every rank a process started by
//! `mpirun`, messages postcard-encoded as byte vectors, received after a
//! non-blocking matched probe, so that workers read them between search
//! slices.

use super::transport::{decode, encode, Rank, Traffic, Transport};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::marker::PhantomData;
use std::time::{Duration, Instant};

/// How long an idle rank keeps yielding before it sleeps between polls.
const SPIN_FOR: Duration = Duration::from_millis(50);
/// An idle rank's sleep between polls after that.
const SLEEP: Duration = Duration::from_millis(1);

pub struct MpiTransport<M> {
    world: SimpleCommunicator,
    start: Instant,
    /// When this rank last found a message (or began).
    last_message: Instant,
    traffic: Traffic,
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
            start: Instant::now(),
            last_message: Instant::now(),
            traffic: Traffic::default(),
            _message: PhantomData,
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
        let bytes = encode(&message);
        self.traffic.messages += 1;
        self.traffic.bytes += bytes.len() as u64;
        self.world.process_at_rank(to as i32).send(&bytes[..]);
    }

    fn poll(&mut self) -> Option<(Rank, M)> {
        let probed = self.world.any_process().immediate_matched_probe()?;
        self.last_message = Instant::now();
        let from = probed.1.source_rank() as Rank;
        let (bytes, _) = probed.matched_receive_vec::<u8>();
        match decode(&bytes) {
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
