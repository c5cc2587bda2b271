//! Sends that never wait for the receiver (every MPI link's): each
//! message goes out with `MPI_Isend` from a buffer of its own, kept until
//! MPI says it is delivered. A rank that stops answering (a stopped
//! process) then stalls no one: blocking and buffered sends (`MPI_Bsend`
//! too, in Open MPI) wait once the receiver's queue is full. What is
//! still in flight to such a rank when the transport ends is left to the
//! job's end. The only unsafe code here hands a buffer to MPI and takes it
//! back.
//!
//! The sends in flight are looked at with one `MPI_Testsome`, not one
//! `MPI_Test` each: every test of an unfinished send turns MPI's progress
//! engine, which on an oversubscribed machine gives up the processor
//! (`mpi_yield_when_idle`). A master sending tasks to a stopped worker
//! holds hundreds of such sends, and on a loaded machine spent seconds
//! yielding once for each of them at every send and poll.

use mpi::ffi::{self, MPI_Request};
use mpi::request::StaticScope;
use mpi::topology::Process;
use mpi::traits::Destination;
use std::os::raw::c_int;

#[derive(Default)]
pub(crate) struct Sends {
    /// Requests in flight, and the buffer each reads from.
    requests: Vec<MPI_Request>,
    buffers: Vec<*mut [u8]>,
    /// `MPI_Testsome`'s answer: which requests finished.
    finished: Vec<c_int>,
}

impl Sends {
    /// Starts sending `bytes` to `to`.
    pub(crate) fn send(&mut self, to: Process<'_>, bytes: Vec<u8>) {
        self.reap();
        let buffer: &'static mut [u8] = Box::leak(bytes.into_boxed_slice());
        let pointer: *mut [u8] = buffer;
        // SAFETY: `pointer` stays valid (leaked) until the request
        // completes, and is read only by MPI meanwhile; the raw request is
        // kept until MPI says it completed.
        let data: &'static [u8] = unsafe { &*pointer };
        let (request, ..) = unsafe { to.immediate_send(StaticScope, data).into_raw() };
        self.requests.push(request);
        self.buffers.push(pointer);
    }

    /// Frees the buffers of the sends MPI has finished (it runs at every
    /// send and poll).
    pub(crate) fn reap(&mut self) {
        if self.requests.is_empty() {
            return;
        }
        self.finished.resize(self.requests.len(), 0);
        let mut count: c_int = 0;
        // SAFETY: `requests` are live requests (finished ones are removed
        // below) and `finished` has room for an index each.
        unsafe {
            ffi::MPI_Testsome(
                self.requests.len() as c_int,
                self.requests.as_mut_ptr(),
                &mut count,
                self.finished.as_mut_ptr(),
                ffi::RSMPI_STATUSES_IGNORE,
            );
        }
        // None finished, or MPI_UNDEFINED (none active).
        if count <= 0 {
            return;
        }
        // MPI_Testsome sets the finished requests to MPI_REQUEST_NULL.
        // SAFETY: a constant of the MPI library.
        let null = unsafe { ffi::RSMPI_REQUEST_NULL };
        let mut kept = 0;
        for i in 0..self.requests.len() {
            if self.requests[i] == null {
                // SAFETY: the buffer came from `Box::leak` in `send`, and
                // MPI no longer reads it.
                drop(unsafe { Box::from_raw(self.buffers[i]) });
            } else {
                self.requests[kept] = self.requests[i];
                self.buffers[kept] = self.buffers[i];
                kept += 1;
            }
        }
        self.requests.truncate(kept);
        self.buffers.truncate(kept);
    }
}

impl Drop for Sends {
    fn drop(&mut self) {
        // Sends to a rank that never answers would never complete: their
        // requests and buffers are left to the job's end.
        self.reap();
    }
}
