//! `--method uct-treesplit`'s own options, validated: simulations in
//! flight per rank, seed 001's duplication and synchronisation parameters,
//! broadcast ranks with their merge delay, and playout forwarding. The
//! defaults are seed 001's (§IV-A): N_dup 8,192, α 0.02, N_sync 8–16,
//! O = 5, one broadcast rank for four search ranks, K = 1.2.

use clap::Args;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use yomi_methods::uct::{Duplication, UctConfig, UctTreesplit};
use yomi_record::TreesplitShape;

/// As given (also a sweep grid's keys, one value each).
#[derive(Args, Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct TreesplitOptions {
    /// uct-treesplit: simulations each search rank keeps going at once
    /// (seed 001's overload factor O) [default: 5].
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_flight: Option<usize>,
    /// uct-treesplit: simulations through a state before it is duplicated
    /// on every search rank (N_dup); 0: nothing duplicated, not even the
    /// root [default: 8192].
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub n_dup: Option<u64>,
    /// uct-treesplit: a duplicated state's Δs are sent once a child has
    /// α × its visits of them, within --sync-min and --sync-max [default:
    /// 0.02, 8, 16].
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sync_alpha: Option<f64>,
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sync_min: Option<u64>,
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sync_max: Option<u64>,
    /// uct-treesplit: search ranks per broadcast rank (of --workers + 1
    /// or --ranks ranks, one in every P + 1 relays); 0: none [default: 4].
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_broadcast: Option<usize>,
    /// uct-treesplit: how long a broadcast rank holds what it relays to
    /// merge it, µs [default: 100].
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub merge_delay_us: Option<f64>,
    /// uct-treesplit: a rank forwards its playouts once more than
    /// in-flight × K moved simulations wait for it; 0: never [default: 1.2].
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forward_k: Option<f64>,
    /// uct-treesplit: no simulation begins after this many ms on its rank's
    /// clock (virtual time on the virtual cluster); --simulations is then
    /// a cap, and may be left out.
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<f64>,
    /// uct-treesplit: count a selected child's visit only when its reward
    /// arrives (no virtual loss).
    #[arg(long)]
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_virtual_loss: bool,
}

impl TreesplitOptions {
    pub(crate) fn given(&self) -> bool {
        *self != TreesplitOptions::default()
    }
}

pub(crate) fn shape(o: &TreesplitOptions) -> Result<TreesplitShape, String> {
    let d = Duplication::SEED_001;
    let s = TreesplitShape {
        in_flight: o.in_flight.unwrap_or(5),
        n_dup: o.n_dup.unwrap_or(d.n_dup),
        sync_alpha: o.sync_alpha.unwrap_or(d.alpha),
        sync_min: o.sync_min.unwrap_or(d.sync_min),
        sync_max: o.sync_max.unwrap_or(d.sync_max),
        per_broadcast: o.per_broadcast.unwrap_or(4),
        merge_delay_us: o.merge_delay_us.unwrap_or(100.0),
        forward_k: o.forward_k.unwrap_or(1.2),
        virtual_loss: !o.no_virtual_loss,
        time_ms: o.time_ms,
    };
    if let Some(ms) = s.time_ms.filter(|ms| !(ms.is_finite() && *ms > 0.0)) {
        return Err(format!("--time-ms must be a number > 0 (not {ms})"));
    }
    if s.in_flight == 0 {
        return Err("--in-flight must be at least 1".into());
    }
    if !(s.sync_alpha.is_finite() && s.sync_alpha >= 0.0) {
        return Err(format!(
            "--sync-alpha must be a number ≥ 0 (not {})",
            s.sync_alpha
        ));
    }
    if s.sync_min == 0 || s.sync_max < s.sync_min {
        return Err(format!(
            "--sync-min must be at least 1 and --sync-max at least --sync-min (not {} and {})",
            s.sync_min, s.sync_max
        ));
    }
    if !(s.merge_delay_us.is_finite() && s.merge_delay_us >= 0.0) {
        return Err(format!(
            "--merge-delay-us must be a number ≥ 0 (not {})",
            s.merge_delay_us
        ));
    }
    if !(s.forward_k == 0.0 || s.forward_k.is_finite() && s.forward_k > 1.0) {
        return Err(format!(
            "--forward-k must be above 1 (seed 001 §III-A: some rank is always below it), or 0 \
             for never (not {})",
            s.forward_k
        ));
    }
    Ok(s)
}

/// The settings a sweep's listing shows, as option names without their
/// dashes and values (an empty value: a flag).
pub(crate) fn settings(shape: &TreesplitShape) -> Vec<(&'static str, String)> {
    vec![
        ("in_flight", shape.in_flight.to_string()),
        ("n_dup", shape.n_dup.to_string()),
        ("sync_alpha", shape.sync_alpha.to_string()),
        ("sync_min", shape.sync_min.to_string()),
        ("sync_max", shape.sync_max.to_string()),
        ("per_broadcast", shape.per_broadcast.to_string()),
        ("merge_delay_us", shape.merge_delay_us.to_string()),
        ("forward_k", shape.forward_k.to_string()),
    ]
    .into_iter()
    .chain((!shape.virtual_loss).then(|| ("no_virtual_loss", String::new())))
    .chain(shape.time_ms.map(|ms| ("time_ms", ms.to_string())))
    .collect()
}

/// The engine's program for `simulations` over `config`.
pub(crate) fn program(shape: &TreesplitShape, config: UctConfig, simulations: u64) -> UctTreesplit {
    UctTreesplit {
        config,
        simulations,
        time_limit: shape.time_ms.map(|ms| Duration::from_secs_f64(ms * 1e-3)),
        stop: None,
        in_flight: shape.in_flight,
        duplication: (shape.n_dup > 0).then_some(Duplication {
            n_dup: shape.n_dup,
            alpha: shape.sync_alpha,
            sync_min: shape.sync_min,
            sync_max: shape.sync_max,
        }),
        per_broadcast: shape.per_broadcast,
        merge_delay: Duration::from_secs_f64(shape.merge_delay_us * 1e-6),
        forward_k: (shape.forward_k > 0.0).then_some(shape.forward_k),
        virtual_loss: shape.virtual_loss,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_seed_001s_and_bad_values_are_named() {
        let s = shape(&TreesplitOptions::default()).unwrap();
        assert_eq!(
            (s.in_flight, s.n_dup, s.per_broadcast, s.forward_k),
            (5, 8192, 4, 1.2)
        );
        let plain = TreesplitOptions {
            n_dup: Some(0),
            forward_k: Some(0.0),
            ..TreesplitOptions::default()
        };
        let config = UctConfig {
            c: UctConfig::UCB1,
            horizon: 4,
            playout: yomi_methods::uct::Playout::TO_THE_END,
            seed: 1,
        };
        let p = program(&shape(&plain).unwrap(), config, 10);
        assert_eq!((p.duplication, p.forward_k), (None, None));
        for (bad, says) in [
            (
                TreesplitOptions {
                    in_flight: Some(0),
                    ..Default::default()
                },
                "--in-flight",
            ),
            (
                TreesplitOptions {
                    forward_k: Some(0.5),
                    ..Default::default()
                },
                "--forward-k",
            ),
            (
                TreesplitOptions {
                    sync_min: Some(20),
                    ..Default::default()
                },
                "--sync-max",
            ),
            (
                TreesplitOptions {
                    merge_delay_us: Some(-1.0),
                    ..Default::default()
                },
                "--merge",
            ),
        ] {
            assert!(shape(&bad).unwrap_err().contains(says), "{says}");
        }
    }
}
