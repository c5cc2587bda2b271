//! The virtual cluster's state and scheduler: every rank a coroutine with
//! its own virtual clock, resumed one at a time, always the one whose
//! clock is earliest, so that when a rank looks for messages every message
//! that can have arrived by its clock has been sent (conservative
//! discrete-event simulation). Ties go to the lower rank; nothing depends
//! on the machine, so runs repeat exactly.

use super::busy::BusyProfile;
use super::cost_model::{Costs, Model, Ps};
use super::inbox::{Inbox, Pending};
use super::sim_transport::{SimTransport, Suspend};
use crate::transport::{Rank, Traffic};
use corosensei::stack::DefaultStack;
use corosensei::{Coroutine, CoroutineResult};
use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::rc::Rc;

/// Stack of each rank's coroutine: address space only, pages are touched
/// as the recursion needs them (a few KB for research-depth searches).
const STACK_BYTES: usize = 1 << 20;

/// What one rank runs, given its transport.
pub type Body<M, R> = Box<dyn for<'y> FnOnce(SimTransport<'y, M>) -> R>;

/// What a simulation took.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimStats {
    /// The latest rank clock at the end.
    pub end: Ps,
    /// Times a rank was resumed.
    pub resumes: u64,
    /// When the ranks were busy.
    pub busy: BusyProfile,
}

struct RankState<M> {
    clock: Ps,
    /// The clock when this rank last resumed: every message arriving by
    /// then is in its inbox.
    synced: Ps,
    inbox: Inbox<M>,
    /// When its link has finished sending what it was given.
    link_free: Ps,
    traffic: Traffic,
    /// Waiting for a message, at the latest until this time.
    waiting: Option<Ps>,
    /// When it is to resume, if it is on the agenda.
    due: Option<Ps>,
}

/// The state all ranks share (through their transports) with the scheduler.
pub(super) struct Cluster<M> {
    costs: Costs,
    ranks: Vec<RankState<M>>,
    /// Messages sent so far (the tie-break between equal arrivals).
    sent: u64,
    /// (time, rank) to resume; an entry that is not its rank's `due` is stale.
    agenda: BinaryHeap<Reverse<(Ps, Rank)>>,
    busy: BusyProfile,
}

impl<M> Cluster<M> {
    fn new(model: &Model, size: usize) -> Cluster<M> {
        Cluster {
            costs: Costs::of(model),
            ranks: (0..size)
                .map(|_| RankState {
                    clock: 0,
                    synced: 0,
                    inbox: Inbox::new(),
                    link_free: 0,
                    traffic: Traffic::default(),
                    waiting: None,
                    due: None,
                })
                .collect(),
            sent: 0,
            agenda: BinaryHeap::new(),
            busy: BusyProfile::new(size),
        }
    }

    pub(super) fn clock(&self, rank: Rank) -> Ps {
        self.ranks[rank].clock
    }

    pub(super) fn traffic(&self, rank: Rank) -> Traffic {
        self.ranks[rank].traffic
    }

    /// Advances `rank`'s clock by `time` of processor time.
    fn busy(&mut self, rank: Rank, time: Ps) {
        let clock = self.ranks[rank].clock;
        self.busy.add(rank, clock, clock + time);
        self.ranks[rank].clock = clock + time;
    }

    pub(super) fn work(&mut self, rank: Rank, nodes: u64) {
        self.busy(rank, nodes * self.costs.node);
    }

    pub(super) fn visit(&mut self, rank: Rank, visits: u64) {
        self.busy(rank, visits * self.costs.visit);
    }

    /// Sends after the sender's handling cost, when its link is free; the
    /// message arrives a latency after its last byte left.
    pub(super) fn send(&mut self, from: Rank, to: Rank, message: M, bytes: usize) {
        let c = self.costs;
        self.busy(from, c.message);
        let sender = &mut self.ranks[from];
        let start = sender.clock.max(sender.link_free);
        sender.link_free = start + bytes as Ps * c.byte;
        sender.traffic.messages += 1;
        sender.traffic.bytes += bytes as u64;
        let arrival = sender.link_free + c.latency;
        self.sent += 1;
        self.ranks[to].inbox.push(Pending {
            arrival,
            seq: self.sent,
            from,
            message,
        });
        if self.ranks[to].waiting.is_some() {
            self.wake(to, arrival);
        }
    }

    /// Whether the rank must resynchronise before it can know that no
    /// message is there: its clock moved on and none had arrived by the last sync.
    pub(super) fn needs_sync(&self, rank: Rank) -> bool {
        let r = &self.ranks[rank];
        r.clock > r.synced && r.inbox.first_arrival().is_none_or(|a| a > r.synced)
    }

    /// The next message that had arrived by the rank's last sync, received
    /// at the cost of handling it.
    pub(super) fn receive(&mut self, rank: Rank) -> Option<(Rank, M)> {
        let r = &mut self.ranks[rank];
        if r.inbox.first_arrival()? > r.synced {
            return None;
        }
        let p = r.inbox.pop()?;
        self.busy(rank, self.costs.message);
        Some((p.from, p.message))
    }

    /// Puts the rank on the agenda at `time` (not before its clock),
    /// unless it is due sooner.
    fn wake(&mut self, rank: Rank, time: Ps) {
        let r = &mut self.ranks[rank];
        let time = time.max(r.clock);
        if r.due.is_none_or(|due| time < due) {
            r.due = Some(time);
            self.agenda.push(Reverse((time, rank)));
        }
    }

    /// The next rank to resume, its clock brought up to the resume time.
    fn next(&mut self) -> Option<Rank> {
        while let Some(Reverse((time, rank))) = self.agenda.pop() {
            let r = &mut self.ranks[rank];
            if r.due != Some(time) {
                continue;
            }
            r.due = None;
            r.waiting = None;
            r.clock = r.clock.max(time);
            r.synced = r.clock;
            return Some(rank);
        }
        None
    }

    /// Back on the agenda after a rank suspended itself.
    fn suspended(&mut self, rank: Rank, how: Suspend) {
        match how {
            Suspend::Sync => {
                let clock = self.ranks[rank].clock;
                self.wake(rank, clock);
            }
            Suspend::Wait(deadline) => {
                let r = &mut self.ranks[rank];
                r.waiting = Some(deadline);
                let first = r.inbox.first_arrival().unwrap_or(Ps::MAX);
                let time = first.min(deadline);
                if time != Ps::MAX {
                    self.wake(rank, time);
                }
            }
        }
    }
}

/// Runs one body per rank on the virtual cluster until every one returns:
/// their results, rank 0 first.
/// An error if the ranks cannot be set up, or if they deadlock (all
/// waiting for messages nobody sends).
pub fn simulate<M: 'static, R: 'static>(
    model: &Model,
    bodies: Vec<Body<M, R>>,
) -> Result<(Vec<R>, SimStats), String> {
    model.check()?;
    let size = bodies.len();
    let cluster = Rc::new(RefCell::new(Cluster::<M>::new(model, size)));
    let mut ranks = Vec::with_capacity(size);
    for (rank, body) in bodies.into_iter().enumerate() {
        let stack = DefaultStack::new(STACK_BYTES)
            .map_err(|e| format!("no stack for virtual rank {rank}: {e}"))?;
        let shared = Rc::clone(&cluster);
        ranks.push(Coroutine::with_stack(stack, move |yielder, ()| {
            body(SimTransport::new(rank, size, shared, yielder))
        }));
        cluster.borrow_mut().wake(rank, 0);
    }
    let mut results: Vec<Option<R>> = (0..size).map(|_| None).collect();
    let mut resumes = 0;
    loop {
        let Some(rank) = cluster.borrow_mut().next() else {
            break;
        };
        resumes += 1;
        match ranks[rank].resume(()) {
            CoroutineResult::Yield(how) => cluster.borrow_mut().suspended(rank, how),
            CoroutineResult::Return(r) => results[rank] = Some(r),
        }
    }
    let stuck: Vec<Rank> = (0..size).filter(|&r| results[r].is_none()).collect();
    if !stuck.is_empty() {
        return Err(format!(
            "the virtual cluster deadlocked: ranks {stuck:?} wait for messages that nobody sends"
        ));
    }
    let mut c = cluster.borrow_mut();
    let stats = SimStats {
        end: c.ranks.iter().map(|r| r.clock).max().unwrap_or(0),
        resumes,
        busy: std::mem::take(&mut c.busy),
    };
    Ok((results.into_iter().flatten().collect(), stats))
}
