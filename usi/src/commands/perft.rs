//! `yomi perft`: count the leaves of the legal move tree.

use super::position_arg::parse_position;
use clap::Args;
use std::time::Instant;
use yomi_shogi::board::{divide, perft};

/// Count the leaves of the legal move tree to a fixed depth.
///
/// The last ply is bulk-counted: at nodes one ply above the leaves the legal
/// moves are counted (from the sizes of the generator's target sets), not
/// played. Ends with one line `nodes <N> time_ms <T> nps <NPS>`.
#[derive(Args)]
pub(crate) struct PerftArgs {
    /// The position as SFEN text, or `startpos`.
    #[arg(long, default_value = "startpos")]
    sfen: String,
    /// Depth in plies.
    #[arg(long)]
    depth: u32,
    /// Print the count below each legal move first.
    #[arg(long)]
    divide: bool,
}

pub(crate) fn run(args: &PerftArgs) -> Result<(), String> {
    let mut pos = parse_position(&args.sfen)?;
    let start = Instant::now();
    let nodes = if args.divide && args.depth > 0 {
        let mut total = 0;
        for (mv, n) in divide(&mut pos, args.depth) {
            println!("{mv}: {n}");
            total += n;
        }
        total
    } else {
        perft(&mut pos, args.depth)
    };
    let elapsed = start.elapsed();
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    println!("nodes {nodes} time_ms {} nps {nps}", elapsed.as_millis());
    Ok(())
}
