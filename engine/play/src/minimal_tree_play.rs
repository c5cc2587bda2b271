//! The paper's master and workers playing a game (seed 000 §6, future
//! work): iterative deepening at the root, one parallel search a depth,
//! the master keeping the root's moves (d′ = 1) and re-predicting which
//! need searching from the workers' partial results; the workers search
//! their tasks with the play search and keep their tables and histories
//! between depths and moves. A move is there at any moment after the first
//! pass. Workers are threads sharing one table, or MPI ranks.
//!
//! What makes the paper's method a game searcher (each measured by time to
//! depth; docs/results/ has the figures): the root searches an aspiration
//! window around the last depth's value, so that the first move's task is
//! narrow; scouts are null windows (no ε, see `EPS`); a move whose scout
//! beats alpha only on a shallower result is neither re-searched with the
//! wide window nor made the first move until its scout at this depth says
//! so; a task is searched as the node a ply below the root, with the
//! sequential search's pruning there (see `task`); histories age only
//! when the root changes; and a worker whose queue runs dry is handed a
//! busy worker's next position.

use super::net_files::split_root;
use super::play_searcher::{PlaySearcher, MATE_ZONE};
use super::rank_watch::{Notice, RankWatch};
use super::table::PlayTable;
use super::watched_workers::WatchedWorkers;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use yomi_methods::minimal_tree::deepen;
use yomi_methods::minimal_tree::WorkerConfig;
use yomi_methods::minimal_tree::{announce, quit, serve, worker_inbox};
use yomi_methods::minimal_tree::{Master, MasterOutcome};
use yomi_methods::minimal_tree::{Message, Report};
use yomi_runtime::{thread_transports, Transport};
use yomi_search::{Iteration, Limits, SearchResult, DEFAULT_POLL_NODES};
use yomi_shogi::board::{Move, Position};
use yomi_shogi_game::ShogiGame;
use yomi_tree::{BranchLimit, Game, Value};

/// Plies of the master's tree: the root's moves. Deeper trees give the
/// play search's workers too many small tasks.
const D_PRIME: u32 = 1;

/// The ε of the workers' windows: the master runs NegaScout, so that once
/// the previous depth has given the root a value, the other moves are
/// tested with narrow windows around it rather than searched in full. The
/// play search keeps its own table, so it gains nothing from wider
/// windows, and a window wider than null makes the task's node a PV node
/// that the search neither prunes nor cuts from its table: time to depth
/// 11 on `bench --play --positions 32 --threads 2 --method master-worker`,
/// four runs each, ε 0 2,205–2,676 ms, ε 1 2,751–3,303 ms (earlier, with
/// tasks searched as roots: ε 1 the best of 1, 5, 15, 50 and 150).
const EPS: Value = 0;

/// Rank 0's transport, of whichever kind.
type AnyTransport = Box<dyn Transport<Message> + Send>;

/// Rank 0's side of the method: the transport to the workers, and their
/// threads and table if they are threads.
pub struct MasterWorker {
    transport: AnyTransport,
    threads: Vec<JoinHandle<()>>,
    /// The worker threads' table: it continues the master's move into a
    /// principal variation (MPI ranks' tables are out of reach).
    table: Option<Arc<PlayTable>>,
    /// Searches so far: each search's id.
    searches: u64,
    /// A line on stderr per depth (`YOMI_MW_TRACE`): where the time went.
    trace: bool,
    notice: Arc<Mutex<Option<Notice>>>,
    lost: Arc<AtomicBool>,
}

impl MasterWorker {
    /// `workers` worker threads sharing `table` (the single-thread
    /// searcher's: what either finds serves the other).
    pub fn on_threads(workers: usize, table: Arc<PlayTable>) -> Self {
        let mut transports = thread_transports::<Message>(workers.max(1) + 1).into_iter();
        let rank0 = transports.next().expect("rank 0");
        let threads = transports
            .map(|t| {
                let table = table.clone();
                std::thread::spawn(move || serve_play(t, table))
            })
            .collect();
        MasterWorker {
            transport: Box::new(rank0),
            threads,
            table: Some(table),
            searches: 0,
            trace: tracing(),
            notice: Arc::default(),
            lost: Arc::default(),
        }
    }

    /// Rank 0 of an MPI run (or any transport whose other ranks run
    /// [`serve_play`]); a worker rank that stops answering is dropped
    /// (see `watched_workers`).
    pub fn new(transport: impl Transport<Message> + Send + 'static) -> Self {
        let notice = Arc::default();
        let watch = RankWatch::new(transport.size(), Arc::clone(&notice));
        let lost = watch.lost();
        MasterWorker {
            transport: Box::new(WatchedWorkers::new(transport, watch)),
            threads: Vec::new(),
            table: None,
            searches: 0,
            trace: tracing(),
            notice,
            lost,
        }
    }

    /// Where to say that a worker rank was dropped (see `rank_watch`).
    pub fn on_notice(&self, say: Notice) {
        *self.notice.lock().unwrap_or_else(|e| e.into_inner()) = Some(say);
    }

    /// Set once a worker rank has been dropped.
    pub fn lost_ranks(&self) -> Arc<AtomicBool> {
        self.lost.clone()
    }

    /// Worker ranks.
    pub fn workers(&self) -> usize {
        self.transport.size() - 1
    }

    /// Searches `root` (which `root_text` names, see [`root_text`]) to
    /// `limits.depth` or until its limits end it; `on_iteration` hears
    /// every finished depth (one line: the master's best move, continued
    /// from the worker threads' table). One master serves every depth,
    /// keeping what the last one found.
    pub fn search(
        &mut self,
        root: &ShogiGame,
        root_text: &str,
        limits: &Limits,
        mut on_iteration: impl FnMut(&Iteration<Move>),
    ) -> SearchResult<Move> {
        let table = self.table.clone();
        let with_line = |pv: &mut Vec<Move>| {
            if let Some(table) = &table {
                continue_from_table(root, table, pv);
            }
        };
        let max_depth = limits.depth.max(2);
        let searches = &mut self.searches;
        let mut last: Option<Value> = None;
        let trace = self.trace;
        let mut master = Master::new(root.clone(), &mut self.transport, 2, D_PRIME)
            .with_negascout(true)
            .with_decided_research();

        // The last line reported: the answer's, when its move is the
        // answer's (the table goes on changing after a depth ends).
        let mut reported = Vec::new();
        let report = |it: &Iteration<Move>| {
            let mut it = it.clone();
            with_line(&mut it.pv);
            it.hashfull = table.as_ref().map_or(0, |t| t.permille_full());
            on_iteration(&it);
            reported.clone_from(&it.pv);
        };
        let mut result = deepen(limits, 2..=max_depth, report, |depth, stop| {
            *searches += 1;
            let config = WorkerConfig {
                updates: true,
                table_mb: 0,
                eps: Some(EPS),
                confirmed_deepening: false,
                idle_deepening: false,
                signature_first: false,
                fail_soft: false,
                poll_nodes: DEFAULT_POLL_NODES,
                share_plies: None,
                search_id: *searches,
                say_idle: true,
            };
            master.deepen_to(depth);
            master.set_aspiration(last.filter(|v| depth >= 5 && v.abs() < MATE_ZONE));
            master.set_stop(move || stop());
            announce(master.transport_mut(), root_text, &config);
            let started = Instant::now();
            let outcome = master.run();
            if trace {
                eprintln!("{}", trace_line(depth, started.elapsed(), &outcome));
            }
            last = outcome.complete.then_some(outcome.value);
            outcome
        });
        if reported.first() == result.pv.first() {
            result.pv = reported;
        } else {
            with_line(&mut result.pv);
        }
        result
    }
}

/// Whether `YOMI_MW_TRACE` asks for a line per depth.
fn tracing() -> bool {
    std::env::var_os("YOMI_MW_TRACE").is_some()
}

/// One depth's account: its time, the master's share of it spent waiting
/// for results (the rest went to passes), and the workers' time idle
/// (before the first task and after) and inside task searches (the rest
/// went to messages, queue upkeep and replaying paths), summed over the
/// workers.
fn trace_line(depth: u32, took: Duration, outcome: &MasterOutcome<Move>) -> String {
    let ms = |s: f64| s * 1e3;
    let reports = &outcome.reports;
    let sum = |f: fn(&Report) -> f64| reports.iter().map(f).sum::<f64>();
    format!(
        "mw-trace depth={depth} ms={:.1} waiting_ms={:.1} passes={} tasks={} workers={} idle_ms={:.1} searching_ms={:.1} nodes={}",
        ms(took.as_secs_f64()),
        ms(outcome.waiting.as_secs_f64()),
        outcome.passes,
        outcome.tasks_sent,
        reports.len(),
        ms(sum(|r| r.startup_idle_s + r.other_idle_s)),
        ms(sum(|r| r.searching_s)),
        reports.iter().map(|r| r.stats.nodes).sum::<u64>(),
    )
}

/// Longest line the table continues with.
const MAX_LINE: usize = 32;

/// Continues `pv` (the master's move) with the table's moves, while they
/// are legal and repeat no position: the line a GUI shows, and the move to
/// ponder on.
fn continue_from_table(root: &ShogiGame, table: &PlayTable, pv: &mut Vec<Move>) {
    let mut game = root.clone();
    for &mv in pv.iter() {
        game.play(mv);
    }
    while !pv.is_empty() && pv.len() < MAX_LINE && game.repetition().is_none() {
        let Some(mv) = table.probe(game.hash()).map(|hit| hit.mv) else {
            break;
        };
        if mv == Move::NONE || !game.position().is_legal(mv) {
            break;
        }
        game.play(mv);
        pv.push(mv);
    }
}

/// A worker rank's life in games: searches with the play search and a
/// table (`table`, which worker threads share), evaluating with the net
/// each root's text names (`root_with_net`), until rank 0 quits.
pub fn serve_play<T: Transport<Message>>(transport: T, table: Arc<PlayTable>) {
    let game = ShogiGame::new(Position::startpos(), BranchLimit::ALL);
    let mut searcher = PlaySearcher::with_hook(game, table, worker_inbox(transport));
    serve(&mut searcher, root_game);
}

impl Drop for MasterWorker {
    fn drop(&mut self) {
        quit(&mut self.transport);
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// A game's root as the workers rebuild it: the branch limit, the move
/// limit (0: none; see [`ShogiGame::set_move_limit`]), the first position's
/// SFEN and the moves played since (they carry the repetition history).
pub fn root_text(
    branch_limit: BranchLimit,
    move_limit: Option<u32>,
    start: &Position,
    moves: &[Move],
) -> String {
    let mut text = format!(
        "{branch_limit} {} {} moves",
        move_limit.unwrap_or(0),
        start.to_sfen()
    );
    for mv in moves {
        text.push(' ');
        text.push_str(&mv.to_string());
    }
    text
}

/// The game [`root_text`] names, its moves played (a net's file after it,
/// [`crate::root_with_net`], is left to `net_files`).
pub fn root_game(text: &str) -> Result<ShogiGame, String> {
    let (text, _) = split_root(text);
    let mut words = text.split_whitespace();
    let branch_limit = words
        .next()
        .and_then(|b| b.parse().ok())
        .map(BranchLimit::top)
        .ok_or("no branch limit")?;
    let move_limit: u32 = words
        .next()
        .and_then(|n| n.parse().ok())
        .ok_or("no move limit")?;
    let sfen: Vec<&str> = words.by_ref().take_while(|&w| w != "moves").collect();
    let start = Position::from_sfen(&sfen.join(" ")).map_err(|e| e.to_string())?;
    let mut game = ShogiGame::new(start, branch_limit);
    game.set_move_limit((move_limit > 0).then_some(move_limit));
    for word in words {
        let mv = game
            .position()
            .parse_usi_move(word)
            .map_err(|e| format!("{word}: {e}"))?;
        game.play(mv);
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_root_text_gives_the_game_back() {
        let mut game = ShogiGame::new(Position::startpos(), BranchLimit::top(7));
        let mut moves = Vec::new();
        for text in ["7g7f", "3c3d", "8h2b+"] {
            let mv = game.position().parse_usi_move(text).unwrap();
            game.play(mv);
            moves.push(mv);
        }
        let back = root_game(&root_text(
            BranchLimit::top(7),
            Some(3),
            &Position::startpos(),
            &moves,
        ))
        .unwrap();
        assert_eq!(back.hash(), game.hash());
        assert_eq!(back.branch_limit(), BranchLimit::top(7));
        assert!(back.past_move_limit(), "three moves played, the limit 3");
        let unlimited = root_game(&root_text(
            BranchLimit::ALL,
            None,
            &Position::startpos(),
            &moves,
        ))
        .unwrap();
        assert!(!unlimited.past_move_limit());
        assert!(root_game("0 0 not a sfen moves").is_err());
        assert!(root_game(
            "0 0 lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 5e5a"
        )
        .is_err());
    }
}
