//! `--backend sim`: the virtual cluster set up for a tree set (model,
//! per-worker tables within the machine's memory), its searches, and what
//! simulating them cost this machine.

use super::calibrate;
use crate::backend::sim_args::{NodeCost, SimArgs};
use crate::backend::table_memory;
use crate::trees::{with_game, Tree};
use std::cell::Cell;
use std::time::{Duration, Instant};
use yomi_memory::table_cap_mb;
use yomi_methods::minimal_tree::visit_cost_us;
use yomi_record::ClusterRecord;
use yomi_runtime::{on_sim, Program};
use yomi_tree::Game;

/// The master's revisit cost beside a given node cost, µs: this machine's
/// measured figure for synthetic trees (0.19), rounded.
const DEFAULT_VISIT_COST_US: f64 = 0.2;

/// The largest per-worker table chosen by default, MB.
const DEFAULT_WORKER_TABLE_MB: usize = 16;

/// All workers' tables together by default, MB. The tables are new for
/// every tree, and the first touch of their memory costs the kernel (on a
/// virtual machine, about 2 s a GB): this keeps that cost to seconds.
const DEFAULT_TOTAL_MB: usize = 4096;

/// Each of `workers` tables' size on the virtual cluster: `requested`, or
/// the largest power of two up to 16 MB that keeps all tables within 4 GB
/// and half of the machine's memory; an error if they cannot fit.
pub(crate) fn worker_table_mb(workers: usize, requested: Option<usize>) -> Result<usize, String> {
    let cap = table_cap_mb().unwrap_or(usize::MAX);
    let table_mb = requested.unwrap_or_else(|| {
        let fit = (cap.min(DEFAULT_TOTAL_MB) / workers.max(1)).clamp(1, DEFAULT_WORKER_TABLE_MB);
        1 << fit.ilog2()
    });
    table_memory::check_within(workers, table_mb, Some(cap), "--ranks")?;
    Ok(table_mb)
}

pub(crate) struct SimRunner {
    pub record: ClusterRecord,
    /// This machine's processor time per node, µs: the yardstick of the
    /// simulator's own cost.
    measured_us: f64,
    simulated_nodes: Cell<u64>,
    wall: Cell<Duration>,
    resumes: Cell<u64>,
    /// No notes on standard error.
    quiet: bool,
}

/// Parts of a run in the busy profile's line.
const PROFILE_PARTS: usize = 10;

impl SimRunner {
    /// The cluster for searches of `trees` to `depth` by `ranks` ranks
    /// (1: the sequential search) with a master tree of `d_prime` plies;
    /// `table_mb` per worker, or as `worker_table_mb` chooses.
    pub(crate) fn new(
        args: &SimArgs,
        trees: &[Tree],
        depth: u32,
        d_prime: Option<u32>,
        ranks: usize,
        table_mb: Option<usize>,
    ) -> Result<SimRunner, String> {
        let workers = ranks.saturating_sub(1).max(1);
        let table_mb = worker_table_mb(workers, table_mb)?;
        let first = trees.first().ok_or("the tree set is empty")?;
        let source = args.node_cost_us.unwrap_or(NodeCost::Paper);
        let kind = first.kind();
        // This machine's rate: the node cost when measured, and the
        // yardstick of what simulating costs, which quiet runs do not print.
        let measured_us = if source == NodeCost::Measured || !args.quiet {
            with_game!(first.game.clone(), |game| calibrate::node_cost_us(
                &game, depth, table_mb
            ))
        } else {
            f64::NAN
        };
        let node_cost_us = match source {
            NodeCost::Measured => measured_us,
            NodeCost::Paper => NodeCost::paper_us(kind),
            NodeCost::Given(us) => us,
        };
        // Measured only beside a measured node cost, so that runs with a
        // given node cost repeat exactly; a sequential run has no master.
        let measure_visits = source == NodeCost::Measured;
        let visit_cost_us = match (args.visit_cost_us, d_prime) {
            (Some(us), _) => us,
            (None, Some(d_prime)) if ranks > 1 && measure_visits => calibrate::significant(
                with_game!(first.game.clone(), |game| visit_cost_us(
                    game, depth, d_prime
                )),
                3,
            ),
            (None, _) => DEFAULT_VISIT_COST_US,
        };
        let record = ClusterRecord {
            ranks,
            node_cost: source.source(),
            table_mb,
            model: args.model(node_cost_us, visit_cost_us)?,
        };
        let n = record.model.network;
        let tables = match ranks {
            1 => format!("one rank (sequential), a {table_mb} MB table"),
            _ => format!(
                "{ranks} ranks; {workers} worker tables of {table_mb} MB, {} MB at most \
                 (touched as used)",
                workers * table_mb
            ),
        };
        if !args.quiet {
            eprintln!(
            "virtual cluster: {tables}; {node_cost_us} µs a node (this machine: {measured_us}), \
             {visit_cost_us} µs a master revisit; latency {} µs, {} Gb/s, {} µs to send or receive a message",
            n.latency_us, n.bandwidth_gbps, n.message_cost_us
        );
        }
        Ok(SimRunner {
            record,
            measured_us,
            simulated_nodes: Cell::new(0),
            wall: Cell::new(Duration::ZERO),
            resumes: Cell::new(0),
            quiet: args.quiet,
        })
    }

    pub(crate) fn workers(&self) -> usize {
        self.record.ranks - 1
    }

    /// `program`'s search on `ranks` ranks of the cluster, times in
    /// virtual time (`nodes`: what it searched, for the cost figures).
    pub(crate) fn run_program<G: Game + Clone + 'static, P: Program<G>>(
        &self,
        root: G,
        ranks: usize,
        program: P,
        nodes: impl Fn(&P::Output) -> u64,
    ) -> Result<P::Output, String> {
        let start = Instant::now();
        let (outcome, stats) = on_sim(root, ranks, program, &self.record.model)?;
        self.wall.set(self.wall.get() + start.elapsed());
        self.resumes.set(self.resumes.get() + stats.resumes);
        if ranks > 1 && !self.quiet {
            let parts: Vec<String> = stats
                .busy
                .shares(stats.end, PROFILE_PARTS)
                .iter()
                .map(|(m, w)| format!("{:.0}/{:.0}", m * 100.0, w * 100.0))
                .collect();
            eprintln!(
                "virtual cluster: % busy, master/workers, by tenths of the {:.3} s run: {}",
                stats.end as f64 * 1e-12,
                parts.join(" ")
            );
        }
        self.simulated_nodes
            .set(self.simulated_nodes.get() + nodes(&outcome));
        Ok(outcome)
    }

    /// A sequential search's virtual time: its nodes at the model's cost.
    pub(crate) fn sequential_time_s(&self, nodes: u64) -> f64 {
        nodes as f64 * self.record.model.node_cost_us * 1e-6
    }

    /// What simulating took against what the simulated nodes alone take here.
    pub(crate) fn print_cost(&self) {
        let nodes = self.simulated_nodes.get();
        if nodes == 0 {
            return;
        }
        let wall = self.wall.get().as_secs_f64();
        let searching = nodes as f64 * self.measured_us * 1e-6;
        eprintln!(
            "virtual cluster: {nodes} nodes simulated in {wall:.2} s here; searching them takes \
             {searching:.2} s at {} µs a node: cost ratio {:.2} ({} rank resumptions)",
            self.measured_us,
            wall / searching.max(1e-9),
            self.resumes.get()
        );
    }
}
