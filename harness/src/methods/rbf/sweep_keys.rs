//! Seed 003's RBF, its sweep keys: stops (each a run), the seeds of its
//! walks, the pruning rule and parallel RBF's chunks, expanded into runs.

use crate::methods::rbf::options::RbfOptions;
use crate::methods::sweep_keys::{
    product3, some_or_none, unused, Seed000Key, SharedKeys, SweepPoint,
};
use crate::plan::options::Options;
use crate::trees::TreeKind;
use serde::{Deserialize, Serialize};
use yomi_record::Method;

/// RBF's keys of a grid (its judge's depth, `judge_depth`, is shared with UCT).
#[derive(Deserialize)]
#[serde(default)]
pub(crate) struct RbfKeys {
    /// Stops, each a run: nodes given, alpha-beta's nodes at k plies, or
    /// a node this deep generated.
    rbf_nodes: Vec<u64>,
    match_depth: Vec<u32>,
    rbf_depth: Vec<u32>,
    /// The seeds of its walks.
    rbf_seeds: Vec<u64>,
    /// The §2.1 rule.
    pruning: Vec<bool>,
    /// Parallel RBF: iterations a slave runs below each leaf.
    rbf_chunks: Vec<u32>,
}

impl Default for RbfKeys {
    fn default() -> Self {
        RbfKeys {
            rbf_nodes: Vec::new(),
            match_depth: Vec::new(),
            rbf_depth: Vec::new(),
            rbf_seeds: vec![1],
            pruning: vec![true],
            rbf_chunks: Vec::new(),
        }
    }
}

/// RBF's parameters at one point of a grid.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct RbfPoint {
    #[serde(skip)]
    ranks: usize,
    #[serde(flatten)]
    seed000: Seed000Key,
    #[serde(skip_serializing_if = "Option::is_none")]
    rbf_nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    match_depth: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rbf_depth: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    judge_depth: Option<u32>,
    rbf_seed: u64,
    pruning: bool,
    /// parallel-rbf beyond the paper: iterations a slave runs a leaf
    /// (absent: the paper's one).
    #[serde(skip_serializing_if = "Option::is_none")]
    chunk: Option<u32>,
}

impl RbfKeys {
    /// The keys checked against the grid's methods and trees.
    pub(crate) fn check(&self, shared: &SharedKeys, trees: TreeKind) -> Result<(), String> {
        let given = !self.rbf_nodes.is_empty()
            || !self.match_depth.is_empty()
            || !self.rbf_depth.is_empty()
            || self.rbf_seeds != RbfKeys::default().rbf_seeds
            || self.pruning != RbfKeys::default().pruning
            || !self.rbf_chunks.is_empty();
        if !shared.any(Method::is_rbf) {
            if given {
                let keys = "rbf_nodes, match_depth, rbf_depth, rbf_seeds, pruning and rbf_chunks";
                return Err(unused(keys, "rbf and parallel-rbf"));
            }
            if shared.judge_depth.is_some() && !shared.any(Method::is_uct) {
                return Err(unused(
                    "judge_depth",
                    "rbf, parallel-rbf, uct and uct-treesplit",
                ));
            }
            return Ok(());
        }
        if trees != TreeKind::Incremental {
            return Err(
                "rbf and parallel-rbf have a real-score model for incremental trees only".into(),
            );
        }
        Ok(())
    }

    /// `method`'s runs: every stop × walk seed × pruning rule (no stop:
    /// one run without, which its plan refuses), parallel RBF's by ranks
    /// and chunks too.
    pub(crate) fn points(&self, method: Method, shared: &SharedKeys) -> Vec<RbfPoint> {
        let mut stops: Vec<(Option<u64>, Option<u32>, Option<u32>)> = (self.rbf_nodes.iter())
            .map(|&n| (Some(n), None, None))
            .chain(self.match_depth.iter().map(|&k| (None, Some(k), None)))
            .chain(self.rbf_depth.iter().map(|&k| (None, None, Some(k))))
            .collect();
        if stops.is_empty() {
            stops.push((None, None, None));
        }
        let (ranks, chunks): (&[usize], _) = match method {
            Method::Rbf => (&[1], vec![None]),
            _ => (&shared.ranks, some_or_none(&self.rbf_chunks)),
        };
        let mut points = Vec::new();
        for (&(rbf_nodes, match_depth, rbf_depth), &rbf_seed, &pruning) in
            product3(&stops, &self.rbf_seeds, &self.pruning)
        {
            for (&ranks, &chunk) in ranks
                .iter()
                .flat_map(|r| chunks.iter().map(move |c| (r, c)))
            {
                points.push(RbfPoint {
                    ranks,
                    seed000: Seed000Key::default(),
                    rbf_nodes,
                    match_depth,
                    rbf_depth,
                    judge_depth: shared.judge_depth,
                    rbf_seed,
                    pruning,
                    chunk,
                });
            }
        }
        points
    }
}

impl SweepPoint for RbfPoint {
    fn ranks(&self) -> usize {
        self.ranks
    }

    fn apply(&self, o: &mut Options) {
        o.rbf = RbfOptions {
            rbf_nodes: self.rbf_nodes,
            match_depth: self.match_depth,
            rbf_depth: self.rbf_depth,
            judge_depth: self.judge_depth,
            rbf_seed: self.rbf_seed,
            no_pruning: !self.pruning,
            shared_tree: false,
            rbf_chunk: self.chunk,
        };
    }
}
