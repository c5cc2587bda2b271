//! `yomi-analysis`: the harness's result records as the paper's tables
//! (geometric-mean times, speedups, mean leaves, idle times) and figures,
//! and its §5 performance model, beside seed 000's published numbers.

mod baseline_tables;
mod chart;
mod comparisons;
mod csv_out;
mod figures;
mod group_tables;
mod label_placement;
mod markdown;
mod model;
mod paper;
mod paper002;
mod rbf_tables;
mod records;
mod report;
mod seed001_tables;
mod seed004_tables;
mod sink;
mod summary;
mod tables;
mod uct_tables;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "yomi-analysis",
    version,
    about = "Yomi analysis: the paper's tables and figures from harness records"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Tables in the paper's layouts (Markdown and CSV) and Figs. 7–8 (SVG)
    /// from result records.
    Report(report::ReportArgs),
    /// Seed 000 §5's performance model: Table 5 (tables, windows and tasks
    /// factors, estimated against actual) and Figs. 9–11.
    Model(model::command::ModelArgs),
}

fn main() {
    let result = match Cli::parse().command {
        Command::Report(args) => report::run(&args),
        Command::Model(args) => model::command::run(&args),
    };
    if let Err(message) = result {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}
