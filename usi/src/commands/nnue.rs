//! `yomi nnue`: NNUE files in YaneuraOu's halfKP 256x2-32-32 format.

use super::out_file;
use super::position_arg::parse_position;
use clap::{Args, Subcommand};
use std::path::PathBuf;
use std::time::Instant;
use yomi_nnue::{Network, Sample, TrainOptions};
use yomi_shogi::board::{Color, Position};
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
    /// Train a net on `yomi selfplay` positions (their search values and
    /// game results) and write it.
    Train {
        /// Position files of `yomi selfplay` ("SFEN<TAB>result<TAB>value").
        #[arg(long, required = true, num_args = 1..)]
        data: Vec<PathBuf>,
        /// Where to write the net.
        #[arg(long)]
        out: PathBuf,
        #[arg(long, default_value_t = 8)]
        epochs: u32,
        /// Positions per step.
        #[arg(long, default_value_t = 1024)]
        batch: usize,
        /// Adam's learning rate in the first epoch.
        #[arg(long, default_value_t = 1e-3)]
        lr: f32,
        /// Each epoch's learning rate is the last one's times this.
        #[arg(long, default_value_t = 0.75)]
        decay: f32,
        /// The weight of the search's value against the game's result.
        #[arg(long, default_value_t = 0.5)]
        lambda: f32,
        /// Seed of the first weights and the order of positions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
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
            out_file::check(out)?;
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
        NnueCommand::Train {
            data,
            out,
            epochs,
            batch,
            lr,
            decay,
            lambda,
            seed,
        } => {
            let started = Instant::now();
            // A path that cannot be written fails now, not after training.
            out_file::check(out)?;
            let samples = read_samples(data)?;
            eprintln!(
                "{} positions read in {:.1} s",
                samples.len(),
                started.elapsed().as_secs_f64()
            );
            let options = TrainOptions {
                epochs: *epochs,
                batch: *batch,
                learning_rate: *lr,
                decay: *decay,
                lambda: *lambda,
                seed: *seed,
                ..TrainOptions::default()
            };
            let net = yomi_nnue::train(&samples, &options, |r| {
                eprintln!(
                    "epoch {} lr {:.2e}: loss {:.5} (held out {:.5}), rounding {:.1} cp, {:.0} positions/s",
                    r.epoch, r.learning_rate, r.train_loss, r.validation_loss, r.rounding_cp, r.samples_per_s
                );
            })?;
            net.save(out).map_err(|e| e.to_string())?;
            eprintln!(
                "wrote {} after {:.0} s",
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

/// `yomi selfplay`'s lines: SFEN, Black's result, the search's value for
/// the side to move.
fn read_samples(paths: &[PathBuf]) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for (n, line) in text.lines().enumerate() {
            let at = || format!("{}:{}", path.display(), n + 1);
            let fields: Vec<&str> = line.split('\t').collect();
            let [sfen, result, value] = fields[..] else {
                return Err(format!(
                    "{}: expected SFEN<TAB>result<TAB>value (yomi selfplay writes the value since this version)",
                    at()
                ));
            };
            let position = Position::from_sfen(sfen).map_err(|e| format!("{}: {e}", at()))?;
            let black: f32 = match result.parse() {
                Ok(r) if (0.0..=1.0).contains(&r) => r,
                _ => return Err(format!("{}: result {result:?} is not 0, 0.5 or 1", at())),
            };
            let value: i32 = value
                .parse()
                .map_err(|_| format!("{}: value {value:?} is not an integer", at()))?;
            let result = match position.side_to_move() {
                Color::Black => black,
                Color::White => 1.0 - black,
            };
            samples.push(Sample {
                position,
                result,
                value,
            });
        }
    }
    Ok(samples)
}
