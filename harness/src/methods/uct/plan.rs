//! `--method uct|uct-treesplit`'s options, validated: its simulations, UCB1's constant,
//! its playouts (random plies, then the evaluation read as a win
//! probability at a scale), its seed, and the depth its move is judged at.

use yomi_record::{Backend, Method};

use crate::methods::judge::DEFAULT_JUDGE_DEPTH;
use crate::methods::uct::options::UctOptions;
use crate::methods::uct::treesplit_plan;
use crate::plan::options::Options;
use yomi_methods::uct::{Playout, UctConfig};
use yomi_record::UctShape;

/// The shape of `o`'s UCT run, `None` for other methods, or why the
/// options do not fit.
pub(crate) fn shape(o: &Options) -> Result<Option<UctShape>, String> {
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
    if o.d_prime.is_some() || o.negascout || o.full_windows || o.confirmed_deepening || o.extension
    {
        return Err(
            "--d-prime, --negascout, --full-windows, --confirmed-deepening and --extend are not for uct"
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
    shape_from_options(u, treesplit, judge_depth).map(Some)
}

/// The shape `u` gives UCT (`treesplit`: UCT-Treesplit), judged at
/// `judge_depth`.
pub(crate) fn shape_from_options(
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
            true => Some(treesplit_plan::shape(&u.treesplit)?),
            false => None,
        },
    })
}

/// A UCT run's shape as a sweep's listing shows it.
pub(crate) fn listing(u: &UctShape) -> String {
    let mut s = String::new();
    if u.bounded() {
        s += &format!(" simulations={}", u.simulations);
    }
    s += &format!(" uct_seed={}", u.uct_seed);
    if let Some(k) = u.playout_plies {
        s += &format!(" playout_plies={k}");
    }
    s += &format!(" uct_c={} reward_scale={}", u.uct_c, u.reward_scale);
    for (key, value) in u.treesplit.iter().flat_map(treesplit_plan::settings) {
        match value.is_empty() {
            true => s += &format!(" {key}"),
            false => s += &format!(" {key}={value}"),
        }
    }
    s
}

/// The engine's configuration for a tree searched to `d`.
pub(crate) fn engine_config(shape: &UctShape, d: u32) -> UctConfig {
    UctConfig {
        c: shape.uct_c,
        horizon: d,
        playout: Playout {
            plies: shape.playout_plies.unwrap_or(u32::MAX),
            scale: shape.reward_scale,
        },
        seed: shape.uct_seed,
    }
}
