//! Runs grouped into configurations and summarised the paper's way: the
//! geometric mean of the search times, the speedup against the plain
//! sequential runs of the same trees, mean leaves and mean idle times per
//! worker; with the trees a configuration lacks and any root value that
//! differs from the sequential one.

use crate::records::{RecordView, TreeSet};
use std::collections::{BTreeMap, BTreeSet};
use yomi_record::{Backend, Method, NodeCharge, Record};

/// What makes runs comparable: everything but the tree.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Config {
    pub trees: TreeSet,
    pub b: u16,
    pub d: u32,
    pub method: Method,
    pub d_prime: Option<u32>,
    pub eps: Option<i32>,
    pub share_plies: Option<u32>,
    /// A sequential search's §5.2 variant, NegaScout or confirmed
    /// deepening; empty when plain.
    pub variant: String,
    pub ranks: usize,
    /// What the times measure: the virtual cluster's clock at a node cost,
    /// or wall time with the backend's name.
    pub clock: String,
    /// The virtual cluster's network, empty otherwise.
    pub network: String,
    /// The baselines: the processor tree (levels, fan-out), PV or stage
    /// depth, and whether the virtual cluster charged leaves only.
    pub processor_tree: Option<(u32, usize)>,
    pub pv_depth: Option<u32>,
    pub stage_depth: Option<u32>,
    pub charge_leaves: bool,
    /// YBWC and Jamboree: children in static order.
    pub static_order: bool,
    /// Seed 004's grid master: windows pushed to busy workers.
    pub push_bounds: bool,
    /// A parallel run's table a worker on the virtual cluster, MB: the
    /// harness shrinks it as the ranks grow unless a sweep sets `tt_mb`,
    /// and runs with other tables searched other trees.
    pub table_mb: Option<usize>,
}

impl Config {
    pub(crate) fn of(run: &Record) -> Config {
        let mut variant = Vec::new();
        if run.negascout {
            variant.push("NegaScout".to_string());
        }
        if let Some(sharing) = run.sharing.filter(|_| run.method == Method::Sequential) {
            variant.push(format!("sharing {}", sharing.name()));
        }
        if run.full_windows {
            variant.push("full windows".into());
        }
        if run.confirmed_deepening {
            variant.push("confirmed deepening".into());
        }
        if run.idle_deepening {
            variant.push("idle deepening".into());
        }
        if run.signature_first {
            variant.push("signature first".into());
        }
        if run.extension {
            variant.push("extension".into());
        }
        if run.fail_soft {
            variant.push("fail-soft workers".into());
        }
        if run.indexed_renewals {
            variant.push("indexed renewals".into());
        }
        if let Some(n) = run.poll_nodes {
            variant.push(format!("polls every {n} nodes"));
        }
        let (clock, network) = match &run.virtual_cluster {
            Some(c) => (
                format!("virtual, {} µs a node", short(c.model.node_cost_us)),
                format!(
                    "{} µs, {} Gb/s",
                    short(c.model.network.latency_us),
                    short(c.model.network.bandwidth_gbps)
                ),
            ),
            None => (
                format!("wall, {}", run.backend.map_or("native", Backend::name)),
                String::new(),
            ),
        };
        let shape = run.baseline().map(|b| b.shape);
        Config {
            trees: run.tree_set(),
            b: run.b,
            d: run.d,
            method: run.method,
            d_prime: run.d_prime,
            eps: run.eps,
            share_plies: run.share_plies,
            variant: variant.join(", "),
            ranks: run.ranks(),
            // Sequential times are comparable across networks.
            network: if run.method == Method::Sequential {
                String::new()
            } else {
                network
            },
            clock,
            processor_tree: shape.and_then(|s| s.levels.zip(s.fanout)),
            pv_depth: shape.and_then(|s| s.pv_depth),
            stage_depth: shape.and_then(|s| s.stage_depth),
            charge_leaves: shape.is_some_and(|s| s.charge == NodeCharge::Leaves),
            static_order: shape.is_some_and(|s| s.static_order),
            push_bounds: shape.is_some_and(|s| s.push_bounds),
            table_mb: run
                .virtual_cluster
                .as_ref()
                .filter(|_| run.method != Method::Sequential)
                .map(|c| c.table_mb),
        }
    }

    /// The tables' size to name a row by, where `differ` (see
    /// [`tables_differ`]): ` (1 MB tables)`; empty otherwise.
    pub(crate) fn tables(&self, differ: bool) -> String {
        match self.table_mb {
            Some(mb) if differ => format!(" ({mb} MB tables)"),
            _ => String::new(),
        }
    }

    /// The trees, b and d: the runs that must cover the same trees.
    fn experiment(&self) -> (TreeSet, u16, u32) {
        (self.trees.clone(), self.b, self.d)
    }

    /// The plain sequential configuration whose times these are divided into.
    fn baseline(&self) -> (TreeSet, u16, u32, &str) {
        let clock = if self.clock.starts_with("wall") {
            "wall, native"
        } else {
            &self.clock
        };
        (self.trees.clone(), self.b, self.d, clock)
    }

    /// A one-line name: `shogi b=5 d=16 d'=8 with-updates ranks=256`.
    pub(crate) fn label(&self) -> String {
        let mut s = format!("{} b={} d={}", self.kind(), self.b, self.d);
        if let Some(dp) = self.d_prime {
            s += &format!(" d'={dp}");
        }
        s += &format!(" {}", self.method);
        let shape = self.shape();
        if !shape.is_empty() {
            s += &format!(" {shape}");
        }
        if self.charge_leaves {
            s += " (charging leaves)";
        }
        if let Some(e) = self.eps {
            s += &format!(" ε={e}");
        }
        if !self.variant.is_empty() {
            s += &format!(" ({})", self.variant);
        }
        if self.ranks > 1 {
            s += &format!(" ranks={}", self.ranks);
        }
        s
    }

    pub(crate) fn is_baseline_method(&self) -> bool {
        self.method.is_baseline()
    }

    pub(crate) fn kind(&self) -> String {
        self.trees.label()
    }

    /// Seed 002's setting: its ordered trees of width 24 and depth 4, one
    /// time unit a leaf.
    pub(crate) fn seed002(&self) -> bool {
        matches!(self.trees, TreeSet::Ordered(_))
            && (self.b, self.d) == (24, 4)
            && self.charge_leaves
    }

    /// A baseline's shape: `(L,K)` and its PV or stage depth; empty for
    /// seed 000's methods and YBWC.
    pub(crate) fn shape(&self) -> String {
        let mut parts = Vec::new();
        if let Some((l, k)) = self.processor_tree {
            parts.push(format!("({l},{k})"));
        }
        if let Some(p) = self.pv_depth {
            parts.push(format!("PV depth {p}"));
        }
        if let Some(s) = self.stage_depth {
            parts.push(format!("stage {s}"));
        }
        if self.static_order {
            parts.push("static order".into());
        }
        if self.push_bounds {
            parts.push("bounds pushed".into());
        }
        parts.join(", ")
    }
}

/// A model parameter with at most three decimals: 133.333, 20, 0.2.
fn short(x: f64) -> String {
    let s = format!("{x:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// One configuration over its trees.
#[derive(Clone, Debug)]
pub(crate) struct Summary {
    pub config: Config,
    pub trees: usize,
    pub geomean_time_s: f64,
    pub mean_leaves: f64,
    /// Means per worker over the trees (parallel runs).
    pub startup_idle_s: Option<f64>,
    pub other_idle_s: Option<f64>,
    /// A worker's idle time (start-up and other) over the search's time,
    /// the mean over the trees (parallel runs).
    pub idle_share: Option<f64>,
    /// Mean leaves over the plain sequential runs' mean leaves on the same
    /// trees; `None` as `speedup`.
    pub leaf_overhead: Option<f64>,
    /// Baselines: the mean search-overhead coefficient.
    pub search_overhead: Option<f64>,
    /// Seed 000's master: how it kept pace, where every run recorded it.
    pub master_pace: Option<MasterPace>,
    /// The virtual cluster's node cost, µs (time units of seed 002's
    /// tables when it charged leaves).
    pub node_cost_us: Option<f64>,
    /// Sequential geometric-mean time over the same trees divided by this
    /// one's; `None` without sequential runs of every one of its trees.
    pub speedup: Option<f64>,
    /// Trees other configurations of the same kind, b and d have and this
    /// one lacks.
    pub missing: Vec<String>,
    /// Trees whose root value differs from the sequential search's.
    pub wrong_values: Vec<String>,
    /// Per tree: time and leaves, for ratios between configurations.
    pub per_tree: BTreeMap<String, (f64, u64)>,
}

/// Whether the master or the supply of work held the workers back: means
/// over the trees of shares of each search's time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MasterPace {
    /// The master's time waiting for results (near 0: it sets the pace).
    pub master_waiting: f64,
    /// A worker's idle time, start-up included.
    pub workers_idle: f64,
    /// The messages of the search a second.
    pub messages_per_s: f64,
}

impl MasterPace {
    /// `None` unless every run recorded the master's waiting.
    fn of<'a>(runs: impl Iterator<Item = &'a Record> + Clone) -> Option<MasterPace> {
        let n = runs.clone().count() as f64;
        let mut pace = MasterPace {
            master_waiting: 0.0,
            workers_idle: 0.0,
            messages_per_s: 0.0,
        };
        for r in runs {
            let f = r.parallel()?;
            let time = r.time_s.max(1e-12);
            pace.master_waiting += f.master_idle_s? / time / n;
            pace.workers_idle += (f.startup_idle_s + f.other_idle_s) / time / n;
            pace.messages_per_s += f.messages as f64 / time / n;
        }
        Some(pace)
    }
}

/// Whether some configuration ran with more than one table size (a
/// sweep's `tt_mb` beside the harness's own choice): then the tables name
/// the rows and series apart.
pub(crate) fn tables_differ(summaries: &[Summary]) -> bool {
    let mut seen = BTreeMap::new();
    summaries.iter().any(|s| {
        let Some(mb) = s.config.table_mb else {
            return false;
        };
        let rest = Config {
            table_mb: None,
            ..s.config.clone()
        };
        *seen.entry(rest).or_insert(mb) != mb
    })
}

/// Every configuration in `runs`, in a stable order; runs repeating a
/// configuration and tree already seen are counted in the second value.
pub(crate) fn summarise(runs: &[Record]) -> (Vec<Summary>, usize) {
    let mut groups: BTreeMap<Config, BTreeMap<String, &Record>> = BTreeMap::new();
    let mut repeats = 0;
    for run in runs {
        let trees = groups.entry(Config::of(run)).or_default();
        if trees.contains_key(&run.tree) {
            repeats += 1;
        } else {
            trees.insert(run.tree.clone(), run);
        }
    }
    let mut expected: BTreeMap<(TreeSet, u16, u32), BTreeSet<&str>> = BTreeMap::new();
    for (config, trees) in &groups {
        expected
            .entry(config.experiment())
            .or_default()
            .extend(trees.keys().map(String::as_str));
    }
    let baselines: BTreeMap<_, _> = groups
        .iter()
        .filter(|(_, trees)| trees.values().all(|r| r.is_plain_sequential()))
        .map(|(config, trees)| (config.baseline(), trees))
        .collect();
    let summaries = groups
        .iter()
        .map(|(config, trees)| {
            let baseline = baselines.get(&config.baseline());
            summary(
                config,
                trees,
                &expected[&config.experiment()],
                baseline.copied(),
            )
        })
        .collect();
    (summaries, repeats)
}

fn summary(
    config: &Config,
    trees: &BTreeMap<String, &Record>,
    expected: &BTreeSet<&str>,
    baseline: Option<&BTreeMap<String, &Record>>,
) -> Summary {
    let n = trees.len() as f64;
    let geomean = |times: &mut dyn Iterator<Item = f64>| {
        let (sum, count) = times.fold((0.0, 0), |(s, c), t| (s + t.max(1e-9).ln(), c + 1));
        (sum / f64::from(count)).exp()
    };
    let geomean_time_s = geomean(&mut trees.values().map(|r| r.time_s));
    let mean = |f: &dyn Fn(&Record) -> Option<f64>| {
        let values: Vec<f64> = trees.values().filter_map(|r| f(r)).collect();
        (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
    };
    let mean_leaves = trees.values().map(|r| r.stats.leaves as f64).sum::<f64>() / n;
    // A clock charging leaves only is not the sequential search's.
    let base = baseline
        .filter(|_| !config.charge_leaves)
        .filter(|base| trees.keys().all(|t| base.contains_key(t)));
    let speedup =
        base.map(|base| geomean(&mut trees.keys().map(|t| base[t].time_s)) / geomean_time_s);
    let leaf_overhead = base.map(|base| {
        let sequential = trees
            .keys()
            .map(|t| base[t].stats.leaves as f64)
            .sum::<f64>()
            / n;
        mean_leaves / sequential.max(1.0)
    });
    let wrong_values = baseline
        .map(|base| {
            trees
                .iter()
                .filter(|(t, r)| base.get(*t).is_some_and(|s| s.value != r.value))
                .map(|(t, _)| t.clone())
                .collect()
        })
        .unwrap_or_default();
    Summary {
        config: config.clone(),
        trees: trees.len(),
        geomean_time_s,
        mean_leaves,
        startup_idle_s: mean(&|r| r.idle_s().map(|i| i.0)),
        other_idle_s: mean(&|r| r.idle_s().map(|i| i.1)),
        idle_share: mean(&|r| r.idle_s().map(|(s, o)| (s + o) / r.time_s.max(1e-12))),
        leaf_overhead,
        search_overhead: mean(&|r| r.baseline().map(|b| b.search_overhead)),
        master_pace: MasterPace::of(trees.values().copied()),
        node_cost_us: trees
            .values()
            .next()
            .and_then(|r| r.virtual_cluster.as_ref())
            .map(|c| c.model.node_cost_us),
        speedup,
        missing: expected
            .iter()
            .filter(|t| !trees.contains_key(**t))
            .map(|t| t.to_string())
            .collect(),
        wrong_values,
        per_tree: trees
            .iter()
            .map(|(t, r)| (t.clone(), (r.time_s, r.stats.leaves)))
            .collect(),
    }
}

/// The ratios of `a`'s geometric-mean time and mean leaves to `b`'s over
/// the trees both have (`None` when they share none).
pub(crate) fn ratios(a: &Summary, b: &Summary) -> Option<(f64, f64)> {
    let common: Vec<_> = a
        .per_tree
        .iter()
        .filter_map(|(t, x)| b.per_tree.get(t).map(|y| (x, y)))
        .collect();
    if common.is_empty() {
        return None;
    }
    let n = common.len() as f64;
    let log_ratio: f64 = common
        .iter()
        .map(|((ta, _), (tb, _))| (ta.max(1e-9) / tb.max(1e-9)).ln())
        .sum();
    let leaves_a: f64 = common.iter().map(|((_, l), _)| *l as f64).sum();
    let leaves_b: f64 = common.iter().map(|(_, (_, l))| *l as f64).sum();
    Some(((log_ratio / n).exp(), leaves_a / leaves_b.max(1.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(confirmed: bool) -> Record {
        run_idle(confirmed, false)
    }

    fn run_idle(confirmed: bool, idle: bool) -> Record {
        Record::from_json(&format!(
            r#"{{"tree":"t","b":5,"d":16,"d_prime":8,"method":"with-updates","value":0,
                "leaves":1,"time_s":1.0,"workers":7,"passes":1,"confirmed_deepening":{confirmed},
                "idle_deepening":{idle}}}"#
        ))
        .unwrap()
    }

    #[test]
    fn confirmed_deepening_is_a_configuration_of_its_own() {
        let (paper, confirmed) = (Config::of(&run(false)), Config::of(&run(true)));
        assert_ne!(paper, confirmed);
        assert_eq!(paper.variant, "");
        assert_eq!(
            confirmed.label(),
            "shogi b=5 d=16 d'=8 with-updates (confirmed deepening) ranks=8"
        );
        let idle = Config::of(&run_idle(true, true));
        assert_ne!(idle, confirmed);
        assert_eq!(
            idle.label(),
            "shogi b=5 d=16 d'=8 with-updates (confirmed deepening, idle deepening) ranks=8"
        );
    }

    fn on_tables(method: &str, table_mb: usize) -> Record {
        Record::from_json(&format!(
            r#"{{"tree":"t","b":5,"d":16,"d_prime":8,"method":"{method}","value":0,
                "leaves":{table_mb},"time_s":1.0,"workers":7,"passes":1,
                "virtual_cluster":{{"ranks":8,"node_cost":"paper","table_mb":{table_mb},
                "node_cost_us":20.0,"visit_cost_us":0.2,"latency_us":25.0,
                "bandwidth_gbps":10.0,"message_cost_us":2.0}}}}"#
        ))
        .unwrap()
    }

    #[test]
    fn runs_on_other_tables_are_not_merged_and_are_named_apart() {
        let runs = [on_tables("with-updates", 16), on_tables("with-updates", 1)];
        let (summaries, repeats) = summarise(&runs);
        assert_eq!((summaries.len(), repeats), (2, 0));
        assert!(tables_differ(&summaries));
        let names: Vec<String> = summaries.iter().map(|s| s.config.tables(true)).collect();
        assert_eq!(names, [" (1 MB tables)", " (16 MB tables)"]);
        // One size per configuration: nothing to name, whatever the sizes.
        let (one, _) = summarise(&runs[..1]);
        assert!(!tables_differ(&one));
        assert_eq!(one[0].config.tables(false), "");
        // A sequential run's table is not a worker's.
        let sequential = Config::of(&on_tables("sequential", 256));
        assert_eq!(sequential.table_mb, None);
    }
}
