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
//! extension = [false, true]   # parallel methods: the master's extension
//! fail_soft = [false, true]   # parallel methods: fail-soft workers
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
//! ```

use yomi_record::{Backend, Method, NodeCharge, TableSharing};

use crate::plan::options::Options;

use crate::backend::sim_args::{NetworkPreset, NodeCost, SimArgs};
use crate::backend::sim_run::worker_table_mb;
use crate::methods::rbf::options::RbfOptions;
use crate::methods::uct::options::UctOptions;
use crate::methods::uct::treesplit_plan::TreesplitOptions;
use crate::plan::{Family, Plan};
use crate::trees::{OrderingArg, TreeArgs, TreeKind};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use yomi_methods::baseline::ProcessorTree;
use yomi_record::SCHEMA;

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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Grid {
    b: Vec<u16>,
    d: Vec<u32>,
    #[serde(default)]
    d_prime: Vec<u32>,
    /// Instead of d_prime: d − d′, the tasks' depth, for every d.
    #[serde(default)]
    task_depth: Vec<u32>,
    methods: Vec<Method>,
    #[serde(default)]
    ranks: Vec<usize>,
    #[serde(default = "default_eps")]
    eps: Vec<i32>,
    #[serde(default = "default_share_plies")]
    share_plies: Vec<u32>,
    /// Sequential: the §5.2 two-table variants at each d′ instead of the
    /// plain search.
    #[serde(default)]
    sharing: Vec<TableSharing>,
    #[serde(default = "default_full_windows")]
    full_windows: Vec<bool>,
    /// Methods with updates: workers deepen only resent tasks.
    #[serde(default = "default_full_windows")]
    confirmed_deepening: Vec<bool>,
    /// Methods with d′: the master extends its tree where few workers
    /// have tasks.
    #[serde(default = "default_full_windows")]
    extension: Vec<bool>,
    /// Methods with d′: the workers search fail-soft.
    #[serde(default = "default_full_windows")]
    fail_soft: Vec<bool>,
    /// Seed 002's split methods: processor trees as (levels, fan-out).
    #[serde(default)]
    processor_trees: Vec<(u32, usize)>,
    #[serde(default = "default_pv_depth")]
    pv_depth: Vec<u32>,
    #[serde(default = "default_stage_depth")]
    stage_depth: Vec<u32>,
    /// The baselines: what the virtual cluster's node cost is charged for.
    #[serde(default = "default_charge")]
    charge: NodeCharge,
    /// YBWC and Jamboree: children in static order.
    #[serde(default)]
    static_order: bool,
    /// Seed 004's grid master: windows pushed to busy workers, or not
    /// (each a run).
    #[serde(default = "default_push_bounds")]
    push_bounds: Vec<bool>,
    /// RBF's stops (each one a run), its judge's depth, the seeds of its
    /// walks and the pruning rule.
    #[serde(default)]
    rbf_nodes: Vec<u64>,
    #[serde(default)]
    match_depth: Vec<u32>,
    #[serde(default)]
    rbf_depth: Vec<u32>,
    judge_depth: Option<u32>,
    #[serde(default = "default_seeds")]
    rbf_seeds: Vec<u64>,
    #[serde(default = "default_pruning")]
    pruning: Vec<bool>,
    /// Parallel RBF: iterations a slave runs below each leaf.
    #[serde(default)]
    rbf_chunks: Vec<u32>,
    /// UCT's simulations and playout plies (each a run), the seeds of its
    /// playouts, its constant and reward scale (defaults as `search`'s).
    #[serde(default)]
    simulations: Vec<u64>,
    #[serde(default = "default_seeds")]
    uct_seeds: Vec<u64>,
    #[serde(default)]
    playout_plies: Vec<u32>,
    uct_c: Option<f64>,
    reward_scale: Option<f64>,
    /// UCT-Treesplit: simulations a rank keeps going at once, N_dup (0:
    /// none), search ranks per broadcast rank, K (0: no forwarding),
    /// virtual loss — each
    /// a number or a list of runs — and the synchronisation's settings.
    #[serde(default)]
    in_flight: OneOrMany<usize>,
    #[serde(default)]
    n_dup: OneOrMany<u64>,
    #[serde(default)]
    per_broadcast: OneOrMany<usize>,
    #[serde(default)]
    forward_k: OneOrMany<f64>,
    #[serde(default)]
    virtual_loss: OneOrMany<bool>,
    /// Instead of (or as well as) simulations: ms on each rank's clock.
    #[serde(default)]
    time_ms: OneOrMany<f64>,
    sync_alpha: Option<f64>,
    sync_min: Option<u64>,
    sync_max: Option<u64>,
    merge_delay_us: Option<f64>,
}

/// A key given one value or a list of them (each a run); none: the
/// default.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
enum OneOrMany<T> {
    One(T),
    Many(Vec<T>),
}

impl<T> Default for OneOrMany<T> {
    fn default() -> Self {
        OneOrMany::Many(Vec::new())
    }
}

impl<T: Copy> OneOrMany<T> {
    /// The values, `None` (the default) when none is given.
    fn values(&self) -> Vec<Option<T>> {
        match self {
            OneOrMany::One(v) => vec![Some(*v)],
            OneOrMany::Many(v) if v.is_empty() => vec![None],
            OneOrMany::Many(v) => v.iter().map(|&x| Some(x)).collect(),
        }
    }

    fn given(&self) -> bool {
        !matches!(self, OneOrMany::Many(v) if v.is_empty())
    }
}

fn default_push_bounds() -> Vec<bool> {
    vec![false]
}

fn default_seeds() -> Vec<u64> {
    vec![1]
}

fn default_pruning() -> Vec<bool> {
    vec![true]
}

fn default_pv_depth() -> Vec<u32> {
    vec![1]
}

fn default_stage_depth() -> Vec<u32> {
    vec![2]
}

fn default_charge() -> NodeCharge {
    NodeCharge::Nodes
}

/// `[false]`: the paper's behaviour, for the switches.
fn default_full_windows() -> Vec<bool> {
    vec![false]
}

fn default_eps() -> Vec<i32> {
    vec![100]
}

fn default_share_plies() -> Vec<u32> {
    vec![4]
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClusterConfig {
    backend: Option<Backend>,
    network: Option<NetworkPreset>,
    latency_us: Option<f64>,
    bandwidth_gbps: Option<f64>,
    message_cost_us: Option<f64>,
    /// `paper` (the default), `measured` or µs.
    node_cost_us: Option<NodeCost>,
    visit_cost_us: Option<f64>,
    tt_mb: Option<usize>,
    /// MPI: how a search is started, `{ranks}` replaced by its ranks.
    #[serde(default = "default_launcher")]
    launcher: String,
    /// MPI: seconds a search's job may take before it is ended.
    #[serde(default = "default_job_timeout_s")]
    job_timeout_s: u64,
}

impl Default for ClusterConfig {
    fn default() -> ClusterConfig {
        toml::from_str("").expect("every field has a default")
    }
}

fn default_launcher() -> String {
    "mpirun -np {ranks}".into()
}

/// An hour: far beyond any search this project's configs hold, short of
/// losing a night to a hung rank.
fn default_job_timeout_s() -> u64 {
    3600
}

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
    identity: String,
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
        let (p, v) = (&self.plan, self.plan.settings());
        let mut s = format!("{} b={} d={}", p.method(), p.b, p.d);
        if let Some(dp) = v.d_prime {
            s += &format!(" d'={dp}");
        }
        if p.parallel() {
            s += &format!(" ranks={}", self.ranks);
        }
        if let Some(eps) = v.eps {
            s += &format!(" eps={eps}");
        }
        if let Some(sharing) = v.sharing {
            s += &format!(" sharing={}", format!("{sharing:?}").to_lowercase());
        }
        if v.full_windows {
            s += " full_windows";
        }
        if v.confirmed_deepening {
            s += " confirmed_deepening";
        }
        if v.extension {
            s += " extension";
        }
        if v.fail_soft {
            s += " fail_soft";
        }
        if let Some(k) = v.share_plies {
            s += &format!(" share_plies={k}");
        }
        if let Family::Baseline { shape, .. } = p.family {
            if let (Some(l), Some(k)) = (shape.levels, shape.fanout) {
                s += &format!(" processor_tree=({l},{k})");
            }
            if let Some(pv) = shape.pv_depth {
                s += &format!(" pv_depth={pv}");
            }
            if let Some(stage) = shape.stage_depth {
                s += &format!(" stage_depth={stage}");
            }
            if shape.charge == NodeCharge::Leaves {
                s += " charge=leaves";
            }
            if shape.static_order {
                s += " static_order";
            }
            if shape.push_bounds {
                s += " push_bounds";
            }
        }
        if let Family::Rbf { shape: r, .. } = p.family {
            for (key, value) in crate::methods::rbf::plan::settings(&r) {
                s += &format!(" {key}={value}");
            }
            if !r.pruning {
                s += " no_pruning";
            }
        }
        if let Family::Uct { shape: u, .. } = p.family {
            if u.bounded() {
                s += &format!(" simulations={}", u.simulations);
            }
            s += &format!(" uct_seed={}", u.uct_seed);
            if let Some(k) = u.playout_plies {
                s += &format!(" playout_plies={k}");
            }
            s += &format!(" uct_c={} reward_scale={}", u.uct_c, u.reward_scale);
            for (key, value) in u
                .treesplit
                .iter()
                .flat_map(crate::methods::uct::treesplit_plan::settings)
            {
                match value.is_empty() {
                    true => s += &format!(" {key}"),
                    false => s += &format!(" {key}={value}"),
                }
            }
        }
        s
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
    if c.cluster.backend == Some(Backend::Mpi) && !crate::backend::mpi_ranks::available() {
        return Err(
            "cluster.backend = \"mpi\" is swept by yomi-harness-mpi, not the plain \
             yomi-harness: `cargo build --release -p yomi-harness --features mpi`"
                .into(),
        );
    }
    if !c.cluster.launcher.contains("{ranks}") {
        return Err(format!(
            "cluster.launcher = {:?} has no {{ranks}} for the number of ranks",
            c.cluster.launcher
        ));
    }
    if c.cluster.job_timeout_s == 0 {
        return Err("cluster.job_timeout_s must be at least 1".into());
    }
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
    check_grid(g)?;
    let rbf = rbf_points(g, trees.tree)?;
    let uct = uct_points(g)?;
    let node_cost = c.cluster.node_cost_us.unwrap_or(NodeCost::Paper);
    let mut runs = Vec::new();
    for &b in &g.b {
        for &d in &g.d {
            let d_primes = d_primes(g, d)?;
            for &method in &g.methods {
                let point = Point {
                    b,
                    d,
                    method,
                    d_prime: None,
                    ranks: 1,
                    eps: None,
                    share_plies: None,
                    sharing: None,
                    full_windows: false,
                    confirmed_deepening: false,
                    extension: false,
                    fail_soft: false,
                    baseline: None,
                    rbf: None,
                    uct: None,
                };
                let points = match method {
                    m if m.is_uct() => uct_runs(g, &uct, point),
                    m if m.is_rbf() => rbf_runs(g, &rbf, point),
                    m if m.is_baseline() => baseline_runs(g, point)?,
                    Method::Sequential => sequential_runs(g, &d_primes, point),
                    _ => parallel_runs(g, &d_primes, point),
                };
                for point in points {
                    runs.push(run(c, trees, point, node_cost)?);
                }
            }
        }
    }
    Ok(runs)
}

/// The grid's keys checked against each other and its methods.
fn check_grid(g: &Grid) -> Result<(), String> {
    for (key, empty) in [
        ("b", g.b.is_empty()),
        ("d", g.d.is_empty()),
        ("methods", g.methods.is_empty()),
    ] {
        if empty {
            return Err(format!("{key} is empty: give at least one value"));
        }
    }
    // Seed 000's parallel methods (the baselines need no d′).
    let parallel = g.methods.iter().any(|m| m.needs_d_prime());
    let splits = g.methods.iter().any(|m| m.splits());
    if splits && g.processor_trees.is_empty() {
        return Err(
            "processor_trees is needed for tree-splitting, pv-splitting and staged-sss".into(),
        );
    }
    if !splits && !g.processor_trees.is_empty() {
        return Err("processor_trees is for tree-splitting, pv-splitting and staged-sss".into());
    }
    if !g.d_prime.is_empty() && !g.task_depth.is_empty() {
        return Err("give d_prime or task_depth (= d − d′), not both".into());
    }
    let variants = !g.sharing.is_empty();
    if (parallel || variants) && g.d_prime.is_empty() && g.task_depth.is_empty() {
        return Err(format!(
            "d_prime (or task_depth) is needed for the {}",
            if parallel {
                "parallel methods"
            } else {
                "sequential sharing variants"
            }
        ));
    }
    if variants && !g.methods.contains(&Method::Sequential) {
        return Err("sharing is for the sequential method's §5.2 variants".into());
    }
    let updates = g
        .methods
        .iter()
        .any(|m| !matches!(m, Method::Sequential | Method::WithoutUpdates));
    if g.confirmed_deepening.contains(&true) && !updates {
        return Err("confirmed_deepening is for the methods with updates".into());
    }
    if g.extension.contains(&true) && !g.methods.iter().any(|m| m.needs_d_prime()) {
        return Err("extension is for the methods with d_prime".into());
    }
    if g.fail_soft.contains(&true) && !g.methods.iter().any(|m| m.needs_d_prime()) {
        return Err("fail_soft is for the methods with d_prime".into());
    }
    if !variants && g.full_windows != [false] {
        return Err("full_windows needs sharing (the §5.2 variants)".into());
    }
    if g.static_order && !g.methods.iter().any(|m| m.steals()) {
        return Err("static_order is for ybwc and jamboree".into());
    }
    let grid_master = g.methods.contains(&Method::GridMaster);
    if g.push_bounds != [false] && !grid_master {
        return Err("push_bounds is for grid-master".into());
    }
    let ranked = g.methods.iter().any(|m| m.takes_ranks());
    if ranked && g.ranks.is_empty() {
        return Err(
            "ranks is needed for the parallel methods, ybwc, jamboree and parallel-rbf".into(),
        );
    }
    if !ranked && !g.ranks.is_empty() {
        return Err(
            "ranks is for the parallel methods, ybwc, jamboree and parallel-rbf (split \
                    methods run on their processor_trees)"
                .into(),
        );
    }
    if let Some(&r) = g.ranks.iter().find(|&&r| r < 2) {
        // One rank of a baseline or of parallel RBF is its sequential search.
        if parallel || r == 0 {
            return Err(format!(
                "ranks: {r} is too few, a master and a worker need 2"
            ));
        }
    }
    Ok(())
}

/// The master's depths d′ at search depth `d` (from `d_prime`, or from
/// `task_depth` = d − d′).
fn d_primes(g: &Grid, d: u32) -> Result<Vec<u32>, String> {
    if let Some(t) = g.task_depth.iter().find(|&&t| t >= d) {
        return Err(format!(
            "task_depth = {t} leaves the master no plies at d = {d}: it must be below d"
        ));
    }
    Ok(if g.task_depth.is_empty() {
        g.d_prime.clone()
    } else {
        g.task_depth.iter().map(|&t| d - t).collect()
    })
}

/// UCT's runs: by its settings (UCT-Treesplit's by ranks and its own
/// settings too).
fn uct_runs(g: &Grid, uct: &[UctPoint], point: Point) -> Vec<Point> {
    let treesplit = point.method == Method::UctTreesplit;
    let ranks: &[usize] = if treesplit { &g.ranks } else { &[1] };
    let settings = match treesplit {
        true => treesplit_settings(g).into_iter().map(Some).collect(),
        false => vec![None],
    };
    product3(uct, ranks, &settings)
        .map(|(&u, &ranks, &treesplit)| Point {
            ranks,
            uct: Some(UctPoint { treesplit, ..u }),
            ..point
        })
        .collect()
}

/// RBF's runs: by its settings (parallel RBF's by ranks and chunks too).
fn rbf_runs(g: &Grid, rbf: &[RbfPoint], point: Point) -> Vec<Point> {
    let (ranks, chunks): (&[usize], Vec<Option<u32>>) = match point.method {
        Method::Rbf => (&[1], vec![None]),
        _ if g.rbf_chunks.is_empty() => (&g.ranks, vec![None]),
        _ => (&g.ranks, g.rbf_chunks.iter().map(|&c| Some(c)).collect()),
    };
    product3(rbf, ranks, &chunks)
        .map(|(&r, &ranks, &chunk)| Point {
            ranks,
            rbf: Some(RbfPoint { chunk, ..r }),
            ..point
        })
        .collect()
}

/// A baseline's runs, on its ranks or processor trees.
fn baseline_runs(g: &Grid, point: Point) -> Result<Vec<Point>, String> {
    baseline_points(g, point.method)
        .into_iter()
        .map(|baseline| {
            let ranks = match baseline.levels.zip(baseline.fanout) {
                Some((levels, fanout)) => ProcessorTree::new(levels, fanout)
                    .map_err(|e| format!("processor_trees ({levels}, {fanout}): {e}"))?
                    .processors(),
                None => baseline.ranks,
            };
            Ok(Point {
                ranks,
                baseline: Some(baseline),
                ..point
            })
        })
        .collect()
}

/// The sequential search: plain, or its §5.2 variants (by d′, sharing,
/// full windows, and the plies of partial sharing).
fn sequential_runs(g: &Grid, d_primes: &[u32], point: Point) -> Vec<Point> {
    let mut points = Vec::new();
    if g.sharing.is_empty() {
        points.push(point);
    }
    for (&dp, &sharing, &full_windows) in product3(d_primes, &g.sharing, &g.full_windows) {
        let plies = match sharing {
            TableSharing::Partial => g.share_plies.iter().map(|&k| Some(k)).collect(),
            _ => vec![None],
        };
        for k in plies {
            points.push(Point {
                d_prime: Some(dp),
                sharing: Some(sharing),
                full_windows,
                share_plies: k,
                ..point
            });
        }
    }
    points
}

/// Seed 000's parallel methods: by d′, ranks, and the method's own keys
/// (ε, sharing plies, confirmed deepening, extension, fail-soft workers).
fn parallel_runs(g: &Grid, d_primes: &[u32], point: Point) -> Vec<Point> {
    let eps: Vec<Option<i32>> = match point.method {
        Method::NegascoutEps => g.eps.iter().map(|&e| Some(e)).collect(),
        _ => vec![None],
    };
    let plies: Vec<Option<u32>> = match point.method {
        Method::WithShare => g.share_plies.iter().map(|&k| Some(k)).collect(),
        _ => vec![None],
    };
    let confirmed: &[bool] = match point.method {
        Method::WithoutUpdates => &[false],
        _ => &g.confirmed_deepening,
    };
    let mut points = Vec::new();
    for &dp in d_primes {
        for &ranks in &g.ranks {
            for (&e, &k, &confirmed_deepening) in product3(&eps, &plies, confirmed) {
                for &extension in &g.extension {
                    for &fail_soft in &g.fail_soft {
                        points.push(Point {
                            d_prime: Some(dp),
                            ranks,
                            eps: e,
                            share_plies: k,
                            confirmed_deepening,
                            extension,
                            fail_soft,
                            ..point
                        });
                    }
                }
            }
        }
    }
    points
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

/// A baseline's parameters at one point of a grid.
#[derive(Clone, Copy, Serialize)]
struct BaselinePoint {
    /// YBWC: ranks (a processor tree's are its processors).
    #[serde(skip)]
    ranks: usize,
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

/// `method`'s points of grid `g`: YBWC at every rank count, a split
/// method on every processor tree (and PV depth, or stage depth).
fn baseline_points(g: &Grid, method: Method) -> Vec<BaselinePoint> {
    let plain = BaselinePoint {
        ranks: 1,
        levels: None,
        fanout: None,
        pv_depth: None,
        stage_depth: None,
        charge: g.charge,
        static_order: false,
        push_bounds: false,
    };
    if method.steals() {
        return g
            .ranks
            .iter()
            .map(|&ranks| BaselinePoint {
                ranks,
                static_order: g.static_order,
                ..plain
            })
            .collect();
    }
    if method == Method::GridMaster {
        let points = g.ranks.iter().flat_map(|&ranks| {
            g.push_bounds.iter().map(move |&push_bounds| BaselinePoint {
                ranks,
                push_bounds,
                ..plain
            })
        });
        return points.collect();
    }
    let (pv, stage) = match method {
        Method::PvSplitting => (g.pv_depth.iter().map(|&p| Some(p)).collect(), vec![None]),
        Method::StagedSss => (vec![None], g.stage_depth.iter().map(|&s| Some(s)).collect()),
        _ => (vec![None], vec![None]),
    };
    let mut points = Vec::new();
    for (&(levels, fanout), &pv_depth, &stage_depth) in product3(&g.processor_trees, &pv, &stage) {
        points.push(BaselinePoint {
            levels: Some(levels),
            fanout: Some(fanout),
            pv_depth,
            stage_depth,
            ..plain
        });
    }
    points
}

/// RBF's parameters at one point of a grid.
#[derive(Clone, Copy, Serialize)]
struct RbfPoint {
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

/// RBF's points of grid `g` (every stop × walk seed × pruning rule), or
/// why the grid's RBF keys do not fit its methods or trees.
fn rbf_points(g: &Grid, trees: TreeKind) -> Result<Vec<RbfPoint>, String> {
    let rbf = g.methods.iter().any(|m| m.is_rbf());
    let stops: Vec<(Option<u64>, Option<u32>, Option<u32>)> = (g.rbf_nodes.iter())
        .map(|&n| (Some(n), None, None))
        .chain(g.match_depth.iter().map(|&k| (None, Some(k), None)))
        .chain(g.rbf_depth.iter().map(|&k| (None, None, Some(k))))
        .collect();
    let given = !stops.is_empty()
        || g.rbf_seeds != default_seeds()
        || g.pruning != default_pruning()
        || !g.rbf_chunks.is_empty();
    if !rbf {
        if given {
            return Err(
                "rbf_nodes, match_depth, rbf_depth, rbf_seeds, pruning and rbf_chunks are \
                 for rbf and parallel-rbf"
                    .into(),
            );
        }
        if g.judge_depth.is_some() && !g.methods.iter().any(|m| m.is_uct()) {
            return Err("judge_depth is for rbf, parallel-rbf, uct and uct-treesplit".into());
        }
        return Ok(Vec::new());
    }
    if trees != TreeKind::Incremental {
        return Err(
            "rbf and parallel-rbf have a real-score model for incremental trees only".into(),
        );
    }
    if stops.is_empty() {
        return Err("rbf and parallel-rbf need a stop: rbf_nodes, match_depth or rbf_depth".into());
    }
    let mut points = Vec::new();
    for (&(rbf_nodes, match_depth, rbf_depth), &rbf_seed, &pruning) in
        product3(&stops, &g.rbf_seeds, &g.pruning)
    {
        points.push(RbfPoint {
            rbf_nodes,
            match_depth,
            rbf_depth,
            judge_depth: g.judge_depth,
            rbf_seed,
            pruning,
            chunk: None,
        });
    }
    Ok(points)
}

/// UCT's parameters at one point of a grid.
#[derive(Clone, Copy, Serialize)]
struct UctPoint {
    simulations: u64,
    uct_seed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    playout_plies: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    uct_c: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reward_scale: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    judge_depth: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none", flatten)]
    treesplit: Option<TreesplitOptions>,
}

/// UCT-Treesplit's settings of grid `g`: in flight × N_dup × per broadcast
/// × K.
fn treesplit_settings(g: &Grid) -> Vec<TreesplitOptions> {
    let (f, n, p, k) = (
        g.in_flight.values(),
        g.n_dup.values(),
        g.per_broadcast.values(),
        g.forward_k.values(),
    );
    let mut all = Vec::new();
    let (v, t) = (g.virtual_loss.values(), g.time_ms.values());
    for (&in_flight, &n_dup, &per_broadcast) in product3(&f, &n, &p) {
        for (&forward_k, &virtual_loss, &time_ms) in product3(&k, &v, &t) {
            all.push(TreesplitOptions {
                time_ms,
                no_virtual_loss: virtual_loss == Some(false),
                in_flight,
                n_dup,
                per_broadcast,
                forward_k,
                sync_alpha: g.sync_alpha,
                sync_min: g.sync_min,
                sync_max: g.sync_max,
                merge_delay_us: g.merge_delay_us,
            });
        }
    }
    all
}

/// UCT's points of grid `g` (simulations × playout plies × seeds), or why
/// the grid's UCT keys do not fit its methods.
fn uct_points(g: &Grid) -> Result<Vec<UctPoint>, String> {
    let given = !g.simulations.is_empty()
        || g.uct_seeds != default_seeds()
        || !g.playout_plies.is_empty()
        || g.uct_c.is_some()
        || g.reward_scale.is_some()
        || treesplit_given(g);
    if !g.methods.iter().any(|m| m.is_uct()) {
        if given {
            return Err(
                "simulations, uct_seeds, playout_plies, uct_c and reward_scale are for uct and \
                 uct-treesplit; in_flight, n_dup, per_broadcast, forward_k, virtual_loss, time_ms, \
                 sync_alpha, sync_min, sync_max and merge_delay_us for uct-treesplit"
                    .into(),
            );
        }
        return Ok(Vec::new());
    }
    if treesplit_given(g) && !g.methods.contains(&Method::UctTreesplit) {
        return Err(
            "in_flight, n_dup, per_broadcast, forward_k, virtual_loss, time_ms, sync_alpha, \
             sync_min, sync_max and merge_delay_us are for uct-treesplit"
                .into(),
        );
    }
    let simulations = match (g.simulations.is_empty(), g.time_ms.given()) {
        (true, false) => return Err("uct needs simulations (uct-treesplit: or time_ms)".into()),
        (true, true) => vec![u64::MAX],
        (false, _) => g.simulations.clone(),
    };
    let plies: Vec<Option<u32>> = match g.playout_plies.is_empty() {
        true => vec![None],
        false => g.playout_plies.iter().map(|&p| Some(p)).collect(),
    };
    Ok(product3(&simulations, &plies, &g.uct_seeds)
        .map(|(&simulations, &playout_plies, &uct_seed)| UctPoint {
            simulations,
            uct_seed,
            playout_plies,
            uct_c: g.uct_c,
            reward_scale: g.reward_scale,
            judge_depth: g.judge_depth,
            treesplit: None, // uct-treesplit's runs set it
        })
        .collect())
}

/// One point of a grid: what makes a run, beside the tree set and cluster.
#[derive(Clone, Copy, Serialize)]
struct Point {
    b: u16,
    d: u32,
    #[serde(serialize_with = "method_in_keys")]
    method: Method,
    d_prime: Option<u32>,
    /// Ranks, the master included (1: sequential).
    ranks: usize,
    eps: Option<i32>,
    share_plies: Option<u32>,
    /// Sequential §5.2 variants.
    sharing: Option<TableSharing>,
    full_windows: bool,
    /// Methods with updates (a switch beyond the paper); off, it leaves
    /// the keys of runs from before it existed as they were.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    confirmed_deepening: bool,
    /// Methods with d′ (a switch beyond the paper); off, as above.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    extension: bool,
    /// Methods with d′ (a switch beyond the paper); off, as above.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    fail_soft: bool,
    /// The baselines (absent, the keys of other runs stay as they were).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    baseline: Option<BaselinePoint>,
    /// RBF (absent, the keys of other runs stay as they were).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    rbf: Option<RbfPoint>,
    /// UCT (absent, the keys of other runs stay as they were).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    uct: Option<UctPoint>,
}

/// Every (a, b, c) of three lists, the first varying slowest.
fn treesplit_given(g: &Grid) -> bool {
    g.in_flight.given()
        || g.n_dup.given()
        || g.per_broadcast.given()
        || g.forward_k.given()
        || g.virtual_loss.given()
        || g.time_ms.given()
        || g.sync_alpha.is_some()
        || g.sync_min.is_some()
        || g.sync_max.is_some()
        || g.merge_delay_us.is_some()
}

fn product3<'a, A, B, C>(
    a: &'a [A],
    b: &'a [B],
    c: &'a [C],
) -> impl Iterator<Item = (&'a A, &'a B, &'a C)> {
    a.iter()
        .flat_map(move |x| b.iter().flat_map(move |y| c.iter().map(move |z| (x, y, z))))
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
    let mut run = Run {
        plan: Plan::new(&options(cl, &p, backend))?,
        trees: TreeArgs {
            b: Some(p.b),
            ..trees.clone()
        },
        sim: sim_args(cl, &p, backend, node_cost),
        ranks: p.ranks,
        table_total_mb: 0,
        launcher: cl.launcher.replace("{ranks}", &p.ranks.to_string()),
        job_timeout: std::time::Duration::from_secs(cl.job_timeout_s),
        identity: String::new(),
    };
    // The model's figures and the tables' memory, checked now rather than
    // when the run's turn comes.
    run.sim
        .model(1.0, 1.0)
        .map_err(|e| format!("cluster: {e}"))?;
    run.table_total_mb = table_total_mb(&run, cl.tt_mb)?;
    run.identity = identity(cl, &run, p, backend, node_cost)?;
    Ok(run)
}

/// Grid point `p` as the options of one run on `backend`.
fn options(cl: &ClusterConfig, p: &Point, backend: Backend) -> Options {
    Options {
        b: p.b,
        d: p.d,
        method: p.method,
        negascout: false,
        d_prime: p.d_prime,
        sharing: p.sharing.unwrap_or(TableSharing::Full),
        share_plies: p.share_plies.unwrap_or(4),
        full_windows: p.full_windows,
        tt_mb: cl.tt_mb,
        eps: p.eps.unwrap_or(100),
        confirmed_deepening: p.confirmed_deepening,
        extension: p.extension,
        fail_soft: p.fail_soft,
        workers: p.ranks.saturating_sub(1).max(1),
        backend,
        cluster_options: false,
        levels: p.baseline.and_then(|b| b.levels),
        fanout: p.baseline.and_then(|b| b.fanout),
        pv_depth: p.baseline.and_then(|b| b.pv_depth).unwrap_or(1),
        stage_depth: p.baseline.and_then(|b| b.stage_depth).unwrap_or(2),
        rbf: p.rbf.map_or_else(
            // UCT's judge depth travels with RBF's options, as on the command line.
            || RbfOptions {
                judge_depth: p.uct.and_then(|u| u.judge_depth),
                ..RbfOptions::default()
            },
            |r| RbfOptions {
                rbf_nodes: r.rbf_nodes,
                match_depth: r.match_depth,
                rbf_depth: r.rbf_depth,
                judge_depth: r.judge_depth,
                rbf_seed: r.rbf_seed,
                no_pruning: !r.pruning,
                shared_tree: false,
                rbf_chunk: r.chunk,
            },
        ),
        uct: p.uct.map_or_else(UctOptions::default, |u| UctOptions {
            simulations: Some(u.simulations),
            uct_c: u.uct_c,
            playout_plies: u.playout_plies,
            reward_scale: u.reward_scale,
            uct_seed: Some(u.uct_seed),
            treesplit: u.treesplit.unwrap_or_default(),
        }),
        charge: p.baseline.map_or(NodeCharge::Nodes, |b| b.charge),
        static_order: p.baseline.is_some_and(|b| b.static_order),
        push_bounds: p.baseline.is_some_and(|b| b.push_bounds),
    }
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

/// A method as keys name it: its record name, but seed 004's grid master
/// under its name of before (`master-worker`), so that the keys of its
/// runs, and the sweeps that hold them, stay as they were.
fn method_in_keys<S: serde::Serializer>(method: &Method, s: S) -> Result<S::Ok, S::Error> {
    match method {
        Method::GridMaster => s.serialize_str("master-worker"),
        _ => method.serialize(s),
    }
}

/// What names `run` (grid point `p` on `backend` at `node_cost`) in its
/// records' keys.
fn identity(
    cl: &ClusterConfig,
    run: &Run,
    p: Point,
    backend: Backend,
    node_cost: NodeCost,
) -> Result<String, String> {
    let identity = Identity {
        schema: SCHEMA,
        tree_kind: run.trees.tree.name(),
        edge_model: &run.trees.edge_model,
        ordering: (run.trees.tree == TreeKind::Ordered).then_some(run.trees.ordering),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Settings;

    const SMALL: &str = r#"
        [trees]
        kind = "synthetic"
        seeds = "1-2"
        [[grid]]
        b = [5]
        d = [8]
        d_prime = [4]
        methods = ["sequential", "with-updates", "negascout-eps"]
        ranks = [4, 8]
        eps = [50, 100]
    "#;

    #[test]
    fn a_grid_expands_into_its_runs() {
        let runs = parse(SMALL, "small").unwrap();
        // sequential once; with updates at 2 rank counts; NegaScout at 2 × 2.
        assert_eq!(runs.len(), 1 + 2 + 4);
        let keys: std::collections::HashSet<String> = runs.iter().map(|r| r.key("seed1")).collect();
        assert_eq!(keys.len(), runs.len(), "every run has its own key");
        assert_eq!(
            runs[0].key("seed1"),
            parse(SMALL, "again").unwrap()[0].key("seed1")
        );
        assert_ne!(runs[0].key("seed1"), runs[0].key("seed2"));
    }

    #[test]
    fn the_switches_beyond_the_paper_double_the_parallel_runs_and_keep_the_other_keys() {
        let plain = parse(SMALL, "small").unwrap();
        type Switch = fn(&Settings) -> bool;
        let extension: Switch = |s| s.extension;
        let fail_soft: Switch = |s| s.fail_soft;
        for (switch, on) in [("extension", extension), ("fail_soft", fail_soft)] {
            let both = SMALL.replace(
                "ranks = [4, 8]",
                &format!("ranks = [4, 8]\n{switch} = [false, true]"),
            );
            let runs = parse(&both, "small").unwrap();
            assert_eq!(runs.len(), 1 + 2 * (2 + 4), "{switch}");
            let switched = runs.iter().filter(|r| on(&r.plan.settings())).count();
            assert_eq!(switched, 2 + 4, "{switch}");
            // Runs without it keep the keys they had before the option existed.
            let keys: std::collections::HashSet<String> =
                runs.iter().map(|r| r.key("seed1")).collect();
            assert!(
                plain.iter().all(|r| keys.contains(&r.key("seed1"))),
                "{switch}"
            );
        }
    }

    #[test]
    fn runs_that_two_grids_name_run_once() {
        let two = format!("{SMALL}\n[[grid]]\nb = [5]\nd = [8, 10]\nmethods = [\"sequential\"]");
        let runs = parse(&two, "two").unwrap();
        // The second grid adds only the sequential run at d = 10.
        assert_eq!(runs.len(), 7 + 1);
    }

    #[test]
    fn sequential_variants_expand_at_each_task_depth() {
        let text = "[trees]\nkind = \"synthetic\"\nseeds = \"1\"\n[[grid]]\nb = [5]\n\
                    d = [8, 10]\ntask_depth = [6]\nmethods = [\"sequential\"]\n\
                    sharing = [\"full\", \"none\", \"partial\"]\nfull_windows = [false, true]\n\
                    share_plies = [2, 4]";
        let runs = parse(text, "fig9").unwrap();
        // Per d: (full + none + partial at two plies) × two window kinds.
        assert_eq!(runs.len(), 2 * 4 * 2);
        let (p, s) = (&runs[0].plan, runs[0].plan.settings());
        assert_eq!(
            (p.d, s.d_prime, s.sharing),
            (8, Some(2), Some(TableSharing::Full))
        );
        assert!(runs
            .iter()
            .all(|r| r.plan.d - r.plan.d_prime().unwrap() == 6));
        assert!(runs.iter().any(|r| {
            let s = r.plan.settings();
            s.full_windows && s.share_plies == Some(4)
        }));
    }

    #[test]
    fn baselines_expand_on_their_processor_trees_and_ranks() {
        let text = "[trees]\nkind = \"synthetic\"\nseeds = \"1\"\n[[grid]]\nb = [5]\nd = [8]\n\
                    d_prime = [4]\nmethods = [\"tree-splitting\", \"staged-sss\", \"ybwc\", \
                    \"with-updates\"]\nprocessor_trees = [[1, 3], [2, 4]]\nstage_depth = [1, 3]\n\
                    ranks = [4, 8]";
        let runs = parse(text, "baselines").unwrap();
        // TS on 2 trees, staged SSS* on 2 × 2, YBWC and with-updates at 2 ranks.
        assert_eq!(runs.len(), 2 + 4 + 2 + 2);
        let ranks: Vec<usize> = runs.iter().map(|r| r.ranks).collect();
        assert_eq!(ranks, [4, 21, 4, 4, 21, 21, 4, 8, 4, 8]);
        assert!(runs[..8]
            .iter()
            .all(|r| r.plan.d_prime().is_none() && r.table_total_mb == 0));
        let Family::Baseline { shape, .. } = runs[3].plan.family else {
            panic!("a baseline");
        };
        assert_eq!(shape.stage_depth, Some(3));
        assert!(runs[3]
            .describe()
            .contains("processor_tree=(1,3) stage_depth=3"));
        let keys: std::collections::HashSet<String> = runs.iter().map(|r| r.key("seed1")).collect();
        assert_eq!(keys.len(), runs.len());
    }

    #[test]
    fn rbf_expands_over_its_stops_seeds_and_ranks() {
        let grid = "[trees]\nkind = \"incremental\"\nseeds = \"1\"\n[[grid]]\nb = [10]\nd = [8]\n\
                    methods = [\"rbf\", \"parallel-rbf\", \"jamboree\"]\nmatch_depth = [2, 4]\n\
                    rbf_depth = [6]\npruning = [true, false]\nranks = [1, 16]";
        let runs = parse(grid, "rbf").unwrap();
        // rbf: 3 stops × 2 rules; parallel-rbf: those at 2 rank counts; jamboree: 2.
        assert_eq!(runs.len(), 6 + 12 + 2);
        let chunked = parse(&format!("{grid}\nrbf_chunks = [1, 8]"), "rbf").unwrap();
        assert_eq!(chunked.len(), 6 + 24 + 2, "parallel-rbf at each chunk");
        assert!(chunked.iter().any(|r| r.describe().contains("rbf_chunk=8")));
        assert!(runs[..6]
            .iter()
            .all(|r| r.plan.backend == Backend::Threads && r.ranks == 1));
        assert!(runs[6..].iter().all(|r| r.plan.backend == Backend::Sim));
        assert_eq!(runs[6].sim.ranks, Some(1));
        assert!(runs[1].describe().contains("match_depth=2 judge_depth=8"));
        assert!(runs[1].describe().ends_with("no_pruning"));
        let keys: std::collections::HashSet<String> = runs.iter().map(|r| r.key("s")).collect();
        assert_eq!(keys.len(), runs.len());
        for (from, to, error) in [
            ("match_depth = [2, 4]\nrbf_depth = [6]\n", "", "need a stop"),
            (
                "kind = \"incremental\"",
                "kind = \"synthetic\"",
                "incremental trees only",
            ),
            (", \"parallel-rbf\", \"jamboree\"", "", "ranks is for"),
            (
                "\"rbf\", \"parallel-rbf\", ",
                "",
                "are for rbf and parallel-rbf",
            ),
            ("ranks = [1, 16]", "ranks = [0]", "ranks: 0"),
        ] {
            let text = grid.replace(from, to);
            let e = parse(&text, "rbf").map(|_| ()).unwrap_err();
            assert!(e.contains(error), "{from} → {to}: {e}");
        }
    }

    #[test]
    fn uct_expands_over_its_simulations_plies_and_seeds() {
        let grid = "[trees]\nkind = \"pick\"\npositions = \"5x9\"\nseeds = \"1-2\"\n[[grid]]\n\
                    b = [0]\nd = [9]\nmethods = [\"uct\"]\nsimulations = [100, 1000]\n\
                    uct_seeds = [1, 2]\njudge_depth = 5";
        let runs = parse(grid, "uct").unwrap();
        assert_eq!(runs.len(), 4);
        assert!(runs
            .iter()
            .all(|r| r.plan.backend == Backend::Threads && r.ranks == 1));
        assert!(
            runs[1].describe().contains("simulations=100 uct_seed=2"),
            "{}",
            runs[1].describe()
        );
        let Family::Uct { shape, .. } = runs[3].plan.family else {
            panic!("uct");
        };
        assert_eq!(shape.judge_depth, 5);
        let plies = parse(&format!("{grid}\nplayout_plies = [2, 4]"), "uct").unwrap();
        assert_eq!(plies.len(), 8);
        assert!(plies[1].describe().contains("playout_plies=2"));
        let keys: std::collections::HashSet<String> = plies.iter().map(|r| r.key("s")).collect();
        assert_eq!(keys.len(), plies.len());
        let split = grid.replace(
            "[\"uct\"]",
            "[\"uct\", \"uct-treesplit\"]\nranks = [4, 8]\nin_flight = 2",
        );
        let split_text_with = |extra: &str| format!("{split}\n{extra}");
        let split = parse(&split, "uct").unwrap();
        // uct: 4 runs; uct-treesplit: those at 2 rank counts, on the cluster.
        assert_eq!(split.len(), 4 + 8);
        assert!(split[4..].iter().all(|r| r.plan.backend == Backend::Sim));
        assert!(
            split[5].describe().contains("in_flight=2"),
            "{}",
            split[5].describe()
        );
        assert_eq!(split[5].sim.ranks, Some(8));
        // Seed 001's settings as lists multiply the treesplit runs.
        let settings = split_text_with("n_dup = [0, 512]\nper_broadcast = [0, 4]\nforward_k = 1.5");
        let runs = parse(&settings, "uct").unwrap();
        assert_eq!(runs.len(), 4 + 8 * 4);
        let described: std::collections::HashSet<String> =
            runs[4..].iter().map(|r| r.describe()).collect();
        assert_eq!(described.len(), 32);
        assert!(runs[4..]
            .iter()
            .all(|r| r.describe().contains("forward_k=1.5")));
        assert!(parse(&format!("{grid}\nn_dup = 5"), "uct")
            .unwrap_err()
            .contains("for uct-treesplit"));
        let sequential = grid.replace("\"uct\"", "\"sequential\"");
        for (text, error) in [
            (
                grid.replace("simulations = [100, 1000]", ""),
                "uct needs simulations",
            ),
            (sequential.replace("judge_depth = 5", ""), "are for uct"),
            (
                sequential.replace("simulations = [100, 1000]\nuct_seeds = [1, 2]\n", ""),
                "judge_depth is for",
            ),
        ] {
            let e = parse(&text, "uct").map(|_| ()).unwrap_err();
            assert!(e.contains(error), "{text}: {e}");
        }
    }

    #[test]
    fn the_grid_masters_runs_keep_their_keys_from_before_its_rename() {
        // A run of configs/reference/seed004.toml, keyed when seed 004's
        // grid master was named master-worker; both names key it the same.
        let config = |method: &str| {
            format!(
                r#"
                [trees]
                kind = "pick"
                positions = "scan/5x6-10, 5x6-10"
                seeds = "1-3"
                [cluster]
                backend = "sim"
                node_cost_us = "paper"
                latency_us = 100
                bandwidth_gbps = 0.1
                message_cost_us = 10
                [[grid]]
                b = [0]
                d = [14]
                methods = ["{method}"]
                ranks = [1]
            "#
            )
        };
        for method in ["grid-master", "master-worker"] {
            let runs = parse(&config(method), method).unwrap();
            assert_eq!(runs.len(), 1, "{method}");
            assert_eq!(runs[0].plan.method(), Method::GridMaster, "{method}");
            assert_eq!(
                runs[0].key("scan/5x6-seed1"),
                "bb39ba14bee527ef",
                "{method}"
            );
        }
    }

    #[test]
    fn every_shipped_config_parses() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../configs");
        let mut files = vec![std::path::PathBuf::from(root)];
        let mut parsed = 0;
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            } else if path.extension().is_some_and(|e| e == "toml") {
                let text = std::fs::read_to_string(&path).unwrap();
                parse(&text, &path.display().to_string()).unwrap();
                parsed += 1;
            }
        }
        assert!(parsed >= 20, "{parsed} configs");
    }

    #[test]
    fn bad_configs_name_the_key() {
        let cases = [
            (
                SMALL.replace("seeds = \"1-2\"", "seeds = \"1-2\"\nsedes = 3"),
                "sedes",
            ),
            (SMALL.replace("d_prime = [4]", "d_prime = [8]"), "--d-prime"),
            (SMALL.replace("d_prime = [4]", ""), "grid 1: d_prime"),
            (
                SMALL.replace("ranks = [4, 8]", "ranks = [1]"),
                "grid 1: ranks",
            ),
            (
                SMALL.replace("methods = [", "methods = [\"fastest\", "),
                "fastest",
            ),
            (
                format!("{SMALL}\n[cluster]\nnode_cost_us = \"cheap\""),
                "node_cost_us",
            ),
            (format!("{SMALL}\n[cluster]\nlatency_us = -1.0"), "cluster"),
            (format!("{SMALL}\n[cluster]\ntt_mb = 100000000"), "tables"),
            (SMALL.replace("seeds = \"1-2\"", ""), "trees.seeds"),
            (
                SMALL.replace("d_prime = [4]", "d_prime = [4]\ntask_depth = [6]"),
                "not both",
            ),
            (
                SMALL.replace("d_prime = [4]", "task_depth = [10]"),
                "task_depth = 10 leaves the master no plies at d = 8",
            ),
            (
                SMALL
                    .replace(
                        "ranks = [4, 8]",
                        "ranks = [4, 8]\nconfirmed_deepening = [true]",
                    )
                    .replace("\"with-updates\", \"negascout-eps\"", "\"without-updates\""),
                "confirmed_deepening is for the methods with updates",
            ),
            (
                SMALL
                    .replace("ranks = [4, 8]", "ranks = [4, 8]\nextension = [true]")
                    .replace("\"with-updates\", \"negascout-eps\"", ""),
                "extension is for the methods with d_prime",
            ),
            (
                SMALL.replace("d_prime = [4]", "d_prime = [4]\nfull_windows = [true]"),
                "full_windows needs sharing",
            ),
            (
                SMALL.replace("d_prime = [4]", "d_prime = [4]\nsharing = [\"everywhere\"]"),
                "everywhere",
            ),
            (
                SMALL.replace("\"negascout-eps\"]", "\"pv-splitting\"]"),
                "processor_trees is needed",
            ),
            (
                SMALL.replace(
                    "ranks = [4, 8]",
                    "ranks = [4, 8]\nprocessor_trees = [[1, 2]]",
                ),
                "processor_trees is for",
            ),
            (
                SMALL
                    .replace("\"negascout-eps\"]", "\"staged-sss\"]")
                    .replace("ranks = [4, 8]", "ranks = [4]\nprocessor_trees = [[4, 2]]"),
                "needs --d above 4",
            ),
        ];
        for (text, expected) in cases {
            let err = parse(&text, "bad.toml")
                .err()
                .unwrap_or_else(|| panic!("accepted: {text}"));
            assert!(err.contains(expected), "{expected:?} not in {err:?}");
        }
    }
}
