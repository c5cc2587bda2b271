//! The performance model's Markdown: Table 5 in the paper's layout with
//! both readings of "tasks", the data of Figs. 9 and 10, and what inputs
//! are missing.

use super::fit::{ConfigModel, VariantRatios};
use crate::markdown::{optional, ratio, Table};
use crate::paper::TABLE_5;
use crate::records::TreeSet;
use yomi_record::Method;

/// A configuration's first cells: trees, b, d, d′, method, processes.
fn config_cells(m: &ConfigModel) -> Vec<String> {
    let c = &m.config;
    vec![
        c.kind().to_string(),
        c.b.to_string(),
        c.d.to_string(),
        c.d_prime.map_or(String::new(), |d| d.to_string()),
        method_cell(c),
        c.ranks.to_string(),
    ]
}

/// The method with its ε and any option beyond the paper.
fn method_cell(c: &crate::summary::Config) -> String {
    let mut cell = c.method.to_string();
    if let Some(e) = c.eps {
        cell += &format!(" ε={e}");
    }
    if !c.variant.is_empty() {
        cell += &format!(" ({})", c.variant);
    }
    cell
}

/// Table 5: per parallel configuration, the factors' means, their product
/// and the actual increase, the paper's row beside it where it has one.
pub(crate) fn table_5(models: &[ConfigModel]) -> String {
    let mut table = Table::new(&[
        "trees",
        "b",
        "d",
        "d′",
        "method",
        "processes",
        "modelled",
        "r",
        "table",
        "windows",
        "tasks",
        "estimated",
        "actual",
        "corr",
        "unfinished",
        "estimated / (1 − unfinished)",
        "tasks (every search)",
        "estimated (every search)",
        "paper: table / windows / tasks / estimated / actual",
    ]);
    let mut matched = false;
    for m in models {
        let c = &m.config;
        let paper = TABLE_5
            .iter()
            .find(|p| {
                c.trees == TreeSet::Shogi
                    && c.variant.is_empty()
                    && (p.0, p.1, Some(p.2), c.ranks, c.method)
                        == (c.b, c.d, c.d_prime, 1536, Method::WithUpdates)
            })
            .inspect(|_| matched = true)
            .map_or("—".to_string(), |p| {
                p.3.iter()
                    .map(|x| format!("{x:.3}"))
                    .collect::<Vec<_>>()
                    .join(" / ")
            });
        let some = !m.trees.is_empty();
        let cell = |x: f64| optional(some.then_some(x), ratio);
        let mut cells = config_cells(m);
        cells.extend([
            format!("{} of {}", m.trees.len(), m.trees.len() + m.missing.len()),
            format!("{:.3}", m.r),
            cell(m.full_depth.table),
            cell(m.full_depth.windows),
            cell(m.full_depth.tasks),
            cell(m.full_depth.estimated),
            cell(m.actual),
            optional(m.corr, |x| format!("{x:.2}")),
            cell(m.unfinished),
            cell(m.with_unfinished),
            cell(m.every_search.tasks),
            cell(m.every_search.estimated),
            paper,
        ]);
        table.row(cells);
    }
    format!(
        "### Table 5 layout: the increase of leaves by factor\n\n\
         Per configuration, means over the modelled trees: r, the share of full-depth tasks \
         finished with the window (−∞, ∞) (pooled); table = (1 − r)·t_n + r·t_f; windows = \
         (1 − r) + r·w; tasks = tasks finished at the full depth over the sequential search's \
         task-root searches of its last iteration; estimated = their product; actual = mean \
         leaves over the two-table baseline's mean leaves; corr = Pearson's correlation of \
         per-tree estimated and actual (Fig. 11); unfinished = the share of the parallel \
         leaves spent on positions never finished at the full task depth (aborted and \
         speculative work, which §5 leaves out), and the estimate scaled up by it. The last \
         two columns read tasks as every finished search over the task-root searches of \
         every iteration.\n\n{}{}\n",
        table.render(),
        if matched {
            String::new()
        } else {
            paper_table_5()
        }
    )
}

/// The paper's Table 5, where no configuration here is one of its rows.
fn paper_table_5() -> String {
    let mut t = Table::new(&[
        "b",
        "d",
        "d′",
        "table",
        "windows",
        "tasks",
        "estimated",
        "actual",
    ]);
    for (b, d, dp, f) in TABLE_5 {
        let mut row = vec![b.to_string(), d.to_string(), dp.to_string()];
        row.extend(f.iter().map(|x| format!("{x:.3}")));
        t.row(row);
    }
    format!(
        "\nNo configuration here is one of the paper's Table 5 (shogi, with updates, 1,536 \
         processes; `configs/paper/model.toml`); its rows, for comparison:\n\n{}",
        t.render()
    )
}

/// Fig. 9's data: the sequential variants over the baseline.
pub(crate) fn variants(ratios: &[VariantRatios]) -> String {
    if ratios.is_empty() {
        return String::new();
    }
    let mut table = Table::new(&[
        "trees",
        "b",
        "d − d′",
        "d",
        "d′",
        "trees run",
        "no share",
        "partial share",
        "full windows",
        "no share, full windows",
    ]);
    for v in ratios {
        let (synthetic, b, d, dp) = v.split;
        table.row(vec![
            if synthetic { "synthetic" } else { "shogi" }.to_string(),
            b.to_string(),
            (d - dp).to_string(),
            d.to_string(),
            dp.to_string(),
            v.trees.to_string(),
            optional(v.none, ratio),
            optional(v.partial, ratio),
            optional(v.full, ratio),
            optional(v.none_full, ratio),
        ]);
    }
    format!(
        "### Fig. 9 data: the sequential variants' leaves over the two-table baseline's\n\n\
         Mean leaves over the baseline's mean leaves, on the trees that ran both. t_n is the \
         no-share column, w the full-windows one, t_f the last over the full-windows one.\n\n{}\n",
        table.render()
    )
}

/// Fig. 10's data: r by processes.
pub(crate) fn full_window_share(models: &[ConfigModel]) -> String {
    let mut table = Table::new(&["trees", "b", "d", "d′", "method", "processes", "r"]);
    for m in models {
        let mut cells = config_cells(m);
        cells.push(format!("{:.3}", m.r));
        table.row(cells);
    }
    format!(
        "### Fig. 10 data: tasks finished with full windows over all tasks finished\n\n{}\n",
        table.render()
    )
}

/// Trees a configuration could not be modelled on, and why.
pub(crate) fn missing(models: &[ConfigModel]) -> String {
    let lines: Vec<String> = models
        .iter()
        .flat_map(|m| {
            let c = &m.config;
            m.missing
                .iter()
                .map(move |(tree, lack)| format!("- {}: {tree} lacks the {lack}", c.label()))
        })
        .collect();
    if lines.is_empty() {
        return "### Missing inputs\n\nNone: every tree of every configuration is modelled.\n"
            .into();
    }
    format!(
        "### Missing inputs\n\nLeft out of the means above:\n\n{}\n",
        lines.join("\n")
    )
}
