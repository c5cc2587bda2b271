//! One run of a sweep (a configuration over the whole tree set): its
//! grid point, the key that names its records, its line in listings and
//! a rough size.

use crate::backend::sim_args::{NetworkPreset, NodeCost, SimArgs};
use crate::methods::baseline::sweep_keys::BaselinePoint;
use crate::methods::minimal_tree::sweep_keys::MinimalTreePoint;
use crate::methods::rbf::sweep_keys::RbfPoint;
use crate::methods::sequential::sweep_keys::SequentialPoint;
use crate::methods::sweep_keys::SweepPoint;
use crate::methods::uct::sweep_keys::UctPoint;
use crate::plan::{Family, Plan};
use crate::sweep::cluster::ClusterConfig;
use crate::trees::{OrderingArg, TreeArgs, TreeKind};
use serde::Serialize;
use sha2::{Digest, Sha256};
use yomi_record::{Backend, Method, SCHEMA};

/// One configuration of the grid over the whole tree set.
#[derive(Clone, Debug)]
pub(crate) struct Run {
    pub trees: TreeArgs,
    pub plan: Plan,
    pub sim: SimArgs,
    /// Ranks, the master included (1: sequential).
    pub ranks: usize,
    /// All tables of the run, MB (what running it holds).
    pub table_total_mb: usize,
    /// MPI: the command that starts a search's ranks.
    pub launcher: String,
    /// MPI: how long a search's job may take.
    pub job_timeout: std::time::Duration,
    /// What names the run in keys: every parameter that changes its records.
    pub(super) identity: String,
}

/// One point of a grid: what makes a run, beside the tree set and cluster.
#[derive(Clone, Copy, Serialize)]
pub(super) struct Point {
    pub b: u16,
    pub d: u32,
    #[serde(serialize_with = "method_in_keys")]
    pub method: Method,
    pub d_prime: Option<u32>,
    /// Ranks, the master included (1: sequential).
    pub ranks: usize,
    /// The method family's own settings.
    #[serde(flatten)]
    pub family: FamilyPoint,
}

/// A method family's settings at one point of a grid.
#[derive(Clone, Copy, Serialize)]
#[serde(untagged)]
pub(super) enum FamilyPoint {
    Sequential(SequentialPoint),
    MinimalTree(MinimalTreePoint),
    Baseline(BaselinePoint),
    Rbf(RbfPoint),
    Uct(UctPoint),
}

impl FamilyPoint {
    pub(super) fn get(&self) -> &dyn SweepPoint {
        match self {
            FamilyPoint::Sequential(p) => p,
            FamilyPoint::MinimalTree(p) => p,
            FamilyPoint::Baseline(p) => p,
            FamilyPoint::Rbf(p) => p,
            FamilyPoint::Uct(p) => p,
        }
    }
}

impl Run {
    /// The key of this run's record for `tree`: a hash of the record
    /// layout's version, the run's parameters and the tree's name.
    pub(crate) fn key(&self, tree: &str) -> String {
        let digest = Sha256::digest(format!("{}|{tree}", self.identity));
        digest[..8].iter().map(|b| format!("{b:02x}")).collect()
    }

    /// A one-line description for listings and errors.
    pub(crate) fn describe(&self) -> String {
        let p = &self.plan;
        let mut s = format!("{} b={} d={}", p.method(), p.b, p.d);
        if let Some(dp) = p.d_prime() {
            s += &format!(" d'={dp}");
        }
        if p.parallel() {
            s += &format!(" ranks={}", self.ranks);
        }
        s + &p.family.listing()
    }

    /// A rough count of the nodes the run searches over `trees` trees:
    /// 1.5 times the minimal tree's leaves sequentially and 3 times in
    /// parallel, 2 nodes a leaf (for --dry-run; real counts vary by
    /// several times either way).
    pub(crate) fn estimated_nodes(&self, trees: usize) -> f64 {
        let b = f64::from(self.plan.b.max(1));
        // RBF runs about as far as alpha-beta at its judge's depth.
        let rbf = match self.plan.family {
            Family::Rbf { shape, .. } => Some(shape),
            _ => None,
        };
        let d = rbf.map_or(self.plan.d, |r| r.judge_depth);
        let minimal = b.powi(d.div_ceil(2) as i32) + b.powi((d / 2) as i32) - 1.0;
        if let Some(n) = rbf.and_then(|r| r.rbf_nodes) {
            return n as f64 * trees as f64;
        }
        if let Family::Uct { shape: u, .. } = self.plan.family {
            if let Some(ms) = u.treesplit.and_then(|t| t.time_ms) {
                // Every rank busy for the time at 20 µs a node.
                return self.ranks as f64 * ms * 50.0 * trees as f64;
            }
            // A simulation's steps and playout: about d nodes.
            return u.simulations as f64 * f64::from(self.plan.d) * trees as f64;
        }
        let factor = if self.plan.parallel() { 3.0 } else { 1.5 };
        2.0 * factor * minimal * trees as f64
    }
}

/// The parameters that make a run's records what they are, for its key.
#[derive(Serialize)]
struct Identity<'a> {
    schema: u32,
    tree_kind: &'a str,
    edge_model: &'a Option<String>,
    /// Ordered trees only (absent, the keys of other runs stay as they were).
    #[serde(skip_serializing_if = "Option::is_none")]
    ordering: Option<OrderingArg>,
    #[serde(flatten)]
    point: Point,
    backend: Backend,
    network: String,
    latency_us: Option<f64>,
    bandwidth_gbps: Option<f64>,
    message_cost_us: Option<f64>,
    node_cost_us: String,
    visit_cost_us: Option<f64>,
    tt_mb: Option<usize>,
}

/// A method as keys name it: its record name, but seed 004's grid master
/// under its name of before (`master-worker`), so that the keys of its
/// runs, and the sweeps that hold them, stay as they were.
fn method_in_keys<S: serde::Serializer>(method: &Method, s: S) -> Result<S::Ok, S::Error> {
    match method {
        Method::GridMaster => s.serialize_str("master-worker"),
        _ => method.serialize(s),
    }
}

/// What names the run of grid point `p` over `trees` (on `backend` at
/// `node_cost`, on `cl`'s cluster) in its records' keys.
pub(super) fn identity(
    cl: &ClusterConfig,
    trees: &TreeArgs,
    p: Point,
    backend: Backend,
    node_cost: NodeCost,
) -> Result<String, String> {
    let identity = Identity {
        schema: SCHEMA,
        tree_kind: trees.tree.name(),
        edge_model: &trees.edge_model,
        ordering: (trees.tree == TreeKind::Ordered).then_some(trees.ordering),
        point: p,
        backend,
        network: format!("{:?}", cl.network.unwrap_or(NetworkPreset::Ethernet10g)),
        latency_us: cl.latency_us,
        bandwidth_gbps: cl.bandwidth_gbps,
        message_cost_us: cl.message_cost_us,
        node_cost_us: format!("{node_cost:?}"),
        visit_cost_us: cl.visit_cost_us,
        tt_mb: cl.tt_mb,
    };
    serde_json::to_string(&identity).map_err(|e| e.to_string())
}
