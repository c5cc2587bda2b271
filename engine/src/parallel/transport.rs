//! What the parallel search needs from the machine it runs on: ranks that
//! exchange messages, and a clock. The master and worker code is written
//! once against [`Transport`]; threads, the virtual cluster and MPI each
//! implement it.

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::time::Duration;

/// A process of the search: 0 is the master, 1.. the workers.
pub type Rank = usize;

/// Messages and bytes a rank has sent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Traffic {
    pub messages: u64,
    pub bytes: u64,
}

impl std::ops::AddAssign for Traffic {
    fn add_assign(&mut self, o: Traffic) {
        self.messages += o.messages;
        self.bytes += o.bytes;
    }
}

pub trait Transport<M> {
    fn rank(&self) -> Rank;

    /// Ranks in all, the master included.
    fn size(&self) -> usize;

    fn send(&mut self, to: Rank, message: M);

    /// The next message that has arrived, without waiting.
    fn poll(&mut self) -> Option<(Rank, M)>;

    /// Time since the search began, on this transport's clock (wall time,
    /// or virtual time in the simulation).
    fn now(&self) -> Duration;

    /// Gives the processor away while there is nothing to do.
    fn idle(&mut self);

    fn traffic(&self) -> Traffic;
}

/// The bytes of a message on the wire (postcard, the encoding every
/// transport counts and MPI sends).
pub fn encode<M: Serialize>(message: &M) -> Vec<u8> {
    postcard::to_stdvec(message).expect("messages always encode")
}

/// A message from its bytes; an error names what was wrong with them.
pub fn decode<M: DeserializeOwned>(bytes: &[u8]) -> Result<M, String> {
    postcard::from_bytes(bytes)
        .map_err(|e| format!("undecodable message of {} bytes: {e}", bytes.len()))
}
