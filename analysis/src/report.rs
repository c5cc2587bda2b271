//! `yomi-analysis report`: the harness's records as the paper's tables and
//! figures, printed as Markdown or written to a folder with CSV and SVG.

use crate::records::{self, Reading};
use crate::summary::{summarise, Summary};
use crate::{
    baseline_tables, comparisons, csv_out, figures, group_tables, rbf_tables, sink, tables,
    uct_tables,
};
use clap::Args;
use std::path::PathBuf;

#[derive(Args)]
pub(crate) struct ReportArgs {
    /// Result records (JSON lines) of `yomi-harness sweep` or `search`;
    /// several files combine, a run key held twice counting once.
    #[arg(required = true)]
    pub files: Vec<String>,
    /// Write report.md, configurations.csv, fig7.svg and fig8.svg here
    /// instead of printing the Markdown.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

pub(crate) fn run(args: &ReportArgs) -> Result<(), String> {
    let reading = records::load(&args.files)?;
    // RBF's and UCT's runs differ by stop, seed and rule, and their values
    // are not the sequential search's: RBF has tables of its own.
    let searches: Vec<_> = reading
        .runs
        .iter()
        .filter(|r| r.method.proves_value())
        .cloned()
        .collect();
    let (summaries, repeats) = summarise(&searches);
    let Some(dir) = &args.out else {
        return sink::print(&markdown(args, &reading, &summaries, repeats, &[]));
    };
    let write = |name: &str, text: &str| sink::write(dir, name, text);
    let mut drawn = Vec::new();
    let pairs = comparisons::updates(&summaries);
    if !pairs.is_empty() {
        write("fig7.svg", &figures::updates(&pairs)?)?;
        drawn.push(("Fig. 7", "fig7.svg"));
    }
    let series = comparisons::speedups(&summaries);
    if !series.is_empty() {
        write("fig8.svg", &figures::speedups(&series)?)?;
        drawn.push(("Fig. 8", "fig8.svg"));
    }
    write("configurations.csv", &csv_out::write(&summaries)?)?;
    write(
        "report.md",
        &markdown(args, &reading, &summaries, repeats, &drawn),
    )
}

fn markdown(
    args: &ReportArgs,
    reading: &Reading,
    summaries: &[Summary],
    repeats: usize,
    figures: &[(&str, &str)],
) -> String {
    let mut out = format!(
        "## Results\n\n{} records from {} in {} configurations",
        reading.runs.len(),
        args.files.join(", "),
        summaries.len()
    );
    if reading.duplicates + repeats > 0 {
        out += &format!(
            " (records repeating a run counted once: {})",
            reading.duplicates + repeats
        );
    }
    out += ". Search time: geometric mean over the trees; speedup: the plain sequential \
            search's geometric-mean time on the same trees over it; leaves: the mean; idle \
            times: means per worker. The paper's columns hold seed 000's published figures \
            where it ran the same configuration.\n\n";
    for section in [
        tables::methods(summaries),
        tables::sharing(summaries),
        tables::negascout(summaries),
        tables::updates(summaries),
        tables::speedups(summaries),
        baseline_tables::baselines(summaries),
        rbf_tables::rbf(&reading.runs),
        group_tables::groups(&reading.runs),
        uct_tables::uct(&reading.runs),
    ] {
        out += &section;
    }
    for (name, file) in figures {
        out += &format!("![{name}]({file})\n\n");
    }
    out += &tables::others(summaries);
    out += &tables::problems(summaries);
    out
}
