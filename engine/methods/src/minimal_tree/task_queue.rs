//! A worker's queued tasks (seed 000 Fig. 5), in arrival order, with the
//! most urgent one kept up to date: the worker asks for it at every look
//! at its messages, with hundreds of tasks queued, and nearly every look
//! finds new tasks. A task that arrives is set against the most urgent one
//! alone; the queue is scanned again only when that one may have lost its
//! place (a list kept in order cost more than the scans it saved).

use super::message::Task;
use super::priority::Priority;
use super::signature::Signature;
use ahash::AHashMap;
use std::cell::Cell;
use std::cmp::{Ordering, Reverse};
use std::collections::hash_map::Entry;
use yomi_tree::Value;

pub(super) struct Queued {
    pub(super) task: Task,
    /// Pass messages received before this task last arrived.
    pub(super) epoch: u32,
    /// The deepest finished search of the task's position (kept here:
    /// priorities are compared at every look at the messages).
    pub(super) completed: u32,
    /// Task messages received when this copy of the task arrived.
    pub(super) arrival: u64,
    /// Confirmed deepening: a shallower result went to the master when
    /// this many tasks had arrived; the task waits for a later copy.
    pub(super) held: Option<u64>,
    /// The signature's first ranks (see `rank_prefix`).
    prefix: u128,
}

impl Queued {
    /// A task as it arrives: `epoch` pass messages and `arrival` task
    /// messages received, its position searched `completed` deep.
    pub(super) fn new(task: Task, epoch: u32, completed: u32, arrival: u64) -> Queued {
        let prefix = rank_prefix(&task.signature);
        Queued {
            task,
            epoch,
            completed,
            arrival,
            held: None,
            prefix,
        }
    }

    /// Held tasks wait for a copy sent after their last result.
    pub(super) fn free(&self) -> bool {
        self.held.is_none_or(|h| self.arrival > h)
    }
}

/// Ranks of a signature packed into [`rank_prefix`], and the bits each
/// takes there (a rank plus one may be 2^16).
const PREFIX_RANKS: usize = 7;
const RANK_BITS: usize = 17;

/// A signature's first ranks, packed so that two packs that differ order
/// as their signatures do (equal packs say nothing): each rank plus one in
/// 17 bits, the first most significant, 0 past the signature's end. The
/// queue is scanned comparing packs, which sit in the queue itself, and
/// reaches the signatures (a miss of the cache each) only on ties.
fn rank_prefix(signature: &Signature) -> u128 {
    (0..PREFIX_RANKS).fold(0, |packed, i| {
        let rank = signature.0.get(i).map_or(0, |&r| u128::from(r) + 1);
        (packed << RANK_BITS) | rank
    })
}

/// A task is its position and window: a copy with both the same replaces it.
pub(super) type TaskId = (u64, Value, Value);

pub(super) fn id(task: &Task) -> TaskId {
    (task.key, task.alpha, task.beta)
}

#[derive(Default)]
pub(super) struct TaskQueue {
    /// In arrival order; a task removed leaves a gap until the next pass
    /// message (the tasks behind it keep their places).
    queue: Vec<Option<Queued>>,
    /// Where each task is.
    index: AHashMap<TaskId, usize>,
    /// Pass messages received so far.
    epoch: u32,
    /// The most urgent task's index (`Some(None)`: none to search);
    /// `None` until the queue is scanned again.
    top: Cell<Option<Option<usize>>>,
    /// Idle deepening: with no free task, the most urgent held one is
    /// searched (deeper) rather than none.
    deepen_held: bool,
    /// Signatures before completed depths (see `priority`).
    signature_first: bool,
}

impl TaskQueue {
    /// An empty queue; `deepen_held`: see [`TaskQueue::top`];
    /// `signature_first`: see `priority`.
    pub(super) fn new(deepen_held: bool, signature_first: bool) -> TaskQueue {
        TaskQueue {
            deepen_held,
            signature_first,
            ..TaskQueue::default()
        }
    }

    /// Forgets every task and pass; the switches as in [`TaskQueue::new`].
    pub(super) fn clear(&mut self, deepen_held: bool, signature_first: bool) {
        *self = TaskQueue::new(deepen_held, signature_first);
    }

    pub(super) fn epoch(&self) -> u32 {
        self.epoch
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = &Queued> {
        self.queue.iter().flatten()
    }

    pub(super) fn get(&self, i: usize) -> &Queued {
        self.queue[i].as_ref().expect("a queued task")
    }

    /// A task arrived: it replaces its earlier copy (same position and
    /// window, whose hold it keeps) in place, or joins the end.
    pub(super) fn arrive(&mut self, mut queued: Queued) {
        let i = match self.index.entry(id(&queued.task)) {
            Entry::Occupied(e) => {
                let i = *e.get();
                queued.held = self.get(i).held;
                self.queue[i] = Some(queued);
                i
            }
            Entry::Vacant(e) => {
                e.insert(self.queue.len());
                self.queue.push(Some(queued));
                self.queue.len() - 1
            }
        };
        // The most urgent task stays so unless this one passes it; if this
        // one was it, it may have lost its place.
        let top = match self.top.get() {
            Some(Some(top)) if top == i => None,
            Some(Some(top)) if self.cmp_top(i, top).is_gt() => Some(Some(i)),
            Some(None) if self.get(i).free() => Some(Some(i)),
            Some(None) if self.deepen_held => None,
            top => top,
        };
        self.top.set(top);
    }

    /// A pass message: only tasks received since the previous one stay.
    pub(super) fn pass(&mut self) {
        self.top.set(None);
        let epoch = self.epoch;
        self.queue
            .retain(|q| q.as_ref().is_some_and(|q| q.epoch >= epoch));
        self.index = (self.queue.iter().flatten().enumerate())
            .map(|(i, q)| (id(&q.task), i))
            .collect();
        self.epoch += 1;
    }

    /// A search of position `key` finished at `depth` (its tasks only
    /// lose urgency).
    pub(super) fn completed(&mut self, key: u64, depth: u32) {
        self.lower(key, |q| q.completed = q.completed.max(depth));
    }

    /// Confirmed deepening: the tasks of position `key` wait for a copy
    /// that arrives after the `arrivals`-th.
    pub(super) fn hold(&mut self, key: u64, arrivals: u64) {
        self.lower(key, |q| q.held = Some(arrivals));
    }

    /// Whether a task of position `key` is queued and free (a copy
    /// arrived after its last hold).
    pub(super) fn has_free(&self, key: u64) -> bool {
        self.iter().any(|q| q.task.key == key && q.free())
    }

    /// Drops `task` (same position and window), if queued.
    pub(super) fn remove_task(&mut self, task: &Task) {
        if let Some(&i) = self.index.get(&id(task)) {
            self.remove(i);
        }
    }

    pub(super) fn remove(&mut self, i: usize) {
        if let Some(q) = self.queue[i].take() {
            self.index.remove(&id(&q.task));
        }
        if self.top.get() == Some(Some(i)) {
            self.top.set(None);
        }
    }

    pub(super) fn priority<'a>(&self, q: &'a Queued) -> Priority<'a> {
        Priority {
            fresh: q.epoch == self.epoch,
            completed_depth: q.completed,
            signature: &q.task.signature,
            alpha: q.task.alpha,
            beta: q.task.beta,
            signature_first: self.signature_first,
        }
    }

    /// Index of the task to search: the most urgent free one; with
    /// idle deepening and none free, the most urgent held one.
    pub(super) fn top(&self) -> Option<usize> {
        if let Some(top) = self.top.get() {
            return top;
        }
        let top = (0..self.queue.len())
            .filter(|&i| self.queue[i].as_ref().is_some_and(|q| self.searchable(q)))
            .max_by(|&a, &b| self.cmp_top(a, b));
        self.top.set(Some(top));
        top
    }

    fn searchable(&self, q: &Queued) -> bool {
        self.deepen_held || q.free()
    }

    /// The order of [`TaskQueue::top`] among searchable tasks: free ones
    /// first, then by urgency.
    fn cmp_top(&self, a: usize, b: usize) -> Ordering {
        let (qa, qb) = (self.get(a), self.get(b));
        (self.searchable(qa), qa.free())
            .cmp(&(self.searchable(qb), qb.free()))
            .then_with(|| self.cmp_urgency(a, b))
    }

    /// The order of urgency: by priority, then the earlier in the queue.
    fn urgency(&self, i: usize) -> (Priority<'_>, Reverse<usize>) {
        (self.priority(self.get(i)), Reverse(i))
    }

    /// [`TaskQueue::urgency`]'s order, the signatures read only where
    /// their packed first ranks tie.
    fn cmp_urgency(&self, a: usize, b: usize) -> Ordering {
        let quick = |q: &Queued| {
            let before = if self.signature_first { 0 } else { q.completed };
            (q.epoch == self.epoch, Reverse(before), Reverse(q.prefix))
        };
        quick(self.get(a))
            .cmp(&quick(self.get(b)))
            .then_with(|| self.urgency(a).cmp(&self.urgency(b)))
    }

    /// Changes each of position `key`'s tasks by `change`, which only
    /// lowers their urgency: if the most urgent task is one of them, the
    /// queue is scanned again.
    fn lower(&mut self, key: u64, change: impl Fn(&mut Queued)) {
        if let Some(Some(top)) = self.top.get() {
            if self.get(top).task.key == key {
                self.top.set(None);
            }
        }
        for q in self
            .queue
            .iter_mut()
            .flatten()
            .filter(|q| q.task.key == key)
        {
            change(q);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimal_tree::signature::Signature;
    use proptest::prelude::*;

    /// The task to search found by scanning the whole queue: the most
    /// urgent free one, else (idle deepening) the most urgent held one.
    fn scanned_top(queue: &TaskQueue) -> Option<TaskId> {
        queue
            .iter()
            .enumerate()
            .filter(|(_, q)| queue.deepen_held || q.free())
            .map(|(i, q)| (q.free(), queue.priority(q), Reverse(i), id(&q.task)))
            .max()
            .map(|(.., id)| id)
    }

    #[derive(Clone, Debug)]
    enum Op {
        Arrive {
            key: u64,
            window: usize,
            signature: Vec<u16>,
            completed: u32,
        },
        Pass,
        Completed {
            key: u64,
            depth: u32,
        },
        Hold {
            key: u64,
        },
        RemoveTop,
        RemoveFirst,
    }

    /// Short ones, and long ones that share the packed first ranks (the
    /// largest rank too, where a rank plus one needs the 17th bit).
    fn signature() -> impl Strategy<Value = Vec<u16>> {
        let rank = prop_oneof![6 => 0..2u16, 1 => Just(u16::MAX)];
        prop_oneof![
            proptest::collection::vec(rank.clone(), 0..3),
            proptest::collection::vec(rank, PREFIX_RANKS - 1..PREFIX_RANKS + 3),
        ]
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            6 => (0..4u64, 0..3usize, signature(), 0..3u32)
                .prop_map(|(key, window, signature, completed)| Op::Arrive {
                    key,
                    window,
                    signature,
                    completed,
                }),
            1 => Just(Op::Pass),
            1 => (0..4u64, 0..8u32).prop_map(|(key, depth)| Op::Completed { key, depth }),
            1 => (0..4u64).prop_map(|key| Op::Hold { key }),
            1 => Just(Op::RemoveTop),
            1 => Just(Op::RemoveFirst),
        ]
    }

    proptest! {
        #[test]
        fn the_kept_top_is_what_a_scan_finds(
            ops in proptest::collection::vec(op(), 1..100),
            deepen_held: bool,
            signature_first: bool,
        ) {
            let mut queue = TaskQueue::new(deepen_held, signature_first);
            let mut arrivals = 0;
            for op in ops {
                match op {
                    Op::Arrive { key, window, signature, completed } => {
                        arrivals += 1;
                        let (alpha, beta) = [(-10, 10), (0, 1), (-5, 20)][window];
                        let task = Task {
                            path: Vec::new(),
                            key,
                            depth: 8,
                            alpha,
                            beta,
                            signature: Signature(signature),
                        };
                        queue.arrive(Queued::new(task, queue.epoch(), completed, arrivals));
                    }
                    Op::Pass => queue.pass(),
                    Op::Completed { key, depth } => queue.completed(key, depth),
                    Op::Hold { key } => queue.hold(key, arrivals),
                    Op::RemoveTop => {
                        if let Some(i) = queue.top() {
                            queue.remove(i);
                        }
                    }
                    Op::RemoveFirst => {
                        let first = queue.iter().next().map(|q| q.task.clone());
                        if let Some(task) = first {
                            queue.remove_task(&task);
                        }
                    }
                }
                prop_assert_eq!(queue.top().map(|i| id(&queue.get(i).task)), scanned_top(&queue));
            }
        }
    }
}
