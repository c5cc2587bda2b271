//! `--method rbf`'s options, validated: how many nodes RBF may generate
//! (a number, or as many as plain alpha-beta generates at a depth: seed
//! 003 §3's comparison), its random seed and the pruning rule.

use crate::plan::{Backend, Method, Options};
use serde::Serialize;

/// What an RBF run is given, as records show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RbfShape {
    /// Generated nodes allowed, given outright…
    pub rbf_nodes: Option<u64>,
    /// …or those of plain alpha-beta at this depth.
    pub match_depth: Option<u32>,
    pub rbf_seed: u64,
    /// The §2.1 rule (on unless --no-pruning).
    pub pruning: bool,
}

impl RbfShape {
    /// The shape of `o`'s RBF run, `None` for other methods, or why the
    /// options do not fit.
    pub fn of(o: &Options) -> Result<Option<RbfShape>, String> {
        let given = o.rbf_nodes.is_some() || o.match_depth.is_some() || o.no_pruning;
        if o.method != Method::Rbf {
            if given {
                return Err(
                    "--rbf-nodes, --match-depth and --no-pruning are for --method rbf".into(),
                );
            }
            return Ok(None);
        }
        if o.d_prime.is_some() || o.negascout || o.full_windows || o.confirmed_deepening {
            return Err(
                "--d-prime, --negascout, --full-windows and --confirmed-deepening are not for rbf"
                    .into(),
            );
        }
        if o.backend != Backend::Threads {
            return Err("rbf is sequential: it runs on --backend threads (the default)".into());
        }
        match (o.rbf_nodes, o.match_depth) {
            (None, None) | (Some(_), Some(_)) => {
                return Err("rbf needs one of --rbf-nodes N and --match-depth K".into())
            }
            (Some(0), _) => return Err("--rbf-nodes must be at least 1".into()),
            (_, Some(k)) if k == 0 || k > o.d => {
                return Err(format!("--match-depth must be between 1 and --d = {}", o.d))
            }
            _ => {}
        }
        Ok(Some(RbfShape {
            rbf_nodes: o.rbf_nodes,
            match_depth: o.match_depth,
            rbf_seed: o.rbf_seed,
            pruning: !o.no_pruning,
        }))
    }
}
