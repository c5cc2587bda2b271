//! The USI command loop: one command a line, answered at once, the search
//! on its own thread. A bad line gets `info string error: …` and changes
//! nothing.

use super::clock;
use super::eval_file::EvalFile;
use super::go::Go;
use super::input::{read_line, Line, MAX_LINE};
use super::mate_thread;
use super::options::{Method, Mode, Options, CLEAR_HASH};
use super::output::Output;
use super::search_thread::{self, Pending, Request, Running};
use crate::search_choice::{Ranks, ShogiSearcher};
use std::io::BufRead;
use std::time::{Duration, Instant};
use yomi_play::{root_text, root_with_net};
use yomi_search::Limits;
use yomi_shogi::{eval, GamePosition};
use yomi_shogi_game::ShogiGame;
use yomi_tree::{BranchLimit, Game};

/// The deepest search `go` without a depth asks for.
const MAX_DEPTH: u32 = 200;

struct Session {
    out: Output,
    options: Options,
    /// Built at `isready` (or the first `go`); away while a search runs.
    searcher: Option<ShogiSearcher>,
    /// The table size and mode the searcher was built for.
    built: Option<(usize, Mode)>,
    position: Option<GamePosition>,
    running: Option<Running>,
    /// The Threads value last said to be capped (said once, not every go).
    capped_threads: Option<usize>,
    /// Under mpirun: the other ranks, until the first searcher takes them.
    cluster: Option<Ranks>,
    pending: Pending,
    /// EvalDir's net, loaded at `isready`.
    eval_file: EvalFile,
}

/// Runs the protocol until `quit` or the end of input; `cluster`: the
/// other MPI ranks (under mpirun); `pending` hears of every search.
/// `search_params`: whether the search's parameters are options (for
/// tuning).
pub(crate) fn run(
    mut input: impl BufRead,
    out: Output,
    cluster: Option<Ranks>,
    pending: Pending,
    search_params: bool,
) {
    let mut session = Session {
        out,
        options: if search_params {
            Options::listing_search_params()
        } else {
            Options::default()
        },
        searcher: None,
        built: None,
        position: None,
        running: None,
        capped_threads: None,
        cluster,
        pending,
        eval_file: EvalFile::default(),
    };
    loop {
        let line = match read_line(&mut input) {
            Ok(Some(Line::Text(line))) => line,
            Ok(Some(Line::TooLong(n))) => {
                session
                    .out
                    .error(&format!("line of {n} bytes ignored (at most {MAX_LINE})"));
                continue;
            }
            Ok(None) => break,
            Err(e) => {
                session.out.error(&format!("reading input: {e}"));
                break;
            }
        };
        if !session.command(&line) {
            break;
        }
    }
    session.finish_search();
}

impl Session {
    /// Handles one line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, args)) = words.split_first() else {
            return true;
        };
        self.reap_finished_search();
        let result = match name {
            "usi" => {
                self.out
                    .line(concat!("id name Yomi ", env!("CARGO_PKG_VERSION")));
                self.out.line("id author the Yomi developers");
                for l in self.options.declarations().lines() {
                    self.out.line(l);
                }
                self.out.line("usiok");
                Ok(())
            }
            "isready" => {
                if self.running.is_none() {
                    if let Some(net) = self.eval_file.prepare(&self.options.eval_dir, &self.out) {
                        net.set_output_scale(self.options.fv_scale);
                    }
                    self.prepare_searcher();
                    // A new game follows `isready`: the table is cleared
                    // here, not at `usinewgame`, whose next `go` is timed.
                    if let Some(s) = &mut self.searcher {
                        s.clear_tables();
                    }
                }
                self.out.line("readyok");
                Ok(())
            }
            "eval" => {
                self.static_eval();
                Ok(())
            }
            "setoption" => self.setoption(args),
            "usinewgame" => {
                self.finish_search();
                Ok(())
            }
            "position" => GamePosition::parse(args).map(|p| self.position = Some(p)),
            "go" => self.go(args),
            "stop" => {
                if let Some(r) = &self.running {
                    r.control.stop();
                }
                Ok(())
            }
            "ponderhit" => {
                if let Some(r) = &self.running {
                    r.control.ponderhit();
                }
                Ok(())
            }
            "gameover" => {
                self.finish_search();
                Ok(())
            }
            // ShogiArena asks what its SPSA may tune.
            "usi_tunables" if self.options.search_params_listed => {
                self.out.info(&format!(
                    "shogiarena_tunables_json {}",
                    Options::search_params_manifest()
                ));
                self.out.line("usi_tunablesok");
                Ok(())
            }
            "quit" => return false,
            other => Err(format!("unknown command {:?}", truncate(other))),
        };
        if let Err(e) = result {
            self.out.error(&e);
        }
        true
    }

    fn setoption(&mut self, args: &[&str]) -> Result<(), String> {
        // A name may have spaces ("Clear Hash"): the words up to `value`.
        let (name, value) = match args {
            ["name", rest @ ..] if !rest.is_empty() && rest[0] != "value" => {
                match rest.iter().position(|&w| w == "value") {
                    Some(at) => (rest[..at].join(" "), rest[at + 1..].join(" ")),
                    None => (rest.join(" "), String::new()),
                }
            }
            _ => return Err("usage: setoption name <name> value <value>".into()),
        };
        if let Some(note) = self.options.set(&name, &value)? {
            self.out.info(&note);
        }
        if name.eq_ignore_ascii_case(CLEAR_HASH) {
            match (&mut self.searcher, &self.running) {
                (_, Some(_)) => return Err("the table is in use by the search: not cleared".into()),
                (Some(s), None) => s.clear_tables(),
                // Not yet built: it starts empty.
                (None, None) => {}
            }
        }
        Ok(())
    }

    /// Makes sure the searcher matches the options (allocating the table).
    fn prepare_searcher(&mut self) {
        let wanted = (self.options.hash_mb, self.options.mode);
        if self.searcher.is_some() && self.built == Some(wanted) {
            return;
        }
        // The old searcher goes first (freeing its table), handing back
        // the MPI ranks.
        if let Some(old) = self.searcher.take() {
            self.cluster = self.cluster.take().or(old.into_ranks());
        }
        let mut table_mb = wanted.0;
        if let Some(cap) = yomi_memory::table_cap_mb().filter(|&cap| table_mb > cap) {
            self.out.info(&format!(
                "USI_Hash {table_mb} MB is more than half of this machine's memory; using {cap} MB"
            ));
            table_mb = cap;
        }
        if let Some(ranks) = self.cluster.as_ref().filter(|_| self.built.is_none()) {
            self.out.info(&match ranks {
                Ranks::MasterWorker(w) => format!(
                    "MPI: rank 0 speaks USI; {} worker ranks search with it (the master/worker method)",
                    w.workers()
                ),
                Ranks::Cluster(c) => format!(
                    "MPI: rank 0 speaks USI; all {} ranks search, on {} machine(s), each machine's ranks sharing one table of USI_Hash MB, the machines exchanging deep entries (the cluster search; Threads: per rank)",
                    c.ranks(),
                    c.machines()
                ),
            });
        }
        let game = ShogiGame::new(GamePosition::startpos().start, BranchLimit::ALL);
        self.searcher = Some(ShogiSearcher::new(
            self.options.mode == Mode::Play,
            game,
            table_mb,
            self.cluster.take(),
        ));
        self.built = Some(wanted);
    }

    fn go(&mut self, args: &[&str]) -> Result<(), String> {
        let received = Instant::now();
        if self.running.is_some() {
            return Err("go while a search is running: ignored (send stop first)".into());
        }
        let go = Go::parse(args)?;
        let position = match &self.position {
            Some(p) => p.clone(),
            None => {
                self.out
                    .error("go before position: searching the start position");
                GamePosition::startpos()
            }
        };
        if let Some(time) = go.mate {
            let table_mb = yomi_memory::table_cap_mb()
                .map_or(self.options.hash_mb, |cap| cap.min(self.options.hash_mb));
            self.running = Some(mate_thread::start(
                position.current(),
                time,
                table_mb,
                self.out.clone(),
            ));
            return Ok(());
        }
        if !go.ponder && !go.infinite && position.current().can_declare_win() {
            self.out.line("bestmove win");
            return Ok(());
        }
        self.prepare_searcher();
        let mut searcher = self.searcher.take().expect("prepared above");
        let threads = self.capped_threads();
        searcher.set_network(self.eval_file.network());
        searcher.configure(threads, self.options.method);
        searcher.set_search_params(self.options.search_params);
        if self.options.mode == Mode::Research && searcher.runs_on_mpi() {
            self.out
                .info("research mode searches on rank 0 alone; the MPI ranks serve play mode");
        }
        if self.options.method == Method::UctTreesplit && searcher.runs_on_mpi() {
            self.out.info(
                "uct-treesplit runs on threads; under mpirun the ranks play alpha-beta's cluster search",
            );
        }
        if self.options.multipv > 1 && !searcher.gives_multipv() {
            self.out.info(match searcher.plays_uct() {
                true => "MultiPV with uct-treesplit: one line, the most visited move",
                false => {
                    "MultiPV with the paper's master and workers: one line, the master's best move"
                }
            });
        }
        let move_limit =
            (self.options.max_moves_to_draw > 0).then_some(self.options.max_moves_to_draw);
        let mut game = ShogiGame::new(position.start.clone(), self.options.branch_limit);
        game.set_move_limit(move_limit);
        for &mv in &position.moves {
            game.play(mv);
        }
        let mut text = root_text(
            self.options.branch_limit,
            move_limit,
            &position.start,
            &position.moves,
        );
        // Worker threads and MPI ranks load the net the text names.
        if let Some(file) = self
            .eval_file
            .file()
            .filter(|_| self.options.mode == Mode::Play)
        {
            text = root_with_net(&text, file, self.options.fv_scale);
        }
        searcher.set_game(game, text);
        let us = position.current().side_to_move();
        let margin = Duration::from_millis(self.options.margin_ms);
        let budget = if go.infinite {
            None
        } else {
            clock::budget(&go, us, margin)
        };
        let option_depth = (self.options.depth_limit > 0).then_some(self.options.depth_limit);
        let depth = [go.depth, option_depth]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(MAX_DEPTH);
        let option_nodes = (self.options.nodes_limit > 0).then_some(self.options.nodes_limit);
        let held = go.ponder || go.infinite;
        searcher.set_until_stopped(held);
        // UCT-Treesplit has no iterations to stop between: it searches to
        // the budget's target (the hard limit still stops it).
        let uct_time = budget
            .filter(|_| searcher.plays_uct() && !held)
            .map(|b| b.soft);
        let request = Request {
            limits: Limits {
                depth: depth.clamp(1, MAX_DEPTH),
                nodes: [go.nodes, option_nodes].into_iter().flatten().min(),
                time: uct_time,
                multipv: self.options.multipv,
                ..Limits::default()
            },
            budget,
            hold: held,
            ponder: go.ponder,
            received,
            send_ponder_move: self.options.ponder,
            // The play search's answer to a mate it may miss; research
            // mode is the paper's plain search, MultiPV wants its lines.
            mate_probe: self.options.mode == Mode::Play && !held && self.options.multipv == 1,
        };
        self.running = Some(search_thread::start(
            searcher,
            request,
            self.out.clone(),
            &self.pending,
        ));
        Ok(())
    }

    /// `eval`: the static evaluation of the current position, side to
    /// move's view, as the search would use it (the mode's evaluation; the
    /// net, where one is loaded and both kings stand), as YaneuraOu prints
    /// it.
    fn static_eval(&self) {
        let pos = self
            .position
            .as_ref()
            .map_or_else(|| GamePosition::startpos().current(), GamePosition::current);
        let net = self
            .eval_file
            .network()
            .filter(|_| self.options.mode == Mode::Play);
        let value = match net.and_then(|net| yomi_nnue::evaluate(&net, &pos)) {
            Some(v) => v,
            None if self.options.mode == Mode::Play => eval::PLAY.evaluate(&pos),
            None => eval::RESEARCH.evaluate(&pos),
        };
        self.out.line(&format!("eval = {value}"));
    }

    /// The Threads option, at most the machine's cores (said once when it
    /// is more).
    fn capped_threads(&mut self) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let threads = self.options.threads;
        if threads > cores && self.capped_threads != Some(threads) {
            self.out.info(&format!(
                "Threads {threads} is more than this machine's {cores} cores; using {cores}"
            ));
            self.capped_threads = Some(threads);
        }
        threads.min(cores)
    }

    /// Takes the searcher back from a search that has answered.
    fn reap_finished_search(&mut self) {
        if self.running.as_ref().is_some_and(|r| r.control.answered()) {
            self.finish_search();
        }
    }

    /// Stops a running search, waits for its `bestmove`, keeps the searcher.
    fn finish_search(&mut self) {
        let Some(running) = self.running.take() else {
            return;
        };
        running.control.stop();
        match running.handle.join() {
            Ok(searcher) => self.searcher = searcher.or(self.searcher.take()),
            Err(_) => self
                .out
                .error("the search failed; a new one starts at the next go"),
        }
    }
}

fn truncate(s: &str) -> String {
    s.chars().take(40).collect()
}
