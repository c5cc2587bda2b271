//! UCT's decisions against its simulations (seed 001): per tree set and
//! playout policy, the share of trees whose move is a best one by
//! alpha-beta at the judge depth, the simulation rate and the states kept,
//! for each number of simulations, sequential UCT and UCT-Treesplit at
//! each rank count.

use crate::markdown::Table;
use crate::records::Run;
use std::collections::BTreeMap;

pub(crate) fn uct(runs: &[Run]) -> String {
    // (trees, b, d, judged at, playouts, scale) → (simulations, method,
    // ranks) → runs.
    type Key = (String, u16, u32, u32, String, String);
    type Cell = (u64, String, usize, &'static str);
    let mut groups: BTreeMap<Key, BTreeMap<Cell, Vec<&Run>>> = BTreeMap::new();
    for r in runs.iter().filter(|r| r.is_uct()) {
        let (Some(simulations), Some(judge)) = (r.simulations, r.judge_depth) else {
            continue;
        };
        let playouts = r
            .playout_plies
            .map_or("to the horizon".into(), |k| format!("{k} plies"));
        let scale = r.reward_scale.map_or("—".into(), |s| format!("{s}"));
        let key = (r.tree_set().label(), r.b, r.d, judge, playouts, scale);
        let clock = match r.virtual_cluster {
            Some(_) => "virtual",
            None => "wall",
        };
        let cell = (simulations, r.method.clone(), r.ranks(), clock);
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
            let best = runs.iter().filter(|r| r.correct == Some(true)).count() as f64 / n;
            let mean = |f: &dyn Fn(&Run) -> f64| runs.iter().map(|r| f(r)).sum::<f64>() / n;
            table.row(vec![
                simulations.to_string(),
                method,
                ranks.to_string(),
                clock.into(),
                runs.len().to_string(),
                format!("{best:.3}"),
                format!("{:.0}", mean(&|r| r.simulations_per_s.unwrap_or(0.0))),
                format!("{:.0}", mean(&|r| r.states.unwrap_or(0) as f64)),
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
