//! A transport over a link that carries bytes between processes (MPI's,
//! in the MPI build): messages postcard-encoded here, sent and received
//! there. The link is a trait object, so that the searches' generic code
//! never names MPI: a binary whose entry point never makes a link never
//! reaches MPI's code, and the linker leaves libmpi out of it.

use super::transport::{decode, encode, Rank, Traffic, Transport};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::marker::PhantomData;
use std::time::{Duration, Instant};

/// How long an idle rank keeps yielding before it sleeps between polls.
const SPIN_FOR: Duration = Duration::from_millis(50);
/// An idle rank's sleep between polls after that.
const SLEEP: Duration = Duration::from_millis(1);

/// Bytes between this process and the others of a run.
pub trait ByteLink: Send {
    fn rank(&self) -> Rank;

    /// Ranks in all, the master included.
    fn size(&self) -> usize;

    /// Sends one message's bytes to `to`.
    fn send(&mut self, to: Rank, bytes: Vec<u8>);

    /// The next message's bytes that has arrived, without waiting.
    fn receive(&mut self) -> Option<(Rank, Vec<u8>)>;

    /// Ends the whole run with `message`: a rank that cannot go on must not
    /// leave the others waiting.
    fn abort(&self, message: &str) -> !;
}

/// The [`Transport`] of a [`ByteLink`].
pub struct LinkTransport<M> {
    link: Box<dyn ByteLink>,
    start: Instant,
    /// When this rank last found a message (or began).
    last_message: Instant,
    traffic: Traffic,
    _message: PhantomData<M>,
}

impl<M> LinkTransport<M> {
    pub fn new(link: Box<dyn ByteLink>) -> LinkTransport<M> {
        LinkTransport {
            link,
            start: Instant::now(),
            last_message: Instant::now(),
            traffic: Traffic::default(),
            _message: PhantomData,
        }
    }
}

impl<M: Serialize + DeserializeOwned> Transport<M> for LinkTransport<M> {
    fn rank(&self) -> Rank {
        self.link.rank()
    }

    fn size(&self) -> usize {
        self.link.size()
    }

    fn send(&mut self, to: Rank, message: M) {
        let bytes = encode(&message);
        self.traffic.messages += 1;
        self.traffic.bytes += bytes.len() as u64;
        self.link.send(to, bytes);
    }

    fn poll(&mut self) -> Option<(Rank, M)> {
        let (from, bytes) = self.link.receive()?;
        self.last_message = Instant::now();
        match decode(&bytes) {
            Ok(m) => Some((from, m)),
            Err(e) => self.link.abort(&format!("from rank {from}: {e}")),
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
