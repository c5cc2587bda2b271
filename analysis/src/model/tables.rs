//! The performance model's Markdown: Table 5 in the paper's layout with
//! both readings of "tasks", the data of Figs. 9 and 10, and what inputs
//! are missing.

use super::fit::{ConfigModel, VariantRatios};
use super::predict::{Prediction, SequentialTrends};
use crate::markdown::{optional, ratio, Table};
use crate::paper::{self, TABLE_5};
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

/// Measured points as one cell: `16: 1.42, 18: 1.44`.
fn measured(points: &[(u32, f64)]) -> String {
    let cells: Vec<String> = points
        .iter()
        .map(|&(d, v)| format!("{d}: {}", ratio(v)))
        .collect();
    cells.join(", ")
}

/// The model carried to a deeper search: the sequential factors' trends,
/// then each parallel configuration's, with the paper's figures at that
/// depth beside them.
pub(crate) fn carried(
    depth: u32,
    sequential: &[SequentialTrends],
    predictions: &[Prediction],
) -> String {
    let out = format!("### The model carried to d = {depth}\n\n");
    if predictions.is_empty() {
        return out
            + "Nothing to carry: no parallel configuration was run at two depths or more with \
               one task depth d − d′ whose sequential variants (at two depths or more, with the \
               same d − d′) are here too.\n\n";
    }
    let mut seq = Table::new(&[
        "trees",
        "b",
        "d − d′",
        "factor",
        "measured (d: value)",
        "× per 2 plies",
        &format!("at d = {depth}"),
    ]);
    for s in sequential {
        for (name, t) in [("t_n", &s.t_n), ("t_f", &s.t_f), ("w", &s.w)] {
            seq.row(vec![
                if s.synthetic { "synthetic" } else { "shogi" }.to_string(),
                s.b.to_string(),
                s.task_depth.to_string(),
                name.to_string(),
                measured(&t.points),
                format!("{:.3}", t.per_two_plies()),
                ratio(t.at(depth)),
            ]);
        }
    }
    let mut par = Table::new(&[
        "trees",
        "b",
        "d − d′",
        "method",
        "processes",
        "r (d: value)",
        "tasks",
        "estimated",
        "actual",
        "check: trends below the deepest d, carried to it: estimated / actual's trend",
        "r",
        "table",
        "windows",
        "tasks",
        "estimated",
        "actual's own trend",
        "paper Table 5: table / windows / tasks / estimated / actual",
        "paper Table 2: leaves over the sequential search's",
        "speedup (d: value)",
        "speedup's own trend",
        "paper Table 2: speedup",
    ]);
    for p in predictions {
        let c = &p.config;
        let f = &p.at_depth;
        par.row(vec![
            c.kind().to_string(),
            c.b.to_string(),
            p.task_depth.to_string(),
            method_cell(c),
            c.ranks.to_string(),
            measured(&p.r.points),
            measured(&p.tasks.points),
            measured(&p.estimated),
            measured(&p.actual.points),
            p.check.map_or("—".into(), |(e, a)| {
                format!("{}: {} / {}", p.actual.deepest(), ratio(e), ratio(a))
            }),
            format!("{:.3}", p.r.at(depth).clamp(0.0, 1.0)),
            ratio(f.table),
            ratio(f.windows),
            ratio(f.tasks),
            ratio(f.estimated),
            ratio(p.actual.at(depth)),
            paper_factors(c, depth),
            paper_rows(c, depth, |r, seq| r.leaves_m / seq.leaves_m),
            p.speedup
                .as_ref()
                .map_or("—".into(), |t| measured(&t.points)),
            optional(p.speedup.as_ref().map(|t| t.at(depth)), ratio),
            paper_rows(c, depth, |r, _| r.speedup),
        ]);
    }
    out + &format!(
        "Each factor's trend over d at one task depth d − d′, fitted by least squares on the \
         depths run (r linear in d; the others, and the speedup over the plain sequential \
         search, exponential) and evaluated at d = {depth}; the estimate is the product of the \
         factors there, as in Table 5. The check fits the same trends on the depths below the \
         deepest run and carries them to it, to be read against that run's measured estimate \
         and actual. The paper's Table 5 row and Table 2 figures are at its own d′ \
         (d − d′ = 12 and 14 there).\n\n\
         Sequential variants:\n\n{}\nParallel runs (measured, then at d = {depth}):\n\n{}\n",
        seq.render(),
        par.render()
    )
}

/// The paper's Table 5 row for a configuration at `depth`, if it has one.
fn paper_factors(c: &crate::summary::Config, depth: u32) -> String {
    TABLE_5
        .iter()
        .find(|p| {
            c.trees == TreeSet::Shogi
                && c.variant.is_empty()
                && (p.0, p.1, c.ranks, c.method) == (c.b, depth, 1536, Method::WithUpdates)
        })
        .map_or("—".into(), |p| {
            let f: Vec<String> = p.3.iter().map(|x| format!("{x:.3}")).collect();
            format!("{} (d′ = {})", f.join(" / "), p.2)
        })
}

/// A figure of the paper's rows for a configuration at `depth`, per d′ it
/// ran: `figure` of the row and the sequential row.
fn paper_rows(
    c: &crate::summary::Config,
    depth: u32,
    figure: fn(&paper::Row, &paper::Row) -> f64,
) -> String {
    let Some(seq) = paper::find(&c.trees, c.b, depth, None, 1, Method::Sequential, None) else {
        return "—".into();
    };
    let cells: Vec<String> = paper::rows()
        .filter(|r| {
            c.variant.is_empty()
                && r.trees() == c.trees
                && (r.b, r.d, r.ranks, r.method, r.eps) == (c.b, depth, c.ranks, c.method, c.eps)
        })
        .filter_map(|r| {
            let dp = r.d_prime?;
            Some(format!("d′ = {dp}: {}", ratio(figure(&r, &seq))))
        })
        .collect();
    if cells.is_empty() {
        "—".into()
    } else {
        cells.join(", ")
    }
}
