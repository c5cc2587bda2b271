//! Indexed renewals (an improvement on seed 000): every pass of the master
//! sends each uncertain task again, and a worker drops the tasks the last
//! pass did not send; past a thousand workers most of the master's time
//! went to these repeats, a message each. Here a task the master sends a
//! worker just as it sent it in the pass before goes as its place in that
//! pass's list, all of them in the message that ends the pass; new and
//! changed tasks still go at once. Both sides keep the same list: the
//! pass's new tasks in the order sent, then the renewed ones. A worker with
//! no task in the last pass nor in this one is not told the pass ended: it
//! has nothing to drop.

use super::message::Task;
use ahash::AHashMap;

/// The master's side, for one worker.
#[derive(Default)]
pub(super) struct SentTasks {
    /// The last pass's tasks, each at its first place in the list.
    last: AHashMap<Task, u32>,
    /// This pass's new tasks, in the order sent.
    new: Vec<Task>,
    /// This pass's renewals: their places in the last pass's list, and
    /// the tasks.
    places: Vec<u32>,
    renewed: Vec<Task>,
}

impl SentTasks {
    /// `task` for this worker: back to be sent now when it is new, or kept
    /// for the pass's end when the last pass sent it as it is.
    pub(super) fn send(&mut self, task: Task) -> Option<Task> {
        match self.last.get(&task) {
            Some(&place) => {
                self.places.push(place);
                self.renewed.push(task);
                None
            }
            None => {
                self.new.push(task.clone());
                Some(task)
            }
        }
    }

    /// Whether the worker had no task in the last pass nor in this one.
    pub(super) fn idle(&self) -> bool {
        self.last.is_empty() && self.new.is_empty() && self.renewed.is_empty()
    }

    /// The pass ended: the places to send with its end.
    pub(super) fn end_pass(&mut self) -> Vec<u32> {
        self.last.clear();
        let tasks = self.new.drain(..).chain(self.renewed.drain(..));
        for (place, task) in tasks.enumerate() {
            self.last.entry(task).or_insert(place as u32);
        }
        std::mem::take(&mut self.places)
    }
}

/// The worker's side: the tasks as they came, to renew by place.
#[derive(Default)]
pub(super) struct ReceivedTasks {
    last: Vec<Task>,
    this: Vec<Task>,
}

impl ReceivedTasks {
    /// A new task, as the master sent it.
    pub(super) fn received(&mut self, task: &Task) {
        self.this.push(task.clone());
    }

    /// The pass ended, renewing the last pass's tasks at `places`: those
    /// tasks, which are this pass's too.
    pub(super) fn end_pass(&mut self, places: &[u32]) -> Vec<Task> {
        let renewed: Vec<Task> = places
            .iter()
            .filter_map(|&place| self.last.get(place as usize).cloned())
            .collect();
        self.this.extend(renewed.iter().cloned());
        self.last = std::mem::take(&mut self.this);
        renewed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimal_tree::signature::Signature;

    fn task(key: u64, alpha: i32) -> Task {
        Task {
            path: vec![key as u16],
            key,
            depth: 4,
            alpha,
            beta: alpha + 1,
            signature: Signature(vec![key as u16]),
        }
    }

    #[test]
    fn both_sides_keep_the_same_list_from_pass_to_pass() {
        let (mut sent, mut received) = (SentTasks::default(), ReceivedTasks::default());
        let passes = [
            vec![task(1, 0), task(2, 0), task(3, 0)],
            // 2 again as it was, 1 with another window, 3 dropped, 4 new.
            vec![task(2, 0), task(1, 5), task(4, 0)],
            vec![task(4, 0), task(1, 5), task(2, 0), task(2, 0)],
            vec![],
            vec![],
            vec![task(4, 0)],
        ];
        for (pass, tasks) in passes.into_iter().enumerate() {
            let mut got = Vec::new();
            for t in tasks.iter().cloned() {
                if let Some(t) = sent.send(t) {
                    received.received(&t);
                    got.push(t);
                }
            }
            // Told of the pass's end unless it had no task then nor now.
            assert_eq!(sent.idle(), pass == 4, "pass {pass}");
            if sent.idle() {
                continue;
            }
            got.extend(received.end_pass(&sent.end_pass()));
            let mut want = tasks.clone();
            want.sort_by_key(|t| (t.key, t.alpha));
            got.sort_by_key(|t| (t.key, t.alpha));
            assert_eq!(got, want);
        }
    }
}
