//! `yomi moves`: list the legal moves of positions read from stdin.

use clap::Args;
use std::io::{BufRead, BufWriter, Write};

/// List the legal moves of positions, one SFEN (or `startpos`) per stdin line.
///
/// Prints one line per input line: `ok<TAB><SFEN as Yomi writes it><TAB><moves
/// in USI notation, space separated>` or `error<TAB><message>`. Used by the
/// cross-check against an independent implementation.
#[derive(Args)]
pub(crate) struct MovesArgs {}

pub(crate) fn run(_args: &MovesArgs) -> Result<(), String> {
    let stdin = std::io::stdin();
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| format!("reading stdin: {e}"))?;
        let reply = match super::position_arg::parse_position(&line) {
            Ok(pos) => {
                let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
                format!("ok\t{}\t{}", pos.to_sfen(), moves.join(" "))
            }
            Err(e) => format!("error\t{e}"),
        };
        writeln!(out, "{reply}").map_err(|e| format!("writing stdout: {e}"))?;
    }
    out.flush().map_err(|e| format!("writing stdout: {e}"))
}
