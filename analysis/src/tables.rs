//! The report's Markdown tables in the paper's layouts: Tables 1–3 (the
//! methods by processes and d′), 4 (sharing), 6–7 (NegaScout), the data of
//! Figs. 7–8, every other configuration, and what is missing.

use crate::comparisons::{self, Pair};
use crate::markdown::{millions, optional, ratio, time, Table};
use crate::paper;
use crate::records::TreeSet;
use crate::summary::{tables_differ, Config, Summary};
use std::collections::{BTreeMap, BTreeSet};
use yomi_record::Method;

const METHOD_TABLE: &[Method] = &[
    Method::Sequential,
    Method::WithUpdates,
    Method::WithoutUpdates,
    Method::WithShare,
];
const NEGASCOUT: &[Method] = &[Method::Negascout, Method::NegascoutEps];

/// Tables 1–3 show the plain sequential search (no §5.2 variant, no
/// NegaScout) and the master/worker methods without NegaScout, on seed
/// 000's tree sets.
fn in_method_table(c: &Config) -> bool {
    let plain = c.variant.is_empty() && (c.method != Method::Sequential || c.d_prime.is_none());
    plain && METHOD_TABLE.contains(&c.method) && c.trees.paper().is_some()
}

/// Tables 6–7: NegaScout in the master, on seed 000's tree sets.
fn in_negascout_table(c: &Config) -> bool {
    NEGASCOUT.contains(&c.method) && c.trees.paper().is_some()
}

/// The paper's name for a method in its tables.
fn label(method: Method) -> &'static str {
    match method {
        Method::WithUpdates => "w/ updates",
        Method::WithoutUpdates => "w/o updates",
        Method::WithShare => "w/ share",
        Method::Negascout => "w/o ε-windows",
        Method::NegascoutEps => "w/ ε-windows",
        m => m.name(),
    }
}

/// The columns every results table ends with, ours then the paper's.
const FIGURES: &[&str] = &[
    "trees",
    "search time [s]",
    "speedup",
    "leaves [×10⁶]",
    "start-up idle [s]",
    "other idle [s]",
    "paper: time [s]",
    "paper: speedup",
    "paper: leaves [×10⁶]",
    "paper: start-up idle [s]",
    "paper: other idle [s]",
];

fn figures(s: &Summary, published: Option<paper::Row>) -> Vec<String> {
    let mut cells = vec![
        s.trees.to_string(),
        time(s.geomean_time_s),
        optional(s.speedup, ratio),
        millions(s.mean_leaves),
        optional(s.startup_idle_s, time),
        optional(s.other_idle_s, time),
    ];
    match published {
        Some(p) => cells.extend([
            time(p.time_s),
            ratio(p.speedup),
            millions(p.leaves_m * 1e6),
            optional(p.startup_idle_s, time),
            optional(p.other_idle_s, time),
        ]),
        None => cells.extend(vec!["—".to_string(); 5]),
    }
    cells
}

fn header<'a>(first: &[&'a str]) -> Vec<&'a str> {
    first.iter().chain(FIGURES).copied().collect()
}

/// Where no run matches a published configuration: the paper's table
/// itself, once per report, to read ours against.
fn paper_note(table: u8, matched: bool, shown: &mut BTreeSet<u8>) -> String {
    if matched || !shown.insert(table) {
        return String::new();
    }
    let mut t = Table::new(&[
        "b",
        "d",
        "d′",
        "processes",
        "method",
        "ε",
        "search time [s]",
        "speedup",
        "leaves [×10⁶]",
        "start-up idle [s]",
        "other idle [s]",
    ]);
    for r in paper::rows().filter(|r| r.table == table) {
        t.row(vec![
            r.b.to_string(),
            r.d.to_string(),
            r.d_prime.map_or(String::new(), |d| d.to_string()),
            r.ranks.to_string(),
            label(r.method).to_string(),
            r.eps.map_or(String::new(), |e| e.to_string()),
            time(r.time_s),
            ratio(r.speedup),
            millions(r.leaves_m * 1e6),
            optional(r.startup_idle_s, time),
            optional(r.other_idle_s, time),
        ]);
    }
    format!(
        "\nNo configuration here is one the paper ran (`configs/paper/` has its grids); its Table {table}, for comparison:\n\n{}",
        t.render()
    )
}

fn table_number(s: &Summary, negascout: bool) -> u8 {
    let synthetic = s.config.trees == TreeSet::Synthetic;
    match (synthetic, negascout, s.config.b) {
        (true, false, _) => 1,
        (false, false, 5) => 2,
        (false, false, _) => 3,
        (true, true, _) => 6,
        (false, true, _) => 7,
    }
}

/// Tables 1–3: per tree set, b, d and clock, the methods by processes and d′.
pub(crate) fn methods(summaries: &[Summary]) -> String {
    let mut groups: BTreeMap<_, Vec<&Summary>> = BTreeMap::new();
    for s in summaries {
        let c = &s.config;
        if in_method_table(c) {
            let number = table_number(s, false);
            groups
                .entry((number, c.b, c.d, c.clock.clone()))
                .or_default()
                .push(s);
        }
    }
    let differ = tables_differ(summaries);
    let mut out = String::new();
    let mut shown = BTreeSet::new();
    for ((number, b, d, clock), mut members) in groups {
        let first = members[0];
        // Sequential runs alone, there for the NegaScout tables' speedups.
        let negascout_beside = summaries.iter().any(|s| {
            let c = &s.config;
            in_negascout_table(c) && (&c.trees, c.b, c.d) == (&first.config.trees, b, d)
        });
        if negascout_beside
            && members
                .iter()
                .all(|s| s.config.method == Method::Sequential)
        {
            continue;
        }
        members.sort_by_key(|s| {
            let c = &s.config;
            let order = METHOD_TABLE.iter().position(|m| *m == c.method);
            (c.ranks, c.d_prime, order, c.network.clone())
        });
        let networks: Vec<&str> = members.iter().map(|s| s.config.network.as_str()).collect();
        let mixed = networks
            .iter()
            .filter(|n| !n.is_empty())
            .collect::<BTreeSet<_>>()
            .len()
            > 1;
        let mut table = Table::new(&header(&["processes", "d′", "method"]));
        let mut matched = false;
        for s in &members {
            let c = &s.config;
            let published = paper::find(&c.trees, b, d, c.d_prime, c.ranks, c.method, None);
            matched |= published.is_some();
            let mut method = label(c.method).to_string();
            if mixed && !c.network.is_empty() {
                method += &format!(" ({})", c.network);
            }
            method += &c.tables(differ);
            let mut cells = vec![
                c.ranks.to_string(),
                c.d_prime.map_or("".into(), |d| d.to_string()),
                method,
            ];
            cells.extend(figures(s, published));
            table.row(cells);
        }
        let network = networks.iter().find(|n| !n.is_empty() && !mixed);
        out += &format!(
            "### Table {number} layout: {} trees, b = {b}, d = {d}\n\n{clock}{}.\n\n{}{}\n",
            first.config.kind(),
            network.map_or(String::new(), |n| format!("; network {n}")),
            table.render(),
            paper_note(number, matched, &mut shown)
        );
    }
    out
}

/// Tables 6–7: NegaScout in the master without and with ε-windows; the
/// fastest ε of each configuration marked, as the paper shows the best ε.
pub(crate) fn negascout(summaries: &[Summary]) -> String {
    let mut groups: BTreeMap<_, Vec<&Summary>> = BTreeMap::new();
    for s in summaries
        .iter()
        .filter(|s| NEGASCOUT.contains(&s.config.method))
    {
        let c = &s.config;
        groups
            .entry((
                table_number(s, true),
                c.b,
                c.d,
                c.d_prime,
                c.clock.clone(),
                c.network.clone(),
            ))
            .or_default()
            .push(s);
    }
    let differ = tables_differ(summaries);
    let mut out = String::new();
    let mut shown = BTreeSet::new();
    for ((number, b, d, d_prime, clock, network), mut members) in groups {
        members.sort_by_key(|s| (s.config.ranks, s.config.method, s.config.eps));
        let best: BTreeMap<usize, f64> = members
            .iter()
            .filter(|s| s.config.method == Method::NegascoutEps)
            .fold(BTreeMap::new(), |mut m, s| {
                let t = m.entry(s.config.ranks).or_insert(f64::INFINITY);
                *t = t.min(s.geomean_time_s);
                m
            });
        let mut table = Table::new(&header(&["processes", "method", "ε"]));
        let mut matched = false;
        for s in &members {
            let c = &s.config;
            // Options beyond the paper (confirmed deepening, extension) have no row there.
            let published = c
                .variant
                .is_empty()
                .then(|| paper::find(&c.trees, b, d, d_prime, c.ranks, c.method, c.eps))
                .flatten();
            matched |= published.is_some();
            let eps = match c.eps {
                Some(e) if best.get(&c.ranks) == Some(&s.geomean_time_s) => format!("{e} (best)"),
                Some(e) => e.to_string(),
                None => "—".into(),
            };
            let mut method = label(c.method).to_string();
            if !c.variant.is_empty() {
                method += &format!(" ({})", c.variant);
            }
            method += &c.tables(differ);
            let mut cells = vec![c.ranks.to_string(), method, eps];
            cells.extend(figures(s, published));
            table.row(cells);
        }
        out += &format!(
            "### Table {number} layout: NegaScout in the master, {} trees, b = {b}, d = {d}, d′ = {}\n\n\
             {clock}; network {network}. Speedups against the plain sequential search.\n\n{}{}\n",
            members[0].config.kind(),
            d_prime.unwrap_or_default(),
            table.render(),
            paper_note(number, matched, &mut shown)
        );
    }
    out
}

/// The first columns of a table that lists configurations: the tree set,
/// b, d and d′.
const SHAPE: [&str; 4] = ["trees", "b", "d", "d′"];

fn shape_cells(c: &Config) -> Vec<String> {
    vec![
        c.kind().to_string(),
        c.b.to_string(),
        c.d.to_string(),
        c.d_prime.map_or("".into(), |d| d.to_string()),
    ]
}

/// `differ`: name each pair's tables (see [`tables_differ`]).
fn pair_table(pairs: &[Pair], ratio_names: [&str; 2], differ: bool) -> Table {
    let mut table = Table::new(
        &[
            &SHAPE[..],
            &[
                "processes",
                "pairs of runs",
                ratio_names[0],
                ratio_names[1],
                "paper: time",
                "paper: leaves",
            ],
        ]
        .concat(),
    );
    for p in pairs {
        let c = &p.first.config;
        let mut cells = shape_cells(c);
        cells.extend([
            format!("{}{}", c.ranks, c.tables(differ)),
            p.trees.to_string(),
            ratio(p.time_ratio),
            ratio(p.leaf_ratio),
            optional(p.paper.map(|p| p.0), ratio),
            optional(p.paper.map(|p| p.1), ratio),
        ]);
        table.row(cells);
    }
    table
}

/// The paper's ratios, where no pair of runs here matches one of them.
fn paper_pairs(pairs: &[Pair], published: &[comparisons::PaperPair]) -> String {
    if pairs.iter().any(|p| p.paper.is_some()) {
        return String::new();
    }
    let mut t = Table::new(&["trees", "b", "d", "d′", "processes", "time", "leaves"]);
    for p in published {
        let r = &p.row;
        t.row(vec![
            if r.synthetic { "synthetic" } else { "shogi" }.to_string(),
            r.b.to_string(),
            r.d.to_string(),
            r.d_prime.map_or(String::new(), |d| d.to_string()),
            r.ranks.to_string(),
            ratio(p.time_ratio),
            ratio(p.leaf_ratio),
        ]);
    }
    format!("\nThe paper's, for comparison:\n\n{}", t.render())
}

/// Table 4: with shared tables over without (with updates).
pub(crate) fn sharing(summaries: &[Summary]) -> String {
    let pairs = comparisons::sharing(summaries);
    if pairs.is_empty() {
        return String::new();
    }
    let table = pair_table(
        &pairs,
        ["ratio of search time", "ratio of leaves"],
        tables_differ(summaries),
    );
    let published = comparisons::paper_pairs(Method::WithShare, Method::WithUpdates);
    format!(
        "### Table 4 layout: improvements by sharing transposition tables\n\n\
         Geometric-mean time and mean leaves with share over with updates, on the trees both ran.\n\n{}{}\n",
        table.render(),
        paper_pairs(&pairs, &published)
    )
}

/// Fig. 7's points as a table.
pub(crate) fn updates(summaries: &[Summary]) -> String {
    let pairs = comparisons::updates(summaries);
    if pairs.is_empty() {
        return String::new();
    }
    let table = pair_table(
        &pairs,
        ["time ratio", "leaf ratio"],
        tables_differ(summaries),
    );
    format!(
        "### Fig. 7 data: with dynamic updates over without\n\n\
         Geometric-mean time and mean leaves with updates over without, on the trees both ran \
         (below 1: the updates pay).\n\n{}{}\n",
        table.render(),
        paper_pairs(
            &pairs,
            &comparisons::paper_pairs(Method::WithUpdates, Method::WithoutUpdates)
        )
    )
}

/// Fig. 8's series as a table.
pub(crate) fn speedups(summaries: &[Summary]) -> String {
    let series = comparisons::speedups(summaries);
    if series.is_empty() {
        return String::new();
    }
    let mut table = Table::new(&["configuration", "processes", "speedup", "paper: speedup"]);
    for s in &series {
        for &(ranks, speedup) in &s.points {
            let paper = s.paper.iter().find(|p| p.0 == ranks).map(|p| p.1);
            table.row(vec![
                s.label.clone(),
                ranks.to_string(),
                ratio(speedup),
                optional(paper, ratio),
            ]);
        }
    }
    format!(
        "### Fig. 8 data: speedup with dynamic updates against processes\n\n{}\n",
        table.render()
    )
}

/// A table of configurations, one a row: the tree set's shape, the method,
/// its variant, the processes and the runs, then `figures`.
fn configuration_table(figures: &[&str]) -> Table {
    Table::new(
        &[
            &SHAPE[..],
            &["method", "variant", "processes", "runs"],
            figures,
        ]
        .concat(),
    )
}

/// The first cells of a [`configuration_table`] row for `s` (`differ`:
/// name its tables, see [`tables_differ`]).
fn configuration_cells(s: &Summary, differ: bool) -> Vec<String> {
    let c = &s.config;
    let mut cells = shape_cells(c);
    cells.extend([
        c.method.to_string(),
        format!("{}{}", c.variant, c.tables(differ))
            .trim()
            .to_string(),
        c.ranks.to_string(),
        s.trees.to_string(),
    ]);
    cells
}

/// Seed 000's master–worker runs that recorded the master's waiting: whether
/// the master or the supply of work held the workers back.
pub(crate) fn master_pace(summaries: &[Summary]) -> String {
    let mut table = configuration_table(&["master waiting", "workers idle", "messages a second"]);
    let differ = tables_differ(summaries);
    for s in summaries {
        let Some(pace) = s.master_pace else {
            continue;
        };
        let mut cells = configuration_cells(s, differ);
        cells.extend([
            format!("{:.1} %", 100.0 * pace.master_waiting),
            format!("{:.1} %", 100.0 * pace.workers_idle),
            format!("{:.0}", pace.messages_per_s),
        ]);
        table.row(cells);
    }
    if table.is_empty() {
        return String::new();
    }
    format!(
        "### The master's pace\n\nShares of each search's time, means over the trees: the \
         master waiting for results (near 0: the master sets the pace, and more workers \
         wait the longer) and a worker idle (start-up included); the search's messages a \
         second.\n\n{}\n",
        table.render()
    )
}

/// Each parallel configuration's efficiency (speedup over processes) as
/// the product of what it loses to: the leaves beyond the sequential
/// search's and the workers' idle time; the remainder is what neither
/// explains.
pub(crate) fn efficiency(summaries: &[Summary]) -> String {
    let mut table = configuration_table(&[
        "efficiency",
        "sequential leaves / leaves",
        "1 − idle share",
        "remainder",
    ]);
    let differ = tables_differ(summaries);
    for s in summaries.iter().filter(|s| s.config.ranks > 1) {
        let (Some(speedup), Some(overhead), Some(idle)) =
            (s.speedup, s.leaf_overhead, s.idle_share)
        else {
            continue;
        };
        let efficiency = speedup / s.config.ranks as f64;
        let explained = (1.0 - idle) / overhead;
        let mut cells = configuration_cells(s, differ);
        cells.extend([
            format!("{efficiency:.3}"),
            format!("{:.3}", 1.0 / overhead),
            format!("{:.3}", 1.0 - idle),
            format!("{:.3}", efficiency / explained),
        ]);
        table.row(cells);
    }
    if table.is_empty() {
        return String::new();
    }
    format!(
        "### Where the efficiency goes\n\nEfficiency: the speedup over the processes. It is \
         the sequential leaves over the leaves searched (means over the trees) times the share \
         of a worker's time not idle (start-up included, the mean over the trees), times a \
         remainder neither explains (near 1 where the node rate is fixed, as on the virtual \
         cluster).\n\n{}\n",
        table.render()
    )
}

/// Every configuration no paper layout shows (sequential variants, say).
pub(crate) fn others(summaries: &[Summary]) -> String {
    let shown = |s: &Summary| {
        let c = &s.config;
        in_method_table(c) || in_negascout_table(c) || c.is_baseline_method()
    };
    let mut table = Table::new(&header(&[
        "trees",
        "b",
        "d",
        "method",
        "variant",
        "d′",
        "processes",
        "clock",
    ]));
    for s in summaries.iter().filter(|s| !shown(s)) {
        let c = &s.config;
        let mut cells = vec![
            c.kind().to_string(),
            c.b.to_string(),
            c.d.to_string(),
            c.method.to_string(),
            c.variant.clone(),
            c.d_prime.map_or("".into(), |d| d.to_string()),
            c.ranks.to_string(),
            c.clock.clone(),
        ];
        cells.extend(figures(s, None));
        table.row(cells);
    }
    if table.is_empty() {
        return String::new();
    }
    format!("### Other configurations\n\n{}\n", table.render())
}

/// Trees a configuration lacks, speedups without a sequential baseline,
/// and root values that differ from the sequential search's.
pub(crate) fn problems(summaries: &[Summary]) -> String {
    let differ = tables_differ(summaries);
    let mut lines = Vec::new();
    for s in summaries {
        let c = &s.config;
        let name = format!("{}{} ({})", c.label(), c.tables(differ), c.clock);
        if !s.missing.is_empty() {
            lines.push(format!(
                "- {name}: {} of {} trees; missing {}",
                s.trees,
                s.trees + s.missing.len(),
                s.missing.join(", ")
            ));
        }
        if s.speedup.is_none() && c.method != Method::Sequential && !c.is_baseline_method() {
            lines.push(format!(
                "- {name}: no speedup: the input lacks plain sequential runs of some of its trees"
            ));
        }
        if !s.wrong_values.is_empty() {
            lines.push(format!(
                "- {name}: root value differs from the sequential search's on {}",
                s.wrong_values.join(", ")
            ));
        }
    }
    if lines.is_empty() {
        return "### Missing runs\n\nNone: every configuration ran every tree of its set, and every root value equals the sequential one.\n".into();
    }
    format!("### Missing runs and problems\n\n{}\n", lines.join("\n"))
}
