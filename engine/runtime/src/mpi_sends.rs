//! Sends that never wait for the receiver (every MPI link's): each
//! message goes out with `MPI_Isend` from a buffer of its own, kept until
//! MPI says it is delivered. A rank that stops answering (a stopped
//! process) then stalls no one: blocking and buffered sends (`MPI_Bsend`
//! too, in Open MPI) wait once the receiver's queue is full. What is
//! still in flight to such a rank when the transport ends is left to the
//! job's end. The only unsafe code here hands a buffer to MPI and takes it
//! back.

use mpi::request::{Request, StaticScope};
use mpi::topology::Process;
use mpi::traits::Destination;

#[derive(Default)]
pub(crate) struct Sends {
    /// Requests in flight, with the buffer each reads from.
    in_flight: Vec<(Request<'static, [u8]>, *mut [u8])>,
}

impl Sends {
    /// Starts sending `bytes` to `to`.
    pub(crate) fn send(&mut self, to: Process<'_>, bytes: Vec<u8>) {
        self.reap();
        let buffer: &'static mut [u8] = Box::leak(bytes.into_boxed_slice());
        let pointer: *mut [u8] = buffer;
        // SAFETY: `pointer` stays valid (leaked) until the request
        // completes, and is read only by MPI meanwhile.
        let data: &'static [u8] = unsafe { &*pointer };
        self.in_flight
            .push((to.immediate_send(StaticScope, data), pointer));
    }

    /// Frees the buffers of the sends MPI has finished (in place: it runs
    /// at every send and poll).
    pub(crate) fn reap(&mut self) {
        // Backwards, so that what `swap_remove` moves in has been looked at.
        for i in (0..self.in_flight.len()).rev() {
            let (request, pointer) = self.in_flight.swap_remove(i);
            match request.test() {
                // SAFETY: the buffer came from `Box::leak` in `send`, and
                // MPI no longer reads it.
                Ok(_) => drop(unsafe { Box::from_raw(pointer) }),
                Err(request) => self.in_flight.push((request, pointer)),
            }
        }
    }
}

impl Drop for Sends {
    fn drop(&mut self) {
        self.reap();
        // Sends to a rank that never answers would never complete: their
        // requests and buffers are left to the job's end (a request
        // dropped incomplete panics).
        for (request, _) in self.in_flight.drain(..) {
            std::mem::forget(request);
        }
    }
}
