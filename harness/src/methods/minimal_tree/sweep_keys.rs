//! Seed 000's master and workers, their sweep keys: ε, the workers' poll
//! interval, and the switches beyond the paper (confirmed deepening and
//! idle deepening, the workers' signature-first order, the master's
//! extension, fail-soft workers), expanded into runs at each d′ and rank
//! count.

use crate::methods::sweep_keys::{
    product3, some_or_none, unused, Seed000Key, SharedKeys, SweepPoint,
};
use crate::plan::options::Options;
use serde::{Deserialize, Serialize};
use yomi_record::Method;
use yomi_search::DEFAULT_POLL_NODES;

/// Seed 000's parallel methods' keys of a grid (each a list of runs).
#[derive(Deserialize)]
#[serde(default)]
pub(crate) struct MinimalTreeKeys {
    /// negascout-eps: the workers' ε.
    eps: Vec<i32>,
    /// Methods with updates: workers deepen only resent tasks.
    confirmed_deepening: Vec<bool>,
    /// With confirmed deepening: idle workers deepen their held tasks.
    idle_deepening: Vec<bool>,
    /// The workers run tasks in signature order before completed depth.
    signature_first: Vec<bool>,
    /// The master extends its tree where few workers have tasks.
    extension: Vec<bool>,
    /// The workers search fail-soft.
    fail_soft: Vec<bool>,
    /// Nodes between a worker's looks at its messages (none given: the
    /// searcher's default, 1,024).
    poll_nodes: Vec<u64>,
}

impl Default for MinimalTreeKeys {
    fn default() -> Self {
        MinimalTreeKeys {
            eps: vec![100],
            // The switches beyond the paper: off, the paper's behaviour.
            confirmed_deepening: vec![false],
            idle_deepening: vec![false],
            signature_first: vec![false],
            extension: vec![false],
            fail_soft: vec![false],
            poll_nodes: Vec::new(),
        }
    }
}

/// Seed 000's master and workers at one point of a grid.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct MinimalTreePoint {
    #[serde(skip)]
    d_prime: Option<u32>,
    #[serde(skip)]
    ranks: usize,
    #[serde(flatten)]
    key: Seed000Key,
    /// The switches beyond the paper: absent when off, so that the keys of
    /// runs from before each existed stay as they were.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    confirmed_deepening: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    idle_deepening: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    signature_first: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    extension: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    fail_soft: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    poll_nodes: Option<u64>,
}

impl MinimalTreeKeys {
    /// The switches checked against the grid's methods.
    pub(crate) fn check(&self, shared: &SharedKeys) -> Result<(), String> {
        let updates = shared.any(|m| !matches!(m, Method::Sequential | Method::WithoutUpdates));
        if self.confirmed_deepening.contains(&true) && !updates {
            return Err(unused("confirmed_deepening", "the methods with updates"));
        }
        if self.idle_deepening.contains(&true) && !self.confirmed_deepening.contains(&true) {
            return Err("sweep key idle_deepening = true needs confirmed_deepening = true".into());
        }
        let masters = shared.any(Method::needs_d_prime);
        for (key, values) in [
            ("signature_first", &self.signature_first),
            ("extension", &self.extension),
            ("fail_soft", &self.fail_soft),
        ] {
            if values.contains(&true) && !masters {
                return Err(unused(key, "the methods with d_prime"));
            }
        }
        if !self.poll_nodes.is_empty() && !masters {
            return Err(unused("poll_nodes", "the methods with d_prime"));
        }
        if self.poll_nodes.contains(&0) {
            return Err("sweep key poll_nodes: every value must be at least 1".into());
        }
        Ok(())
    }

    /// `method`'s runs: by d′ (none given: one run without, which its plan
    /// refuses), ranks, and the method's own keys.
    pub(crate) fn points(
        &self,
        method: Method,
        shared: &SharedKeys,
        d_primes: &[u32],
    ) -> Vec<MinimalTreePoint> {
        let eps = match method {
            Method::NegascoutEps => self.eps.iter().map(|&e| Some(e)).collect(),
            _ => vec![None],
        };
        let plies = match method {
            Method::WithShare => shared.share_plies.iter().map(|&k| Some(k)).collect(),
            _ => vec![None],
        };
        let confirmed: &[bool] = match method {
            Method::WithoutUpdates => &[false],
            _ => &self.confirmed_deepening,
        };
        let polls = some_or_none(&self.poll_nodes);
        let mut points = Vec::new();
        for d_prime in some_or_none(d_primes) {
            for &ranks in &shared.ranks {
                for (&eps, &share_plies, &confirmed_deepening) in product3(&eps, &plies, confirmed)
                {
                    // Idle deepening is a form of confirmed deepening.
                    let idle: &[bool] = if confirmed_deepening {
                        &self.idle_deepening
                    } else {
                        &[false]
                    };
                    let switches = product3(&self.extension, &self.fail_soft, &polls);
                    for (&extension, &fail_soft, &poll_nodes) in switches {
                        for (&idle_deepening, &signature_first) in idle
                            .iter()
                            .flat_map(|i| self.signature_first.iter().map(move |s| (i, s)))
                        {
                            points.push(MinimalTreePoint {
                                d_prime,
                                ranks,
                                key: Seed000Key {
                                    eps,
                                    share_plies,
                                    ..Seed000Key::default()
                                },
                                confirmed_deepening,
                                idle_deepening,
                                signature_first,
                                extension,
                                fail_soft,
                                // The default named is the default: the key of a run without it.
                                poll_nodes: poll_nodes.filter(|&n| n != DEFAULT_POLL_NODES),
                            });
                        }
                    }
                }
            }
        }
        points
    }
}

impl SweepPoint for MinimalTreePoint {
    fn ranks(&self) -> usize {
        self.ranks
    }

    fn d_prime(&self) -> Option<u32> {
        self.d_prime
    }

    fn apply(&self, o: &mut Options) {
        o.eps = self.key.eps.unwrap_or(o.eps);
        o.share_plies = self.key.share_plies.unwrap_or(o.share_plies);
        o.confirmed_deepening = self.confirmed_deepening;
        o.idle_deepening = self.idle_deepening;
        o.signature_first = self.signature_first;
        o.extension = self.extension;
        o.fail_soft = self.fail_soft;
        o.poll_nodes = self.poll_nodes;
    }
}
