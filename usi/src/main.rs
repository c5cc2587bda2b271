//! `yomi`: the Yomi shogi engine. Started without arguments (as GUIs do) it
//! speaks USI on stdin and stdout; its subcommands are developer tools
//! (perft, bench, move listing, self-play and evaluation tuning).

mod bench_cmd;
mod moves_cmd;
mod perft_cmd;
mod position_arg;
mod protocol;
mod searcher;
mod selfplay_cmd;
mod tune_cmd;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "yomi",
    version,
    about = "Yomi shogi engine: speaks USI on stdin/stdout when started without a command"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Speak USI on stdin/stdout (the default).
    Usi,
    Perft(perft_cmd::PerftArgs),
    Bench(bench_cmd::BenchArgs),
    Moves(moves_cmd::MovesArgs),
    Selfplay(selfplay_cmd::SelfplayArgs),
    Tune(tune_cmd::TuneArgs),
}

fn main() {
    let cli = Cli::parse();
    let result = match cli.command.unwrap_or(Command::Usi) {
        Command::Usi => {
            protocol::run(
                std::io::stdin().lock(),
                protocol::Output::new(std::io::stdout()),
                None,
            );
            Ok(())
        }
        Command::Perft(args) => perft_cmd::run(&args),
        Command::Bench(args) => bench_cmd::run(&args, None),
        Command::Moves(args) => moves_cmd::run(&args),
        Command::Selfplay(args) => selfplay_cmd::run(&args),
        Command::Tune(args) => tune_cmd::run(&args),
    };
    if let Err(message) = result {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}
