//! The threads transport: every rank a thread of one process, messages over
//! channels, the wall clock. Bytes are counted as the encoded size, so that
//! traffic figures compare with MPI's.

use super::transport::{encoded_size, Rank, Traffic, Transport};
use serde::Serialize;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::time::{Duration, Instant};

pub struct ThreadTransport<M> {
    rank: Rank,
    senders: Vec<Sender<(Rank, M)>>,
    inbox: Receiver<(Rank, M)>,
    /// A message that arrived while idling, not yet polled.
    waiting: Option<(Rank, M)>,
    start: Instant,
    traffic: Traffic,
}

/// The longest an idle rank sleeps without a message: its caller may have
/// other things to check (a master its time limit).
const IDLE_WAIT: Duration = Duration::from_millis(1);

/// One transport per rank of a network of `size` ranks; hand each to its
/// thread.
pub fn thread_transports<M: Send>(size: usize) -> Vec<ThreadTransport<M>> {
    let start = Instant::now();
    let (senders, inboxes): (Vec<_>, Vec<_>) = (0..size).map(|_| channel()).unzip();
    inboxes
        .into_iter()
        .enumerate()
        .map(|(rank, inbox)| ThreadTransport {
            rank,
            senders: senders.clone(),
            inbox,
            waiting: None,
            start,
            traffic: Traffic::default(),
        })
        .collect()
}

impl<M: Serialize + Send> Transport<M> for ThreadTransport<M> {
    fn rank(&self) -> Rank {
        self.rank
    }

    fn size(&self) -> usize {
        self.senders.len()
    }

    fn send(&mut self, to: Rank, message: M) {
        self.traffic.messages += 1;
        self.traffic.bytes += encoded_size(&message) as u64;
        // A rank that has finished no longer listens; nothing is lost that
        // anybody waits for.
        let _ = self.senders[to].send((self.rank, message));
    }

    fn poll(&mut self) -> Option<(Rank, M)> {
        self.waiting.take().or_else(|| self.inbox.try_recv().ok())
    }

    fn now(&self) -> Duration {
        self.start.elapsed()
    }

    /// Sleeps until a message arrives (or a moment passes), so that an
    /// idle rank leaves its core to the searching ones.
    fn idle(&mut self) {
        if self.waiting.is_none() {
            self.waiting = self.inbox.recv_timeout(IDLE_WAIT).ok();
        }
    }

    fn traffic(&self) -> Traffic {
        self.traffic
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_exchange_messages_and_count_them() {
        let mut net = thread_transports::<Vec<u32>>(3);
        let mut two = net.pop().unwrap();
        let mut one = net.pop().unwrap();
        let mut zero = net.pop().unwrap();
        assert_eq!((zero.rank(), one.rank(), two.size()), (0, 1, 3));
        let worker = std::thread::spawn(move || {
            let (from, msg) = loop {
                if let Some(m) = one.poll() {
                    break m;
                }
                one.idle();
            };
            one.send(from, msg.iter().map(|x| x * 2).collect());
            one.traffic()
        });
        zero.send(1, vec![1, 2, 300]);
        let reply = loop {
            if let Some(m) = zero.poll() {
                break m;
            }
            zero.idle();
        };
        assert_eq!(reply, (1, vec![2, 4, 600]));
        // postcard: a length byte, then varints (300 and 600 take two bytes).
        assert_eq!(
            zero.traffic(),
            Traffic {
                messages: 1,
                bytes: 5
            }
        );
        assert_eq!(
            worker.join().unwrap(),
            Traffic {
                messages: 1,
                bytes: 5
            }
        );
        assert!(two.poll().is_none());
        assert!(zero.now() > Duration::ZERO);
    }
}
