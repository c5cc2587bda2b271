//! One `go`: the search runs on its own thread, prints `info` lines and
//! finally `bestmove`, while the command loop keeps answering the GUI.

use super::clock::{Budget, Stability};
use super::mate_probe;
use super::output::Output;
use crate::search_choice::ShogiSearcher;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use yomi_play::{mate_distance, Progress};
use yomi_search::{Iteration, Limits};
use yomi_shogi::board::Move;
use yomi_shogi_game::ShogiGame;
use yomi_tree::Game;

/// What the command loop and the search share.
pub(super) struct Control {
    pub stop: Arc<AtomicBool>,
    /// `go ponder` or `go infinite`: hold `bestmove` until `stop` or `ponderhit`.
    hold: AtomicBool,
    /// When the clock started (at `go`, or at `ponderhit`), with the budget.
    clock: Mutex<Option<(Instant, Budget)>>,
    budget: Option<Budget>,
    /// `bestmove` was sent: the thread is only handing the searcher back.
    answered: AtomicBool,
    /// The move to answer with if the search must end before it finishes
    /// (the MPI job ending): the deepest finished iteration's.
    best: Mutex<Option<Move>>,
    /// How settled that move is: the soft budget's scale.
    stability: Mutex<Stability>,
}

/// The running search, for whoever must answer for it early (see
/// `cluster`).
#[derive(Clone, Default)]
pub(crate) struct Pending(Arc<Mutex<Option<Arc<Control>>>>);

impl Pending {
    fn set(&self, control: Arc<Control>) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(control);
    }

    /// The `bestmove` line the running search owes, taken (the search
    /// thread will not send its own); `None` when nothing is owed.
    #[cfg(feature = "mpi")]
    pub(crate) fn take_answer(&self) -> Option<String> {
        let running = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let control = running.as_ref()?;
        if !control.answer() {
            return None;
        }
        let best = *control.best.lock().unwrap_or_else(|e| e.into_inner());
        Some(best.map_or("bestmove resign".to_string(), |mv| format!("bestmove {mv}")))
    }
}

impl Control {
    /// For a search without clock, ponder or fallback move (`go mate`).
    pub(super) fn unclocked() -> Arc<Control> {
        Arc::new(Control {
            stop: Arc::new(AtomicBool::new(false)),
            hold: AtomicBool::new(false),
            clock: Mutex::new(None),
            budget: None,
            answered: AtomicBool::new(false),
            best: Mutex::new(None),
            stability: Mutex::default(),
        })
    }

    /// Marks the answer as sent; false when it already was.
    pub(super) fn answer(&self) -> bool {
        !self.answered.swap(true, Ordering::SeqCst)
    }

    /// `stop`: end the search and answer.
    pub(super) fn stop(&self) {
        self.hold.store(false, Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
    }

    /// `ponderhit`: the predicted move was played; the clock runs from now.
    pub(super) fn ponderhit(self: &Arc<Self>) {
        self.start_clock(Instant::now());
        self.hold.store(false, Ordering::SeqCst);
    }

    /// Starts the clock as of `start` (when `go` or `ponderhit` arrived).
    fn start_clock(self: &Arc<Self>, start: Instant) {
        let Some(budget) = self.budget else {
            return;
        };
        *self.clock.lock().unwrap_or_else(|e| e.into_inner()) = Some((start, budget));
        // The hard limit is enforced from outside the search, to the millisecond.
        let stop = self.stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(budget.hard.saturating_sub(start.elapsed()));
            stop.store(true, Ordering::SeqCst);
        });
    }

    pub(super) fn answered(&self) -> bool {
        self.answered.load(Ordering::SeqCst)
    }

    /// After an iteration: whether starting another would overrun the soft
    /// budget, scaled by how settled the best move is.
    fn past_soft_limit(&self) -> bool {
        let scale = self
            .stability
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .scale();
        let clock = self.clock.lock().unwrap_or_else(|e| e.into_inner());
        clock.is_some_and(|(start, budget)| start.elapsed() >= budget.target(scale))
    }
}

/// What a `go` asks for.
pub(super) struct Request {
    pub limits: Limits,
    pub budget: Option<Budget>,
    /// Hold the answer until told (`ponder`, `infinite`).
    pub hold: bool,
    /// The clock starts later (`ponder`).
    pub ponder: bool,
    /// When `go` arrived: the clock runs from then.
    pub received: Instant,
    pub send_ponder_move: bool,
    /// Look for a mate with the mate search first (see `mate_probe`).
    pub mate_probe: bool,
}

pub(super) struct Running {
    pub control: Arc<Control>,
    /// Hands the searcher back (a mate search has none).
    pub handle: JoinHandle<Option<ShogiSearcher>>,
}

/// Starts searching `searcher`'s game; the thread hands the searcher back.
/// `pending` learns of the search.
pub(super) fn start(
    mut searcher: ShogiSearcher,
    request: Request,
    out: Output,
    pending: &Pending,
) -> Running {
    let stop = Arc::new(AtomicBool::new(false));
    let mut limits = request.limits;
    limits.stop = Some(stop.clone());
    let control = Arc::new(Control {
        stop,
        hold: AtomicBool::new(request.hold),
        clock: Mutex::new(None),
        budget: request.budget,
        answered: AtomicBool::new(false),
        best: Mutex::new(first_child(searcher.game_mut())),
        stability: Mutex::default(),
    });
    pending.set(control.clone());
    if !request.ponder {
        control.start_clock(request.received);
    }
    let shared = control.clone();
    let progress_out = out.clone();
    searcher.set_progress(Box::new(move |p| progress_out.line(&progress_line(p))));
    let handle = std::thread::spawn(move || {
        let mate = request
            .mate_probe
            .then(|| mate_probe::probe(searcher.game_mut().position(), &out))
            .flatten();
        let (best_move, pv) = match mate {
            Some(line) => (line.first().copied(), line),
            None => {
                let result = searcher.search(limits, |it| {
                    out.line(&info_line(it));
                    if let (1, Some(&mv)) = (it.multipv, it.pv.first()) {
                        *shared.best.lock().unwrap_or_else(|e| e.into_inner()) = Some(mv);
                        let mut stability =
                            shared.stability.lock().unwrap_or_else(|e| e.into_inner());
                        stability.update(mv);
                    }
                    if shared.past_soft_limit()
                        || found_mate(it) && !shared.hold.load(Ordering::SeqCst)
                    {
                        shared.stop.store(true, Ordering::SeqCst);
                    }
                });
                (result.best_move, result.pv)
            }
        };
        while shared.hold.load(Ordering::SeqCst) && !shared.stop.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(1));
        }
        // Without a finished iteration: the legal move kept since `go`.
        let best = best_move.or(*shared.best.lock().unwrap_or_else(|e| e.into_inner()));
        if !shared.answer() {
            return Some(searcher); // answered for already
        }
        out.line(&match best {
            None => "bestmove resign".to_string(),
            Some(mv) => match pv.get(1) {
                Some(reply) if request.send_ponder_move && best_move == Some(mv) => {
                    format!("bestmove {mv} ponder {reply}")
                }
                _ => format!("bestmove {mv}"),
            },
        });
        Some(searcher)
    });
    Running { control, handle }
}

/// A mate found at a depth that already covers it: deeper search won't change it.
fn found_mate(it: &Iteration<Move>) -> bool {
    mate_distance(it.value).is_some_and(|plies| plies.unsigned_abs() < it.depth)
}

/// A legal move when the search had no time to finish even its first iteration.
fn first_child(game: &mut ShogiGame) -> Option<Move> {
    let mut children = Vec::new();
    game.children(&mut children);
    children.first().copied()
}

/// A long iteration's progress: no score or line until it finishes.
fn progress_line(p: &Progress) -> String {
    let ms = p.elapsed.as_millis();
    let nps = (p.stats.nodes as f64 / p.elapsed.as_secs_f64().max(1e-3)) as u64;
    format!(
        "info depth {} seldepth {} nodes {} nps {nps} hashfull {} time {ms}",
        p.depth,
        p.stats.seldepth.max(p.depth),
        p.stats.nodes,
        p.hashfull,
    )
}

fn info_line(it: &Iteration<Move>) -> String {
    let ms = it.elapsed.as_millis();
    let nps = (it.stats.nodes as f64 / it.elapsed.as_secs_f64().max(1e-3)) as u64;
    let score = match mate_distance(it.value) {
        Some(plies) => format!("mate {plies}"),
        None => format!("cp {}", it.value),
    };
    let pv: Vec<String> = it.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {nps} hashfull {} time {ms} pv {}",
        it.depth,
        it.stats.seldepth.max(it.depth),
        it.multipv,
        it.stats.nodes,
        it.hashfull,
        pv.join(" ")
    )
}
