//! A search run's configuration, validated once: the method and its
//! options as result records show them, and what the sequential searcher
//! or the master and workers are given. `search` runs a plan per command
//! line; every check of the options lives here.

use crate::rbf_plan::{RbfOptions, RbfShape};
use crate::uct_plan::{UctOptions, UctShape};
use clap::ValueEnum;
use serde::{Deserialize, Serialize};
use yomi_methods::baseline::{
    Charge, MasterWorkerConfig, ProcessorTree, SplitConfig, Splitting, YbwcConfig,
};
use yomi_methods::minimal_tree::parallel_search::{MasterSearch, ParallelConfig};
use yomi_search::{SearchOptions, Sharing, TableSplit};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
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
    /// Master and workers with updates; NegaScout in the master, task
    /// windows in the workers (needs --d-prime).
    Negascout,
    /// Master and workers with updates; NegaScout in the master, ε-windows
    /// (--eps) in the workers (needs --d-prime).
    NegascoutEps,
    /// Seed 002's tree-splitting on a processor tree (--levels, --fanout);
    /// terminal processors search with plain alpha-beta (--levels 0: the
    /// sequential reference).
    TreeSplitting,
    /// Seed 002's PV-splitting on a processor tree (--levels, --fanout,
    /// --pv-depth).
    PvSplitting,
    /// Seed 002's staged SSS* on a processor tree (--levels, --fanout,
    /// --stage-depth): each master runs one stage; --levels 0 is
    /// sequential staged SSS*, and a stage as deep as --d plain SSS*.
    StagedSss,
    /// YBWC (Feldmann) with work stealing: every rank searches (the
    /// ranks: --ranks on the virtual cluster, --workers + 1 on threads).
    Ybwc,
    /// Jamboree (Kuszmaul) on YBWC's work stealing: younger brothers tested
    /// in parallel with null windows, failures searched again in order;
    /// plain alpha-beta below 3 plies. Ranks as ybwc.
    Jamboree,
    /// Seed 004's master–worker: rank 0 splits the tree's top until a
    /// level holds a node per worker, idle workers get those nodes in order
    /// with the master's current bounds (--push-bounds: also while they
    /// search). Ranks as ybwc, the master included.
    MasterWorker,
    /// Seed 003's randomized best-first search, sequential: --rbf-nodes
    /// generated nodes, as many as plain alpha-beta generates at
    /// --match-depth, or until --rbf-depth; --d is the tree's depth (its
    /// leaves exact); records say whether its move and alpha-beta's are
    /// alpha-beta's best at --judge-depth.
    Rbf,
    /// Seed 003's parallel RBF, master–slave: rank 0 walks for every idle
    /// slave, slaves expand (ranks as ybwc; one rank: sequential RBF in
    /// the backend's time). Options as rbf.
    ParallelRbf,
    /// Seed 001's UCT, sequential: --simulations simulations on the tree
    /// of depth --d (its horizon states read by the evaluation); records
    /// say whether its move is alpha-beta's best at --judge-depth.
    Uct,
    /// Seed 001's UCT-Treesplit (its transposition-table-driven core):
    /// the tree spread over the ranks by hash, each simulation moving to
    /// the rank that owns its next state; --in-flight simulations a rank
    /// at once. Ranks as ybwc; options as uct.
    UctTreesplit,
}

impl Method {
    /// Seed 002's methods, on processor trees.
    pub fn splits(self) -> bool {
        matches!(
            self,
            Method::TreeSplitting | Method::PvSplitting | Method::StagedSss
        )
    }

    /// YBWC and Jamboree: every rank searches, work goes by stealing.
    pub fn steals(self) -> bool {
        matches!(self, Method::Ybwc | Method::Jamboree)
    }

    /// The baselines run on a number of ranks: YBWC, Jamboree and seed
    /// 004's master–worker.
    pub fn on_ranks(self) -> bool {
        self.steals() || self == Method::MasterWorker
    }

    /// The baselines beside seed 000's methods (plain alpha-beta inside).
    pub fn is_baseline(self) -> bool {
        self.splits() || self.on_ranks()
    }

    /// Seed 003's randomized best-first searches.
    pub fn is_rbf(self) -> bool {
        matches!(self, Method::Rbf | Method::ParallelRbf)
    }

    /// Seed 000's parallel methods: a master to d′ and its workers.
    pub fn needs_d_prime(self) -> bool {
        self != Method::Sequential && !self.is_baseline() && !self.is_rbf() && !self.is_uct()
    }

    /// Seed 001's UCT, sequential or Treesplit.
    pub fn is_uct(self) -> bool {
        matches!(self, Method::Uct | Method::UctTreesplit)
    }

    /// Methods run at a number of ranks (in sweeps): seed 000's parallel
    /// methods, YBWC, Jamboree and parallel RBF.
    pub fn takes_ranks(self) -> bool {
        !matches!(self, Method::Sequential | Method::Rbf | Method::Uct) && !self.splits()
    }
}

/// What the virtual cluster's node cost is charged for (baselines).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChargeArg {
    /// Every node searched or split.
    Nodes,
    /// Leaves only: seed 002's simulated concurrency (a leaf one unit;
    /// moves and messages free).
    Leaves,
}

/// A baseline's shape, as records show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BaselineShape {
    /// Split methods: the processor tree.
    pub levels: Option<u32>,
    pub fanout: Option<usize>,
    /// PV-splitting: plies of the PV split that way.
    pub pv_depth: Option<u32>,
    /// Staged SSS*: plies of a stage.
    pub stage_depth: Option<u32>,
    pub charge: ChargeArg,
    /// YBWC and Jamboree: children searched best first by static value.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub static_order: bool,
    /// Master–worker: windows sent to busy workers as they narrow.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub push_bounds: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SharingArg {
    /// One worker table used everywhere (the §5.2 baseline).
    Full,
    /// Worker-table results used only in task subtrees of the same position.
    None,
    /// Also results from other task subtrees within --share-plies of their task root.
    Partial,
}

/// Each table's size unless the options say (the virtual cluster fits its own).
pub const DEFAULT_TABLE_MB: usize = 256;

/// The options of one run as given, before validation.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub b: u16,
    pub d: u32,
    pub method: Method,
    pub negascout: bool,
    pub d_prime: Option<u32>,
    pub sharing: SharingArg,
    pub share_plies: u32,
    pub full_windows: bool,
    pub tt_mb: Option<usize>,
    pub eps: i32,
    pub confirmed_deepening: bool,
    pub workers: usize,
    pub backend: Backend,
    /// Whether any virtual-cluster option was given.
    pub cluster_options: bool,
    /// Split methods: the processor tree's levels and fan-out, the PV's
    /// split plies, what the virtual cluster charges.
    pub levels: Option<u32>,
    pub fanout: Option<usize>,
    pub pv_depth: u32,
    pub stage_depth: u32,
    pub charge: ChargeArg,
    /// YBWC and Jamboree: children in static order.
    pub static_order: bool,
    /// Master–worker: windows pushed to busy workers.
    pub push_bounds: bool,
    /// RBF: its stop, judge, seed and pruning rule.
    pub rbf: RbfOptions,
    /// UCT: its simulations, constant, playouts and seed.
    pub uct: UctOptions,
}

/// A validated run. The method fields hold what the records show: options
/// that do not apply to the method are `None`.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    pub b: u16,
    pub d: u32,
    pub method: Method,
    pub negascout: bool,
    pub eps: Option<i32>,
    pub d_prime: Option<u32>,
    pub sharing: Option<SharingArg>,
    pub share_plies: Option<u32>,
    pub full_windows: bool,
    /// Workers deepen a task only after the master resends it.
    pub confirmed_deepening: bool,
    pub backend: Backend,
    pub tt_mb: Option<usize>,
    /// Parallel methods on threads: the workers.
    pub workers: usize,
    /// The baselines' shape.
    pub baseline: Option<BaselineShape>,
    pub rbf: Option<RbfShape>,
    pub uct: Option<UctShape>,
}

impl Plan {
    /// The plan of `o`, or the reason it cannot run.
    pub fn new(o: &Options) -> Result<Plan, String> {
        if o.cluster_options && o.backend != Backend::Sim {
            return Err(
                "--ranks, --network, --latency-us, --bandwidth-gbps, --message-cost-us and \
                 --node-cost-us describe the virtual cluster: they need --backend sim"
                    .into(),
            );
        }
        if let Some(dp) = o.d_prime.filter(|&dp| dp == 0 || dp >= o.d) {
            return Err(format!(
                "--d-prime must be between 1 and d − 1 = {} (not {dp})",
                o.d.saturating_sub(1)
            ));
        }
        let baseline = Self::baseline_shape(o)?;
        let rbf = RbfShape::of(o)?;
        let uct = UctShape::of(o)?;
        let parallel = o.method.needs_d_prime();
        if parallel {
            if o.d_prime.is_none() {
                return Err("the parallel methods need --d-prime (the master's plies)".into());
            }
            if o.negascout || o.full_windows || o.sharing != SharingArg::Full {
                return Err(
                    "--negascout, --sharing and --full-windows are sequential variants".into(),
                );
            }
            if o.workers == 0 {
                return Err("--workers must be at least 1".into());
            }
        } else if o.d_prime.is_none() && (o.full_windows || o.sharing != SharingArg::Full) {
            return Err("--sharing and --full-windows need --d-prime".into());
        }
        if o.confirmed_deepening && matches!(o.method, Method::Sequential | Method::WithoutUpdates)
        {
            return Err("--confirmed-deepening needs a method with updates".into());
        }
        let table_split = o.d_prime.is_some() && o.method == Method::Sequential;
        Ok(Plan {
            b: o.b,
            d: o.d,
            method: o.method,
            negascout: o.negascout,
            eps: (o.method == Method::NegascoutEps).then_some(o.eps),
            d_prime: o.d_prime,
            sharing: table_split.then_some(o.sharing),
            share_plies: (o.method == Method::WithShare
                || (table_split && o.sharing == SharingArg::Partial))
                .then_some(o.share_plies),
            full_windows: o.full_windows,
            confirmed_deepening: o.confirmed_deepening,
            backend: o.backend,
            tt_mb: o.tt_mb,
            workers: o.workers,
            baseline,
            rbf,
            uct,
        })
    }

    /// A baseline's shape, `None` for other methods, or why the options do
    /// not fit.
    fn baseline_shape(o: &Options) -> Result<Option<BaselineShape>, String> {
        if !o.method.splits() && (o.levels.is_some() || o.fanout.is_some()) {
            return Err(
                "--levels and --fanout are for tree-splitting, pv-splitting and staged-sss".into(),
            );
        }
        if o.static_order && !o.method.steals() {
            return Err("--static-order is for ybwc and jamboree".into());
        }
        if o.push_bounds && o.method != Method::MasterWorker {
            return Err("--push-bounds is for master-worker".into());
        }
        if !o.method.is_baseline() {
            return Ok(None);
        }
        if o.d_prime.is_some() || o.negascout || o.full_windows || o.confirmed_deepening {
            return Err(
                "--d-prime, --negascout, --full-windows and --confirmed-deepening are \
                        not for the baselines"
                    .into(),
            );
        }
        if o.method.on_ranks() {
            return Ok(Some(BaselineShape {
                levels: None,
                fanout: None,
                pv_depth: None,
                stage_depth: None,
                charge: o.charge,
                static_order: o.static_order,
                push_bounds: o.push_bounds,
            }));
        }
        let (Some(levels), Some(fanout)) = (o.levels, o.fanout) else {
            return Err(
                "tree-splitting, pv-splitting and staged-sss need --levels L and \
                        --fanout K (the processor tree)"
                    .into(),
            );
        };
        ProcessorTree::new(levels, fanout)?;
        let pv = o.method == Method::PvSplitting;
        if pv && o.pv_depth == 0 {
            return Err("--pv-depth must be at least 1".into());
        }
        let staged = o.method == Method::StagedSss;
        if staged && o.stage_depth == 0 {
            return Err("--stage-depth must be at least 1".into());
        }
        if staged && levels > 0 && u64::from(levels) * u64::from(o.stage_depth) >= u64::from(o.d) {
            return Err(format!(
                "staged-sss with --levels {levels} needs --d above {levels} × --stage-depth \
                 {}: each level of masters runs one stage and leaves its slaves a ply",
                o.stage_depth
            ));
        }
        Ok(Some(BaselineShape {
            levels: Some(levels),
            fanout: Some(fanout),
            pv_depth: pv.then_some(o.pv_depth),
            stage_depth: staged.then_some(o.stage_depth),
            charge: o.charge,
            static_order: false,
            push_bounds: false,
        }))
    }

    /// Every method but the sequential searches.
    pub fn parallel(&self) -> bool {
        !matches!(self.method, Method::Sequential | Method::Rbf)
    }

    /// Methods whose one rank alone is their sequential search.
    pub fn runs_alone(&self) -> bool {
        self.baseline.is_some() || matches!(self.method, Method::ParallelRbf | Method::UctTreesplit)
    }

    /// A split method's processor tree.
    pub fn processor_tree(&self) -> Option<ProcessorTree> {
        let shape = self.baseline?;
        ProcessorTree::new(shape.levels?, shape.fanout?).ok()
    }

    /// What a baseline's processors charge the virtual clock for.
    fn charge(&self) -> Charge {
        match self.baseline.map(|b| b.charge) {
            Some(ChargeArg::Leaves) => Charge::Leaves,
            _ => Charge::Nodes,
        }
    }

    /// Nodes between a baseline processor's looks at its messages.
    fn poll_every(&self) -> u64 {
        match self.backend {
            // Exact virtual times: a rank sees its messages at once.
            Backend::Sim => 1,
            Backend::Threads | Backend::Mpi => 256,
        }
    }

    /// A split method's configuration on `processors`.
    pub fn split_config(&self, processors: ProcessorTree) -> SplitConfig {
        SplitConfig {
            processors,
            depth: self.d,
            splitting: match self.baseline.map(|b| (b.pv_depth, b.stage_depth)) {
                Some((Some(pv_depth), _)) => Splitting::Pv { pv_depth },
                Some((_, Some(stage_depth))) => Splitting::StagedSss { stage_depth },
                _ => Splitting::Tree,
            },
            charge: self.charge(),
            poll_every: self.poll_every(),
        }
    }

    /// YBWC's or Jamboree's configuration.
    pub fn ybwc_config(&self) -> YbwcConfig {
        let (d, charge, poll) = (self.d, self.charge(), self.poll_every());
        let config = match self.method {
            Method::Jamboree => YbwcConfig::jamboree(d, charge, poll),
            _ => YbwcConfig::ybwc(d, charge, poll),
        };
        YbwcConfig {
            static_order: self.baseline.is_some_and(|b| b.static_order),
            ..config
        }
    }

    /// Seed 004's master–worker's configuration.
    pub fn master_worker_config(&self) -> MasterWorkerConfig {
        MasterWorkerConfig {
            depth: self.d,
            charge: self.charge(),
            poll_every: self.poll_every(),
            push_bounds: self.baseline.is_some_and(|b| b.push_bounds),
        }
    }

    /// Each table's size (a sequential search's; each worker's).
    pub fn table_mb(&self) -> usize {
        self.tt_mb.unwrap_or(DEFAULT_TABLE_MB)
    }

    /// The sequential searcher's options.
    pub fn search_options(&self) -> SearchOptions {
        let split = self.d_prime.map(|d_prime| TableSplit {
            d_prime,
            sharing: match self.sharing.unwrap_or(SharingArg::Full) {
                SharingArg::Full => Sharing::Full,
                SharingArg::None => Sharing::None,
                SharingArg::Partial => Sharing::Partial {
                    min_depth: (self.d - d_prime)
                        .saturating_sub(self.share_plies.unwrap_or_default()),
                },
            },
            full_windows: self.full_windows,
        });
        SearchOptions {
            negascout: self.negascout,
            split,
        }
    }

    /// The master's and workers' configuration with `workers` workers of
    /// `table_mb` each (a parallel plan has a d′).
    pub fn parallel_config(&self, workers: usize, table_mb: usize) -> ParallelConfig {
        ParallelConfig {
            depth: self.d,
            d_prime: self.d_prime.unwrap_or(1),
            workers,
            updates: self.method != Method::WithoutUpdates,
            table_mb,
            master_search: match (self.method, self.eps) {
                (Method::Negascout, _) => MasterSearch::NegaScout,
                (Method::NegascoutEps, Some(eps)) => MasterSearch::NegaScoutEps(eps),
                _ => MasterSearch::AlphaBeta,
            },
            confirmed_deepening: self.confirmed_deepening,
            share_plies: (self.method == Method::WithShare)
                .then(|| self.share_plies.unwrap_or_default() as usize),
            search_id: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(method: Method) -> Options {
        Options {
            b: 5,
            d: 8,
            method,
            negascout: false,
            d_prime: Some(4),
            sharing: SharingArg::Full,
            share_plies: 4,
            full_windows: false,
            tt_mb: None,
            eps: 100,
            confirmed_deepening: false,
            workers: 4,
            backend: Backend::Threads,
            cluster_options: false,
            levels: None,
            fanout: None,
            pv_depth: 1,
            stage_depth: 2,
            rbf: RbfOptions::default(),
            uct: UctOptions::default(),
            charge: ChargeArg::Nodes,
            static_order: false,
            push_bounds: false,
        }
    }

    #[test]
    fn options_a_method_does_not_use_are_left_out() {
        let p = Plan::new(&options(Method::WithUpdates)).unwrap();
        assert_eq!((p.eps, p.sharing, p.share_plies), (None, None, None));
        let p = Plan::new(&options(Method::NegascoutEps)).unwrap();
        assert_eq!(p.eps, Some(100));
        let search = p.parallel_config(3, 16).master_search;
        assert_eq!(search, MasterSearch::NegaScoutEps(100));
        let p = Plan::new(&options(Method::Negascout)).unwrap();
        assert_eq!(p.eps, None);
        let search = p.parallel_config(3, 16).master_search;
        assert_eq!(search, MasterSearch::NegaScout);
        let p = Plan::new(&options(Method::WithShare)).unwrap();
        assert_eq!(p.share_plies, Some(4));
        assert_eq!(p.parallel_config(3, 16).share_plies, Some(4));
        let p = Plan::new(&options(Method::Sequential)).unwrap();
        assert_eq!((p.sharing, p.share_plies), (Some(SharingArg::Full), None));
        let partial = Options {
            sharing: SharingArg::Partial,
            ..options(Method::Sequential)
        };
        assert_eq!(Plan::new(&partial).unwrap().share_plies, Some(4));
    }

    #[test]
    fn impossible_combinations_are_refused() {
        let bad = [
            Options {
                d_prime: Some(8),
                ..options(Method::Sequential)
            },
            Options {
                d_prime: None,
                ..options(Method::WithUpdates)
            },
            Options {
                negascout: true,
                ..options(Method::WithUpdates)
            },
            Options {
                workers: 0,
                ..options(Method::WithUpdates)
            },
            Options {
                confirmed_deepening: true,
                ..options(Method::WithoutUpdates)
            },
            Options {
                d_prime: None,
                full_windows: true,
                ..options(Method::Sequential)
            },
            Options {
                cluster_options: true,
                ..options(Method::Sequential)
            },
        ];
        for o in bad {
            assert!(Plan::new(&o).is_err(), "{o:?}");
        }
    }
}
