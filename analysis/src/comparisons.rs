//! The paper's comparisons between configurations: sharing against not
//! (Table 4), with against without dynamic updates (Fig. 7), and speedup
//! against processes (Fig. 8), each beside the paper's figure for the same
//! configuration where it has one.

use crate::paper;
use crate::summary::{ratios, tables_differ, Config, Summary};
use std::collections::BTreeMap;
use yomi_record::Method;

/// Two configurations that differ only in their method (options beyond the
/// paper, such as confirmed deepening, pair only with their like).
#[derive(Debug)]
pub(crate) struct Pair<'a> {
    /// The configuration of the ratio's numerator.
    pub first: &'a Summary,
    /// Trees both have.
    pub trees: usize,
    /// The first's geometric-mean time and mean leaves over the second's.
    pub time_ratio: f64,
    pub leaf_ratio: f64,
    /// The paper's time and leaf ratios for this configuration.
    pub paper: Option<(f64, f64)>,
}

/// Table 4: with share over with updates.
pub(crate) fn sharing(summaries: &[Summary]) -> Vec<Pair<'_>> {
    pairs(summaries, Method::WithShare, Method::WithUpdates)
}

/// Fig. 7: with updates over without.
pub(crate) fn updates(summaries: &[Summary]) -> Vec<Pair<'_>> {
    pairs(summaries, Method::WithUpdates, Method::WithoutUpdates)
}

fn pairs<'a>(summaries: &'a [Summary], first: Method, second: Method) -> Vec<Pair<'a>> {
    let same = |a: &Config, b: &Config| {
        (
            &a.trees, a.b, a.d, a.d_prime, a.ranks, &a.clock, &a.network, &a.variant, a.table_mb,
        ) == (
            &b.trees, b.b, b.d, b.d_prime, b.ranks, &b.clock, &b.network, &b.variant, b.table_mb,
        )
    };
    let mut out = Vec::new();
    for a in summaries.iter().filter(|s| s.config.method == first) {
        let Some(b) = summaries
            .iter()
            .find(|s| s.config.method == second && same(&a.config, &s.config))
        else {
            continue;
        };
        let Some((time_ratio, leaf_ratio)) = ratios(a, b) else {
            continue;
        };
        let c = &a.config;
        let published = |method| paper::find(&c.trees, c.b, c.d, c.d_prime, c.ranks, method, None);
        let paper = published(first)
            .zip(published(second))
            .map(|(x, y)| (x.time_s / y.time_s, x.leaves_m / y.leaves_m));
        let trees = a
            .per_tree
            .keys()
            .filter(|t| b.per_tree.contains_key(*t))
            .count();
        out.push(Pair {
            first: a,
            trees,
            time_ratio,
            leaf_ratio,
            paper,
        });
    }
    out
}

/// Fig. 8: one configuration's speedups with updates (the paper's rule), by
/// processes.
#[derive(Debug)]
pub(crate) struct Series {
    pub label: String,
    /// (processes, speedup), processes ascending.
    pub points: Vec<(usize, f64)>,
    /// The paper's speedups for the same configuration.
    pub paper: Vec<(usize, f64)>,
}

pub(crate) fn speedups(summaries: &[Summary]) -> Vec<Series> {
    let differ = tables_differ(summaries);
    let mut series: BTreeMap<_, Vec<(usize, f64)>> = BTreeMap::new();
    for s in summaries
        .iter()
        .filter(|s| s.config.method == Method::WithUpdates && s.config.variant.is_empty())
    {
        if let Some(speedup) = s.speedup {
            let c = &s.config;
            let key = (
                c.trees.clone(),
                c.b,
                c.d,
                c.d_prime,
                c.clock.clone(),
                c.network.clone(),
                c.tables(differ),
            );
            series.entry(key).or_default().push((c.ranks, speedup));
        }
    }
    let networks = series
        .keys()
        .map(|k| &k.5)
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    series
        .into_iter()
        .map(|((trees, b, d, d_prime, _, network, tables), mut points)| {
            points.sort_by_key(|p| p.0);
            let kind = trees.label();
            let d_prime = d_prime.unwrap_or_default();
            let mut label = format!("{kind} b={b} d={d} d'={d_prime}");
            if networks > 1 {
                label += &format!(" ({network})");
            }
            label += &tables;
            let paper = paper::rows()
                .filter(|r| {
                    (Some(r.synthetic), r.b, r.d, r.d_prime, r.method)
                        == (trees.paper(), b, d, Some(d_prime), Method::WithUpdates)
                })
                .map(|r| (r.ranks, r.speedup))
                .collect();
            Series {
                label,
                points,
                paper,
            }
        })
        .collect()
}

/// The paper's speedups with updates, a series per configuration (its
/// Fig. 8 and Tables 1–3): (label, (processes, speedup) ascending).
pub(crate) fn paper_speedups() -> Vec<(String, Vec<(usize, f64)>)> {
    // (synthetic, b, d, d′) → points.
    type Key = (bool, u16, u32, Option<u32>);
    let mut series: BTreeMap<Key, Vec<(usize, f64)>> = BTreeMap::new();
    for r in paper::rows().filter(|r| r.method == Method::WithUpdates && r.table <= 3) {
        series
            .entry((r.synthetic, r.b, r.d, r.d_prime))
            .or_default()
            .push((r.ranks, r.speedup));
    }
    series
        .into_iter()
        .filter(|(_, points)| points.len() > 1)
        .map(|((synthetic, b, d, d_prime), mut points)| {
            points.sort_by_key(|p| p.0);
            points.dedup_by_key(|p| p.0);
            let kind = if synthetic { "synthetic" } else { "shogi" };
            let d_prime = d_prime.unwrap_or_default();
            (format!("paper, {kind} b={b} d={d} d'={d_prime}"), points)
        })
        .collect()
}

/// A published ratio: the paper's `first` row over its `second` row of
/// the same configuration.
#[derive(Clone, Debug)]
pub(crate) struct PaperPair {
    pub row: paper::Row,
    pub time_ratio: f64,
    pub leaf_ratio: f64,
}

impl PaperPair {
    /// (b, d, processes), as the paper labels Fig. 7's points.
    pub(crate) fn label(&self) -> String {
        format!("({}, {}, {})", self.row.b, self.row.d, self.row.ranks)
    }
}

/// The paper's ratios of `first` over `second` (Table 4: with share over
/// with updates; Fig. 7: with updates over without), from Tables 1–3.
pub(crate) fn paper_pairs(first: Method, second: Method) -> Vec<PaperPair> {
    paper::rows()
        .filter(|r| r.method == first && r.table <= 3)
        .filter_map(|a| {
            let b = paper::find(&a.trees(), a.b, a.d, a.d_prime, a.ranks, second, None)?;
            Some(PaperPair {
                row: a,
                time_ratio: a.time_s / b.time_s,
                leaf_ratio: a.leaves_m / b.leaves_m,
            })
        })
        .collect()
}

/// Fig. 7's published points: shogi, with updates over without.
pub(crate) fn paper_updates() -> Vec<PaperPair> {
    paper_pairs(Method::WithUpdates, Method::WithoutUpdates)
        .into_iter()
        .filter(|p| !p.row.synthetic)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fig_7_has_the_papers_six_shogi_points() {
        let points = paper_updates();
        assert_eq!(points.len(), 6);
        assert_eq!(
            paper_pairs(Method::WithShare, Method::WithUpdates).len(),
            9,
            "Table 4's rows"
        );
        // b = 5, d = 24 at 1,536: "the search time is roughly halved".
        let p = points
            .iter()
            .find(|p| p.label() == "(5, 24, 1536)")
            .unwrap();
        assert!((p.time_ratio - 0.391).abs() < 0.001 && (p.leaf_ratio - 0.561).abs() < 0.001);
    }
}
