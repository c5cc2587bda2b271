//! The harness's result records (JSON lines), as far as the report reads
//! them, from one or more files: a record that two files both hold (the
//! same run key) counts once.

use serde::Deserialize;
use std::collections::HashSet;

/// One tree's search.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct Run {
    #[serde(default)]
    pub run_key: Option<String>,
    /// `--tree`'s name for the kind (older records lack it: their names
    /// tell).
    #[serde(default)]
    pub tree_kind: Option<String>,
    pub tree: String,
    /// A plugged game's group of comparable trees (boards of one size).
    #[serde(default)]
    pub tree_group: Option<String>,
    pub b: u16,
    pub d: u32,
    pub method: String,
    #[serde(default)]
    pub negascout: bool,
    #[serde(default)]
    pub eps: Option<i32>,
    #[serde(default)]
    pub d_prime: Option<u32>,
    #[serde(default)]
    pub sharing: Option<String>,
    #[serde(default)]
    pub share_plies: Option<u32>,
    #[serde(default)]
    pub full_windows: bool,
    #[serde(default)]
    pub confirmed_deepening: bool,
    pub value: i32,
    pub leaves: u64,
    #[serde(default)]
    pub nodes: u64,
    pub time_s: f64,
    /// Sequential §5.2 variants: task-root searches, every iteration and
    /// the last one (older records lack the latter).
    #[serde(default)]
    pub task_searches: u64,
    #[serde(default)]
    pub task_searches_last: Option<u64>,
    #[serde(default)]
    pub backend: Option<String>,
    #[serde(default)]
    pub workers: Option<usize>,
    /// Parallel: searches finished at the full task depth, of those with
    /// the full window, and finished at any depth (older records lack it).
    #[serde(default)]
    pub tasks_finished: Option<u64>,
    #[serde(default)]
    pub tasks_full_window: Option<u64>,
    #[serde(default)]
    pub searches_finished: Option<u64>,
    /// Parallel: worker leaves on positions never finished at the full
    /// task depth (speculative work §5's model leaves out).
    #[serde(default)]
    pub leaves_unfinished: Option<u64>,
    #[serde(default)]
    pub startup_idle_s: Option<f64>,
    #[serde(default)]
    pub other_idle_s: Option<f64>,
    #[serde(default)]
    pub virtual_cluster: Option<VirtualCluster>,
    /// The baselines: processor tree, PV and stage depth, what the
    /// virtual cluster charged, ranks, and the search-overhead
    /// coefficient over their own sequential reference.
    #[serde(default)]
    pub levels: Option<u32>,
    #[serde(default)]
    pub fanout: Option<usize>,
    #[serde(default)]
    pub pv_depth: Option<u32>,
    #[serde(default)]
    pub stage_depth: Option<u32>,
    #[serde(default)]
    pub charge: Option<String>,
    #[serde(default)]
    pub processors: Option<usize>,
    #[serde(default)]
    pub search_overhead: Option<f64>,
    /// RBF: its stop (generated nodes, alpha-beta's at a depth, or a depth
    /// reached), the judge's depth and the pruning rule; what it
    /// generated, whether its move and alpha-beta's were judged best, and
    /// parallel RBF's ranks.
    #[serde(default)]
    pub rbf_nodes: Option<u64>,
    #[serde(default)]
    pub match_depth: Option<u32>,
    #[serde(default)]
    pub rbf_depth: Option<u32>,
    #[serde(default)]
    pub judge_depth: Option<u32>,
    #[serde(default)]
    pub pruning: bool,
    #[serde(default)]
    pub generated: Option<u64>,
    #[serde(default)]
    pub correct: Option<bool>,
    #[serde(default)]
    pub alpha_beta_nodes: Option<u64>,
    #[serde(default)]
    pub alpha_beta_correct: Option<bool>,
    #[serde(default)]
    pub ranks: Option<usize>,
    /// Parallel RBF's form: `master-slave` or `shared-tree`.
    #[serde(default)]
    pub form: Option<String>,
    /// Parallel RBF: iterations a slave runs below a leaf.
    #[serde(default)]
    pub chunk: Option<u32>,
    /// YBWC and Jamboree: children in static order.
    #[serde(default)]
    pub static_order: bool,
    /// Master–worker: windows pushed to busy workers.
    #[serde(default)]
    pub push_bounds: bool,
    /// UCT: its simulations and their rate, the states it kept, and its
    /// playouts' plies (none: to the horizon) and reward scale.
    #[serde(default)]
    pub simulations: Option<u64>,
    #[serde(default)]
    pub simulations_per_s: Option<f64>,
    #[serde(default)]
    pub states: Option<u64>,
    #[serde(default)]
    pub playout_plies: Option<u32>,
    #[serde(default)]
    pub reward_scale: Option<f64>,
}

/// The baselines beside seed 000's methods, in the order tables show them.
pub(crate) const BASELINE_METHODS: &[&str] = &[
    "tree-splitting",
    "pv-splitting",
    "staged-sss",
    "ybwc",
    "jamboree",
    "master-worker",
];

/// Which trees a run searched.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum TreeSet {
    Synthetic,
    Shogi,
    /// Seed 002's ordered trees, by ordering (`random`, `strong`, …).
    Ordered(String),
    /// Seed 003's incremental random trees.
    Incremental,
    /// A game plugged in, by its `--tree` name.
    Plugged(String),
}

impl TreeSet {
    /// Seed 000's tree sets: whether synthetic; `None` for others.
    pub(crate) fn paper(&self) -> Option<bool> {
        match self {
            TreeSet::Synthetic => Some(true),
            TreeSet::Shogi => Some(false),
            TreeSet::Ordered(_) | TreeSet::Incremental | TreeSet::Plugged(_) => None,
        }
    }

    pub(crate) fn label(&self) -> String {
        match self {
            TreeSet::Synthetic => "synthetic".into(),
            TreeSet::Shogi => "shogi".into(),
            TreeSet::Ordered(ordering) => format!("{ordering} ordered"),
            TreeSet::Incremental => "incremental".into(),
            TreeSet::Plugged(kind) => kind.clone(),
        }
    }
}

/// The virtual cluster's model, on that backend.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct VirtualCluster {
    pub ranks: usize,
    pub node_cost_us: f64,
    pub latency_us: f64,
    pub bandwidth_gbps: f64,
}

impl Run {
    /// Ranks, the master included (1 for a sequential search).
    pub(crate) fn ranks(&self) -> usize {
        match (&self.virtual_cluster, self.processors, self.workers) {
            (Some(c), _, _) => c.ranks,
            (None, Some(p), _) => p,
            (None, None, Some(w)) => w + 1,
            (None, None, None) => self.ranks.unwrap_or(1),
        }
    }

    /// Seed 003's randomized best-first searches.
    pub(crate) fn is_rbf(&self) -> bool {
        self.method == "rbf" || self.method == "parallel-rbf"
    }

    /// Seed 001's UCT, sequential or Treesplit.
    pub(crate) fn is_uct(&self) -> bool {
        self.method == "uct" || self.method == "uct-treesplit"
    }

    /// A search that proves its root value: every method but the
    /// randomized ones (RBF, UCT), which choose a move.
    pub(crate) fn proves_value(&self) -> bool {
        !self.is_rbf() && !self.is_uct()
    }

    /// RBF's stop as a phrase after a comma (empty for other methods).
    pub(crate) fn stop(&self) -> String {
        match (self.rbf_nodes, self.match_depth, self.rbf_depth) {
            (Some(n), _, _) => format!(", {n} generated nodes"),
            (_, Some(k), _) => format!(", alpha-beta's nodes at depth {k}"),
            (_, _, Some(depth)) => format!(", to depth {depth}"),
            _ => String::new(),
        }
    }

    /// The plain sequential search (no NegaScout, no §5.2 variant): the
    /// baseline of speedups.
    pub(crate) fn is_baseline(&self) -> bool {
        self.method == "sequential" && !self.negascout && self.d_prime.is_none()
    }

    /// Plugged games by their kind; synthetic trees are named by their
    /// seed (`seed5`), ordered trees by their ordering and seed
    /// (`strong-seed5`), shogi positions otherwise.
    pub(crate) fn tree_set(&self) -> TreeSet {
        let own = ["shogi", "synthetic", "ordered", "incremental"];
        if let Some(kind) = self.tree_kind.as_deref().filter(|k| !own.contains(k)) {
            return TreeSet::Plugged(kind.to_string());
        }
        let seed = |name: &str| {
            name.strip_prefix("seed")
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()))
        };
        if seed(&self.tree) {
            return TreeSet::Synthetic;
        }
        match self.tree.split_once('-') {
            Some(("incremental", rest)) if seed(rest) => TreeSet::Incremental,
            Some((ordering @ ("random" | "strong" | "perfect"), rest)) if seed(rest) => {
                TreeSet::Ordered(ordering.to_string())
            }
            _ => TreeSet::Shogi,
        }
    }
}

/// What reading the files found besides the runs.
#[derive(Default, Debug)]
pub(crate) struct Reading {
    pub runs: Vec<Run>,
    /// Records held by an earlier file (or line) under the same run key.
    pub duplicates: usize,
    /// `file:line: reason` of lines that are not records (a torn last line
    /// of a running sweep, say); they are left out.
    pub skipped: Vec<String>,
}

/// The runs of `files`, in order; an error only when a file cannot be read.
pub(crate) fn read(files: &[String]) -> Result<Reading, String> {
    let mut reading = Reading::default();
    let mut keys = HashSet::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            match serde_json::from_str::<Run>(line) {
                Ok(run) => {
                    if let Some(key) = &run.run_key {
                        if !keys.insert(key.clone()) {
                            reading.duplicates += 1;
                            continue;
                        }
                    }
                    reading.runs.push(run);
                }
                Err(e) => reading.skipped.push(format!("{file}:{}: {e}", i + 1)),
            }
        }
    }
    Ok(reading)
}

/// [`read`], naming the lines left out on stderr; an error when no
/// record is left.
pub(crate) fn load(files: &[String]) -> Result<Reading, String> {
    let reading = read(files)?;
    for line in &reading.skipped {
        eprintln!("warning: not a record, left out: {line}");
    }
    if reading.runs.is_empty() {
        return Err(format!("no records in {}", files.join(", ")));
    }
    Ok(reading)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicate_keys_count_once_and_torn_lines_are_skipped() {
        let dir = std::env::temp_dir().join(format!("yomi-records-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let line = r#"{"run_key":"k1","tree":"seed1","b":5,"d":8,"method":"sequential","value":3,"leaves":10,"time_s":0.5}"#;
        let a = dir.join("a.jsonl");
        let b = dir.join("b.jsonl");
        std::fs::write(&a, format!("{line}\n")).unwrap();
        let ordered = line.replace("seed1", "strong-seed1").replace("k1", "k3");
        let split = line
            .replace("sequential", "tree-splitting")
            .replace("k1", "k4");
        std::fs::write(
            &b,
            format!("{line}\n{ordered}\n{split}\n{{\"run_key\":\"k2\",\"tr"),
        )
        .unwrap();
        let files = [a, b].map(|p| p.to_string_lossy().into_owned());
        let reading = read(&files).unwrap();
        assert_eq!(reading.runs.len(), 3);
        assert_eq!(reading.duplicates, 1);
        assert_eq!(reading.skipped.len(), 1);
        assert!(reading.skipped[0].contains("b.jsonl:4"));
        let first = &reading.runs[0];
        assert!(first.is_baseline() && first.tree_set() == TreeSet::Synthetic);
        assert_eq!(first.ranks(), 1);
        let ordered = TreeSet::Ordered("strong".into());
        assert_eq!(reading.runs[1].tree_set(), ordered);
        assert!(BASELINE_METHODS.contains(&reading.runs[2].method.as_str()));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
