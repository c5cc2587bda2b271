//! The Yomi shogi engine's front end, run by two binaries: `yomi`, and
//! `yomi-mpi` (feature `mpi`), the same engine with MPI, whose ranks search
//! together under `mpirun`. Started without arguments (as GUIs do) it
//! speaks USI on stdin and stdout; its subcommands are developer tools
//! (perft, bench, move listing, self-play and evaluation tuning).

mod commands;
#[cfg(feature = "mpi")]
mod mpi_ranks;
mod protocol;
mod search_choice;
mod uct_search;

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
    Usi(UsiArgs),
    Perft(commands::perft::PerftArgs),
    Bench(commands::bench::BenchArgs),
    Mate(commands::mate::MateArgs),
    Moves(commands::moves::MovesArgs),
    Nnue(commands::nnue::NnueArgs),
    Selfplay(commands::selfplay::SelfplayArgs),
    Tune(commands::tune::TuneArgs),
}

#[derive(clap::Args, Default)]
struct UsiArgs {
    /// List the play search's margins and reductions as options too, and
    /// answer ShogiArena's `usi_tunables` (for SPSA tuning; games use the
    /// defaults).
    #[arg(long)]
    search_params: bool,
}

/// The engine's command line without MPI, run as `yomi` (however the
/// package is built: the plain binary never joins MPI, nor links it).
pub fn main() {
    let cli = Cli::parse();
    if let Err(message) = yomi_runtime::launch::alone("yomi", "yomi-usi") {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
    if let Err(message) = run(cli.command, None) {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}

/// The engine's command line with MPI, run as `yomi-mpi`: alone, or under
/// mpirun rank 0 with the other ranks searching.
#[cfg(feature = "mpi")]
pub fn main_mpi() {
    let command = Cli::parse().command;
    mpi_ranks::run_as_rank(|cluster| run(command, cluster));
}

/// Runs `command` (USI when none), with `cluster`: the other MPI ranks,
/// under mpirun.
fn run(command: Option<Command>, cluster: Option<search_choice::Ranks>) -> Result<(), String> {
    match command.unwrap_or(Command::Usi(UsiArgs::default())) {
        Command::Usi(args) => {
            let out = protocol::Output::new(std::io::stdout());
            let pending = protocol::Pending::default();
            #[cfg(feature = "mpi")]
            if let Some(ranks) = &cluster {
                mpi_ranks::speak_for(ranks, &out, &pending);
            }
            protocol::run(
                std::io::stdin().lock(),
                out,
                cluster,
                pending,
                args.search_params,
            );
            Ok(())
        }
        Command::Perft(args) => commands::perft::run(&args),
        Command::Bench(args) => commands::bench::run(&args, cluster),
        Command::Mate(args) => commands::mate::run(&args),
        Command::Moves(args) => commands::moves::run(&args),
        Command::Nnue(args) => commands::nnue::run(&args),
        Command::Selfplay(args) => commands::selfplay::run(&args),
        Command::Tune(args) => commands::tune::run(&args),
    }
}
