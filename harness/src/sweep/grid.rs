//! A sweep's TOML file: a tree set and a grid of configurations, expanded
//! into runs, each checked before anything runs, and each tree's run
//! named by a stable key.
//!
//! ```toml
//! [trees]
//! kind = "synthetic"          # or "shogi" (with `positions`)
//! seeds = "1-32"
//! [[grid]]                    # one or more, each a product of its values
//! b = [5]
//! d = [16]
//! d_prime = [6]               # the parallel methods' master depth
//! methods = ["sequential", "with-updates", "negascout-eps"]
//! ranks = [64, 256]           # parallel methods: ranks, the master included
//! eps = [100]                 # negascout-eps
//! share_plies = [4]           # with-share (and sequential sharing "partial")
//! sharing = ["full", "none"]  # sequential: the §5.2 variants at each d′
//! full_windows = [false, true]  # with sharing: full windows at task roots
//! confirmed_deepening = [false, true]  # methods with updates
//! signature_first = [false, true]  # parallel methods: workers' tasks in prediction order
//! extension = [false, true]   # parallel methods: the master's extension
//! fail_soft = [false, true]   # parallel methods: fail-soft workers
//! poll_nodes = [1024, 128]    # parallel methods: nodes between message looks
//! [[grid]]                    # the baselines (seed 002's and YBWC)
//! b = [5]
//! d = [12]
//! methods = ["tree-splitting", "pv-splitting", "staged-sss", "ybwc"]
//! processor_trees = [[3, 4], [4, 4]]  # split methods: (levels, fan-out)
//! pv_depth = [1]              # pv-splitting
//! stage_depth = [2]           # staged-sss
//! ranks = [64, 256]           # ybwc
//! charge = "nodes"            # or "leaves" (seed 002's simulated concurrency)
//! static_order = true         # ybwc, jamboree: children best first by static value
//! push_bounds = [false, true] # grid-master: windows also to busy workers
//! [[grid]]                    # seed 003's RBF (incremental trees only)
//! b = [10]
//! d = [10]
//! methods = ["rbf", "parallel-rbf"]
//! match_depth = [2, 4]        # stops, each a run: as alpha-beta's nodes at k plies,
//! rbf_nodes = [10000]         #   given nodes,
//! rbf_depth = [8]             #   or a node this deep generated
//! judge_depth = 10            # moves judged against alpha-beta's here (default min(d, 10))
//! rbf_seeds = [1]             # seeds of the walks
//! pruning = [true, false]     # the §2.1 rule
//! rbf_chunks = [1, 8]         # parallel-rbf: iterations a slave runs a leaf (default: the paper's 1)
//! ranks = [1, 16]             # parallel-rbf (rbf runs sequentially, on threads)
//! [[grid]]                    # seed 001's UCT (sequential, on threads)
//! methods = ["uct"]
//! simulations = [1000, 100000]  # each a run
//! uct_seeds = [1, 2]          # seeds of the playouts
//! playout_plies = [4]         # default: to d or the game's end
//! reward_scale = 1000         # uct_c = 1.414 too; judge_depth as rbf's
//! # methods = ["uct-treesplit"] with ranks = [4, 16] and in_flight = 2 (per rank)
//! [cluster]
//! backend = "sim"             # sim (default), threads or mpi
//! launcher = "mpirun -np {ranks}"   # mpi: how a search starts (the default)
//! job_timeout_s = 3600        # mpi: a search's job is ended after this (a hung rank), its failure logged
//! network = "ethernet10g"
//! node_cost_us = "paper"      # paper (default), measured, or µs

use crate::backend::sim_args::{NodeCost, SimArgs};
use crate::backend::sim_run::worker_table_mb;
use crate::methods::baseline::sweep_keys::BaselineKeys;
use crate::methods::minimal_tree::sweep_keys::MinimalTreeKeys;
use crate::methods::rbf::sweep_keys::RbfKeys;
use crate::methods::sequential::sweep_keys::SequentialKeys;
use crate::methods::sweep_keys::SharedKeys;
use crate::methods::uct::sweep_keys::UctKeys;
use crate::plan::options::Options;
use crate::plan::{Family, Plan};
use crate::sweep::cluster::ClusterConfig;
use crate::sweep::run::{identity, FamilyPoint, Point, Run};
use crate::trees::{OrderingArg, TreeArgs, TreeKind};
use serde::de::IgnoredAny;
use serde::Deserialize;
use std::collections::BTreeMap;
use yomi_record::{Backend, Method};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Config {
    trees: TreesConfig,
    /// One or more grids (`[[grid]]`), each expanded on its own.
    grid: Vec<Grid>,
    #[serde(default)]
    cluster: ClusterConfig,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TreesConfig {
    kind: TreeKind,
    /// Synthetic, ordered and plugged games drawn at random: `S` or `A-B`.
    seeds: Option<String>,
    /// Shogi: a position file, `FILE#N`, `FILE#A-B`, an SFEN or `startpos`;
    /// a plugged game: its `--position` text.
    positions: Option<String>,
    /// Synthetic: an edge-model file instead of the embedded one.
    edge_model: Option<String>,
    /// Ordered: where the best child stands (default strong).
    ordering: Option<OrderingArg>,
}

/// One `[[grid]]`: the keys several families read, then each method
/// family's own (in `methods/<family>/sweep_keys.rs`).
#[derive(Deserialize)]
struct Grid {
    #[serde(flatten)]
    shared: SharedKeys,
    #[serde(flatten)]
    sequential: SequentialKeys,
    #[serde(flatten)]
    minimal_tree: MinimalTreeKeys,
    #[serde(flatten)]
    baseline: BaselineKeys,
    #[serde(flatten)]
    rbf: RbfKeys,
    #[serde(flatten)]
    uct: UctKeys,
    /// Whatever no family takes (refused: the families' keys are
    /// flattened, so serde cannot deny unknown fields itself).
    #[serde(flatten)]
    unknown: BTreeMap<String, IgnoredAny>,
}

/// The runs of the TOML text `text` (from `source`, for messages), every
/// one checked; the first problem found is the error.
pub(crate) fn parse(text: &str, source: &str) -> Result<Vec<Run>, String> {
    let config: Config = toml::from_str(text).map_err(|e| format!("{source}: {e}"))?;
    expand(&config).map_err(|e| format!("{source}: {e}"))
}

fn expand(c: &Config) -> Result<Vec<Run>, String> {
    let trees = tree_args(&c.trees)?;
    if c.grid.is_empty() {
        return Err("no [[grid]]: give at least one".into());
    }
    c.cluster.check()?;
    let mut runs: Vec<Run> = Vec::new();
    for (i, g) in c.grid.iter().enumerate() {
        for run in expand_grid(c, &trees, g).map_err(|e| format!("grid {}: {e}", i + 1))? {
            // Grids may overlap (a sequential run in each): one run each.
            if runs.iter().all(|r| r.identity != run.identity) {
                runs.push(run);
            }
        }
    }
    Ok(runs)
}

fn expand_grid(c: &Config, trees: &TreeArgs, g: &Grid) -> Result<Vec<Run>, String> {
    let s = &g.shared;
    if let Some(key) = g.unknown.keys().next() {
        return Err(format!("unknown key `{key}`"));
    }
    check_shared(s)?;
    g.sequential.check(s)?;
    g.minimal_tree.check(s)?;
    g.baseline.check(s)?;
    check_ranks(s)?;
    g.rbf.check(s, trees.tree)?;
    g.uct.check(s)?;
    let node_cost = c.cluster.node_cost_us.unwrap_or(NodeCost::Paper);
    let mut runs = Vec::new();
    for &b in &s.b {
        for &d in &s.d {
            let d_primes = d_primes(s, d)?;
            for &method in &s.methods {
                let points: Vec<FamilyPoint> = match method {
                    m if m.is_uct() => each(g.uct.points(m, s), FamilyPoint::Uct),
                    m if m.is_rbf() => each(g.rbf.points(m, s), FamilyPoint::Rbf),
                    m if m.is_baseline() => each(g.baseline.points(m, s)?, FamilyPoint::Baseline),
                    Method::Sequential => {
                        each(g.sequential.points(s, &d_primes), FamilyPoint::Sequential)
                    }
                    m => each(
                        g.minimal_tree.points(m, s, &d_primes),
                        FamilyPoint::MinimalTree,
                    ),
                };
                for family in points {
                    let (d_prime, ranks) = (family.get().d_prime(), family.get().ranks());
                    let point = Point {
                        b,
                        d,
                        method,
                        d_prime,
                        ranks,
                        family,
                    };
                    runs.push(run(c, trees, point, node_cost)?);
                }
            }
        }
    }
    Ok(runs)
}

fn each<P>(points: Vec<P>, family: fn(P) -> FamilyPoint) -> Vec<FamilyPoint> {
    points.into_iter().map(family).collect()
}

/// The keys every grid has, and d′'s two forms, checked.
fn check_shared(s: &SharedKeys) -> Result<(), String> {
    for (key, empty) in [
        ("b", s.b.is_empty()),
        ("d", s.d.is_empty()),
        ("methods", s.methods.is_empty()),
    ] {
        if empty {
            return Err(format!("{key} is empty: give at least one value"));
        }
    }
    if !s.d_prime.is_empty() && !s.task_depth.is_empty() {
        return Err("give d_prime or task_depth (= d − d′), not both".into());
    }
    Ok(())
}

/// `ranks` checked against the grid's methods.
fn check_ranks(s: &SharedKeys) -> Result<(), String> {
    let ranked = s.any(Method::takes_ranks);
    let users = "the parallel methods, ybwc, jamboree and parallel-rbf";
    if ranked && s.ranks.is_empty() {
        return Err(format!("ranks is needed for {users}"));
    }
    if !ranked && !s.ranks.is_empty() {
        return Err(format!(
            "ranks is for {users} (split methods run on their processor_trees)"
        ));
    }
    if let Some(&r) = s.ranks.iter().find(|&&r| r < 2) {
        // One rank of a baseline or of parallel RBF is its sequential search.
        if s.any(Method::needs_d_prime) || r == 0 {
            return Err(format!(
                "ranks: {r} is too few, a master and a worker need 2"
            ));
        }
    }
    Ok(())
}

/// The master's depths d′ at search depth `d` (from `d_prime`, or from
/// `task_depth` = d − d′).
fn d_primes(s: &SharedKeys, d: u32) -> Result<Vec<u32>, String> {
    if let Some(t) = s.task_depth.iter().find(|&&t| t >= d) {
        return Err(format!(
            "task_depth = {t} leaves the master no plies at d = {d}: it must be below d"
        ));
    }
    Ok(if s.task_depth.is_empty() {
        s.d_prime.clone()
    } else {
        s.task_depth.iter().map(|&t| d - t).collect()
    })
}

fn tree_args(t: &TreesConfig) -> Result<TreeArgs, String> {
    if t.ordering.is_some() && t.kind != TreeKind::Ordered {
        return Err("trees.ordering is for ordered trees".into());
    }
    if t.edge_model.is_some() && t.kind != TreeKind::Synthetic {
        return Err("trees.edge_model is for synthetic trees".into());
    }
    let (seeds, position) = match t.kind {
        TreeKind::Synthetic | TreeKind::Ordered | TreeKind::Incremental => {
            if t.positions.is_some() {
                return Err(
                    "trees.positions is for shogi and plugged games; synthetic and ordered \
                     trees take trees.seeds"
                        .into(),
                );
            }
            (
                t.seeds
                    .clone()
                    .ok_or("trees.seeds is needed for synthetic and ordered trees")?,
                None,
            )
        }
        TreeKind::Shogi => {
            if t.seeds.is_some() {
                return Err("trees.seeds is for synthetic and ordered trees".into());
            }
            let positions = t.positions.clone();
            (
                String::new(),
                Some(positions.ok_or("trees.positions is needed for shogi trees")?),
            )
        }
        TreeKind::Plugged(p) => {
            let positions = t.positions.clone().ok_or_else(|| {
                format!(
                    "trees.positions is needed for {} trees: {}",
                    p.name(),
                    p.about()
                )
            })?;
            // Seeds draw positions for families that draw them at random.
            (
                t.seeds.clone().unwrap_or_else(|| "1".into()),
                Some(positions),
            )
        }
    };
    Ok(TreeArgs {
        tree: t.kind,
        position,
        seeds,
        b: Some(0),
        edge_model: t.edge_model.clone(),
        ordering: t.ordering.unwrap_or(OrderingArg::Strong),
    })
}

/// The run of grid point `p` over `trees`, on `c`'s cluster at
/// `node_cost`: its plan validated, its tables' memory and its key's
/// identity worked out.
fn run(c: &Config, trees: &TreeArgs, p: Point, node_cost: NodeCost) -> Result<Run, String> {
    let cl = &c.cluster;
    // Sequential RBF and UCT run on threads whatever the cluster: their
    // figures are nodes or simulations and moves, not times.
    let backend = match p.method {
        Method::Rbf | Method::Uct => Backend::Threads,
        _ => cl.backend.unwrap_or(Backend::Sim),
    };
    let mut options = Options::new(p.b, p.d, p.method, backend);
    options.d_prime = p.d_prime;
    options.tt_mb = cl.tt_mb;
    // A baseline's one rank is rank 0 searching alone, on threads as on
    // the virtual cluster; the other methods need a worker.
    options.workers = if p.method.on_ranks() {
        p.ranks.saturating_sub(1)
    } else {
        p.ranks.saturating_sub(1).max(1)
    };
    p.family.get().apply(&mut options);
    let trees = TreeArgs {
        b: Some(p.b),
        ..trees.clone()
    };
    let mut run = Run {
        plan: Plan::new(&options)?,
        sim: sim_args(cl, &p, backend, node_cost),
        ranks: p.ranks,
        table_total_mb: 0,
        launcher: cl.launcher.replace("{ranks}", &p.ranks.to_string()),
        job_timeout: std::time::Duration::from_secs(cl.job_timeout_s),
        identity: identity(cl, &trees, p, backend, node_cost)?,
        trees,
    };
    // The model's figures and the tables' memory, checked now rather than
    // when the run's turn comes.
    run.sim
        .model(1.0, 1.0)
        .map_err(|e| format!("cluster: {e}"))?;
    run.table_total_mb = table_total_mb(&run, cl.tt_mb)?;
    Ok(run)
}

/// The virtual cluster of grid point `p`'s run on `backend`.
fn sim_args(cl: &ClusterConfig, p: &Point, backend: Backend, node_cost: NodeCost) -> SimArgs {
    let sim_backend = backend == Backend::Sim;
    SimArgs {
        // Every method but the sequential one is given its ranks (one rank
        // of a baseline or of parallel RBF is its sequential search).
        ranks: (sim_backend && p.method != Method::Sequential).then_some(p.ranks),
        network: cl.network,
        latency_us: cl.latency_us,
        bandwidth_gbps: cl.bandwidth_gbps,
        message_cost_us: cl.message_cost_us,
        node_cost_us: sim_backend.then_some(node_cost),
        visit_cost_us: cl.visit_cost_us,
        quiet: true,
    }
}

/// All tables of `run`, MB (`tt_mb`: the cluster's size for each).
fn table_total_mb(run: &Run, tt_mb: Option<usize>) -> Result<usize, String> {
    let workers = run.ranks.saturating_sub(1).max(1);
    Ok(match run.plan.family {
        // No tables.
        Family::Baseline { .. } | Family::Rbf { .. } | Family::Uct { .. } => 0,
        Family::MinimalTree(_) if run.plan.backend == Backend::Sim => {
            let each = worker_table_mb(workers, tt_mb);
            workers * each.map_err(|e| format!("{}: {e}", run.describe()))?
        }
        Family::MinimalTree(_) => workers * run.plan.table_mb(),
        Family::Sequential(_) => {
            run.plan.table_mb() * if run.plan.d_prime().is_some() { 2 } else { 1 }
        }
    })
}

#[cfg(test)]
mod tests;
