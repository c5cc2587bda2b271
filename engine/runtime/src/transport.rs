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

    /// Gives the processor away while there is nothing to do: until a
    /// message arrives (the virtual cluster), or for a moment (the others).
    fn idle(&mut self);

    /// Like [`Transport::idle`], but something is due at `deadline` (on
    /// [`Transport::now`]'s clock), so a virtual rank wakes by then.
    fn idle_until(&mut self, _deadline: Duration) {
        self.idle();
    }

    /// This rank has searched `nodes` more nodes. The virtual cluster's
    /// clocks run on it; wall clocks ignore it.
    fn work(&mut self, _nodes: u64) {}

    /// The master revisited `visits` nodes of the tree it keeps in memory
    /// (no children generated, nothing evaluated). The virtual cluster
    /// charges their bookkeeping; wall clocks ignore it.
    fn visit(&mut self, _visits: u64) {}

    fn traffic(&self) -> Traffic;
}

/// Transports behind a reference or a box are transports: rank 0 keeps
/// its transport to persistent workers across the searches that borrow
/// it, whichever kind it is.
macro_rules! forward_transport {
    ($holder:ty) => {
        impl<M, T: Transport<M> + ?Sized> Transport<M> for $holder {
            fn rank(&self) -> Rank {
                (**self).rank()
            }

            fn size(&self) -> usize {
                (**self).size()
            }

            fn send(&mut self, to: Rank, message: M) {
                (**self).send(to, message)
            }

            fn poll(&mut self) -> Option<(Rank, M)> {
                (**self).poll()
            }

            fn now(&self) -> Duration {
                (**self).now()
            }

            fn idle(&mut self) {
                (**self).idle()
            }

            fn idle_until(&mut self, deadline: Duration) {
                (**self).idle_until(deadline)
            }

            fn work(&mut self, nodes: u64) {
                (**self).work(nodes)
            }

            fn visit(&mut self, visits: u64) {
                (**self).visit(visits)
            }

            fn traffic(&self) -> Traffic {
                (**self).traffic()
            }
        }
    };
}

forward_transport!(&mut T);
forward_transport!(Box<T>);

/// The bytes of a message on the wire (postcard, the encoding every
/// transport counts and MPI sends).
pub fn encode<M: Serialize>(message: &M) -> Vec<u8> {
    postcard::to_stdvec(message).expect("messages always encode")
}

/// The size of a message on the wire, without encoding it.
pub fn encoded_size<M: Serialize>(message: &M) -> usize {
    postcard::experimental::serialized_size(message).expect("messages always encode")
}

/// A message from its bytes; an error names what was wrong with them.
pub fn decode<M: DeserializeOwned>(bytes: &[u8]) -> Result<M, String> {
    postcard::from_bytes(bytes)
        .map_err(|e| format!("undecodable message of {} bytes: {e}", bytes.len()))
}
