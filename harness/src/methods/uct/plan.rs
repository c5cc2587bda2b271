//! `--method uct|uct-treesplit`'s options, validated: its simulations, UCB1's constant,
//! its playouts (random plies, then the evaluation read as a win
//! probability at a scale), its seed, and the depth its move is judged at.

use crate::plan::method::{Backend, Method};

use crate::methods::judge::DEFAULT_JUDGE_DEPTH;
use crate::methods::uct::options::UctOptions;
use crate::methods::uct::treesplit_plan::TreesplitShape;
use crate::plan::options::Options;
use serde::Serialize;
use yomi_methods::mcts::{Playout, UctConfig};

/// What a UCT run is given, as records show it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub(crate) struct UctShape {
    /// `u64::MAX` (left out of records): uct-treesplit's --time-ms alone
    /// bounds it.
    #[serde(skip_serializing_if = "unbounded")]
    pub simulations: u64,
    pub uct_c: f64,
    /// `None`: playouts run to --d or the game's end.
    pub playout_plies: Option<u32>,
    pub reward_scale: f64,
    pub uct_seed: u64,
    /// The depth of the alpha-beta its move is judged against.
    pub judge_depth: u32,
    /// UCT-Treesplit's own settings.
    #[serde(flatten)]
    pub treesplit: Option<TreesplitShape>,
}

impl UctShape {
    /// The shape of `o`'s UCT run, `None` for other methods, or why the
    /// options do not fit.
    pub(crate) fn of(o: &Options) -> Result<Option<UctShape>, String> {
        let u = &o.uct;
        if !o.method.is_uct() {
            if u.given() {
                return Err(
                    "--simulations, --uct-c, --playout-plies, --reward-scale and --uct-seed are \
                     for uct and uct-treesplit; --in-flight, --n-dup, --sync-alpha, --sync-min, \
                     --sync-max, --per-broadcast, --merge-delay-us, --forward-k and --no-virtual-loss for \
                     uct-treesplit"
                        .into(),
                );
            }
            return Ok(None);
        }
        let treesplit = o.method == Method::UctTreesplit;
        if u.treesplit.given() && !treesplit {
            return Err(
                "--in-flight, --n-dup, --sync-alpha, --sync-min, --sync-max, --per-broadcast, \
                 --merge-delay-us, --forward-k and --no-virtual-loss are for uct-treesplit"
                    .into(),
            );
        }
        if o.d_prime.is_some() || o.negascout || o.full_windows || o.confirmed_deepening {
            return Err(
                "--d-prime, --negascout, --full-windows and --confirmed-deepening are not for uct"
                    .into(),
            );
        }
        if o.backend != Backend::Threads && !treesplit {
            return Err(
                "uct is sequential: it runs on --backend threads (the default); uct-treesplit \
                 runs on every backend"
                    .into(),
            );
        }
        let judge_depth = o.rbf.judge_depth.unwrap_or(o.d.min(DEFAULT_JUDGE_DEPTH));
        if judge_depth == 0 || judge_depth > o.d {
            return Err(format!(
                "--judge-depth must be between 1 and --d = {} (the tree's depth)",
                o.d
            ));
        }
        UctShape::from_options(u, treesplit, judge_depth).map(Some)
    }

    /// The shape `u` gives UCT (`treesplit`: UCT-Treesplit), judged at
    /// `judge_depth`.
    pub(crate) fn from_options(
        u: &UctOptions,
        treesplit: bool,
        judge_depth: u32,
    ) -> Result<UctShape, String> {
        let timed = treesplit && u.treesplit.time_ms.is_some();
        let simulations = match u.simulations {
            None if timed => u64::MAX,
            None | Some(0) => {
                return Err(
                    "uct needs --simulations N (at least 1; uct-treesplit: or --time-ms)".into(),
                )
            }
            Some(n) => n,
        };
        let uct_c = u.uct_c.unwrap_or(UctConfig::UCB1);
        if !(uct_c.is_finite() && uct_c >= 0.0) {
            return Err(format!("--uct-c must be a number ≥ 0 (not {uct_c})"));
        }
        let reward_scale = u.reward_scale.unwrap_or(1000.0);
        if !(reward_scale.is_finite() && reward_scale > 0.0) {
            return Err(format!(
                "--reward-scale must be a number > 0 (not {reward_scale})"
            ));
        }
        Ok(UctShape {
            simulations,
            uct_c,
            playout_plies: u.playout_plies,
            reward_scale,
            uct_seed: u.uct_seed.unwrap_or(1),
            judge_depth,
            treesplit: match treesplit {
                true => Some(TreesplitShape::of(&u.treesplit)?),
                false => None,
            },
        })
    }

    /// The engine's configuration for a tree searched to `d`.
    /// The settings a sweep's MPI launch passes on, as option names
    /// without their dashes and values.
    pub(crate) fn settings(&self) -> Vec<(&'static str, String)> {
        let mut s = vec![
            ("uct_c", self.uct_c.to_string()),
            ("reward_scale", self.reward_scale.to_string()),
            ("uct_seed", self.uct_seed.to_string()),
            ("judge_depth", self.judge_depth.to_string()),
        ];
        s.extend(
            (!unbounded(&self.simulations)).then(|| ("simulations", self.simulations.to_string())),
        );
        s.extend(self.playout_plies.map(|k| ("playout_plies", k.to_string())));
        s.extend(self.treesplit.iter().flat_map(TreesplitShape::settings));
        s
    }

    pub(crate) fn config(&self, d: u32) -> UctConfig {
        UctConfig {
            c: self.uct_c,
            horizon: d,
            playout: Playout {
                plies: self.playout_plies.unwrap_or(u32::MAX),
                scale: self.reward_scale,
            },
            seed: self.uct_seed,
        }
    }
}

fn unbounded(simulations: &u64) -> bool {
    *simulations == u64::MAX
}
