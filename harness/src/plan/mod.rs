//! A search run's configuration, validated once: what every method has,
//! and its method family's own plan (each family's plan lives with its
//! run in `methods`). The command line (`search`) and a sweep's TOML both
//! give `Options`; `Plan::new` is where they are checked, and a sweep's
//! MPI jobs receive the plan itself.

pub(crate) mod options;

use crate::methods::baseline::plan as baseline;
use crate::methods::minimal_tree::plan::MinimalTreePlan;
use crate::methods::rbf::plan as rbf;
use crate::methods::sequential::plan::SequentialPlan;
use crate::methods::uct::plan as uct;
use options::Options;
use serde::{Deserialize, Serialize};
use yomi_methods::baseline::ProcessorTree;
use yomi_record::{Backend, BaselineShape, Method, RbfShape, TableSharing, UctShape};

/// Each table's size unless the options say (the virtual cluster fits its own).
pub(crate) const DEFAULT_TABLE_MB: usize = 256;

/// A validated run: what every method has (b, d, where it runs, its
/// tables and workers) and its method family's own plan.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub(crate) struct Plan {
    pub b: u16,
    pub d: u32,
    pub backend: Backend,
    pub tt_mb: Option<usize>,
    /// Parallel methods on threads: the workers.
    pub workers: usize,
    pub family: Family,
}

/// A method family and what its runs are given, nothing that does not
/// apply to it.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub(crate) enum Family {
    /// Seed 000's sequential search and its §5.2 variants.
    Sequential(SequentialPlan),
    /// Seed 000's master and workers.
    MinimalTree(MinimalTreePlan),
    /// Seeds 002–004's baselines.
    Baseline {
        method: Method,
        shape: BaselineShape,
    },
    /// Seed 003's RBF, sequential or parallel.
    Rbf { method: Method, shape: RbfShape },
    /// Seed 001's UCT, sequential or UCT-Treesplit.
    Uct { method: Method, shape: UctShape },
}

/// Seed 000's settings as records show them: none where the family has
/// no such setting.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Settings {
    pub negascout: bool,
    pub eps: Option<i32>,
    pub d_prime: Option<u32>,
    pub sharing: Option<TableSharing>,
    pub share_plies: Option<u32>,
    pub full_windows: bool,
    pub confirmed_deepening: bool,
    pub idle_deepening: bool,
    pub signature_first: bool,
    pub extension: bool,
    pub fail_soft: bool,
    pub poll_nodes: Option<u64>,
}

impl Family {
    /// The family's settings as a sweep's listing shows them, each
    /// ` key=value` or ` switch`.
    pub(crate) fn listing(&self) -> String {
        match self {
            Family::Sequential(p) => p.listing(),
            Family::MinimalTree(p) => p.listing(),
            Family::Baseline { shape, .. } => baseline::listing(shape),
            Family::Rbf { shape, .. } => rbf::listing(shape),
            Family::Uct { shape, .. } => uct::listing(shape),
        }
    }
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
        let baseline = baseline::shape(o)?;
        let rbf = rbf::shape(o)?;
        let uct = uct::shape(o)?;
        if o.method.needs_d_prime() {
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
        if o.idle_deepening && !o.confirmed_deepening {
            return Err("--idle-deepening needs --confirmed-deepening".into());
        }
        if o.extension && (o.d_prime.is_none() || !o.method.needs_d_prime()) {
            return Err("--extend needs a master and workers (a method with --d-prime)".into());
        }
        if o.signature_first && (o.d_prime.is_none() || !o.method.needs_d_prime()) {
            return Err(
                "--signature-first needs a master and workers (a method with --d-prime)".into(),
            );
        }
        if o.fail_soft && (o.d_prime.is_none() || !o.method.needs_d_prime()) {
            return Err("--fail-soft needs a master and workers (a method with --d-prime)".into());
        }
        if let Some(n) = o.poll_nodes {
            if o.d_prime.is_none() || !o.method.needs_d_prime() {
                return Err(
                    "--poll-nodes needs a master and workers (a method with --d-prime)".into(),
                );
            }
            if n == 0 {
                return Err("--poll-nodes must be at least 1".into());
            }
        }
        let method = o.method;
        let family = match (baseline, rbf, uct) {
            (Some(shape), ..) => Family::Baseline { method, shape },
            (_, Some(shape), _) => Family::Rbf { method, shape },
            (.., Some(shape)) => Family::Uct { method, shape },
            _ => match o.d_prime.filter(|_| method.needs_d_prime()) {
                Some(d_prime) => Family::MinimalTree(MinimalTreePlan::of(o, d_prime)),
                None => Family::Sequential(SequentialPlan::of(o)),
            },
        };
        Ok(Plan {
            b: o.b,
            d: o.d,
            backend: o.backend,
            tt_mb: o.tt_mb,
            workers: o.workers,
            family,
        })
    }

    pub(crate) fn method(&self) -> Method {
        match self.family {
            Family::Sequential(_) => Method::Sequential,
            Family::MinimalTree(p) => p.method,
            Family::Baseline { method, .. }
            | Family::Rbf { method, .. }
            | Family::Uct { method, .. } => method,
        }
    }

    /// The master's plies (seed 000's master and workers), or the
    /// sequential search's table split.
    pub(crate) fn d_prime(&self) -> Option<u32> {
        match self.family {
            Family::Sequential(p) => p.split.map(|s| s.d_prime),
            Family::MinimalTree(p) => Some(p.d_prime),
            _ => None,
        }
    }

    /// Every method but the sequential searches.
    pub(crate) fn parallel(&self) -> bool {
        !matches!(self.method(), Method::Sequential | Method::Rbf)
    }

    /// Methods whose one rank alone is their sequential search.
    pub(crate) fn runs_alone(&self) -> bool {
        matches!(self.family, Family::Baseline { .. })
            || matches!(self.method(), Method::ParallelRbf | Method::UctTreesplit)
    }

    /// A split method's processor tree.
    pub(crate) fn processor_tree(&self) -> Option<ProcessorTree> {
        match self.family {
            Family::Baseline { shape, .. } => baseline::processor_tree(shape),
            _ => None,
        }
    }

    /// Seed 000's settings as records show them, flat.
    pub(crate) fn settings(&self) -> Settings {
        let mut s = Settings::default();
        match self.family {
            Family::Sequential(p) => {
                s.negascout = p.negascout;
                if let Some(split) = p.split {
                    s.d_prime = Some(split.d_prime);
                    s.sharing = Some(split.sharing);
                    s.share_plies = split.share_plies;
                    s.full_windows = split.full_windows;
                }
            }
            Family::MinimalTree(p) => {
                s.d_prime = Some(p.d_prime);
                s.eps = p.eps;
                s.share_plies = p.share_plies;
                s.confirmed_deepening = p.confirmed_deepening;
                s.idle_deepening = p.idle_deepening;
                s.signature_first = p.signature_first;
                s.extension = p.extension;
                s.fail_soft = p.fail_soft;
                s.poll_nodes = p.poll_nodes;
            }
            Family::Baseline { .. } | Family::Rbf { .. } | Family::Uct { .. } => {}
        }
        s
    }

    /// Each table's size (a sequential search's; each worker's).
    pub(crate) fn table_mb(&self) -> usize {
        self.tt_mb.unwrap_or(DEFAULT_TABLE_MB)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(method: Method) -> Options {
        Options::example(method)
    }

    #[test]
    fn options_a_method_does_not_use_are_left_out() {
        let settings = |o: &Options| Plan::new(o).unwrap().settings();
        let s = settings(&options(Method::WithUpdates));
        assert_eq!((s.eps, s.sharing, s.share_plies), (None, None, None));
        assert_eq!(settings(&options(Method::NegascoutEps)).eps, Some(100));
        assert_eq!(settings(&options(Method::Negascout)).eps, None);
        assert_eq!(settings(&options(Method::WithShare)).share_plies, Some(4));
        let s = settings(&options(Method::Sequential));
        assert_eq!((s.sharing, s.share_plies), (Some(TableSharing::Full), None));
        let partial = Options {
            sharing: TableSharing::Partial,
            ..options(Method::Sequential)
        };
        assert_eq!(settings(&partial).share_plies, Some(4));
        let levels = Options {
            levels: Some(1),
            fanout: Some(2),
            ..options(Method::TreeSplitting)
        };
        let plan = Plan::new(&Options {
            d_prime: None,
            ..levels
        })
        .unwrap();
        assert!(matches!(plan.family, Family::Baseline { .. }));
        assert_eq!(plan.settings(), Settings::default());
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
                idle_deepening: true,
                ..options(Method::WithUpdates)
            },
            Options {
                d_prime: None,
                full_windows: true,
                ..options(Method::Sequential)
            },
            Options {
                extension: true,
                ..options(Method::Sequential)
            },
            Options {
                fail_soft: true,
                ..options(Method::Sequential)
            },
            Options {
                signature_first: true,
                ..options(Method::Sequential)
            },
            Options {
                poll_nodes: Some(128),
                ..options(Method::Sequential)
            },
            Options {
                poll_nodes: Some(0),
                ..options(Method::WithUpdates)
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
