//! `yomi nnue`: NNUE files in YaneuraOu's halfKP 256x2-32-32 format.

use crate::position_arg::parse_position;
use clap::{Args, Subcommand};
use std::path::PathBuf;
use std::time::Instant;
use yomi_nnue::Network;
use yomi_shogi::positions::parse_set;

/// Make and inspect NNUE nets (YaneuraOu's `nn.bin`, halfKP 256x2-32-32).
#[derive(Args)]
pub(crate) struct NnueArgs {
    #[command(subcommand)]
    command: NnueCommand,
}

#[derive(Subcommand)]
enum NnueCommand {
    /// Write a net with seeded random weights (YaneuraOu loads it as it is).
    Random {
        /// The seed: the same seed gives the same file.
        #[arg(long)]
        seed: u64,
        /// Where to write it (YaneuraOu looks for `EvalDir/nn.bin`).
        #[arg(long)]
        out: PathBuf,
    },
    /// Print a net's static value of positions, one line each: the value
    /// (side to move's view), then the position.
    Eval {
        /// The net (`nn.bin`).
        #[arg(long)]
        net: PathBuf,
        /// A position set file (one position a line, see positions/README.md).
        #[arg(long, conflicts_with = "sfen")]
        positions: Option<PathBuf>,
        /// One position as SFEN text.
        #[arg(long)]
        sfen: Option<String>,
        /// Use the scalar code even where AVX2 is present.
        #[arg(long)]
        scalar: bool,
    },
}

pub(crate) fn run(args: &NnueArgs) -> Result<(), String> {
    match &args.command {
        NnueCommand::Random { seed, out } => {
            let started = Instant::now();
            Network::random(*seed)
                .save(out)
                .map_err(|e| e.to_string())?;
            eprintln!(
                "wrote {} (seed {seed}) in {:.1} s",
                out.display(),
                started.elapsed().as_secs_f64()
            );
            Ok(())
        }
        NnueCommand::Eval {
            net,
            positions,
            sfen,
            scalar,
        } => {
            let mut network = Network::load(net).map_err(|e| format!("{}: {e}", net.display()))?;
            if *scalar {
                network = network.scalar();
            }
            let list = match (positions, sfen) {
                (Some(path), _) => {
                    let text = std::fs::read_to_string(path)
                        .map_err(|e| format!("reading {}: {e}", path.display()))?;
                    parse_set(&text)
                        .map_err(|e| format!("{}: {e}", path.display()))?
                        .into_iter()
                        .map(|e| e.position)
                        .collect()
                }
                (None, Some(text)) => vec![parse_position(text)?],
                (None, None) => return Err("give --positions FILE or --sfen SFEN".into()),
            };
            for pos in &list {
                match yomi_nnue::evaluate(&network, pos) {
                    Some(v) => println!("{v}\t{}", pos.to_sfen()),
                    None => println!("-\t{} (no value: halfKP needs both kings)", pos.to_sfen()),
                }
            }
            Ok(())
        }
    }
}
