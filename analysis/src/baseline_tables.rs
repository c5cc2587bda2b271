//! The baselines' tables: seed 002's methods and YBWC by tree set, b, d
//! and clock, with the search-overhead coefficient; in seed 002's setting
//! (its ordered trees of width 24 and depth 4, a leaf one time unit) its
//! published Tables 1–3 beside ours.

use crate::markdown::{optional, ratio, time, Table};
use crate::paper002;
use crate::records::{TreeSet, BASELINE_METHODS};
use crate::summary::Summary;
use std::collections::BTreeMap;
use yomi_record::Method;

pub(crate) fn baselines(summaries: &[Summary]) -> String {
    let mut groups: BTreeMap<_, Vec<&Summary>> = BTreeMap::new();
    for s in summaries.iter().filter(|s| s.config.is_baseline_method()) {
        let c = &s.config;
        let key = (
            c.trees.clone(),
            c.b,
            c.d,
            c.clock.clone(),
            c.network.clone(),
            c.charge_leaves,
        );
        groups.entry(key).or_default().push(s);
    }
    let mut out = String::new();
    for ((trees, b, d, clock, network, charge_leaves), mut members) in groups {
        members.sort_by_key(|s| {
            let c = &s.config;
            // Methods plugged in after the paper's, by name.
            let order = BASELINE_METHODS.iter().position(|m| *m == c.method);
            let order = order.unwrap_or(BASELINE_METHODS.len());
            (order, c.processor_tree, c.ranks, c.pv_depth, c.stage_depth)
        });
        let seed002 = members[0].config.seed002();
        let mut header = vec![
            "method",
            "shape",
            "processes",
            "trees",
            "search time [s]",
            "speedup",
            "leaves",
            "search overhead",
            "start-up idle [s]",
            "other idle [s]",
        ];
        if seed002 {
            header.extend(["mean time [units]", "seed 002: time [units]"]);
        }
        let mut table = Table::new(&header);
        for s in &members {
            table.row(row(s, seed002, &trees));
        }
        let sequential = summaries
            .iter()
            .filter(|_| !charge_leaves)
            .find(|s| {
                let c = &s.config;
                c.method == Method::Sequential
                    && c.variant.is_empty()
                    && c.d_prime.is_none()
                    && (&c.trees, c.b, c.d, &c.clock) == (&trees, b, d, &clock)
            })
            .map_or(String::new(), |s| {
                format!("; the plain sequential search {} s", time(s.geomean_time_s))
            });
        out += &format!(
            "### Baselines: {} trees, b = {b}, d = {d}\n\n{clock}{}{}{sequential}. Search \
             overhead: leaves over the method's own sequential reference's (plain alpha-beta; \
             sequential staged SSS* for staged SSS*), seed 002's coefficient.{}\n\n{}\n",
            trees.label(),
            if network.is_empty() {
                String::new()
            } else {
                format!("; network {network}")
            },
            if charge_leaves {
                "; the node cost charged per leaf only"
            } else {
                ""
            },
            if seed002 {
                " Mean time: the arithmetic mean over the trees in node costs, as seed 002's \
                 tables give it."
            } else {
                ""
            },
            table.render()
        );
    }
    out
}

fn row(s: &Summary, seed002: bool, trees: &TreeSet) -> Vec<String> {
    let c = &s.config;
    let shape = c.shape();
    let mut cells = vec![
        c.method.to_string(),
        shape,
        c.ranks.to_string(),
        s.trees.to_string(),
        time(s.geomean_time_s),
        optional(s.speedup, ratio),
        format!("{:.0}", s.mean_leaves),
        optional(s.search_overhead, ratio),
        optional(s.startup_idle_s, time),
        optional(s.other_idle_s, time),
    ];
    if seed002 {
        let units = s.node_cost_us.map(|cost| {
            let mean = s.per_tree.values().map(|t| t.0).sum::<f64>() / s.per_tree.len() as f64;
            mean * 1e6 / cost
        });
        let published = match (trees, c.processor_tree) {
            (TreeSet::Ordered(ordering), Some((levels, fanout))) => paper002::find(
                ordering,
                c.method,
                levels,
                fanout,
                c.pv_depth.or(c.stage_depth),
            ),
            _ => None,
        };
        cells.push(optional(units, |u| format!("{u:.0}")));
        cells.push(published.map_or("—".into(), |p| p.to_string()));
    }
    cells
}
