//! The table-sharing ring of seed 000 §3.2: workers pass deep results to
//! the next worker around a ring; every entry carries the worker that added
//! it and is dropped before it would come back to that worker.

use serde::{Deserialize, Serialize};

/// A shared result and the worker that found it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shared<E> {
    pub origin: usize,
    pub entry: E,
}

/// The worker after `worker` on a ring of workers `1..=workers` (rank 0 is
/// the master).
pub(crate) fn next(worker: usize, workers: usize) -> usize {
    worker % workers + 1
}

/// What `worker` sends on: the entries it received (already inserted into
/// its own table) and its own new ones, less those whose origin is the next
/// worker, which has had them since it sent them round.
pub(crate) fn forward<E>(
    worker: usize,
    workers: usize,
    received: Vec<Shared<E>>,
    own: impl IntoIterator<Item = E>,
) -> Vec<Shared<E>> {
    let to = next(worker, workers);
    received
        .into_iter()
        .chain(own.into_iter().map(|entry| Shared {
            origin: worker,
            entry,
        }))
        .filter(|s| s.origin != to)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_go_round_once() {
        assert_eq!((next(1, 3), next(2, 3), next(3, 3)), (2, 3, 1));
        // Worker 1 adds "a"; it travels 1 → 2 → 3 and stops before 1.
        let from1 = forward(1, 3, vec![], ["a"]);
        assert_eq!(
            from1,
            [Shared {
                origin: 1,
                entry: "a"
            }]
        );
        let from2 = forward(2, 3, from1, ["b"]);
        assert_eq!(from2.len(), 2);
        let from3 = forward(3, 3, from2, ["c"]);
        let origins: Vec<usize> = from3.iter().map(|s| s.origin).collect();
        assert_eq!(origins, [2, 3], "worker 1's entry is not sent back to it");
        // With one worker nothing circulates.
        assert!(forward(1, 1, vec![], ["x"]).is_empty());
    }
}
