//! The research harness, run by two binaries: `yomi-harness`, and
//! `yomi-harness-mpi` (feature `mpi`), the same with the MPI backend. It
//! runs searches over tree sets and sweeps of them, and writes result
//! records.

mod backend;
mod commands;
mod methods;
mod outcome;
mod plan;
mod plugins;
mod sweep;
mod trees;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "yomi-harness",
    version,
    about = "Yomi research harness: game-tree search experiments"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Search(Box<commands::search::SearchArgs>),
    Ordering(commands::ordering::OrderingArgs),
    FitEdges(commands::fit_edges::FitEdgesArgs),
    FitRbfModel(commands::fit_rbf::FitRbfArgs),
    RbfShogi(commands::rbf_shogi::RbfShogiArgs),
    Positions(commands::positions::PositionsArgs),
    Sweep(commands::sweep::SweepArgs),
    UctMatch(Box<commands::uct_match::UctMatchArgs>),
    #[command(hide = true)]
    Job(commands::job::JobArgs),
}

/// The harness's command line without MPI, run as `yomi-harness`
/// (however the package is built: it never reaches MPI, nor links it).
pub fn main() {
    if let Err(message) = yomi_runtime::launch::alone("yomi-harness", "yomi-harness") {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
    run();
}

/// The harness's command line with MPI, run as `yomi-harness-mpi`:
/// `--backend mpi` joins the job.
#[cfg(feature = "mpi")]
pub fn main_mpi() {
    backend::mpi_ranks::register();
    run();
}

fn run() {
    // Die quietly when the reader of the records goes away (`| head`), as
    // command-line tools do, instead of failing on the next write.
    // SAFETY: restoring a signal's default disposition at start-up.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let result = match Cli::parse().command {
        Command::Search(args) => commands::search::run(&args),
        Command::Ordering(args) => commands::ordering::run(&args),
        Command::FitEdges(args) => commands::fit_edges::run(&args),
        Command::FitRbfModel(args) => commands::fit_rbf::run(&args),
        Command::RbfShogi(args) => commands::rbf_shogi::run(&args),
        Command::Positions(args) => commands::positions::run(&args),
        Command::Sweep(args) => commands::sweep::run(&args),
        Command::UctMatch(args) => commands::uct_match::run(&args),
        Command::Job(args) => commands::job::run(&args),
    };
    if let Err(message) = result {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}
