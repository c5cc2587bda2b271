//! Seed 000 §5's performance model: a parallel search's leaves over the
//! two-table sequential baseline's, estimated as the product of three
//! factors — tables not shared, (1 − r)·t_n + r·t_f; wider windows,
//! (1 − r) + r·w; more tasks, parallel over sequential task counts — where
//! r is the share of tasks finished with the full window (Fig. 10) and
//! t_n, t_f, w come from the sequential variants (Fig. 9): t_n = no-share
//! over baseline leaves, w = full windows over baseline, t_f = no-share
//! with full windows over full windows.

use crate::records::RecordView;
use crate::summary::Config;
use std::collections::BTreeMap;
use yomi_record::{Method, Record, TableSharing};

/// Tree set, b, d and d′: what the sequential variants are run at.
pub(crate) type Split = (bool, u16, u32, u32);

/// A tree's sequential §5.2 variants at one split.
#[derive(Default, Clone, Copy)]
struct Variants<'a> {
    base: Option<&'a Record>,
    none: Option<&'a Record>,
    partial: Option<&'a Record>,
    full: Option<&'a Record>,
    none_full: Option<&'a Record>,
}

fn split(run: &Record) -> Option<Split> {
    // Seed 000's tree sets only.
    let synthetic = run.tree_set().paper()?;
    run.d_prime.map(|dp| (synthetic, run.b, run.d, dp))
}

/// Every tree's variants, by split and tree; the first record of each wins.
fn variants(runs: &[Record]) -> BTreeMap<(Split, &str), Variants<'_>> {
    let mut out: BTreeMap<(Split, &str), Variants> = BTreeMap::new();
    for run in runs
        .iter()
        .filter(|r| r.method == Method::Sequential && !r.negascout)
    {
        let Some(s) = split(run) else { continue };
        let v = out.entry((s, run.tree.as_str())).or_default();
        let slot = match (run.sharing, run.full_windows) {
            (Some(TableSharing::Full) | None, false) => &mut v.base,
            (Some(TableSharing::None), false) => &mut v.none,
            (Some(TableSharing::Partial), false) => &mut v.partial,
            (Some(TableSharing::Full) | None, true) => &mut v.full,
            (Some(TableSharing::None), true) => &mut v.none_full,
            _ => continue,
        };
        slot.get_or_insert(run);
    }
    out
}

/// The three factors and their product for one tree (or one set of means).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Factors {
    pub table: f64,
    pub windows: f64,
    pub tasks: f64,
    pub estimated: f64,
}

/// §5.3's arithmetic: `r` the full-window share, `t_n` and `t_f` the
/// no-sharing increase with normal and with full windows, `w` the
/// full-window increase, `tasks` parallel over sequential tasks.
pub(crate) fn factors(r: f64, t_n: f64, t_f: f64, w: f64, tasks: f64) -> Factors {
    let table = (1.0 - r) * t_n + r * t_f;
    let windows = (1.0 - r) + r * w;
    Factors {
        table,
        windows,
        tasks,
        estimated: table * windows * tasks,
    }
}

/// One tree of a parallel configuration.
#[derive(Clone, Debug)]
pub(crate) struct TreeModel {
    pub tree: String,
    pub r: f64,
    /// Tasks read as full-depth searches: finished at the full task depth
    /// over the sequential search's last-iteration task roots.
    pub full_depth: Factors,
    /// Tasks read as every finished search: at any depth over the
    /// sequential search's task roots of every iteration.
    pub every_search: Factors,
    /// Parallel leaves over the baseline's.
    pub actual: f64,
    /// The share of the parallel leaves spent on positions never finished
    /// at the full task depth, which the three factors leave out.
    pub unfinished: f64,
    pub leaves: f64,
    pub baseline_leaves: f64,
}

/// A parallel configuration's model over its trees.
#[derive(Clone, Debug)]
pub(crate) struct ConfigModel {
    pub config: Config,
    pub trees: Vec<TreeModel>,
    /// (tree, what it lacks): left out of the means, not dropped silently.
    pub missing: Vec<(String, String)>,
    /// Tasks finished with the full window over all finished, pooled.
    pub r: f64,
    /// Means of the per-tree factors, their product as `estimated`.
    pub full_depth: Factors,
    pub every_search: Factors,
    /// Mean parallel leaves over mean baseline leaves.
    pub actual: f64,
    /// The leaves' share spent on positions never finished at the full
    /// depth (pooled), and the full-depth estimate scaled up by it:
    /// estimated / (1 − unfinished).
    pub unfinished: f64,
    pub with_unfinished: f64,
    /// Pearson correlation of per-tree estimated (full-depth reading) and
    /// actual; `None` below three trees.
    pub corr: Option<f64>,
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    sum / n.max(1) as f64
}

/// Pearson's correlation coefficient of the pairs (x, y).
pub(crate) fn pearson(pairs: &[(f64, f64)]) -> Option<f64> {
    if pairs.len() < 3 {
        return None;
    }
    let mx = mean(pairs.iter().map(|p| p.0));
    let my = mean(pairs.iter().map(|p| p.1));
    let sxy: f64 = pairs.iter().map(|(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = pairs.iter().map(|(x, _)| (x - mx).powi(2)).sum();
    let syy: f64 = pairs.iter().map(|(_, y)| (y - my).powi(2)).sum();
    (sxx > 0.0 && syy > 0.0).then(|| sxy / (sxx * syy).sqrt())
}

fn ratio(a: &Record, b: &Record) -> f64 {
    a.stats.leaves as f64 / (b.stats.leaves as f64).max(1.0)
}

/// One tree's model, or what its inputs lack.
fn tree_model(run: &Record, v: Option<&Variants>) -> Result<TreeModel, String> {
    let v = v.copied().unwrap_or_default();
    fn need<'a>(r: Option<&'a Record>, what: &str) -> Result<&'a Record, String> {
        r.ok_or(format!("sequential {what} run"))
    }
    let base = need(v.base, "two-table baseline (sharing full)")?;
    let none = need(v.none, "no-sharing (sharing none)")?;
    let full = need(v.full, "full-window")?;
    let none_full = need(v.none_full, "no-sharing full-window")?;
    let counts = || "task counts (a record from before schema 2)".to_string();
    if run.schema.is_some_and(|s| s < 2) {
        return Err(counts());
    }
    let tasks = run.parallel().ok_or_else(counts)?.tasks;
    let finished = tasks.tasks_finished;
    let full_window = tasks.tasks_full_window;
    let searches = tasks.searches_finished;
    let last = base.stats.task_searches_last;
    if finished == 0 || last == 0 || base.stats.task_searches == 0 {
        return Err("no tasks counted".into());
    }
    let r = full_window as f64 / finished as f64;
    let (t_n, t_f, w) = (ratio(none, base), ratio(none_full, full), ratio(full, base));
    Ok(TreeModel {
        tree: run.tree.clone(),
        r,
        full_depth: factors(r, t_n, t_f, w, finished as f64 / last as f64),
        every_search: factors(
            r,
            t_n,
            t_f,
            w,
            searches as f64 / base.stats.task_searches as f64,
        ),
        actual: ratio(run, base),
        unfinished: tasks.leaves_unfinished as f64 / (run.stats.leaves as f64).max(1.0),
        leaves: run.stats.leaves as f64,
        baseline_leaves: base.stats.leaves as f64,
    })
}

fn mean_factors(trees: &[TreeModel], f: fn(&TreeModel) -> Factors) -> Factors {
    let table = mean(trees.iter().map(|t| f(t).table));
    let windows = mean(trees.iter().map(|t| f(t).windows));
    let tasks = mean(trees.iter().map(|t| f(t).tasks));
    Factors {
        table,
        windows,
        tasks,
        estimated: table * windows * tasks,
    }
}

/// The model of every parallel configuration in `runs`.
pub(crate) fn model(runs: &[Record]) -> Vec<ConfigModel> {
    let variants = variants(runs);
    let mut groups: BTreeMap<Config, BTreeMap<&str, &Record>> = BTreeMap::new();
    for run in runs.iter().filter(|r| r.method != Method::Sequential) {
        groups
            .entry(Config::of(run))
            .or_default()
            .entry(run.tree.as_str())
            .or_insert(run);
    }
    groups
        .into_iter()
        .map(|(config, members)| {
            let mut trees = Vec::new();
            let mut missing = Vec::new();
            for (tree, run) in &members {
                let v = split(run).and_then(|s| variants.get(&(s, *tree)));
                match tree_model(run, v) {
                    Ok(t) => trees.push(t),
                    Err(lack) => missing.push((tree.to_string(), lack)),
                }
            }
            let tasks = members
                .values()
                .filter_map(|r| r.parallel())
                .map(|p| p.tasks);
            let (finished, full) = tasks.fold((0, 0), |(f, w), t| {
                (f + t.tasks_finished, w + t.tasks_full_window)
            });
            let pairs: Vec<(f64, f64)> = trees
                .iter()
                .map(|t| (t.full_depth.estimated, t.actual))
                .collect();
            let full_depth = mean_factors(&trees, |t| t.full_depth);
            let unfinished = trees.iter().map(|t| t.unfinished * t.leaves).sum::<f64>()
                / trees.iter().map(|t| t.leaves).sum::<f64>().max(1.0);
            ConfigModel {
                config,
                r: full as f64 / finished.max(1) as f64,
                unfinished,
                with_unfinished: full_depth.estimated / (1.0 - unfinished).max(1e-9),
                full_depth,
                every_search: mean_factors(&trees, |t| t.every_search),
                actual: mean(trees.iter().map(|t| t.leaves))
                    / mean(trees.iter().map(|t| t.baseline_leaves)).max(1.0),
                corr: pearson(&pairs),
                trees,
                missing,
            }
        })
        .collect()
}

/// Fig. 9: at one split, each variant's mean leaves over the baseline's,
/// on the trees that ran both.
#[derive(Clone, Debug)]
pub(crate) struct VariantRatios {
    pub split: Split,
    pub trees: usize,
    pub none: Option<f64>,
    pub partial: Option<f64>,
    pub full: Option<f64>,
    pub none_full: Option<f64>,
}

pub(crate) fn variant_ratios(runs: &[Record]) -> Vec<VariantRatios> {
    let mut by_split: BTreeMap<Split, Vec<Variants>> = BTreeMap::new();
    for ((s, _), v) in variants(runs) {
        by_split.entry(s).or_default().push(v);
    }
    by_split
        .into_iter()
        .map(|(split, trees)| {
            let over_base = |pick: for<'a> fn(&Variants<'a>) -> Option<&'a Record>| {
                let pairs: Vec<(f64, f64)> = trees
                    .iter()
                    .filter_map(|v| {
                        Some((pick(v)?.stats.leaves as f64, v.base?.stats.leaves as f64))
                    })
                    .collect();
                (!pairs.is_empty()).then(|| {
                    pairs.iter().map(|p| p.0).sum::<f64>() / pairs.iter().map(|p| p.1).sum::<f64>()
                })
            };
            VariantRatios {
                split,
                trees: trees.iter().filter(|v| v.base.is_some()).count(),
                none: over_base(|v| v.none),
                partial: over_base(|v| v.partial),
                full: over_base(|v| v.full),
                none_full: over_base(|v| v.none_full),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_factors_at_the_ends_of_r() {
        // r = 0: no task ran with the full window: tables t_n, windows 1.
        let f = factors(0.0, 2.0, 1.5, 3.0, 1.1);
        assert_eq!((f.table, f.windows, f.tasks), (2.0, 1.0, 1.1));
        assert!((f.estimated - 2.2).abs() < 1e-12);
        // r = 1: every task did: tables t_f, windows w.
        let f = factors(1.0, 2.0, 1.5, 3.0, 1.0);
        assert_eq!((f.table, f.windows), (1.5, 3.0));
        assert!((f.estimated - 4.5).abs() < 1e-12);
        // The paper's Table 5 shape: 1,536 processes, b = 5, d = 24.
        let f = factors(0.5, 2.0, 1.884, 4.754, 0.96);
        assert!((f.table - 1.942).abs() < 1e-9 && (f.windows - 2.877).abs() < 1e-9);
    }

    #[test]
    fn pearson_of_lines_and_of_too_few_points() {
        let up = [(1.0, 2.0), (2.0, 4.0), (3.0, 6.0)];
        assert!((pearson(&up).unwrap() - 1.0).abs() < 1e-12);
        let down = [(1.0, 3.0), (2.0, 2.0), (3.0, 1.0)];
        assert!((pearson(&down).unwrap() + 1.0).abs() < 1e-12);
        assert_eq!(pearson(&up[..2]), None);
        assert_eq!(pearson(&[(1.0, 1.0), (2.0, 1.0), (3.0, 1.0)]), None);
    }
}
