//! One `go mate`: the mate search on its own thread, answered with
//! `checkmate <moves>`, `checkmate nomate` or `checkmate timeout` (also
//! after `stop`), while the command loop keeps answering the GUI. And the
//! play search's probe: a short mate search before each `go`.

use super::output::Output;
use super::search_thread::{Control, Running};
use std::time::Duration;
use yomi_play::{Mate, MateLimits, MateSearch};
use yomi_shogi::board::{Move, Position};

/// The probe's budget: about 10 ms (the mate search expands well over a
/// million positions a second). On the 50 mates of
/// `positions/tsume_pro_endings.sfen` it finds every one, where the play
/// search at byoyomi 1 s announces 44.
const PROBE_NODES: u64 = 20_000;

/// The probe's table, MB at most (it grows as it fills).
const PROBE_TABLE_MB: usize = 16;

/// The search recurses a frame a ply (with a move list each) down long
/// mating lines: more stack than a thread's default.
const STACK: usize = 64 << 20;

/// Starts the mate search for the side to move in `position`, for `time`
/// (`None`: until found or stopped), with a table of `table_mb`.
pub(super) fn start(
    position: Position,
    time: Option<Duration>,
    table_mb: usize,
    out: Output,
) -> Running {
    let control = Control::unclocked();
    let shared = control.clone();
    let handle = std::thread::Builder::new()
        .name("mate".into())
        .stack_size(STACK)
        .spawn(move || {
            let limits = MateLimits {
                time,
                nodes: None,
                stop: Some(shared.stop.clone()),
            };
            let report = MateSearch::new(table_mb).solve(&position, &limits);
            let ms = report.elapsed.as_millis();
            let nps = (report.nodes as f64 / report.elapsed.as_secs_f64().max(1e-3)) as u64;
            out.line(&format!("info time {ms} nodes {} nps {nps}", report.nodes));
            if shared.answer() {
                out.line(&match report.mate {
                    Mate::Mate(line) => {
                        let moves: Vec<String> = line.iter().map(|m| m.to_string()).collect();
                        format!("checkmate {}", moves.join(" "))
                    }
                    Mate::NoMate => "checkmate nomate".into(),
                    Mate::Unknown => "checkmate timeout".into(),
                });
            }
            None
        })
        .expect("the mate search's thread starts");
    Running { control, handle }
}

/// A mate for the side to move in `pos` found within `PROBE_NODES`: its
/// line, said as an `info` line with `score mate`.
pub(super) fn probe(pos: &Position, out: &Output) -> Option<Vec<Move>> {
    let limits = MateLimits {
        nodes: Some(PROBE_NODES),
        ..MateLimits::default()
    };
    let report = MateSearch::new(PROBE_TABLE_MB).solve(pos, &limits);
    let Mate::Mate(line) = report.mate else {
        return None;
    };
    let ms = report.elapsed.as_millis();
    let nps = (report.nodes as f64 / report.elapsed.as_secs_f64().max(1e-3)) as u64;
    let moves: Vec<String> = line.iter().map(|m| m.to_string()).collect();
    out.line(&format!(
        "info depth {0} seldepth {0} score mate {0} nodes {1} nps {nps} time {ms} pv {2}",
        line.len(),
        report.nodes,
        moves.join(" ")
    ));
    Some(line)
}
