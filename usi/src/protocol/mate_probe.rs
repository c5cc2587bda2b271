//! The play search's mate probe: a short mate search before each `go`
//! in play mode, whose mate is played at once.

use super::output::Output;
use yomi_play::{Mate, MateLimits, MateSearch};
use yomi_shogi::board::{Move, Position};

/// The probe's budget: about 10 ms (the mate search expands well over a
/// million positions a second). On the 50 mates of
/// `positions/tsume_pro_endings.sfen` it finds every one, where the play
/// search at byoyomi 1 s announces 44.
const PROBE_NODES: u64 = 20_000;

/// The probe's table, MB at most (it grows as it fills).
const PROBE_TABLE_MB: usize = 16;

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
