//! `yomi-harness`: the research harness. It will run single searches and
//! experiment sweeps of the paper's configurations (sequential, with and
//! without dynamic updates, with shared tables, NegaScout with ε-windows) on
//! threads, MPI and the virtual cluster, and write result records. For now it
//! checks position sets.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use yomi_engine::board::Position;

#[derive(Parser)]
#[command(
    name = "yomi-harness",
    version,
    about = "Yomi research harness: parallel game-tree search experiments",
    long_about = "Yomi research harness. Searches and experiment sweeps arrive with the \
                  search issues; today it validates position sets."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Validate a position file (`sfen <SFEN>[<TAB>metadata]` per line) and
    /// list each position's legal move count.
    Positions {
        #[arg(default_value = "positions/pro_middlegame_32.sfen")]
        file: PathBuf,
    },
}

fn main() {
    let Command::Positions { file } = Cli::parse().command;
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", file.display());
            std::process::exit(2);
        }
    };
    let mut bad = 0;
    for (i, line) in text.lines().enumerate() {
        let Some(rest) = line.strip_prefix("sfen ") else {
            continue;
        };
        let (sfen, meta) = rest.split_once('\t').unwrap_or((rest, ""));
        match Position::from_sfen(sfen) {
            Ok(pos) => println!("{:>3}  moves {:>3}  {}", i, pos.count_legal_moves(), meta),
            Err(e) => {
                bad += 1;
                println!("{i:>3}  error: {e}");
            }
        }
    }
    if bad > 0 {
        std::process::exit(1);
    }
}
