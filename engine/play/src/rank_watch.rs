//! Which of the cluster's ranks still answer. A searching rank tells rank
//! 0 its nodes every 100 ms (its heartbeat); one silent for `SILENCE`
//! during a search is taken for hung (a stopped process, a stalled node)
//! and dropped: rank 0 no longer sends to it or waits for it, and says so
//! once. Rank 0 never waits longer than `REPORT_WAIT` for the reports at
//! the end of a search (its `bestmove` waits for them): a rank late with
//! its report is not dropped for that alone, as a loaded machine may be
//! slow; if it is hung, its silence in the next search drops it. A rank
//! that dies outright ends the MPI job instead (see the engine's
//! `mpi_ranks`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use yomi_runtime::Rank;

/// A searching rank silent this long is dropped (ten missed heartbeats:
/// a loaded machine's scheduler delays a rank's link thread by far less).
pub(super) const SILENCE: Duration = Duration::from_secs(1);

/// How long rank 0 waits for the reports after `Stop`: its `bestmove`
/// waits for them, and must come within the byoyomi, so the wait fits in
/// the default `ByoyomiMargin` (100 ms) with room to spare. Answering
/// ranks report within a few milliseconds, also on a loaded machine
/// (4–24 ms with two ranks and two busy loops on two cores); a late one
/// costs only its count of nodes (and, in master-worker play, its tasks
/// until it answers: see `watched_workers`).
pub(super) const REPORT_WAIT: Duration = Duration::from_millis(50);

/// How long rank 0 waits for the machines' new tables (`isready`).
pub(super) const TABLE_WAIT: Duration = Duration::from_secs(10);

/// Where rank 0 says that a rank was dropped (the engine: an `info
/// string`); until one is set, standard error.
pub type Notice = Box<dyn Fn(&str) + Send>;

pub(super) struct RankWatch {
    last_heard: Vec<Instant>,
    /// Missed the last report and not heard since: its silence goes on
    /// counting into the next search.
    late: Vec<bool>,
    dropped: Vec<bool>,
    /// Set once any rank is dropped (read by the engine at its end).
    lost: Arc<AtomicBool>,
    notice: Arc<Mutex<Option<Notice>>>,
}

impl RankWatch {
    pub(super) fn new(ranks: usize, notice: Arc<Mutex<Option<Notice>>>) -> RankWatch {
        RankWatch {
            last_heard: vec![Instant::now(); ranks],
            late: vec![false; ranks],
            dropped: vec![false; ranks],
            lost: Arc::new(AtomicBool::new(false)),
            notice,
        }
    }

    /// The flag set once a rank is dropped.
    pub(super) fn lost(&self) -> Arc<AtomicBool> {
        self.lost.clone()
    }

    /// The ranks other than 0 still in the search.
    pub(super) fn live(&self) -> Vec<Rank> {
        (1..self.dropped.len())
            .filter(|&r| !self.dropped[r])
            .collect()
    }

    pub(super) fn is_live(&self, rank: Rank) -> bool {
        !self.dropped[rank]
    }

    pub(super) fn heard(&mut self, rank: Rank) {
        self.last_heard[rank] = Instant::now();
        self.late[rank] = false;
    }

    /// These ranks missed their report.
    pub(super) fn late(&mut self, ranks: &[Rank]) {
        for &rank in ranks {
            self.late[rank] = true;
        }
    }

    /// A search begins: the silence of every rank that is not late counts
    /// from now.
    pub(super) fn start(&mut self) {
        let now = Instant::now();
        for (heard, late) in self.last_heard.iter_mut().zip(&self.late) {
            if !late {
                *heard = now;
            }
        }
    }

    /// Drops the live ranks silent for `SILENCE`.
    pub(super) fn drop_silent(&mut self) {
        for rank in self.live() {
            let silent = self.last_heard[rank].elapsed();
            if silent >= SILENCE {
                self.drop_rank(
                    rank,
                    &format!("sent nothing for {} ms of the search", silent.as_millis()),
                );
            }
        }
    }

    /// Drops `rank` and says why.
    pub(super) fn drop_rank(&mut self, rank: Rank, why: &str) {
        if self.dropped[rank] {
            return;
        }
        self.dropped[rank] = true;
        self.lost.store(true, Ordering::SeqCst);
        let left = self.live().len() + 1;
        let text = format!(
            "MPI rank {rank} {why}: dropped from the search; {left} rank(s) go on (quit ends the job)"
        );
        match &*self.notice.lock().unwrap_or_else(|e| e.into_inner()) {
            Some(say) => say(&text),
            None => eprintln!("yomi: {text}"),
        }
    }
}
