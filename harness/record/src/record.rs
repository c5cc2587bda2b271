//! One searched tree's run: its line in a result file.

use crate::family_figures::{BaselineFigures, Figures, ParallelFigures, RbfFigures, UctFigures};
use crate::method::{Backend, Method, TableSharing};
use crate::virtual_cluster::ClusterRecord;
use serde::{Deserialize, Serialize};
use yomi_measure::Stats;
use yomi_tree::Value;

/// The version of the records' layout: a sweep reruns nothing whose
/// record carries this version and its run key. Version 1 lacked the
/// workers' task counts.
pub const SCHEMA: u32 = 2;

/// One tree's search, whatever the method: the run's settings, what it
/// found and what it counted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Sweeps: the run's key and the layout's version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<u32>,
    /// `--tree`'s name for the kind (older records lack it: their tree
    /// names tell).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tree_kind: Option<String>,
    pub tree: String,
    /// The tree's group of comparable trees (a plugged family's size).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tree_group: Option<String>,
    pub b: u16,
    pub d: u32,
    pub method: Method,
    #[serde(default)]
    pub negascout: bool,
    #[serde(default)]
    pub eps: Option<i32>,
    #[serde(default)]
    pub d_prime: Option<u32>,
    #[serde(default)]
    pub sharing: Option<TableSharing>,
    #[serde(default)]
    pub share_plies: Option<u32>,
    #[serde(default)]
    pub full_windows: bool,
    #[serde(default)]
    pub confirmed_deepening: bool,
    /// With confirmed deepening: idle workers deepened their held tasks
    /// (written only when on).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub idle_deepening: bool,
    /// The workers ran tasks in signature order before completed depth
    /// (written only when on).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub signature_first: bool,
    /// The master extended its tree where few workers had tasks (written
    /// only when on).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub extension: bool,
    /// The workers searched fail-soft (written only when on).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fail_soft: bool,
    /// The master renewed tasks by their places: an option of 835ac10,
    /// taken out since (it did not pay); read so that its shipped records
    /// are not taken for runs without it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub indexed_renewals: bool,
    /// Nodes between a worker's looks at its messages, where a run set it
    /// (written only then; otherwise 1,024).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poll_nodes: Option<u64>,
    pub value: Value,
    #[serde(default)]
    pub best_move: String,
    #[serde(default)]
    pub pv: String,
    #[serde(flatten)]
    pub stats: Stats,
    pub time_s: f64,
    #[serde(default)]
    pub nodes_per_s: f64,
    /// Parallel methods, and anything on the virtual cluster.
    #[serde(default)]
    pub backend: Option<Backend>,
    /// The method family's own figures (none for sequential searches).
    #[serde(flatten)]
    pub figures: Option<Figures>,
    /// The virtual cluster's model, on that backend.
    #[serde(default)]
    pub virtual_cluster: Option<ClusterRecord>,
}

impl Record {
    /// The record on one JSON line, or why it is not one: not JSON, a
    /// field of the wrong type, or a method without its family's figures.
    pub fn from_json(line: &str) -> Result<Record, String> {
        let record: Record = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let m = record.method;
        let needs = if m.is_uct() {
            Some(("UCT", "simulations_per_s", record.uct().is_some()))
        } else if m.is_rbf() {
            Some(("RBF", "generated", record.rbf().is_some()))
        } else if m.is_baseline() {
            Some(("baseline", "processors", record.baseline().is_some()))
        } else if m.needs_d_prime() {
            Some((
                "master–worker",
                "workers, passes",
                record.parallel().is_some(),
            ))
        } else {
            None
        };
        match needs {
            Some((family, fields, false)) => Err(format!(
                "a {m} record without its {family} figures (no {fields}, or a field of the wrong type)"
            )),
            _ => Ok(record),
        }
    }

    /// The record as one JSON line.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("records always serialize")
    }

    pub fn parallel(&self) -> Option<&ParallelFigures> {
        match &self.figures {
            Some(Figures::Parallel(f)) => Some(f),
            _ => None,
        }
    }

    pub fn baseline(&self) -> Option<&BaselineFigures> {
        match &self.figures {
            Some(Figures::Baseline(f)) => Some(f),
            _ => None,
        }
    }

    pub fn rbf(&self) -> Option<&RbfFigures> {
        match &self.figures {
            Some(Figures::Rbf(f)) => Some(f),
            _ => None,
        }
    }

    pub fn uct(&self) -> Option<&UctFigures> {
        match &self.figures {
            Some(Figures::Uct(f)) => Some(f),
            _ => None,
        }
    }

    /// Ranks, the master included (1 for a sequential search).
    pub fn ranks(&self) -> usize {
        if let Some(cluster) = &self.virtual_cluster {
            return cluster.ranks;
        }
        match &self.figures {
            Some(Figures::Baseline(f)) => f.processors,
            Some(Figures::Parallel(f)) => f.workers + 1,
            Some(Figures::Rbf(f)) => f.parallel.map_or(1, |p| p.ranks),
            Some(Figures::Uct(f)) => f.spread.as_ref().map_or(1, |s| s.ranks),
            None => 1,
        }
    }

    /// Mean idle seconds per searching rank, before the first work and
    /// after it: seed 000's master–worker searches and the baselines.
    pub fn idle_s(&self) -> Option<(f64, f64)> {
        match &self.figures {
            Some(Figures::Parallel(f)) => Some((f.startup_idle_s, f.other_idle_s)),
            Some(Figures::Baseline(f)) => Some((f.startup_idle_s, f.other_idle_s)),
            _ => None,
        }
    }
}
