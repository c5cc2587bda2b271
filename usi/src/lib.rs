//! The Yomi shogi engine's front end, run by two binaries: `yomi`, and
//! `yomi-mpi` (feature `mpi`), the same engine with MPI, whose ranks search
//! together under `mpirun`. Started without arguments (as GUIs do) it
//! speaks USI on stdin and stdout; its subcommands are developer tools
//! (perft, bench, move listing, self-play and evaluation tuning).

mod bench_cmd;
mod mate_cmd;
mod mcts_search;
mod moves_cmd;
#[cfg(feature = "mpi")]
mod mpi_ranks;
mod nnue_cmd;
mod perft_cmd;
mod position_arg;
mod protocol;
mod search_choice;
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
    Usi(UsiArgs),
    Perft(perft_cmd::PerftArgs),
    Bench(bench_cmd::BenchArgs),
    Mate(mate_cmd::MateArgs),
    Moves(moves_cmd::MovesArgs),
    Nnue(nnue_cmd::NnueArgs),
    Selfplay(selfplay_cmd::SelfplayArgs),
    Tune(tune_cmd::TuneArgs),
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
    let cli = Cli::parse();
    // Declared before the workers, so MPI ends after they quit.
    let mut _universe = None;
    let cluster = match mpi_ranks::join() {
        mpi_ranks::Role::Alone => None,
        mpi_ranks::Role::Master(workers, universe) => {
            _universe = Some(universe);
            Some(workers)
        }
        mpi_ranks::Role::WorkerDone => return,
    };
    let lost = cluster.as_ref().map(search_choice::Ranks::lost_ranks);
    let result = run(cli.command, cluster);
    if let Err(message) = result {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
    // A dropped rank (hung) would never quit, and MPI's end waits for it.
    if let (Some(universe), true) = (
        &_universe,
        lost.is_some_and(|l| l.load(std::sync::atomic::Ordering::SeqCst)),
    ) {
        mpi_ranks::abort(universe);
    }
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
                let pending = pending.clone();
                mpi_ranks::answer_when_ended(out.clone(), move || pending.take_answer());
                let out = out.clone();
                ranks.on_notice(Box::new(move |text| out.info(text)));
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
        Command::Perft(args) => perft_cmd::run(&args),
        Command::Bench(args) => bench_cmd::run(&args, cluster),
        Command::Mate(args) => mate_cmd::run(&args),
        Command::Moves(args) => moves_cmd::run(&args),
        Command::Nnue(args) => nnue_cmd::run(&args),
        Command::Selfplay(args) => selfplay_cmd::run(&args),
        Command::Tune(args) => tune_cmd::run(&args),
    }
}
