//! A search run's configuration, validated once: the method and its
//! options as result records show them, and what the sequential searcher
//! or the master and workers are given. `search` runs a plan per command
//! line; every check of the options lives here.

use clap::ValueEnum;
use serde::{Deserialize, Serialize};
use yomi_engine::parallel::run::{MasterSearch, ParallelConfig};
use yomi_engine::search::{SearchOptions, Sharing, TableSplit};

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
        let parallel = o.method != Method::Sequential;
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
        let split = o.d_prime.is_some() && !parallel;
        Ok(Plan {
            b: o.b,
            d: o.d,
            method: o.method,
            negascout: o.negascout,
            eps: (o.method == Method::NegascoutEps).then_some(o.eps),
            d_prime: o.d_prime,
            sharing: split.then_some(o.sharing),
            share_plies: (o.method == Method::WithShare
                || (split && o.sharing == SharingArg::Partial))
                .then_some(o.share_plies),
            full_windows: o.full_windows,
            confirmed_deepening: o.confirmed_deepening,
            backend: o.backend,
            tt_mb: o.tt_mb,
            workers: o.workers,
        })
    }

    pub fn parallel(&self) -> bool {
        self.method != Method::Sequential
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
