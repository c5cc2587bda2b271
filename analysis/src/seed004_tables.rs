//! Seed 004 §4's Tables 1 and 2 beside Yomi's runs of the same experiment
//! (`configs/seed004/pick.toml`): pick-the-last-one-loses on boards of
//! height 5 and 6 with 6 to 14 random pieces, sequential alpha-beta against
//! seed 004's grid master with 8 workers and a manager, in both move orders
//! (`scan/`: a plain generator's; longest segments first); then every
//! method on the same ranks as speedups over plain alpha-beta. Means over a
//! size's boards, as the paper took them; a speedup is the ratio of mean
//! times, as the paper's are. Every record's value is checked against
//! plain alpha-beta's on its board.

use crate::markdown::{ratio, thousands, time, Table};
use std::collections::BTreeMap;
use yomi_record::{Method, Record};

/// Seed 004's Table 1 (seconds) and Table 2 (nodes), by height and
/// kind (sequential, MPI), from 6 pieces on.
const PAPER_TIME: [(u32, &[f64], &[f64]); 2] = [
    (
        5,
        &[0.00, 0.00, 0.05, 0.20, 1.00, 9.50, 42.20],
        &[0.05, 0.05, 0.10, 0.20, 0.40, 2.95, 13.85],
    ),
    (
        6,
        &[0.00, 0.00, 0.05, 0.25, 1.60, 8.35, 106.05, 631.50, 5524.45],
        &[0.05, 0.05, 0.10, 0.20, 0.50, 2.95, 29.35, 183.10, 1762.80],
    ),
];
const PAPER_NODES: [(u32, &[f64], &[f64]); 2] = [
    (
        5,
        &[510., 1716., 11611., 66934., 292256., 2907487., 12759256.],
        &[964., 2254., 20539., 109940., 396740., 3957260., 19796435.],
    ),
    (
        6,
        &[468., 1888., 6752., 57436., 414297., 2095231., 26623136.],
        &[908., 2558., 16730., 91395., 497349., 3377081., 33766472.],
    ),
];
/// Pieces on the boards of each height.
const PIECES: [(u32, std::ops::RangeInclusive<u32>); 2] = [(5, 6..=12), (6, 6..=14)];
/// The every-method table's smallest boards.
const FROM_PIECES: u32 = 10;

/// The configurations of the sweep in table order (after plain
/// alpha-beta, the grid master on one rank).
const METHODS: [&str; 8] = [
    "grid master",
    "+ bounds pushed",
    "YBWC",
    "Jamboree",
    "tree-splitting",
    "PV-splitting",
    "seed 000 sequential",
    "seed 000 with updates",
];

fn label(r: &Record) -> Option<&'static str> {
    let pushed = r.baseline().is_some_and(|f| f.shape.push_bounds);
    Some(match r.method {
        Method::GridMaster if r.ranks() == 1 => "alpha-beta",
        Method::GridMaster if pushed => METHODS[1],
        Method::GridMaster => METHODS[0],
        Method::Ybwc => METHODS[2],
        Method::Jamboree => METHODS[3],
        Method::TreeSplitting => METHODS[4],
        Method::PvSplitting => METHODS[5],
        Method::Sequential => METHODS[6],
        Method::WithUpdates => METHODS[7],
        _ => return None,
    })
}

/// (board group, label) → its runs.
type Cells<'a> = BTreeMap<(&'a str, &'static str), Vec<&'a Record>>;

/// The section, where the records hold pick boards in groups.
pub(crate) fn tables(runs: &[Record]) -> String {
    let mut cells: Cells = BTreeMap::new();
    let mut exact = BTreeMap::new();
    for r in runs
        .iter()
        .filter(|r| r.tree_kind.as_deref() == Some("pick"))
    {
        let (Some(group), Some(name)) = (r.tree_group.as_deref(), label(r)) else {
            continue;
        };
        cells.entry((group, name)).or_default().push(r);
        if name == "alpha-beta" {
            exact.insert(r.tree.as_str(), r.value);
        }
    }
    if cells.is_empty() {
        return String::new();
    }
    let wrong: Vec<String> = cells
        .iter()
        .flat_map(|(&(_, name), rs)| rs.iter().map(move |r| (name, r)))
        .filter(|(_, r)| exact.get(r.tree.as_str()).is_some_and(|&v| v != r.value))
        .map(|(name, r)| format!("{name} on {}", r.tree))
        .collect();
    let records: usize = cells.values().map(Vec::len).sum();
    let mut out = String::from(
        "### Seed 004's Tables 1 and 2 beside Yomi's\n\n\
         Time [s] (seed 004: a Pentium III cluster; Yomi: the records' clock), and the \
         speedup sequential / MPI:\n\n",
    );
    let two_decimals = |t: f64| format!("{t:.2}");
    out += &beside_paper(
        &cells,
        |r| r.time_s,
        &PAPER_TIME,
        (two_decimals, time),
        quotient,
    );
    out += "\nNodes searched, and the ratio MPI / sequential (seed 004's Table 2 stops at \
            12 pieces):\n\n";
    let counts: (Format, Format) = (thousands, thousands);
    out += &beside_paper(
        &cells,
        |r| r.stats.nodes as f64,
        &PAPER_NODES,
        counts,
        |s, m| quotient(m, s),
    );
    out += "\nEvery method on the grid master's ranks: speedup over plain alpha-beta (mean \
            times), and in brackets nodes over alpha-beta's:\n\n";
    out += &every_method(&cells);
    out += &format!(
        "\n{records} records; {} values differ from alpha-beta's{}\n\n",
        wrong.len(),
        if wrong.is_empty() {
            ".".to_string()
        } else {
            format!(": {}.", wrong.join(", "))
        }
    );
    for w in &wrong {
        eprintln!("report: value differs from alpha-beta's: {w}");
    }
    out
}

fn mean(runs: Option<&Vec<&Record>>, f: impl Fn(&Record) -> f64) -> Option<f64> {
    let runs = runs.filter(|r| !r.is_empty())?;
    Some(runs.iter().map(|r| f(r)).sum::<f64>() / runs.len() as f64)
}

fn quotient(a: Option<f64>, b: Option<f64>) -> String {
    match (a, b) {
        (Some(a), Some(b)) if a > 0.0 && b > 0.0 => ratio(a / b),
        _ => "—".into(),
    }
}

/// How a figure is written.
type Format = fn(f64) -> String;

fn or_dash(x: Option<f64>, f: Format) -> String {
    x.map_or_else(|| "—".into(), f)
}

/// Rows by height and pieces: seed 004's sequential, MPI and their ratio,
/// then Yomi's alpha-beta, grid master and ratio in both orders. `formats`:
/// of the paper's figures, then of Yomi's.
fn beside_paper(
    cells: &Cells,
    figure: impl Fn(&Record) -> f64 + Copy,
    paper: &[(u32, &[f64], &[f64])],
    formats: (Format, Format),
    ratio_of: impl Fn(Option<f64>, Option<f64>) -> String,
) -> String {
    let (published, format) = formats;
    let mut table = Table::new(&[
        "height",
        "pieces",
        "seed 004 SEQ",
        "MPI",
        "ratio",
        "Yomi scan order: alpha-beta",
        "grid master",
        "ratio",
        "longest first: alpha-beta",
        "grid master",
        "ratio",
    ]);
    for ((height, pieces), (_, seq, mpi)) in PIECES.iter().zip(paper) {
        for (i, n) in pieces.clone().enumerate() {
            let (s, m) = (seq.get(i).copied(), mpi.get(i).copied());
            let mut row = vec![
                height.to_string(),
                n.to_string(),
                or_dash(s, published),
                or_dash(m, published),
                ratio_of(s, m),
            ];
            for prefix in ["scan/", ""] {
                let group = format!("{prefix}{height}x{n}");
                let a = mean(cells.get(&(group.as_str(), "alpha-beta")), figure);
                let w = mean(cells.get(&(group.as_str(), METHODS[0])), figure);
                row.extend([or_dash(a, format), or_dash(w, format), ratio_of(a, w)]);
            }
            table.row(row);
        }
    }
    table.render()
}

fn every_method(cells: &Cells) -> String {
    let mut header = vec!["board", "alpha-beta [s]"];
    header.extend(METHODS);
    let mut table = Table::new(&header);
    for prefix in ["scan/", ""] {
        for (height, pieces) in &PIECES {
            for n in pieces.clone().filter(|&n| n >= FROM_PIECES) {
                let group = format!("{prefix}{height}x{n}");
                let base = cells.get(&(group.as_str(), "alpha-beta"));
                let Some(base_time) = mean(base, |r| r.time_s) else {
                    continue;
                };
                let base_nodes = mean(base, |r| r.stats.nodes as f64);
                let mut row = vec![group.clone(), time(base_time)];
                for name in METHODS {
                    let runs = cells.get(&(group.as_str(), name));
                    row.push(match mean(runs, |r| r.time_s) {
                        Some(t) => format!(
                            "{} ({})",
                            ratio(base_time / t),
                            quotient(mean(runs, |r| r.stats.nodes as f64), base_nodes)
                        ),
                        None => "—".into(),
                    });
                }
                table.row(row);
            }
        }
    }
    table.render()
}
