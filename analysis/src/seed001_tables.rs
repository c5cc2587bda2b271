//! Seed 001's measures of UCT-Treesplit from Yomi's records: the
//! simulation rate, work-load and bandwidth against search ranks (its
//! Figs. 8–11), where a search rank's time goes (Fig. 5), and the Elo of
//! more ranks against fewer at equal time a move (Fig. 7, from
//! `yomi-harness uct-match` games). Each record's root visits are checked
//! against its simulations (none lost or counted twice).

use crate::markdown::{thousands, Table};
use std::collections::BTreeMap;
use yomi_record::{GameRecord, Method, Record, SpreadFigures, UctFigures};

/// Seed 001 §IV-B's work packages, as the records name them.
const PACKAGES: [&str; 6] = ["in-tree", "playout", "update", "sync", "receive", "idle"];

/// The rate and time tables, and the Elo tables, where the records hold
/// UCT-Treesplit runs or games.
pub(crate) fn tables(runs: &[Record], games: &[GameRecord]) -> String {
    let mut out = rate_tables(runs);
    out += &elo_tables(games);
    out
}

fn mean(values: impl IntoIterator<Item = f64>) -> f64 {
    let (sum, n) = values
        .into_iter()
        .fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    if n == 0 {
        f64::NAN
    } else {
        sum / n as f64
    }
}

/// Milliseconds as the records give them: `5.0`, `2.5`.
fn ms(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.1}")
    } else {
        format!("{x}")
    }
}

/// What UCT-Treesplit ran with, beside the ranks.
fn variant(r: &Record) -> String {
    let Some(t) = r.uct().and_then(|u| u.shape.treesplit) else {
        return String::new();
    };
    let duplication = match t.n_dup {
        0 => "no duplication".to_string(),
        n => format!("N_dup {n}"),
    };
    let broadcast = match t.per_broadcast {
        0 => "no broadcast ranks".to_string(),
        n => format!("1 broadcast rank / {n}"),
    };
    let forwarding = if t.forward_k == 0.0 {
        "no forwarding".to_string()
    } else {
        format!("K {}", t.forward_k)
    };
    let loss = if t.virtual_loss {
        "virtual loss"
    } else {
        "no virtual loss"
    };
    format!(
        "{duplication}, {broadcast}, {forwarding}, {loss}, O {}",
        t.in_flight
    )
}

/// The trees and budget a rate table holds.
fn setting(r: &Record) -> String {
    let Some(u) = r.uct() else {
        return String::new();
    };
    let playouts = match u.shape.playout_plies {
        Some(k) => format!("{k}-ply playouts"),
        None => "playouts to the horizon".into(),
    };
    let budget = match u.shape.treesplit.and_then(|t| t.time_ms) {
        Some(t) => format!("{} ms", ms(t)),
        None => format!("{} simulations", u.shape.simulations),
    };
    let kind = r.tree_kind.as_deref().unwrap_or("shogi");
    format!("{kind} b {} d {}, {playouts}, {budget}", r.b, r.d)
}

/// A UCT-Treesplit record's figures (the rate tables hold no other).
fn figures(r: &Record) -> (&UctFigures, &SpreadFigures) {
    let u = r.uct().expect("a UCT-Treesplit record");
    (u, u.spread.as_ref().expect("UCT-Treesplit's figures"))
}

fn rate_tables(runs: &[Record]) -> String {
    // setting → (variant, search ranks) → runs.
    type Cells<'a> = BTreeMap<(String, usize), Vec<&'a Record>>;
    let mut groups: BTreeMap<String, Cells> = BTreeMap::new();
    let mut lost = Vec::new();
    for r in runs.iter().filter(|r| r.method == Method::UctTreesplit) {
        let Some((u, spread)) = r.uct().and_then(|u| Some((u, u.spread.as_ref()?))) else {
            continue;
        };
        let cell = (variant(r), spread.search_ranks);
        groups
            .entry(setting(r))
            .or_default()
            .entry(cell)
            .or_default()
            .push(r);
        let ran = (u.simulations_per_s * r.time_s).round() as i64;
        if (u.root_visits as i64 - ran).abs() > 1 {
            lost.push(format!(
                "{}: {} root visits of {ran} simulations",
                r.tree, u.root_visits
            ));
        }
    }
    let mut out = String::new();
    for (name, cells) in &groups {
        // One search rank is sequential UCT, whatever the variant.
        let base = mean(
            cells
                .iter()
                .filter(|((_, m), _)| *m == 1)
                .flat_map(|(_, rs)| rs.iter().map(|r| figures(r).0.simulations_per_s)),
        );
        let mut rate = Table::new(&[
            "variant",
            "search ranks",
            "+ broadcast",
            "simulations/s",
            "speedup",
            "efficiency",
            "work-load",
            "Mb/s a search rank",
            "Mb/s a broadcast rank",
            "moves a simulation",
            "duplicated states",
            "judged best",
            "trees",
        ]);
        let mut header = vec!["variant", "search ranks"];
        header.extend(PACKAGES);
        let mut time = Table::new(&header);
        for ((v, m), rs) in cells {
            let each = |f: &dyn Fn(&Record) -> f64| mean(rs.iter().map(|r| f(r)));
            let simulations = each(&|r| figures(r).0.simulations_per_s);
            let broadcast: Vec<f64> = rs
                .iter()
                .filter_map(|r| figures(r).1.broadcast_mbps)
                .collect();
            rate.row(vec![
                v.clone(),
                m.to_string(),
                figures(rs[0]).1.broadcast_ranks.to_string(),
                thousands(simulations),
                format!("{:.1}", simulations / base),
                format!("{:.2}", simulations / base / *m as f64),
                format!("{:.2}", each(&|r| figures(r).1.workload)),
                format!("{:.1}", each(&|r| figures(r).1.search_mbps)),
                if broadcast.is_empty() {
                    "—".into()
                } else {
                    format!("{:.1}", mean(broadcast))
                },
                format!(
                    "{:.2}",
                    each(&|r| {
                        let (u, s) = figures(r);
                        s.moves as f64 / u.root_visits as f64
                    })
                ),
                format!("{:.1}", each(&|r| figures(r).1.duplicated as f64)),
                format!(
                    "{:.2}",
                    each(&|r| f64::from(u8::from(figures(r).0.correct)))
                ),
                rs.len().to_string(),
            ]);
            let packages = |r: &Record| {
                let t = figures(r).1.time;
                [
                    t.in_tree_s,
                    t.playout_s,
                    t.update_s,
                    t.sync_s,
                    t.receive_s,
                    t.idle_s,
                ]
            };
            let total = each(&|r| packages(r).iter().sum());
            let mut row = vec![v.clone(), m.to_string()];
            row.extend(
                (0..PACKAGES.len())
                    .map(|p| format!("{:.1} %", 100.0 * each(&|r| packages(r)[p]) / total)),
            );
            time.row(row);
        }
        out += &format!(
            "### Simulation rate against search ranks: {name}\n\n{}\n\
             ### Where a search rank's time goes (seed 001 Fig. 5): {name}\n\n{}\n",
            rate.render(),
            time.render()
        );
    }
    if !lost.is_empty() {
        out += &format!(
            "Simulations lost or counted twice: {}.\n\n",
            lost.join("; ")
        );
        eprintln!(
            "report: simulations lost or counted twice: {}",
            lost.join("; ")
        );
    }
    out
}

fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-3, 1.0 - 1e-3);
    400.0 * (p / (1.0 - p)).log10()
}

fn elo_tables(games: &[GameRecord]) -> String {
    // (tree, time a move) → (ranks, against, the opponent's time) → games;
    // times are positive, so their bits order as they do.
    type Pairs<'a> = BTreeMap<(usize, usize, u64), Vec<&'a GameRecord>>;
    let mut groups: BTreeMap<(String, u64), Pairs> = BTreeMap::new();
    for g in games {
        let key = (
            g.contender_ranks,
            g.opponent_ranks,
            g.opponent_time_ms.to_bits(),
        );
        groups
            .entry((g.tree.clone(), g.time_ms.to_bits()))
            .or_default()
            .entry(key)
            .or_default()
            .push(g);
    }
    let mut out = String::new();
    for ((tree, time), pairs) in &groups {
        let time = f64::from_bits(*time);
        let mut table = Table::new(&[
            "ranks",
            "against",
            "games",
            "+",
            "−",
            "=",
            "score",
            "Elo",
            "95 % interval",
            "simulations a move",
            "against",
            "chained Elo",
        ]);
        // Elo against the smallest opponent through a chain of matches (at
        // equal time; a control at another time stands alone).
        let mut chain: BTreeMap<usize, f64> = BTreeMap::new();
        for (&(n, m, against), gs) in pairs {
            let against = f64::from_bits(against);
            let scores: Vec<f64> = gs.iter().map(|g| g.score).collect();
            let p = mean(scores.iter().copied());
            let spread = mean(scores.iter().map(|s| (s - p) * (s - p)));
            let half = 1.96 * (spread / scores.len() as f64).sqrt();
            let e = elo(p);
            let equal = against == time;
            if equal && (chain.contains_key(&m) || chain.is_empty()) {
                let below = chain.get(&m).copied().unwrap_or(0.0);
                chain.insert(n, below + e);
            }
            let chained = match chain.get(&n) {
                Some(c) if equal => format!("{c:+.0}"),
                _ => String::new(),
            };
            let opponent = if equal {
                m.to_string()
            } else {
                format!("{m} at {} ms", ms(against))
            };
            let count = |s: f64| scores.iter().filter(|&&x| x == s).count().to_string();
            table.row(vec![
                n.to_string(),
                opponent,
                gs.len().to_string(),
                count(1.0),
                count(0.0),
                count(0.5),
                format!("{p:.3}"),
                format!("{e:+.0}"),
                format!("[{:+.0}, {:+.0}]", elo(p - half), elo(p + half)),
                thousands(mean(gs.iter().map(|g| g.contender_simulations))),
                thousands(mean(gs.iter().map(|g| g.opponent_simulations))),
                chained,
            ]);
        }
        out += &format!(
            "### Elo of more ranks against fewer, {tree}, {} ms a move\n\n{}\n",
            ms(time),
            table.render()
        );
    }
    out
}
