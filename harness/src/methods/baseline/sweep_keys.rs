//! The baselines' sweep keys: processor trees (seed 002's split methods,
//! with their PV or stage depths) or ranks (YBWC, Jamboree, seed 004's
//! grid master), what the virtual clock charges, and each method's
//! switches, expanded into runs.

use crate::methods::sweep_keys::{product3, unused, Seed000Key, SharedKeys, SweepPoint};
use crate::plan::options::Options;
use serde::{Deserialize, Serialize};
use yomi_methods::baseline::ProcessorTree;
use yomi_record::{Method, NodeCharge};

/// The baselines' keys of a grid.
#[derive(Deserialize)]
#[serde(default)]
pub(crate) struct BaselineKeys {
    /// Split methods: processor trees as (levels, fan-out).
    processor_trees: Vec<(u32, usize)>,
    /// pv-splitting.
    pv_depth: Vec<u32>,
    /// staged-sss.
    stage_depth: Vec<u32>,
    /// What the virtual cluster's node cost is charged for.
    charge: NodeCharge,
    /// YBWC and Jamboree: children in static order.
    static_order: bool,
    /// Seed 004's grid master: windows pushed to busy workers, or not
    /// (each a run).
    push_bounds: Vec<bool>,
}

impl Default for BaselineKeys {
    fn default() -> Self {
        BaselineKeys {
            processor_trees: Vec::new(),
            pv_depth: vec![1],
            stage_depth: vec![2],
            charge: NodeCharge::Nodes,
            static_order: false,
            push_bounds: vec![false],
        }
    }
}

/// A baseline's parameters at one point of a grid.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct BaselinePoint {
    /// Ranks: given (YBWC, Jamboree, the grid master) or a processor
    /// tree's processors.
    #[serde(skip)]
    ranks: usize,
    #[serde(flatten)]
    seed000: Seed000Key,
    #[serde(skip_serializing_if = "Option::is_none")]
    levels: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fanout: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pv_depth: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stage_depth: Option<u32>,
    charge: NodeCharge,
    /// Absent when off, so that the keys of earlier runs stay.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    static_order: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    push_bounds: bool,
}

impl BaselineKeys {
    /// The keys checked against the grid's methods.
    pub(crate) fn check(&self, shared: &SharedKeys) -> Result<(), String> {
        let splits = "tree-splitting, pv-splitting and staged-sss";
        if !self.processor_trees.is_empty() && !shared.any(Method::splits) {
            return Err(unused("processor_trees", splits));
        }
        if self.static_order && !shared.any(Method::steals) {
            return Err(unused("static_order", "ybwc and jamboree"));
        }
        if self.push_bounds != [false] && !shared.methods.contains(&Method::GridMaster) {
            return Err(unused("push_bounds", "grid-master"));
        }
        Ok(())
    }

    /// `method`'s runs: the methods on ranks at every rank count (the grid
    /// master also at every push_bounds), a split method on
    /// every processor tree (and PV depth, or stage depth; no processor
    /// tree: one run without, which its plan refuses).
    pub(crate) fn points(
        &self,
        method: Method,
        shared: &SharedKeys,
    ) -> Result<Vec<BaselinePoint>, String> {
        let plain = BaselinePoint {
            ranks: 1,
            seed000: Seed000Key::default(),
            levels: None,
            fanout: None,
            pv_depth: None,
            stage_depth: None,
            charge: self.charge,
            static_order: false,
            push_bounds: false,
        };
        if method.on_ranks() {
            // YBWC and Jamboree take static_order, the grid master
            // push_bounds; a method plugged in, neither.
            let static_order = method.steals() && self.static_order;
            let pushes = match method {
                Method::GridMaster => &self.push_bounds[..],
                _ => &[false],
            };
            let points = shared.ranks.iter().flat_map(|&ranks| {
                pushes.iter().map(move |&push_bounds| BaselinePoint {
                    ranks,
                    static_order,
                    push_bounds,
                    ..plain
                })
            });
            return Ok(points.collect());
        }
        if self.processor_trees.is_empty() {
            return Ok(vec![plain]);
        }
        let (pv, stage) = match method {
            Method::PvSplitting => (self.pv_depth.iter().map(|&p| Some(p)).collect(), vec![None]),
            Method::StagedSss => (
                vec![None],
                self.stage_depth.iter().map(|&s| Some(s)).collect(),
            ),
            _ => (vec![None], vec![None]),
        };
        let mut points = Vec::new();
        for (&(levels, fanout), &pv_depth, &stage_depth) in
            product3(&self.processor_trees, &pv, &stage)
        {
            let tree = ProcessorTree::new(levels, fanout)
                .map_err(|e| format!("processor_trees ({levels}, {fanout}): {e}"))?;
            points.push(BaselinePoint {
                ranks: tree.processors(),
                levels: Some(levels),
                fanout: Some(fanout),
                pv_depth,
                stage_depth,
                ..plain
            });
        }
        Ok(points)
    }
}

impl SweepPoint for BaselinePoint {
    fn ranks(&self) -> usize {
        self.ranks
    }

    fn apply(&self, o: &mut Options) {
        o.levels = self.levels;
        o.fanout = self.fanout;
        o.pv_depth = self.pv_depth.unwrap_or(o.pv_depth);
        o.stage_depth = self.stage_depth.unwrap_or(o.stage_depth);
        o.charge = self.charge;
        o.static_order = self.static_order;
        o.push_bounds = self.push_bounds;
    }
}
