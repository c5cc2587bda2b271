//! Seed 000's master and workers, their plan: the method, the master's
//! plies d′ and what the method adds.

use crate::plan::options::Options;
use serde::{Deserialize, Serialize};
use yomi_methods::minimal_tree::{MasterSearch, ParallelConfig};
use yomi_record::Method;
use yomi_search::DEFAULT_POLL_NODES;

/// Seed 000's master and workers: the method, the master's plies and
/// what the method adds.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub(crate) struct MinimalTreePlan {
    pub method: Method,
    pub d_prime: u32,
    /// negascout-eps: the workers' ε.
    pub eps: Option<i32>,
    /// with-share: results within this many plies of a task root go
    /// round the workers' ring.
    pub share_plies: Option<u32>,
    /// Workers deepen a task only after the master resends it.
    pub confirmed_deepening: bool,
    /// ... unless they have nothing else to search (absent before it was
    /// an option: the same runs, the same keys).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub idle_deepening: bool,
    /// Workers run tasks in the prediction's order before the order of
    /// their completed depths (absent before it was an option: the same
    /// runs, the same keys).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub signature_first: bool,
    /// The master extends its tree below the most urgent tasks when few
    /// workers have one.
    pub extension: bool,
    /// Workers search fail-soft.
    pub fail_soft: bool,
    /// Nodes between a worker's looks at its messages (`None`: the
    /// searcher's default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poll_nodes: Option<u64>,
}

impl MinimalTreePlan {
    /// The plan of `o` with the master to `d_prime`, options `Plan::new`
    /// has checked.
    pub(crate) fn of(o: &Options, d_prime: u32) -> MinimalTreePlan {
        MinimalTreePlan {
            method: o.method,
            d_prime,
            eps: (o.method == Method::NegascoutEps).then_some(o.eps),
            share_plies: (o.method == Method::WithShare).then_some(o.share_plies),
            confirmed_deepening: o.confirmed_deepening,
            idle_deepening: o.idle_deepening,
            signature_first: o.signature_first,
            extension: o.extension,
            fail_soft: o.fail_soft,
            // The default named is the default: the same run, the same key.
            poll_nodes: o.poll_nodes.filter(|&n| n != DEFAULT_POLL_NODES),
        }
    }

    /// What the method adds, as a sweep's listing shows it.
    pub(crate) fn listing(&self) -> String {
        let mut s = String::new();
        if let Some(eps) = self.eps {
            s += &format!(" eps={eps}");
        }
        for (on, switch) in [
            (self.confirmed_deepening, " confirmed_deepening"),
            (self.idle_deepening, " idle_deepening"),
            (self.signature_first, " signature_first"),
            (self.extension, " extension"),
            (self.fail_soft, " fail_soft"),
        ] {
            if on {
                s += switch;
            }
        }
        if let Some(k) = self.share_plies {
            s += &format!(" share_plies={k}");
        }
        if let Some(n) = self.poll_nodes {
            s += &format!(" poll_nodes={n}");
        }
        s
    }

    /// The master's and workers' configuration for searches to `d`, with
    /// `workers` workers of `table_mb` each.
    pub(crate) fn config(&self, d: u32, workers: usize, table_mb: usize) -> ParallelConfig {
        ParallelConfig {
            depth: d,
            d_prime: self.d_prime,
            workers,
            updates: self.method != Method::WithoutUpdates,
            table_mb,
            master_search: match (self.method, self.eps) {
                (Method::Negascout, _) => MasterSearch::NegaScout,
                (Method::NegascoutEps, Some(eps)) => MasterSearch::NegaScoutEps(eps),
                _ => MasterSearch::AlphaBeta,
            },
            confirmed_deepening: self.confirmed_deepening,
            idle_deepening: self.idle_deepening,
            signature_first: self.signature_first,
            extension: self.extension,
            fail_soft: self.fail_soft,
            poll_nodes: self.poll_nodes.unwrap_or(DEFAULT_POLL_NODES),
            share_plies: self.share_plies.map(|k| k as usize),
            search_id: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::options::Options;
    use crate::plan::{Family, Plan};

    fn plan(method: Method) -> MinimalTreePlan {
        let o = Options::example(method);
        match Plan::new(&o).unwrap().family {
            Family::MinimalTree(p) => p,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn each_method_configures_its_master_and_workers() {
        let config = |m| plan(m).config(8, 3, 16);
        assert_eq!(
            config(Method::NegascoutEps).master_search,
            MasterSearch::NegaScoutEps(100)
        );
        assert_eq!(
            config(Method::Negascout).master_search,
            MasterSearch::NegaScout
        );
        assert_eq!(
            config(Method::WithUpdates).master_search,
            MasterSearch::AlphaBeta
        );
        assert_eq!(config(Method::WithShare).share_plies, Some(4));
        assert_eq!(config(Method::WithUpdates).share_plies, None);
        assert!(!config(Method::WithoutUpdates).updates);
        let c = config(Method::WithUpdates);
        assert_eq!((c.depth, c.d_prime, c.workers, c.table_mb), (8, 4, 3, 16));
    }
}
