//! A search run's configuration, validated once: the method and its
//! options as result records show them, and what the sequential searcher
//! or the master and workers are given. `search` runs a plan per command
//! line; every check of the options lives here.

pub(crate) mod options;

use options::Options;
use yomi_methods::baseline::{
    Charge, MasterWorkerConfig, ProcessorTree, SplitConfig, Splitting, YbwcConfig,
};
use yomi_methods::minimal_tree::parallel_search::{MasterSearch, ParallelConfig};
use yomi_record::{Backend, BaselineShape, Method, NodeCharge, RbfShape, TableSharing, UctShape};
use yomi_search::{SearchOptions, Sharing, TableSplit};

/// Each table's size unless the options say (the virtual cluster fits its own).
pub(crate) const DEFAULT_TABLE_MB: usize = 256;

/// A validated run. The method fields hold what the records show: options
/// that do not apply to the method are `None`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    pub b: u16,
    pub d: u32,
    pub method: Method,
    pub negascout: bool,
    pub eps: Option<i32>,
    pub d_prime: Option<u32>,
    pub sharing: Option<TableSharing>,
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
    pub(crate) fn new(o: &Options) -> Result<Plan, String> {
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
        let rbf = crate::methods::rbf::plan::shape(o)?;
        let uct = crate::methods::uct::plan::shape(o)?;
        let parallel = o.method.needs_d_prime();
        if parallel {
            if o.d_prime.is_none() {
                return Err("the parallel methods need --d-prime (the master's plies)".into());
            }
            if o.negascout || o.full_windows || o.sharing != TableSharing::Full {
                return Err(
                    "--negascout, --sharing and --full-windows are sequential variants".into(),
                );
            }
            if o.workers == 0 {
                return Err("--workers must be at least 1".into());
            }
        } else if o.d_prime.is_none() && (o.full_windows || o.sharing != TableSharing::Full) {
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
                || (table_split && o.sharing == TableSharing::Partial))
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
    pub(crate) fn parallel(&self) -> bool {
        !matches!(self.method, Method::Sequential | Method::Rbf)
    }

    /// Methods whose one rank alone is their sequential search.
    pub(crate) fn runs_alone(&self) -> bool {
        self.baseline.is_some() || matches!(self.method, Method::ParallelRbf | Method::UctTreesplit)
    }

    /// A split method's processor tree.
    pub(crate) fn processor_tree(&self) -> Option<ProcessorTree> {
        let shape = self.baseline?;
        ProcessorTree::new(shape.levels?, shape.fanout?).ok()
    }

    /// What a baseline's processors charge the virtual clock for.
    fn charge(&self) -> Charge {
        match self.baseline.map(|b| b.charge) {
            Some(NodeCharge::Leaves) => Charge::Leaves,
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
    pub(crate) fn split_config(&self, processors: ProcessorTree) -> SplitConfig {
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
    pub(crate) fn ybwc_config(&self) -> YbwcConfig {
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
    pub(crate) fn master_worker_config(&self) -> MasterWorkerConfig {
        MasterWorkerConfig {
            depth: self.d,
            charge: self.charge(),
            poll_every: self.poll_every(),
            push_bounds: self.baseline.is_some_and(|b| b.push_bounds),
        }
    }

    /// Each table's size (a sequential search's; each worker's).
    pub(crate) fn table_mb(&self) -> usize {
        self.tt_mb.unwrap_or(DEFAULT_TABLE_MB)
    }

    /// The sequential searcher's options.
    pub(crate) fn search_options(&self) -> SearchOptions {
        let split = self.d_prime.map(|d_prime| TableSplit {
            d_prime,
            sharing: match self.sharing.unwrap_or(TableSharing::Full) {
                TableSharing::Full => Sharing::Full,
                TableSharing::None => Sharing::None,
                TableSharing::Partial => Sharing::Partial {
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
    pub(crate) fn parallel_config(&self, workers: usize, table_mb: usize) -> ParallelConfig {
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
    use crate::methods::rbf::options::RbfOptions;
    use crate::methods::uct::options::UctOptions;

    fn options(method: Method) -> Options {
        Options {
            b: 5,
            d: 8,
            method,
            negascout: false,
            d_prime: Some(4),
            sharing: TableSharing::Full,
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
            charge: NodeCharge::Nodes,
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
        assert_eq!((p.sharing, p.share_plies), (Some(TableSharing::Full), None));
        let partial = Options {
            sharing: TableSharing::Partial,
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
