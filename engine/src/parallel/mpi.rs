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

pub struct MpiTransport<M> {
    world: SimpleCommunicator,
    start: Instant,
    traffic: Traffic,
    _message: PhantomData<M>,
}

impl<M> MpiTransport<M> {
    pub fn new(world: SimpleCommunicator) -> MpiTransport<M> {
        MpiTransport {
            world,
            start: Instant::now(),
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

    fn idle(&mut self) {
        std::thread::yield_now();
    }

    fn traffic(&self) -> Traffic {
        self.traffic
    }
}
