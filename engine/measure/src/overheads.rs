//! Where a rank's time goes, by seed 001 §IV-B's work packages: in-tree
//! steps (with the replay of a simulation's path on arrival), playouts,
//! updates (rewards sent, applied and acknowledged), synchronisation of
//! duplicated states ("BC update"; on a broadcast rank, all its work),
//! receiving messages, and waiting for them. Read on the transport's clock,
//! so the virtual cluster gives virtual time.

use serde::{Deserialize, Serialize};
use std::time::Duration;

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Overheads {
    pub in_tree_s: f64,
    pub playout_s: f64,
    pub update_s: f64,
    pub sync_s: f64,
    pub receive_s: f64,
    pub idle_s: f64,
}

/// A work package, for [`Overheads::charge`].
#[derive(Clone, Copy, Debug)]
pub enum Package {
    InTree,
    Playout,
    Update,
    Sync,
    Receive,
    Idle,
}

impl Overheads {
    /// `package` took the time from `since` to `now`.
    pub fn charge(&mut self, package: Package, since: Duration, now: Duration) {
        let s = now.saturating_sub(since).as_secs_f64();
        *match package {
            Package::InTree => &mut self.in_tree_s,
            Package::Playout => &mut self.playout_s,
            Package::Update => &mut self.update_s,
            Package::Sync => &mut self.sync_s,
            Package::Receive => &mut self.receive_s,
            Package::Idle => &mut self.idle_s,
        } += s;
    }

    /// The mean of `all`, package by package.
    pub fn mean<'a>(all: impl IntoIterator<Item = &'a Overheads>) -> Overheads {
        let (mut sum, mut n) = (Overheads::default(), 0.0);
        for o in all {
            sum.in_tree_s += o.in_tree_s;
            sum.playout_s += o.playout_s;
            sum.update_s += o.update_s;
            sum.sync_s += o.sync_s;
            sum.receive_s += o.receive_s;
            sum.idle_s += o.idle_s;
            n += 1.0;
        }
        let n = f64::max(n, 1.0);
        Overheads {
            in_tree_s: sum.in_tree_s / n,
            playout_s: sum.playout_s / n,
            update_s: sum.update_s / n,
            sync_s: sum.sync_s / n,
            receive_s: sum.receive_s / n,
            idle_s: sum.idle_s / n,
        }
    }

    /// Time spent on anything but waiting.
    pub fn busy_s(&self) -> f64 {
        self.in_tree_s + self.playout_s + self.update_s + self.sync_s + self.receive_s
    }
}
