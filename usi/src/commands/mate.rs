//! `yomi mate`: the mate search over a set of positions, with time per
//! solved mate and nodes per second.

use super::position_arg::parse_position;
use clap::Args;
use std::time::Duration;
use yomi_play::{Mate, MateLimits, MateSearch};
use yomi_shogi::positions::{parse_set, SetEntry};

/// Solve mates (the side to move mating by checks) with the `go mate`
/// search, one line per position, then a summary.
#[derive(Args)]
pub(crate) struct MateArgs {
    /// A position set file (one position a line, see positions/README.md).
    #[arg(long, conflicts_with = "sfen")]
    positions: Option<std::path::PathBuf>,
    /// One position as SFEN text.
    #[arg(long)]
    sfen: Option<String>,
    /// Time per position in milliseconds.
    #[arg(long, default_value_t = 3000)]
    time_ms: u64,
    /// The proof table's size in MB.
    #[arg(long, default_value_t = 256)]
    hash_mb: usize,
}

pub(crate) fn run(args: &MateArgs) -> Result<(), String> {
    let entries = match (&args.positions, &args.sfen) {
        (Some(path), _) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("reading {}: {e}", path.display()))?;
            parse_set(&text).map_err(|e| format!("{}: {e}", path.display()))?
        }
        (None, Some(sfen)) => vec![SetEntry {
            line: 1,
            position: parse_position(sfen)?,
            meta: String::new(),
        }],
        (None, None) => return Err("give --positions FILE or --sfen SFEN".into()),
    };
    let limits = MateLimits {
        time: Some(Duration::from_millis(args.time_ms)),
        ..MateLimits::default()
    };
    let (mut solved, mut solved_time, mut nodes, mut time) = (0, Duration::ZERO, 0, Duration::ZERO);
    for entry in &entries {
        // A fresh table for each, as a GUI's `go mate` would meet it.
        let mut search = MateSearch::new(args.hash_mb);
        let report = search.solve(&entry.position, &limits);
        let result = match &report.mate {
            Mate::Mate(line) => {
                solved += 1;
                solved_time += report.elapsed;
                format!("mate {} plies", line.len())
            }
            Mate::NoMate => "nomate".into(),
            Mate::Unknown => "timeout".into(),
        };
        nodes += report.nodes;
        time += report.elapsed;
        println!(
            "line {:>4}  {result:<16} nodes {:>10}  time_ms {:>6}  {}",
            entry.line,
            report.nodes,
            report.elapsed.as_millis(),
            entry.meta
        );
    }
    let per_solved = solved_time.as_secs_f64() * 1e3 / f64::from(solved.max(1));
    let nps = nodes as f64 / time.as_secs_f64().max(1e-9);
    println!(
        "solved {solved}/{} mean_ms_per_solved {per_solved:.1} nodes {nodes} nps {nps:.0}",
        entries.len()
    );
    Ok(())
}
