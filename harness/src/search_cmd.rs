//! `yomi-harness search`: searches a tree set and writes one JSON record per
//! tree (JSON Lines on stdout), with a summary on stderr.

use crate::parallel_run::{self, Runner};
use crate::plan::{Backend, Method, Options, Plan, SharingArg};
use crate::record::{Outcome, Record, Summary};
use crate::sim_args::SimArgs;
use crate::sim_run::SimRunner;
use crate::trees::{Tree, TreeArgs};
use clap::Args;
use yomi_engine::game::Game;
use yomi_engine::parallel::run::ParallelConfig;
use yomi_engine::search::{Limits, SearchOptions, Searcher};

/// Search every tree of a set to depth d and print one JSON record per tree.
#[derive(Args)]
pub struct SearchArgs {
    #[command(flatten)]
    trees: TreeArgs,
    /// Search depth d in plies.
    #[arg(long)]
    d: u32,
    #[arg(long, value_enum, default_value = "sequential")]
    method: Method,
    /// NegaScout instead of plain alpha-beta.
    #[arg(long)]
    negascout: bool,
    /// Split depth d′: nodes at ply ≤ d′ use the master table, deeper nodes
    /// the worker table (the §5.2 variants); without it one table is used.
    #[arg(long)]
    d_prime: Option<u32>,
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
    tt_mb: Option<usize>,
    /// negascout-eps: ε of the workers' ε-windows (a pawn is about 100).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(i32).range(0..=10_000))]
    eps: i32,
    /// Parallel methods: the number of workers (the master comes on top).
    #[arg(long, default_value_t = 4)]
    workers: usize,
    /// Parallel methods: where master and workers run.
    #[arg(long, value_enum, default_value = "threads")]
    backend: Backend,
    #[command(flatten)]
    sim: SimArgs,
}

impl SearchArgs {
    /// The run these arguments describe, validated.
    pub fn plan(&self) -> Result<Plan, String> {
        Plan::new(&Options {
            b: self.trees.b,
            d: self.d,
            method: self.method,
            negascout: self.negascout,
            d_prime: self.d_prime,
            sharing: self.sharing,
            share_plies: self.share_plies,
            full_windows: self.full_windows,
            tt_mb: self.tt_mb,
            eps: self.eps,
            workers: self.workers,
            backend: self.backend,
            cluster_options: self.sim.any(),
        })
    }
}

pub fn run(args: &SearchArgs) -> Result<(), String> {
    let plan = args.plan()?;
    if plan.parallel() {
        run_parallel(args, &plan)
    } else {
        run_sequential(args, &plan)
    }
}

/// The sequential search of every tree; on the virtual cluster its time
/// is its nodes at the model's cost.
fn run_sequential(args: &SearchArgs, plan: &Plan) -> Result<(), String> {
    let options = plan.search_options();
    let trees = args.trees.trees()?;
    let sim = match plan.backend {
        Backend::Sim => Some(SimRunner::new(
            &args.sim,
            &trees,
            plan.d,
            None,
            1,
            Some(plan.table_mb()),
        )?),
        _ => None,
    };
    let mut summary = Summary::default();
    for tree in trees {
        let name = tree.name().to_string();
        let mut outcome = match tree {
            Tree::Shogi { game, .. } => search(*game, plan, options),
            Tree::Synthetic { tree, .. } => search(tree, plan, options),
        };
        if let Some(sim) = &sim {
            outcome.time_s = sim.sequential_time_s(outcome.stats.nodes);
            outcome.cluster = Some(sim.record);
        }
        print_record(plan, &name, &outcome, &mut summary)?;
    }
    summary.print();
    Ok(())
}

/// The master/worker methods: every tree with the same configuration.
fn run_parallel(args: &SearchArgs, plan: &Plan) -> Result<(), String> {
    let trees = args.trees.trees()?;
    let runner = Runner::new(plan, &args.sim, &trees)?;
    let table_mb = runner
        .cluster()
        .map_or(plan.table_mb(), |sim| sim.record.table_mb);
    let config = plan.parallel_config(runner.workers(plan.workers), table_mb);
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
            print_record(plan, &name, &outcome, &mut summary)?;
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
    plan: &Plan,
    name: &str,
    outcome: &Outcome,
    summary: &mut Summary,
) -> Result<(), String> {
    summary.add(outcome);
    println!("{}", Record::new(plan, name, outcome).to_json()?);
    Ok(())
}

fn search<G: Game>(game: G, plan: &Plan, options: SearchOptions) -> Outcome {
    let mut searcher = Searcher::new(game, plan.table_mb(), options);
    let r = searcher.search(Limits::depth(plan.d), |_| {});
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
