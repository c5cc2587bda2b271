//! A virtual rank's messages on their way, earliest arrival first (ties in
//! sending order). One sender's messages arrive in the order it sent them
//! (its link sends one at a time, each a fixed latency after its last
//! byte), so each sender has a queue in sending order and only the heads
//! are ordered: a worker, which hears almost only from the master, takes a
//! message off in constant time, where one heap of all the messages
//! (thousands after a pass) sifted each one through it.

use super::cost_model::Ps;
use crate::transport::Rank;
use ahash::AHashMap;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// A message on its way.
pub(super) struct Pending<M> {
    pub arrival: Ps,
    /// Messages sent before it on the whole cluster (the tie-break).
    pub seq: u64,
    pub from: Rank,
    pub message: M,
}

pub(super) struct Inbox<M> {
    /// Each sender's messages not yet received, in sending order.
    lanes: AHashMap<Rank, VecDeque<Pending<M>>>,
    /// The first message of each sender with one: (arrival, seq, sender).
    heads: BinaryHeap<Reverse<(Ps, u64, Rank)>>,
}

impl<M> Inbox<M> {
    pub(super) fn new() -> Inbox<M> {
        Inbox {
            lanes: AHashMap::new(),
            heads: BinaryHeap::new(),
        }
    }

    pub(super) fn push(&mut self, p: Pending<M>) {
        let lane = self.lanes.entry(p.from).or_default();
        match lane.back() {
            None => self.heads.push(Reverse((p.arrival, p.seq, p.from))),
            Some(last) => debug_assert!((last.arrival, last.seq) < (p.arrival, p.seq)),
        }
        lane.push_back(p);
    }

    /// When the earliest message arrives.
    pub(super) fn first_arrival(&self) -> Option<Ps> {
        self.heads.peek().map(|Reverse((arrival, _, _))| *arrival)
    }

    /// Takes off the earliest message.
    pub(super) fn pop(&mut self) -> Option<Pending<M>> {
        let Reverse((_, _, from)) = self.heads.pop()?;
        let lane = self.lanes.get_mut(&from).expect("a head has its lane");
        let p = lane.pop_front().expect("a head is in its lane");
        if let Some(next) = lane.front() {
            self.heads.push(Reverse((next.arrival, next.seq, from)));
        }
        Some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Messages from several senders, each in its own sending order,
        /// come off as one heap of them all would give them.
        #[test]
        fn earliest_first_as_one_heap(
            sends in prop::collection::vec((0usize..4, 0u64..3, any::<bool>()), 0..200)
        ) {
            let mut inbox = Inbox::new();
            let mut all = Vec::new();
            let mut clocks = [0u64; 4];
            for (seq, &(from, step, take)) in sends.iter().enumerate() {
                clocks[from] += step;
                let seq = seq as u64;
                inbox.push(Pending { arrival: clocks[from], seq, from, message: () });
                all.push((clocks[from], seq));
                if take {
                    all.sort_unstable_by(|a, b| b.cmp(a));
                    let expected = all.pop();
                    let got = inbox.pop().map(|p| (p.arrival, p.seq));
                    prop_assert_eq!(got, expected);
                }
                all.sort_unstable_by(|a, b| b.cmp(a));
                prop_assert_eq!(inbox.first_arrival(), all.last().map(|&(a, _)| a));
            }
            all.sort_unstable();
            for expected in all {
                prop_assert_eq!(inbox.pop().map(|p| (p.arrival, p.seq)), Some(expected));
            }
            prop_assert!(inbox.pop().is_none());
        }
    }
}
