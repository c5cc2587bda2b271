//! `yomi-analysis`: will aggregate result records of the harness (geometric
//! mean times, speedups, leaves, idle-time breakdowns), fit the paper's
//! performance model (table, window and task factors against the actual
//! increase of leaves) and write Markdown tables and SVG plots. Nothing to
//! analyse exists until the harness writes result records.

use clap::Parser;

#[derive(Parser)]
#[command(
    name = "yomi-analysis",
    version,
    about = "Yomi analysis: tables, plots and the performance model from harness results",
    long_about = "Yomi analysis. Aggregation of harness result records, the performance \
                  model and its tables and plots arrive once the harness writes records; \
                  this build has no commands yet."
)]
struct Cli {}

fn main() {
    Cli::parse();
    eprintln!("yomi-analysis has no commands yet: the harness does not write result records yet.");
    std::process::exit(2);
}
