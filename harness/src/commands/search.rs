//! `yomi-harness search`: searches a tree set and writes one JSON record per
//! tree (JSON Lines on stdout), with a summary on stderr.

use crate::backend::sim_args::SimArgs;
use crate::methods::execute;
use crate::methods::rbf::options::RbfOptions;
use crate::methods::uct::options::UctOptions;
use crate::outcome::record;
use crate::plan::options::Options;
use crate::plan::Plan;
use crate::trees::TreeArgs;
use clap::Args;
use yomi_record::{Backend, Method, NodeCharge, TableSharing};

/// Search every tree of a set to depth d and print one JSON record per tree.
#[derive(Args)]
pub(crate) struct SearchArgs {
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
    sharing: TableSharing,
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
    /// Methods with updates: a worker deepens a task past a shallower
    /// result only when the master sends the task again after that result
    /// (an improvement on the paper: less work on tasks the next
    /// prediction drops).
    #[arg(long)]
    confirmed_deepening: bool,
    /// With --confirmed-deepening: a worker with no task it may deepen
    /// deepens its held ones rather than wait (an improvement on confirmed
    /// deepening: the workers' idle start and end of a search put to use).
    #[arg(long)]
    idle_deepening: bool,
    /// Methods with d′: a worker runs its tasks in the prediction's order
    /// (signatures) before the order of their completed depths, deepening
    /// its most urgent task first where seed 000's workers deepen all of
    /// theirs a step at a time (an improvement on the paper: decided
    /// values sooner where a worker holds many tasks).
    #[arg(long)]
    signature_first: bool,
    /// Methods with d′: when a pass has tasks for fewer than a tenth of
    /// the workers, the master extends its tree below the most urgent
    /// tasks and hands their children to the idle workers (an improvement
    /// on the paper: the last long searches of a search shared out).
    #[arg(long)]
    extend: bool,
    /// Methods with d′: workers search fail-soft, so that a result beyond
    /// its window is the bound found, not the window's edge, and answers
    /// more of the master's later windows (an improvement on the paper:
    /// fewer repeated tasks, most of all at odd d′ with ε-windows).
    #[arg(long)]
    fail_soft: bool,
    /// Methods with d′: nodes a worker searches between two looks at its
    /// messages (new tasks, the sharing ring's results) [default: 1024].
    /// Fewer answer the master and the ring sooner; the virtual cluster
    /// charges nothing for a look that finds nothing.
    #[arg(long)]
    poll_nodes: Option<u64>,
    /// Parallel methods: the number of workers (the master comes on top).
    #[arg(long, default_value_t = 4)]
    workers: usize,
    /// Parallel methods: where master and workers run.
    #[arg(long, value_enum, default_value = "threads")]
    backend: Backend,
    /// tree-splitting, pv-splitting, staged-sss: levels of the processor
    /// tree below its root (seed 002's L; 0: one processor, the sequential
    /// reference).
    #[arg(long)]
    levels: Option<u32>,
    /// tree-splitting, pv-splitting, staged-sss: slaves of every master
    /// (seed 002's K).
    #[arg(long)]
    fanout: Option<usize>,
    /// pv-splitting: plies of the PV split that way (seed 002's
    /// simulations: 1); tree-splitting below.
    #[arg(long, default_value_t = 1)]
    pv_depth: u32,
    /// staged-sss: plies of a stage (each master runs one; seed 002's
    /// simulations: 2 on 4-ply trees).
    #[arg(long, default_value_t = 2)]
    stage_depth: u32,
    #[command(flatten)]
    rbf: RbfOptions,
    #[command(flatten)]
    uct: UctOptions,
    /// rbf, parallel-rbf: a real-score model written by `fit-rbf-model`
    /// for these trees [default: the embedded one, for incremental trees].
    #[arg(long)]
    rbf_model: Option<String>,
    /// The baselines on --backend sim: what --node-cost-us
    /// is charged for (`leaves`: seed 002's simulated concurrency).
    #[arg(long, value_enum, default_value = "nodes")]
    charge: NodeCharge,
    /// ybwc, jamboree: search children best first by their static values
    /// (seed 003's Jamboree), each evaluation counted as a node.
    #[arg(long)]
    static_order: bool,
    /// grid-master: send busy workers their windows as they narrow, and
    /// stop those cut off (beyond seed 004, whose bounds go only with work).
    #[arg(long)]
    push_bounds: bool,
    #[command(flatten)]
    sim: SimArgs,
    /// Sweeps: records carry this run key (a sweep starts MPI searches
    /// with it, one tree each).
    #[arg(long, hide = true)]
    run_key: Option<String>,
}

impl SearchArgs {
    /// The run these arguments describe, validated.
    pub(crate) fn plan(&self) -> Result<Plan, String> {
        Plan::new(&Options {
            b: self.trees.b(),
            d: self.d,
            method: self.method,
            negascout: self.negascout,
            d_prime: self.d_prime,
            sharing: self.sharing,
            share_plies: self.share_plies,
            full_windows: self.full_windows,
            tt_mb: self.tt_mb,
            eps: self.eps,
            confirmed_deepening: self.confirmed_deepening,
            idle_deepening: self.idle_deepening,
            signature_first: self.signature_first,
            extension: self.extend,
            fail_soft: self.fail_soft,
            poll_nodes: self.poll_nodes,
            workers: self.workers,
            backend: self.backend,
            cluster_options: self.sim.any(),
            levels: self.levels,
            fanout: self.fanout,
            pv_depth: self.pv_depth,
            stage_depth: self.stage_depth,
            rbf: self.rbf,
            uct: self.uct,
            charge: self.charge,
            static_order: self.static_order,
            push_bounds: self.push_bounds,
        })
    }
}

pub(crate) fn run(args: &SearchArgs) -> Result<(), String> {
    let plan = args.plan()?;
    let trees = args.trees.trees()?;
    let rbf_model = args.rbf_model.as_deref();
    execute(&plan, &args.sim, trees, rbf_model, &mut |tree, outcome| {
        let record = record(&plan, tree, outcome, args.run_key.as_deref());
        println!("{}", record.to_json());
        Ok(())
    })
}
