//! The sequential search's sweep keys: the §5.2 variants (table sharing
//! and full windows at task roots) at each d′, expanded into runs.

use crate::methods::sweep_keys::{product3, unused, Seed000Key, SharedKeys, SweepPoint};
use crate::plan::options::Options;
use serde::{Deserialize, Serialize};
use yomi_record::{Method, TableSharing};

/// The sequential search's keys of a grid.
#[derive(Deserialize)]
#[serde(default)]
pub(crate) struct SequentialKeys {
    /// The §5.2 two-table variants at each d′ instead of the plain search.
    sharing: Vec<TableSharing>,
    /// With sharing: full windows at task roots (each a run).
    full_windows: Vec<bool>,
}

impl Default for SequentialKeys {
    fn default() -> Self {
        SequentialKeys {
            sharing: Vec::new(),
            full_windows: vec![false],
        }
    }
}

/// The sequential search at one point of a grid.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct SequentialPoint {
    #[serde(skip)]
    d_prime: Option<u32>,
    #[serde(flatten)]
    key: Seed000Key,
}

impl SequentialKeys {
    /// The keys checked against the grid's methods.
    pub(crate) fn check(&self, shared: &SharedKeys) -> Result<(), String> {
        if self.sharing.is_empty() && self.full_windows != [false] {
            return Err("full_windows needs sharing (the §5.2 variants)".into());
        }
        if self.sharing.is_empty() {
            return Ok(());
        }
        if !shared.methods.contains(&Method::Sequential) {
            return Err(unused("sharing", "the sequential method's §5.2 variants"));
        }
        // Its plan would take full sharing without d′ for the plain search.
        if !shared.d_prime_given() {
            return Err(
                "d_prime (or task_depth) is needed for the sequential sharing variants".into(),
            );
        }
        Ok(())
    }

    /// The plain search, or its §5.2 variants (by d′, sharing, full
    /// windows, and the plies of partial sharing).
    pub(crate) fn points(&self, shared: &SharedKeys, d_primes: &[u32]) -> Vec<SequentialPoint> {
        let mut points = Vec::new();
        if self.sharing.is_empty() {
            points.push(SequentialPoint {
                d_prime: None,
                key: Seed000Key::default(),
            });
        }
        for (&dp, &sharing, &full_windows) in product3(d_primes, &self.sharing, &self.full_windows)
        {
            let plies = match sharing {
                TableSharing::Partial => shared.share_plies.iter().map(|&k| Some(k)).collect(),
                _ => vec![None],
            };
            for share_plies in plies {
                points.push(SequentialPoint {
                    d_prime: Some(dp),
                    key: Seed000Key {
                        eps: None,
                        share_plies,
                        sharing: Some(sharing),
                        full_windows,
                    },
                });
            }
        }
        points
    }
}

impl SweepPoint for SequentialPoint {
    fn ranks(&self) -> usize {
        1
    }

    fn d_prime(&self) -> Option<u32> {
        self.d_prime
    }

    fn apply(&self, o: &mut Options) {
        let k = self.key;
        o.sharing = k.sharing.unwrap_or(o.sharing);
        o.share_plies = k.share_plies.unwrap_or(o.share_plies);
        o.full_windows = k.full_windows;
    }
}
