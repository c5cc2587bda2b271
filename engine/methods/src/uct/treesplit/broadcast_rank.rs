//! A broadcast rank (seed 001 §III-B): it takes its search ranks'
//! synchronisation messages, passes them into the cube network of
//! broadcast ranks, and hands everything to its search ranks — holding
//! what arrives for `merge_delay` first, so that entries for the same
//! state from several ranks leave as one (delay and merge). A search rank
//! never gets its own Δs back: each member's part is subtracted from what
//! it is sent.

use super::duplication::{merge, without, ChildStats, SyncEntry};
use super::layout::Layout;
use super::{TreesplitMessage, TreesplitReport};
use std::collections::BTreeMap;
use std::time::Duration;
use yomi_measure::{Overheads, Package};
use yomi_runtime::{Rank, Transport};

/// What this rank holds for a state until its next flush.
#[derive(Default)]
struct Held {
    share: bool,
    /// Every share and Δ that arrived.
    total: ChildStats,
    /// The parts that came from each member (its own, not to send back).
    own: Vec<(Rank, ChildStats)>,
}

pub(crate) struct BroadcastRank<T> {
    t: T,
    layout: Layout,
    merge_delay: Duration,
    members: Vec<Rank>,
    /// Held for the members (BTreeMap: a virtual run's messages in a fixed
    /// order).
    held: BTreeMap<u64, Held>,
    /// From the members, for the network.
    outgoing: BTreeMap<u64, (bool, ChildStats)>,
    /// When the held entries go out.
    due: Option<Duration>,
    report: TreesplitReport,
}

impl<T: Transport<TreesplitMessage>> BroadcastRank<T> {
    pub(crate) fn new(t: T, layout: Layout, merge_delay: Duration) -> BroadcastRank<T> {
        let me = t.rank();
        BroadcastRank {
            members: layout.members(me),
            t,
            layout,
            merge_delay,
            held: BTreeMap::new(),
            outgoing: BTreeMap::new(),
            due: None,
            report: TreesplitReport {
                rank: me,
                broadcast: true,
                ..TreesplitReport::default()
            },
        }
    }

    /// Relays until rank 0 says stop, then reports.
    pub(crate) fn run(mut self) {
        let mut over = Overheads::default();
        loop {
            let start = self.t.now();
            let Some((from, message)) = self.t.poll() else {
                over.charge(Package::Receive, start, self.t.now());
                let now = self.t.now();
                match self.due {
                    Some(due) if due <= now => {
                        self.flush();
                        over.charge(Package::Sync, now, self.t.now());
                    }
                    Some(due) => {
                        self.t.idle_until(due);
                        over.charge(Package::Idle, now, self.t.now());
                    }
                    None => {
                        self.t.idle();
                        over.charge(Package::Idle, now, self.t.now());
                    }
                }
                continue;
            };
            over.charge(Package::Receive, start, self.t.now());
            let now = self.t.now();
            match message {
                TreesplitMessage::Sync(entries) => self.take_from_member(from, entries),
                TreesplitMessage::Relay {
                    origin,
                    dimension,
                    entries,
                } => self.take_from_network(origin, dimension, entries),
                TreesplitMessage::Stop => {
                    self.report.overheads = over;
                    self.report.traffic = self.t.traffic();
                    self.t.send(0, TreesplitMessage::Report(self.report));
                    return;
                }
                _ => {}
            }
            over.charge(Package::Sync, now, self.t.now());
        }
    }

    fn take_from_member(&mut self, from: Rank, entries: Vec<SyncEntry>) {
        for e in entries {
            let out = self
                .outgoing
                .entry(e.key)
                .or_insert_with(|| (false, vec![(0, 0.0); e.counts.len()]));
            out.0 |= e.share;
            merge(&mut out.1, &e.counts);
            let held = self.hold(&e);
            match held.own.iter_mut().find(|(r, _)| *r == from) {
                Some((_, own)) => merge(own, &e.counts),
                None => held.own.push((from, e.counts)),
            }
        }
    }

    /// A broadcast from another broadcast rank: on through the network at
    /// once, and held for the members.
    fn take_from_network(&mut self, origin: u32, dimension: Option<u8>, entries: Vec<SyncEntry>) {
        if let Some(d) = dimension {
            let at = self.layout.net_index(self.t.rank());
            self.relay(origin as usize, at, usize::from(d), &entries);
        }
        for e in &entries {
            self.hold(e);
        }
    }

    fn hold(&mut self, e: &SyncEntry) -> &mut Held {
        self.report.entries_relayed += 1;
        self.t.visit(1); // merged into what is held, as a statistic updated
        if self.due.is_none() {
            self.due = Some(self.t.now() + self.merge_delay);
        }
        let held = self.held.entry(e.key).or_insert_with(|| Held {
            total: vec![(0, 0.0); e.counts.len()],
            ..Held::default()
        });
        held.share |= e.share;
        merge(&mut held.total, &e.counts);
        held
    }

    fn relay(&mut self, origin: usize, at: usize, dimension: usize, entries: &[SyncEntry]) {
        for (to, next) in self.layout.net.forward(origin, at, dimension) {
            let relay = TreesplitMessage::Relay {
                origin: origin as u32,
                dimension: next.map(|d| d as u8),
                entries: entries.to_vec(),
            };
            self.t.send(self.layout.net_rank(to), relay);
        }
    }

    /// The held entries to the members (each without its own part) and the
    /// members' into the network.
    fn flush(&mut self) {
        self.due = None;
        let held = std::mem::take(&mut self.held);
        for &member in &self.members {
            let entries: Vec<SyncEntry> = held
                .iter()
                .filter_map(|(&key, h)| {
                    let own = h.own.iter().find(|(r, _)| *r == member);
                    let counts = match own {
                        Some((_, own)) => without(&h.total, own),
                        None => h.total.clone(),
                    };
                    let empty = counts.iter().all(|&(n, _)| n == 0);
                    // A share reaches every member but the owner, whose
                    // own part it is.
                    let share = h.share && !(empty && own.is_some());
                    (share || !empty).then_some(SyncEntry { key, share, counts })
                })
                .collect();
            if !entries.is_empty() {
                self.t.send(member, TreesplitMessage::Sync(entries));
            }
        }
        let outgoing = std::mem::take(&mut self.outgoing);
        if !outgoing.is_empty() {
            let entries: Vec<SyncEntry> = outgoing
                .into_iter()
                .map(|(key, (share, counts))| SyncEntry { key, share, counts })
                .collect();
            let me = self.layout.net_index(self.t.rank());
            self.relay(me, me, 0, &entries);
        }
    }
}
