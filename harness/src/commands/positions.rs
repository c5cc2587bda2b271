//! `yomi-harness positions`: checks a position file.

use clap::Args;
use yomi_shogi::positions::parse_set;

/// Validate a position file (a position a line: `sfen <SFEN>`, a bare SFEN or
/// `startpos`, each maybe with `moves …`, then a tab and metadata) and list
/// each position's legal move count.
#[derive(Args)]
pub(crate) struct PositionsArgs {
    #[arg(default_value = "positions/pro_middlegame_32.sfen")]
    file: String,
}

pub(crate) fn run(args: &PositionsArgs) -> Result<(), String> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| format!("cannot read {}: {e}", args.file))?;
    for e in parse_set(&text)? {
        println!(
            "{:>3}  moves {:>3}  {}",
            e.line,
            e.position.count_legal_moves(),
            e.meta
        );
    }
    Ok(())
}
