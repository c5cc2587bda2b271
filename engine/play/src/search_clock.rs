//! When the play search stops and when it reports: its limits, when it
//! started, and the node count at which it next looks at both.

use std::time::{Duration, Instant};
use yomi_search::{Limits, Stats};

/// Nodes between two checks of the limits.
pub(super) const CHECK_EVERY: u64 = 1024;

/// The search's state in the middle of an iteration.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The running iteration.
    pub depth: u32,
    /// Counts since the search began.
    pub stats: Stats,
    pub elapsed: Duration,
    /// Permille of the table used by this search.
    pub hashfull: u32,
}

/// How often a long iteration reports its progress.
const REPORT_EVERY: Duration = Duration::from_secs(1);

/// Called with the progress about once a second during a search.
pub type ProgressReport = Box<dyn FnMut(&Progress) + Send>;

pub(super) struct SearchClock {
    pub(super) limits: Limits,
    pub(super) start: Instant,
    /// The node count at which the limits are next checked.
    pub(super) next_check: u64,
    /// The search was stopped: every node returns at once.
    pub(super) aborted: bool,
    progress: Option<ProgressReport>,
    next_report: Duration,
}

impl SearchClock {
    pub(super) fn new() -> SearchClock {
        SearchClock {
            limits: Limits::default(),
            start: Instant::now(),
            next_check: CHECK_EVERY,
            aborted: false,
            progress: None,
            next_report: REPORT_EVERY,
        }
    }

    /// A new search under `limits`, from now.
    pub(super) fn restart(&mut self, limits: Limits) {
        self.limits = limits;
        self.start = Instant::now();
        self.next_check = CHECK_EVERY;
        self.next_report = REPORT_EVERY;
        self.aborted = false;
    }

    pub(super) fn set_progress(&mut self, report: ProgressReport) {
        self.progress = Some(report);
    }

    /// Reports `progress()` if a report is due.
    pub(super) fn report(&mut self, progress: impl FnOnce(Duration) -> Progress) {
        if let Some(report) = &mut self.progress {
            let elapsed = self.start.elapsed();
            if elapsed >= self.next_report {
                self.next_report = elapsed + REPORT_EVERY;
                report(&progress(elapsed));
            }
        }
    }
}
