//! `yomi-analysis model`: seed 000 §5's performance model from harness
//! records — Table 5, the data of Figs. 9 and 10 and with `--predict` the
//! model carried to a deeper search as Markdown, and with `--out` per-tree
//! CSV and Figs. 9, 10 and 11 as SVG.

use super::fit::{self as model, ConfigModel};
use super::predict;
use super::{figures as model_figures, tables as model_tables};
use crate::{records, sink, summary};
use clap::Args;
use std::path::PathBuf;

#[derive(Args)]
pub(crate) struct ModelArgs {
    /// Result records: the §5.2 sequential variants (sharing full and none,
    /// with and without full windows, at each d′) and parallel runs of the
    /// same trees; several files combine.
    #[arg(required = true)]
    pub files: Vec<String>,
    /// Write model.md, model.csv (per tree), fig9.svg, fig10.svg and
    /// fig11.svg here instead of printing the Markdown.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Carry the model to this depth d: each factor's trend over the
    /// depths run (at one task depth d − d′) evaluated there, beside the
    /// paper's Tables 2 and 5 at that depth.
    #[arg(long, value_name = "D")]
    pub predict: Option<u32>,
}

pub(crate) fn run(args: &ModelArgs) -> Result<(), String> {
    let reading = records::load(&args.files)?;
    let models = model::model(&reading.runs);
    let ratios = model::variant_ratios(&reading.runs);
    if models.is_empty() && ratios.is_empty() {
        return Err(format!(
            "{} hold no parallel runs and no sequential variants (records with d_prime)",
            args.files.join(", ")
        ));
    }
    let mut md = format!(
        "## The performance model (seed 000 §5)\n\n{} records from {}.\n\n",
        reading.runs.len(),
        args.files.join(", ")
    );
    if !models.is_empty() {
        md += &model_tables::table_5(&models);
    }
    md += &model_tables::variants(&ratios);
    if !models.is_empty() {
        md += &model_tables::full_window_share(&models);
    }
    if let Some(depth) = args.predict {
        let sequential = predict::sequential_trends(&ratios);
        let (summaries, _) = summary::summarise(&reading.runs);
        let speedups = summaries
            .into_iter()
            .filter_map(|s| Some((s.config, s.speedup?)))
            .collect();
        let predictions = predict::predict(&models, &sequential, &speedups, depth);
        md += &model_tables::carried(depth, &sequential, &predictions);
    }
    let Some(dir) = &args.out else {
        return sink::print(&(md + &model_tables::missing(&models)));
    };
    let write = |name: &str, text: &str| sink::write(dir, name, text);
    if !ratios.is_empty() {
        write("fig9.svg", &model_figures::variants(&ratios)?)?;
        md += "![Fig. 9](fig9.svg)\n\n";
    }
    if !models.is_empty() {
        write("fig10.svg", &model_figures::full_window_share(&models)?)?;
        write("fig11.svg", &model_figures::estimated_vs_actual(&models)?)?;
        write("model.csv", &per_tree_csv(&models)?)?;
        md += "![Fig. 10](fig10.svg)\n\n![Fig. 11](fig11.svg)\n\n";
    }
    md += &model_tables::missing(&models);
    write("model.md", &md)
}

/// Every modelled tree's factors, both readings of tasks.
fn per_tree_csv(models: &[ConfigModel]) -> Result<String, String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let failed = |e: csv::Error| format!("writing CSV failed: {e}");
    w.write_record([
        "trees",
        "b",
        "d",
        "d_prime",
        "method",
        "processes",
        "tree",
        "r",
        "table",
        "windows",
        "tasks",
        "estimated",
        "actual",
        "tasks_every_search",
        "estimated_every_search",
    ])
    .map_err(failed)?;
    for m in models {
        let c = &m.config;
        for t in &m.trees {
            let f = &t.full_depth;
            w.write_record([
                c.kind().to_string(),
                c.b.to_string(),
                c.d.to_string(),
                c.d_prime.map_or(String::new(), |d| d.to_string()),
                c.method.to_string(),
                c.ranks.to_string(),
                t.tree.clone(),
                t.r.to_string(),
                f.table.to_string(),
                f.windows.to_string(),
                f.tasks.to_string(),
                f.estimated.to_string(),
                t.actual.to_string(),
                t.every_search.tasks.to_string(),
                t.every_search.estimated.to_string(),
            ])
            .map_err(failed)?;
        }
    }
    let bytes = w
        .into_inner()
        .map_err(|e| format!("writing CSV failed: {e}"))?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}
