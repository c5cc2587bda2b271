//! `yomi-analysis report`: the harness's records as the paper's tables and
//! figures, printed as Markdown or written to a folder with CSV and SVG.

use crate::records::{self, Reading};
use crate::summary::{summarise, Summary};
use crate::{
    baseline_tables, comparisons, csv_out, figures, group_tables, rbf_tables, seed001_tables,
    seed004_tables, sink, tables, uct_tables,
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
    let mut drawn: Vec<Figure> = Vec::new();
    let pairs = comparisons::updates(&summaries);
    if pairs.is_empty() {
        drawn.push((
            "Fig. 7",
            Err("no configuration was run both with and without updates (the figure pairs them)"),
        ));
    } else {
        write("fig7.svg", &figures::updates(&pairs)?)?;
        drawn.push(("Fig. 7", Ok("fig7.svg")));
    }
    let series = comparisons::speedups(&summaries);
    if series.is_empty() {
        drawn.push((
            "Fig. 8",
            Err("no run with updates has a sequential run of the same trees to give its speedup"),
        ));
    } else {
        write("fig8.svg", &figures::speedups(&series)?)?;
        drawn.push(("Fig. 8", Ok("fig8.svg")));
    }
    for (name, why) in drawn
        .iter()
        .filter_map(|(n, f)| f.err().map(|why| (n, why)))
    {
        eprintln!("report: {name} is not drawn: {why}");
    }
    write("configurations.csv", &csv_out::write(&summaries)?)?;
    write(
        "report.md",
        &markdown(args, &reading, &summaries, repeats, &drawn),
    )
}

/// A figure's name, and its file or why it is not drawn.
type Figure = (&'static str, Result<&'static str, &'static str>);

fn markdown(
    args: &ReportArgs,
    reading: &Reading,
    summaries: &[Summary],
    repeats: usize,
    figures: &[Figure],
) -> String {
    let games = match reading.games.len() {
        0 => String::new(),
        n => format!(" and {n} uct-match games"),
    };
    let mut out = format!(
        "## Results\n\n{} records{games} from {} in {} configurations",
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
        tables::efficiency(summaries),
        tables::master_pace(summaries),
        baseline_tables::baselines(summaries),
        rbf_tables::rbf(&reading.runs),
        group_tables::groups(&reading.runs),
        seed004_tables::tables(&reading.runs),
        uct_tables::uct(&reading.runs),
        seed001_tables::tables(&reading.runs, &reading.games),
    ] {
        out += &section;
    }
    for (name, figure) in figures {
        out += &match figure {
            Ok(file) => format!("![{name}]({file})\n\n"),
            Err(why) => format!("*{name} is not drawn: {why}.*\n\n"),
        };
    }
    out += &tables::others(summaries);
    out += &tables::problems(summaries);
    out
}
