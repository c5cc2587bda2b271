//! The sequential search's plan: alpha-beta or NegaScout, and seed 000
//! §5.2's table split (a master table to ply d′, worker tables below).

use crate::plan::options::Options;
use serde::{Deserialize, Serialize};
use yomi_record::TableSharing;
use yomi_search::{SearchOptions, Sharing, TableSplit};

/// Seed 000's sequential search: alpha-beta or NegaScout, and the §5.2
/// variants' table split.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub(crate) struct SequentialPlan {
    pub negascout: bool,
    pub split: Option<TableSplitPlan>,
}

/// §5.2: a master table to ply d′, worker tables below, and what the
/// worker tables share.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub(crate) struct TableSplitPlan {
    pub d_prime: u32,
    pub sharing: TableSharing,
    /// Partial sharing: results within this many plies of their task
    /// root cross task subtrees.
    pub share_plies: Option<u32>,
    /// Task roots searched with the full window.
    pub full_windows: bool,
}

impl SequentialPlan {
    /// The plan of `o`, options `Plan::new` has checked.
    pub(crate) fn of(o: &Options) -> SequentialPlan {
        SequentialPlan {
            negascout: o.negascout,
            split: o.d_prime.map(|d_prime| TableSplitPlan {
                d_prime,
                sharing: o.sharing,
                share_plies: (o.sharing == TableSharing::Partial).then_some(o.share_plies),
                full_windows: o.full_windows,
            }),
        }
    }

    /// The §5.2 variant as a sweep's listing shows it.
    pub(crate) fn listing(&self) -> String {
        let Some(split) = self.split else {
            return String::new();
        };
        let sharing = format!("{:?}", split.sharing).to_lowercase();
        let mut s = format!(" sharing={sharing}");
        if split.full_windows {
            s += " full_windows";
        }
        if let Some(k) = split.share_plies {
            s += &format!(" share_plies={k}");
        }
        s
    }

    /// The searcher's options for searches to `d`.
    pub(crate) fn search_options(&self, d: u32) -> SearchOptions {
        let split = self.split.map(|s| TableSplit {
            d_prime: s.d_prime,
            sharing: match s.sharing {
                TableSharing::Full => Sharing::Full,
                TableSharing::None => Sharing::None,
                TableSharing::Partial => Sharing::Partial {
                    min_depth: (d - s.d_prime).saturating_sub(s.share_plies.unwrap_or_default()),
                },
            },
            full_windows: s.full_windows,
        });
        SearchOptions {
            negascout: self.negascout,
            split,
            fail_soft: false,
            ..SearchOptions::default()
        }
    }
}
