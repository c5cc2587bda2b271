//! `yomi-harness search`: searches a tree set and writes one JSON record per
//! tree (JSON Lines on stdout), with a summary on stderr.

use crate::parallel_run::{self, ParallelFigures, Runner};
use crate::sim_args::{ClusterRecord, SimArgs};
use crate::sim_run::SimRunner;
use crate::trees::{Tree, TreeArgs};
use clap::{Args, ValueEnum};
use serde::Serialize;
use yomi_engine::game::{Game, Value};
use yomi_engine::parallel::run::ParallelConfig;
use yomi_engine::search::{Limits, SearchOptions, Searcher, Sharing, Stats, TableSplit};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// One process, alpha-beta (or NegaScout) with iterative deepening.
    Sequential,
    /// Master and workers; workers report every finished iteration (needs --d-prime).
    WithUpdates,
    /// Master and workers; workers report only the full task depth (needs --d-prime).
    WithoutUpdates,
    /// Master and workers with updates, sharing results within
    /// --share-plies of task roots round a ring (needs --d-prime).
    WithShare,
    /// Master and workers with updates; NegaScout in the master, ε-windows
    /// (--eps) in the workers (needs --d-prime).
    NegascoutEps,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Backend {
    /// Master and workers as threads of this process.
    Threads,
    /// Master and workers as MPI ranks: rank 0 the master (start with
    /// mpirun; needs a build with --features mpi).
    Mpi,
    /// Master and workers as ranks of a virtual cluster in this process,
    /// in virtual time (--ranks, --network, --node-cost-us…); with
    /// `sequential`, the search's virtual time.
    Sim,
}

/// Each table's size unless --tt-mb says (the virtual cluster fits its own).
const DEFAULT_TABLE_MB: usize = 256;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SharingArg {
    /// One worker table used everywhere (the §5.2 baseline).
    Full,
    /// Worker-table results used only in task subtrees of the same position.
    None,
    /// Also results from other task subtrees within --share-plies of their task root.
    Partial,
}

/// Search every tree of a set to depth d and print one JSON record per tree.
#[derive(Args)]
pub struct SearchArgs {
    #[command(flatten)]
    trees: TreeArgs,
    /// Search depth d in plies.
    #[arg(long)]
    pub d: u32,
    #[arg(long, value_enum, default_value = "sequential")]
    method: Method,
    /// NegaScout instead of plain alpha-beta.
    #[arg(long)]
    negascout: bool,
    /// Split depth d′: nodes at ply ≤ d′ use the master table, deeper nodes
    /// the worker table (the §5.2 variants); without it one table is used.
    #[arg(long)]
    pub d_prime: Option<u32>,
    /// How worker-table results cross task subtrees (with --d-prime).
    #[arg(long, value_enum, default_value = "full")]
    sharing: SharingArg,
    /// Partial sharing and with-share: results within k plies of their task
    /// root are shared (the paper: 4 for b = 5, 2 for b = 20).
    #[arg(long, default_value_t = 4)]
    share_plies: u32,
    /// Search task roots (ply d′, depth d − d′) with the full window (with --d-prime).
    #[arg(long)]
    full_windows: bool,
    /// Size of each transposition table in MB (each worker's, for the
    /// parallel methods) [default: 256; --backend sim: at most 16, all
    /// within 4 GB and half of the machine's memory].
    #[arg(long)]
    pub tt_mb: Option<usize>,
    /// negascout-eps: ε of the workers' ε-windows (a pawn is about 100).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(i32).range(0..=10_000))]
    eps: i32,
    /// Parallel methods: the number of workers (the master comes on top).
    #[arg(long, default_value_t = 4)]
    pub workers: usize,
    /// Parallel methods: where master and workers run.
    #[arg(long, value_enum, default_value = "threads")]
    pub backend: Backend,
    #[command(flatten)]
    pub sim: SimArgs,
}

#[derive(Serialize)]
struct Record<'a> {
    tree: &'a str,
    b: u16,
    d: u32,
    method: Method,
    negascout: bool,
    eps: Option<i32>,
    pub d_prime: Option<u32>,
    sharing: Option<SharingArg>,
    share_plies: Option<u32>,
    full_windows: bool,
    value: Value,
    best_move: String,
    pv: String,
    #[serde(flatten)]
    stats: Stats,
    time_s: f64,
    nodes_per_s: f64,
    backend: Option<Backend>,
    #[serde(flatten)]
    parallel: Option<ParallelFigures>,
    virtual_cluster: Option<ClusterRecord>,
}

pub fn run(args: &SearchArgs) -> Result<(), String> {
    if args.sim.any() && args.backend != Backend::Sim {
        return Err(
            "--ranks, --network, --latency-us, --bandwidth-gbps, --message-cost-us and \
                    --node-cost-us describe the virtual cluster: they need --backend sim"
                .into(),
        );
    }
    if args.method != Method::Sequential {
        return run_parallel(args);
    }
    let split = match valid_d_prime(args)? {
        None if args.full_windows || args.sharing != SharingArg::Full => {
            return Err("--sharing and --full-windows need --d-prime".into())
        }
        None => None,
        Some(d_prime) => Some(TableSplit {
            d_prime,
            sharing: match args.sharing {
                SharingArg::Full => Sharing::Full,
                SharingArg::None => Sharing::None,
                SharingArg::Partial => Sharing::Partial {
                    min_depth: (args.d - d_prime).saturating_sub(args.share_plies),
                },
            },
            full_windows: args.full_windows,
        }),
    };
    let options = SearchOptions {
        negascout: args.negascout,
        split,
        ..SearchOptions::default()
    };
    let trees = args.trees.trees()?;
    let sim = match args.backend {
        Backend::Sim => {
            let table_mb = args.tt_mb.unwrap_or(DEFAULT_TABLE_MB);
            Some(SimRunner::new(
                &args.sim,
                &trees,
                args.d,
                None,
                1,
                Some(table_mb),
            )?)
        }
        _ => None,
    };
    let mut summary = Summary::default();
    for tree in trees {
        let name = tree.name().to_string();
        let mut outcome = match tree {
            Tree::Shogi { game, .. } => search(*game, args, options),
            Tree::Synthetic { tree, .. } => search(tree, args, options),
        };
        if let Some(sim) = &sim {
            outcome.time_s = sim.sequential_time_s(outcome.stats.nodes);
            outcome.cluster = Some(sim.record);
        }
        print_record(args, &name, outcome, &mut summary)?;
    }
    summary.print();
    Ok(())
}

/// `--d-prime`, if given, checked to lie between 1 and d − 1.
fn valid_d_prime(args: &SearchArgs) -> Result<Option<u32>, String> {
    match args.d_prime {
        Some(dp) if dp == 0 || dp >= args.d => Err(format!(
            "--d-prime must be between 1 and d − 1 = {}",
            args.d.saturating_sub(1)
        )),
        other => Ok(other),
    }
}

/// The master/worker methods: every tree with the same configuration.
fn run_parallel(args: &SearchArgs) -> Result<(), String> {
    let d_prime =
        valid_d_prime(args)?.ok_or("the parallel methods need --d-prime (the master's plies)")?;
    if args.negascout || args.full_windows || args.sharing != SharingArg::Full {
        return Err("--negascout, --sharing and --full-windows are sequential variants".into());
    }
    if args.workers == 0 {
        return Err("--workers must be at least 1".into());
    }
    let trees = args.trees.trees()?;
    let runner = Runner::new(args, &trees)?;
    let config = ParallelConfig {
        depth: args.d,
        d_prime,
        workers: runner.workers(args.workers),
        updates: args.method != Method::WithoutUpdates,
        table_mb: runner
            .cluster()
            .map_or(args.tt_mb.unwrap_or(DEFAULT_TABLE_MB), |sim| {
                sim.record.table_mb
            }),
        negascout_eps: (args.method == Method::NegascoutEps).then_some(args.eps),
        share_plies: (args.method == Method::WithShare).then_some(args.share_plies as usize),
        search_id: 0,
    };
    let mut summary = Summary::default();
    for (i, tree) in trees.into_iter().enumerate() {
        let name = tree.name().to_string();
        let config = ParallelConfig {
            search_id: i as u64,
            ..config
        };
        let outcome = match tree {
            Tree::Shogi { game, .. } => parallel_run::search(&runner, *game, config)?,
            Tree::Synthetic { tree, .. } => parallel_run::search(&runner, tree, config)?,
        };
        if let Some(outcome) = outcome {
            print_record(args, &name, outcome, &mut summary)?;
        }
    }
    if runner.reports() {
        summary.print();
    }
    if let Some(sim) = runner.cluster() {
        sim.print_cost();
    }
    Ok(())
}

/// Prints one tree's JSON record and adds it to the summary.
fn print_record(
    args: &SearchArgs,
    name: &str,
    outcome: Outcome,
    summary: &mut Summary,
) -> Result<(), String> {
    summary.add(&outcome);
    let parallel = args.method != Method::Sequential;
    let record = Record {
        tree: name,
        b: args.trees.b,
        d: args.d,
        method: args.method,
        negascout: args.negascout,
        eps: (args.method == Method::NegascoutEps).then_some(args.eps),
        d_prime: args.d_prime,
        sharing: (args.d_prime.is_some() && !parallel).then_some(args.sharing),
        share_plies: (args.method == Method::WithShare
            || (args.d_prime.is_some() && args.sharing == SharingArg::Partial && !parallel))
            .then_some(args.share_plies),
        full_windows: args.full_windows,
        value: outcome.value,
        best_move: outcome.best_move,
        pv: outcome.pv,
        stats: outcome.stats,
        time_s: outcome.time_s,
        nodes_per_s: outcome.stats.nodes as f64 / outcome.time_s.max(1e-9),
        backend: (parallel || args.backend == Backend::Sim).then_some(args.backend),
        parallel: outcome.parallel,
        virtual_cluster: outcome.cluster,
    };
    println!(
        "{}",
        serde_json::to_string(&record).map_err(|e| e.to_string())?
    );
    Ok(())
}

/// One tree's search, whatever the method.
pub struct Outcome {
    pub value: Value,
    pub best_move: String,
    pub pv: String,
    pub stats: Stats,
    pub time_s: f64,
    pub parallel: Option<ParallelFigures>,
    /// The virtual cluster's model, on that backend.
    pub cluster: Option<ClusterRecord>,
}

fn search<G: Game>(game: G, args: &SearchArgs, options: SearchOptions) -> Outcome {
    let table_mb = args.tt_mb.unwrap_or(DEFAULT_TABLE_MB);
    let mut searcher = Searcher::new(game, table_mb, options);
    let r = searcher.search(Limits::depth(args.d), |_| {});
    let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
    Outcome {
        value: r.value,
        best_move: r.best_move.map_or("none".into(), |m| m.to_string()),
        pv: pv.join(" "),
        stats: r.stats,
        time_s: r.elapsed.as_secs_f64(),
        parallel: None,
        cluster: None,
    }
}

/// Totals over the set, the paper's way: mean leaves, geometric-mean time.
#[derive(Default)]
struct Summary {
    trees: u32,
    stats: Stats,
    log_time: f64,
    time: f64,
}

impl Summary {
    fn add(&mut self, o: &Outcome) {
        self.trees += 1;
        self.stats += o.stats;
        self.log_time += o.time_s.max(1e-6).ln();
        self.time += o.time_s;
    }

    fn print(&self) {
        let n = f64::from(self.trees.max(1));
        eprintln!(
            "trees {} mean_leaves {:.0} mean_nodes {:.0} geomean_time_s {:.4} total_time_s {:.2} nodes_per_s {:.0}",
            self.trees,
            self.stats.leaves as f64 / n,
            self.stats.nodes as f64 / n,
            (self.log_time / n).exp(),
            self.time,
            self.stats.nodes as f64 / self.time.max(1e-9)
        );
    }
}
