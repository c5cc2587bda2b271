//! Seed 003's two comparisons from RBF's records: RBF against alpha-beta
//! at equal generated nodes (the share of trees whose move is judged best,
//! by branching factor and alpha-beta depth), and the speedups of parallel
//! RBF and Jamboree against ranks on incremental trees (the tree set's
//! total time, seed 003's measure), beside the published claims.

use crate::markdown::{ratio, time, Table};
use crate::records::{RecordView, TreeSet};
use std::collections::BTreeMap;
use yomi_record::{Backend, Method, RbfForm, Record};

/// Seed 003's published figures for its parallel experiment (Fig. 2, §4.2).
const SEED003_SPEEDUPS: &str = "Seed 003 (100 trees, b = 10, a Cilk shared-memory \
    RBF and Jamboree on an Origin-2000): RBF speeds up 18× and stops gaining beyond \
    30–35 processors; Jamboree reaches 5.5 and gains nothing beyond 15.";

pub(crate) fn rbf(runs: &[Record]) -> String {
    equal_nodes(runs) + &speedups(runs)
}

/// Sequential RBF runs stopped at alpha-beta's generated nodes.
fn equal_nodes(runs: &[Record]) -> String {
    // (b, d, judge depth, alpha-beta depth) → per tree: α-β, RBF with and
    // without the pruning rule (every walk seed pooled).
    type Shares = (Vec<bool>, Vec<bool>, Vec<bool>, Vec<f64>);
    let mut groups: BTreeMap<(u16, u32, u32, u32), Shares> = BTreeMap::new();
    for (r, f) in runs
        .iter()
        .filter(|r| r.method == Method::Rbf)
        .filter_map(|r| Some((r, r.rbf()?)))
    {
        let Some(k) = f.shape.match_depth else {
            continue;
        };
        let g = groups
            .entry((r.b, r.d, f.shape.judge_depth, k))
            .or_default();
        if f.shape.pruning {
            g.0.extend(f.alpha_beta_correct);
            g.1.push(f.correct);
            g.3.extend(f.alpha_beta_nodes.map(|n| n as f64));
        } else {
            g.2.push(f.correct);
        }
    }
    if groups.is_empty() {
        return String::new();
    }
    let mut table = Table::new(&[
        "b",
        "d",
        "judged at",
        "α-β depth",
        "trees",
        "generated nodes",
        "α-β",
        "RBF",
        "RBF without pruning",
        "RBF better",
    ]);
    let share = |v: &[bool]| {
        (!v.is_empty()).then(|| v.iter().filter(|&&c| c).count() as f64 / v.len() as f64)
    };
    let cell = |x: Option<f64>| x.map_or("—".into(), |x| format!("{x:.3}"));
    for ((b, d, judge, k), (ab, rbf, plain, nodes)) in &groups {
        let (ab, rbf_share) = (share(ab), share(rbf));
        let better = match (rbf_share, ab) {
            (Some(r), Some(a)) if r > a => "yes",
            (Some(r), Some(a)) if r == a => "equal",
            (Some(_), Some(_)) => "no",
            _ => "—",
        };
        table.row(vec![
            b.to_string(),
            d.to_string(),
            judge.to_string(),
            k.to_string(),
            rbf.len().to_string(),
            format!(
                "{:.0}",
                nodes.iter().sum::<f64>() / nodes.len().max(1) as f64
            ),
            cell(ab),
            cell(rbf_share),
            cell(share(plain)),
            better.into(),
        ]);
    }
    format!(
        "### Seed 003 §3: RBF against alpha-beta at equal generated nodes\n\n\
         Incremental random trees with random branching; each tree searched by plain \
         alpha-beta to the depth shown, then by RBF until it has generated as many nodes. \
         Share of trees whose move is a best one by alpha-beta at the judge depth (exact \
         where that is d). Seed 003: RBF decides better than alpha-beta at every branching \
         factor and depth.\n\n{}\n",
        table.render()
    )
}

/// Parallel RBF and Jamboree on incremental trees, by ranks.
fn speedups(runs: &[Record]) -> String {
    // (method, b, d, stop, clock) → ranks → tree → (time, generated or nodes, correct)
    type Key = (String, u16, u32, String, String);
    type PerTree = BTreeMap<String, (f64, u64, Option<bool>)>;
    let mut groups: BTreeMap<Key, BTreeMap<usize, PerTree>> = BTreeMap::new();
    for r in runs.iter().filter(|r| r.tree_set() == TreeSet::Incremental) {
        if r.method != Method::ParallelRbf && r.method != Method::Jamboree {
            continue;
        }
        let clock = r.virtual_cluster.as_ref().map_or_else(
            || format!("wall, {}", r.backend.map_or("native", Backend::name)),
            |c| format!("virtual, {} µs a node", c.model.node_cost_us),
        );
        let rbf = r.rbf();
        let nodes = rbf.map_or(r.stats.nodes, |f| f.generated);
        let shape = rbf.map(|f| f.shape);
        let method = match (shape.and_then(|s| s.form), shape.and_then(|s| s.chunk)) {
            (Some(RbfForm::SharedTree), _) => format!("{} (shared tree)", r.method),
            (_, Some(chunk)) if chunk > 1 => format!("{} (chunks of {chunk})", r.method),
            _ if r.baseline().is_some_and(|b| b.shape.static_order) => {
                format!("{} (static order)", r.method)
            }
            _ => r.method.to_string(),
        };
        groups
            .entry((method, r.b, r.d, r.stop(), clock))
            .or_default()
            .entry(r.ranks())
            .or_default()
            .entry(r.tree.clone())
            .or_insert((r.time_s, nodes, rbf.map(|f| f.correct)));
    }
    let mut out = String::new();
    for ((method, b, d, stop, clock), by_ranks) in groups {
        let Some(alone) = by_ranks.get(&1) else {
            out += &format!(
                "### Seed 003 §4.2: {method}, b = {b}, d = {d}{stop}\n\nNo one-rank runs: no \
                 speedups.\n\n"
            );
            continue;
        };
        let mut table = Table::new(&[
            "ranks",
            "trees",
            "total time [s]",
            "speedup",
            "mean nodes",
            "judged best",
        ]);
        for (ranks, trees) in &by_ranks {
            let total: f64 = trees.values().map(|t| t.0).sum();
            let same = trees.keys().all(|t| alone.contains_key(t));
            let base: f64 = trees.keys().filter_map(|t| alone.get(t)).map(|t| t.0).sum();
            let judged: Vec<bool> = trees.values().filter_map(|t| t.2).collect();
            table.row(vec![
                ranks.to_string(),
                trees.len().to_string(),
                time(total),
                if same {
                    ratio(base / total)
                } else {
                    "—".into()
                },
                format!(
                    "{:.0}",
                    trees.values().map(|t| t.1 as f64).sum::<f64>() / trees.len() as f64
                ),
                if judged.is_empty() {
                    "—".into()
                } else {
                    format!(
                        "{:.3}",
                        judged.iter().filter(|&&c| c).count() as f64 / judged.len() as f64
                    )
                },
            ]);
        }
        out += &format!(
            "### Seed 003 §4.2: {method}, b = {b}, d = {d}{stop}\n\n{clock}. Speedup: the \
             one-rank run's total time over the tree set over this one's. {SEED003_SPEEDUPS}\
             \n\n{}\n",
            table.render()
        );
    }
    out
}
