//! One `go mate`: the mate search on its own thread, answered with
//! `checkmate <moves>`, `checkmate nomate` or `checkmate timeout` (also
//! after `stop`), while the command loop keeps answering the GUI.

use super::output::Output;
use super::search_thread::{Control, Running};
use std::time::Duration;
use yomi_play::{Mate, MateLimits, MateSearch};
use yomi_shogi::board::Position;

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
