//! UCT's decisions against its simulations (seed 001): per tree set and
//! playout policy, the share of trees whose move is a best one by
//! alpha-beta at the judge depth, the simulation rate and the states kept,
//! for each number of simulations, sequential UCT and UCT-Treesplit at
//! each rank count.

use crate::markdown::Table;
use crate::records::RecordView;
use std::collections::BTreeMap;
use yomi_record::Record;

pub(crate) fn uct(runs: &[Record]) -> String {
    // (trees, b, d, judged at, playouts, scale) → (simulations, method,
    // ranks) → runs.
    type Key = (String, u16, u32, u32, String, String);
    type Cell = (u64, String, usize, &'static str);
    let mut groups: BTreeMap<Key, BTreeMap<Cell, Vec<&Record>>> = BTreeMap::new();
    // Runs bounded by time alone (no number of simulations) are left out.
    for r in runs
        .iter()
        .filter(|r| r.uct().is_some_and(|u| u.shape.bounded()))
    {
        let shape = r.uct().expect("filtered").shape;
        let (simulations, judge) = (shape.simulations, shape.judge_depth);
        let playouts = shape
            .playout_plies
            .map_or("to the horizon".into(), |k| format!("{k} plies"));
        let scale = format!("{}", shape.reward_scale);
        let key = (r.tree_set().label(), r.b, r.d, judge, playouts, scale);
        let clock = match r.virtual_cluster {
            Some(_) => "virtual",
            None => "wall",
        };
        let cell = (simulations, r.method.to_string(), r.ranks(), clock);
        groups
            .entry(key)
            .or_default()
            .entry(cell)
            .or_default()
            .push(r);
    }
    let mut out = String::new();
    for ((trees, b, d, judge, playouts, scale), cells) in groups {
        let mut table = Table::new(&[
            "simulations",
            "method",
            "ranks",
            "clock",
            "trees",
            "judged best",
            "simulations/s",
            "states kept",
        ]);
        for ((simulations, method, ranks, clock), runs) in cells {
            let n = runs.len() as f64;
            let best = runs
                .iter()
                .filter(|r| r.uct().is_some_and(|u| u.correct))
                .count() as f64
                / n;
            let mean = |f: &dyn Fn(&Record) -> f64| runs.iter().map(|r| f(r)).sum::<f64>() / n;
            table.row(vec![
                simulations.to_string(),
                method,
                ranks.to_string(),
                clock.into(),
                runs.len().to_string(),
                format!("{best:.3}"),
                format!(
                    "{:.0}",
                    mean(&|r| r.uct().map_or(0.0, |u| u.simulations_per_s))
                ),
                format!("{:.0}", mean(&|r| r.uct().map_or(0.0, |u| u.states as f64))),
            ]);
        }
        out += &format!(
            "### UCT on {trees}: b = {b}, d = {d}, playouts {playouts}, reward scale {scale}\n\n\
             Share of trees whose move is a best one by alpha-beta at depth {judge} (exact \
             where that is d), by simulations (every playout seed pooled).\n\n{}\n",
            table.render()
        );
    }
    out
}
