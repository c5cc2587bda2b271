//! Every configuration's summary as CSV, for spreadsheets.

use crate::paper;
use crate::summary::Summary;

const HEADER: [&str; 24] = [
    "trees",
    "b",
    "d",
    "method",
    "variant",
    "d_prime",
    "eps",
    "share_plies",
    "processes",
    "clock",
    "network",
    "tree_count",
    "missing_trees",
    "geomean_time_s",
    "speedup",
    "mean_leaves",
    "startup_idle_s",
    "other_idle_s",
    "paper_time_s",
    "paper_speedup",
    "paper_leaves",
    "shape",
    "charge",
    "search_overhead",
];

pub(crate) fn write(summaries: &[Summary]) -> Result<String, String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let failed = |e: csv::Error| format!("writing CSV failed: {e}");
    w.write_record(HEADER).map_err(failed)?;
    let text = |x: Option<String>| x.unwrap_or_default();
    for s in summaries {
        let c = &s.config;
        let published = paper::find(&c.trees, c.b, c.d, c.d_prime, c.ranks, c.method, c.eps)
            .filter(|_| c.variant.is_empty());
        w.write_record([
            c.kind().to_string(),
            c.b.to_string(),
            c.d.to_string(),
            c.method.to_string(),
            c.variant.clone(),
            text(c.d_prime.map(|d| d.to_string())),
            text(c.eps.map(|e| e.to_string())),
            text(c.share_plies.map(|p| p.to_string())),
            c.ranks.to_string(),
            c.clock.clone(),
            c.network.clone(),
            s.trees.to_string(),
            s.missing.len().to_string(),
            s.geomean_time_s.to_string(),
            text(s.speedup.map(|x| x.to_string())),
            s.mean_leaves.to_string(),
            text(s.startup_idle_s.map(|x| x.to_string())),
            text(s.other_idle_s.map(|x| x.to_string())),
            text(published.map(|p| p.time_s.to_string())),
            text(published.map(|p| p.speedup.to_string())),
            text(published.map(|p| (p.leaves_m * 1e6).to_string())),
            c.shape(),
            if c.charge_leaves { "leaves" } else { "" }.to_string(),
            text(s.search_overhead.map(|x| x.to_string())),
        ])
        .map_err(failed)?;
    }
    let bytes = w
        .into_inner()
        .map_err(|e| format!("writing CSV failed: {e}"))?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}
