//! Tables by tree group, for games plugged in whose trees come in groups
//! of comparable ones (pick's boards of one height and piece count): the
//! mean nodes and mean time of every configuration in every group, and
//! the speedup over the plain alpha-beta search on one process — seed
//! 004's Tables 1 and 2 have this shape.

use crate::markdown::{ratio, time, Table};
use crate::summary::Config;
use std::cmp::Ordering;
use std::collections::BTreeMap;
use yomi_record::{Method, Record};

pub(crate) fn groups(runs: &[Record]) -> String {
    // (trees, b, d, clock, network) → configuration → group → runs.
    type Cells<'a> = BTreeMap<String, Vec<&'a Record>>;
    let mut sets: BTreeMap<_, BTreeMap<Config, Cells>> = BTreeMap::new();
    for run in runs.iter().filter(|r| r.method.proves_value()) {
        let Some(group) = &run.tree_group else {
            continue;
        };
        let c = Config::of(run);
        let key = (c.trees.label(), c.b, c.d, c.clock.clone());
        let cells = sets.entry(key).or_default().entry(c).or_default();
        cells.entry(group.clone()).or_default().push(run);
    }
    let mut out = String::new();
    for ((kind, b, d, clock), configs) in sets {
        let mut names: Vec<&String> = configs.values().flat_map(|g| g.keys()).collect();
        names.sort_by(|a, b| natural(a, b));
        names.dedup();
        let columns: Vec<String> = configs.keys().map(label).collect();
        let mut header = vec!["group", "trees"];
        header.extend(columns.iter().map(String::as_str));
        let (mut nodes, mut times, mut speedups) = (
            Table::new(&header),
            Table::new(&header),
            Table::new(&header),
        );
        let reference = configs
            .iter()
            .find(|(c, _)| c.ranks == 1 && c.method == Method::GridMaster)
            .or_else(|| {
                let plain = |c: &Config| c.ranks == 1 && c.is_baseline_method();
                configs.iter().find(|(c, _)| plain(c))
            });
        for group in names {
            let trees = configs.values().filter_map(|g| g.get(group)).map(Vec::len);
            let row = |f: &dyn Fn(&[&Record]) -> String| {
                let mut cells = vec![group.clone(), trees.clone().max().unwrap_or(0).to_string()];
                cells.extend(
                    configs
                        .values()
                        .map(|g| g.get(group).map_or("—".into(), |r| f(r))),
                );
                cells
            };
            nodes.row(row(&|runs| {
                format!("{:.0}", mean(runs, |r| r.stats.nodes as f64))
            }));
            times.row(row(&|runs| time(mean(runs, |r| r.time_s))));
            if let Some(base) = reference.and_then(|(_, g)| g.get(group)) {
                let base = mean(base, |r| r.time_s);
                speedups.row(row(&|runs| ratio(base / mean(runs, |r| r.time_s))));
            }
        }
        out += &format!(
            "### {kind} by group: b = {b}, d = {d}, {clock}\n\nMeans over each group's trees \
             (seed 004 averages 20 boards a size).\n\nNodes:\n\n{}\nTime [s]:\n\n{}\n",
            nodes.render(),
            times.render()
        );
        if let Some((base, _)) = reference {
            out += &format!(
                "Speedup: {}'s mean time over each configuration's.\n\n{}\n",
                label(base),
                speedups.render()
            );
        }
    }
    out
}

fn label(c: &Config) -> String {
    let mut s = c.method.to_string();
    let shape = c.shape();
    if !shape.is_empty() {
        s += &format!(" {shape}");
    }
    if !c.variant.is_empty() {
        s += &format!(" ({})", c.variant);
    }
    if let Some(dp) = c.d_prime {
        s += &format!(" d'={dp}");
    }
    s + &format!(", {} ranks", c.ranks)
}

fn mean(runs: &[&Record], f: impl Fn(&Record) -> f64) -> f64 {
    runs.iter().map(|r| f(r)).sum::<f64>() / runs.len().max(1) as f64
}

/// Names with their numbers compared as numbers: `5x9` before `5x10`.
fn natural(a: &str, b: &str) -> Ordering {
    fn chunks(s: &str) -> Vec<(bool, String)> {
        let mut out: Vec<(bool, String)> = Vec::new();
        for c in s.chars() {
            let digit = c.is_ascii_digit();
            match out.last_mut() {
                Some((d, text)) if *d == digit => text.push(c),
                _ => out.push((digit, c.to_string())),
            }
        }
        out
    }
    let key = |s: &str| {
        chunks(s)
            .into_iter()
            .map(|(digit, text)| match digit {
                true => (0, text.parse::<u64>().unwrap_or(u64::MAX), String::new()),
                false => (1, 0, text),
            })
            .collect::<Vec<_>>()
    };
    key(a).cmp(&key(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_names_sort_as_numbers() {
        let mut names = vec!["6x10", "5x9", "scan/5x7", "5x10", "6x9"];
        names.sort_by(|a, b| natural(a, b));
        assert_eq!(names, ["5x9", "5x10", "6x9", "6x10", "scan/5x7"]);
    }
}
