//! `yomi`: the USI front end of the Yomi shogi engine, with developer
//! commands (perft, bench, move listing).

mod bench_cmd;
mod moves_cmd;
mod perft_cmd;
mod position_arg;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "yomi", version, about = "Yomi shogi engine")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Perft(perft_cmd::PerftArgs),
    Bench(bench_cmd::BenchArgs),
    Moves(moves_cmd::MovesArgs),
}

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => perft_cmd::run(&args),
        Command::Bench(args) => bench_cmd::run(&args),
        Command::Moves(args) => moves_cmd::run(&args),
    };
    if let Err(message) = result {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}
