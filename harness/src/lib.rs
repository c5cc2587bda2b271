//! The research harness, run by two binaries: `yomi-harness`, and
//! `yomi-harness-mpi` (feature `mpi`), the same with the MPI backend. It
//! runs searches over tree sets and sweeps of them, and writes result
//! records.

mod baseline_run;
mod calibrate;
mod execute;
mod fit_edges_cmd;
mod fit_rbf_cmd;
mod judge;
mod ordering_cmd;
mod parallel_run;
mod plan;
mod plugins;
mod positions_cmd;
mod rbf_plan;
mod rbf_run;
mod rbf_shogi_cmd;
mod record;
mod search_cmd;
mod sim_args;
mod sim_run;
mod sweep_cmd;
mod sweep_launch;
mod sweep_plan;
mod sweep_store;
mod trees;
mod treesplit_plan;
mod uct_match_cmd;
mod uct_plan;
mod uct_run;

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
    Search(Box<search_cmd::SearchArgs>),
    Ordering(ordering_cmd::OrderingArgs),
    FitEdges(fit_edges_cmd::FitEdgesArgs),
    FitRbfModel(fit_rbf_cmd::FitRbfArgs),
    RbfShogi(rbf_shogi_cmd::RbfShogiArgs),
    Positions(positions_cmd::PositionsArgs),
    Sweep(sweep_cmd::SweepArgs),
    UctMatch(Box<uct_match_cmd::UctMatchArgs>),
}

/// The harness's command line, run as `yomi-harness` or `yomi-harness-mpi`.
pub fn main() {
    #[cfg(not(feature = "mpi"))]
    if let Err(message) = yomi_runtime::launch::alone("yomi-harness", "yomi-harness") {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
    // Die quietly when the reader of the records goes away (`| head`), as
    // command-line tools do, instead of failing on the next write.
    // SAFETY: restoring a signal's default disposition at start-up.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let result = match Cli::parse().command {
        Command::Search(args) => search_cmd::run(&args),
        Command::Ordering(args) => ordering_cmd::run(&args),
        Command::FitEdges(args) => fit_edges_cmd::run(&args),
        Command::FitRbfModel(args) => fit_rbf_cmd::run(&args),
        Command::RbfShogi(args) => rbf_shogi_cmd::run(&args),
        Command::Positions(args) => positions_cmd::run(&args),
        Command::Sweep(args) => sweep_cmd::run(&args),
        Command::UctMatch(args) => uct_match_cmd::run(&args),
    };
    if let Err(message) = result {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}
