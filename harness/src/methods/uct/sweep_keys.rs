//! Seed 001's UCT, its sweep keys: simulations, playout plies and seeds
//! (each a run), UCB1's constant and the reward scale, and UCT-Treesplit's
//! settings, expanded into runs.

use crate::methods::sweep_keys::{product3, unused, Seed000Key, SharedKeys, SweepPoint};
use crate::methods::uct::options::UctOptions;
use crate::methods::uct::treesplit_plan::TreesplitOptions;
use crate::plan::options::Options;
use serde::{Deserialize, Serialize};
use yomi_record::Method;

/// UCT's keys of a grid (its judge's depth, `judge_depth`, is shared with
/// RBF); defaults as `search`'s.
#[derive(Deserialize)]
#[serde(default)]
pub(crate) struct UctKeys {
    simulations: Vec<u64>,
    uct_seeds: Vec<u64>,
    playout_plies: Vec<u32>,
    uct_c: Option<f64>,
    reward_scale: Option<f64>,
    /// UCT-Treesplit: simulations a rank keeps going at once, N_dup (0:
    /// none), search ranks per broadcast rank, K (0: no forwarding),
    /// virtual loss — each a number or a list of runs — and the
    /// synchronisation's settings.
    in_flight: OneOrMany<usize>,
    n_dup: OneOrMany<u64>,
    per_broadcast: OneOrMany<usize>,
    forward_k: OneOrMany<f64>,
    virtual_loss: OneOrMany<bool>,
    /// Instead of (or as well as) simulations: ms on each rank's clock.
    time_ms: OneOrMany<f64>,
    sync_alpha: Option<f64>,
    sync_min: Option<u64>,
    sync_max: Option<u64>,
    merge_delay_us: Option<f64>,
}

impl Default for UctKeys {
    fn default() -> Self {
        UctKeys {
            simulations: Vec::new(),
            uct_seeds: vec![1],
            playout_plies: Vec::new(),
            uct_c: None,
            reward_scale: None,
            in_flight: OneOrMany::default(),
            n_dup: OneOrMany::default(),
            per_broadcast: OneOrMany::default(),
            forward_k: OneOrMany::default(),
            virtual_loss: OneOrMany::default(),
            time_ms: OneOrMany::default(),
            sync_alpha: None,
            sync_min: None,
            sync_max: None,
            merge_delay_us: None,
        }
    }
}

/// A key given one value or a list of them (each a run); none: the
/// default.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
enum OneOrMany<T> {
    One(T),
    Many(Vec<T>),
}

impl<T> Default for OneOrMany<T> {
    fn default() -> Self {
        OneOrMany::Many(Vec::new())
    }
}

impl<T: Copy> OneOrMany<T> {
    /// The values, `None` (the default) when none is given.
    fn values(&self) -> Vec<Option<T>> {
        match self {
            OneOrMany::One(v) => vec![Some(*v)],
            OneOrMany::Many(v) if v.is_empty() => vec![None],
            OneOrMany::Many(v) => v.iter().map(|&x| Some(x)).collect(),
        }
    }

    fn given(&self) -> bool {
        !matches!(self, OneOrMany::Many(v) if v.is_empty())
    }
}

/// UCT's parameters at one point of a grid.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct UctPoint {
    #[serde(skip)]
    ranks: usize,
    #[serde(flatten)]
    seed000: Seed000Key,
    /// None only where none is given, a run its plan refuses.
    simulations: Option<u64>,
    uct_seed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    playout_plies: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    uct_c: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reward_scale: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    judge_depth: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none", flatten)]
    treesplit: Option<TreesplitOptions>,
}

impl UctKeys {
    /// The keys checked against the grid's methods.
    pub(crate) fn check(&self, shared: &SharedKeys) -> Result<(), String> {
        let given = !self.simulations.is_empty()
            || self.uct_seeds != UctKeys::default().uct_seeds
            || !self.playout_plies.is_empty()
            || self.uct_c.is_some()
            || self.reward_scale.is_some()
            || self.treesplit_given();
        let uct = "simulations, uct_seeds, playout_plies, uct_c and reward_scale";
        let treesplit = "in_flight, n_dup, per_broadcast, forward_k, virtual_loss, time_ms, \
                         sync_alpha, sync_min, sync_max and merge_delay_us";
        if !shared.any(Method::is_uct) && given {
            let users = format!("uct and uct-treesplit; {treesplit} for uct-treesplit");
            return Err(unused(uct, &users));
        }
        if self.treesplit_given() && !shared.methods.contains(&Method::UctTreesplit) {
            return Err(unused(treesplit, "uct-treesplit"));
        }
        Ok(())
    }

    fn treesplit_given(&self) -> bool {
        self.in_flight.given()
            || self.n_dup.given()
            || self.per_broadcast.given()
            || self.forward_k.given()
            || self.virtual_loss.given()
            || self.time_ms.given()
            || self.sync_alpha.is_some()
            || self.sync_min.is_some()
            || self.sync_max.is_some()
            || self.merge_delay_us.is_some()
    }

    /// UCT-Treesplit's settings: in flight × N_dup × per broadcast × K ×
    /// virtual loss × time.
    fn treesplit_settings(&self) -> Vec<TreesplitOptions> {
        let (f, n, p) = (
            self.in_flight.values(),
            self.n_dup.values(),
            self.per_broadcast.values(),
        );
        let (k, v, t) = (
            self.forward_k.values(),
            self.virtual_loss.values(),
            self.time_ms.values(),
        );
        let mut all = Vec::new();
        for (&in_flight, &n_dup, &per_broadcast) in product3(&f, &n, &p) {
            for (&forward_k, &virtual_loss, &time_ms) in product3(&k, &v, &t) {
                all.push(TreesplitOptions {
                    time_ms,
                    no_virtual_loss: virtual_loss == Some(false),
                    in_flight,
                    n_dup,
                    per_broadcast,
                    forward_k,
                    sync_alpha: self.sync_alpha,
                    sync_min: self.sync_min,
                    sync_max: self.sync_max,
                    merge_delay_us: self.merge_delay_us,
                });
            }
        }
        all
    }

    /// `method`'s runs: simulations × playout plies × seeds (neither
    /// simulations nor time: one run without, which its plan refuses),
    /// UCT-Treesplit's by ranks and its own settings too.
    pub(crate) fn points(&self, method: Method, shared: &SharedKeys) -> Vec<UctPoint> {
        let simulations = match (self.simulations.is_empty(), self.time_ms.given()) {
            (true, false) => vec![None],
            (true, true) => vec![Some(u64::MAX)],
            (false, _) => self.simulations.iter().map(|&n| Some(n)).collect(),
        };
        let plies: Vec<Option<u32>> = match self.playout_plies.is_empty() {
            true => vec![None],
            false => self.playout_plies.iter().map(|&p| Some(p)).collect(),
        };
        let (ranks, settings): (&[usize], Vec<Option<TreesplitOptions>>) = match method {
            Method::UctTreesplit => (
                &shared.ranks,
                self.treesplit_settings().into_iter().map(Some).collect(),
            ),
            _ => (&[1], vec![None]),
        };
        let mut points = Vec::new();
        for (&simulations, &playout_plies, &uct_seed) in
            product3(&simulations, &plies, &self.uct_seeds)
        {
            for (&ranks, &treesplit) in ranks
                .iter()
                .flat_map(|r| settings.iter().map(move |s| (r, s)))
            {
                points.push(UctPoint {
                    ranks,
                    seed000: Seed000Key::default(),
                    simulations,
                    uct_seed,
                    playout_plies,
                    uct_c: self.uct_c,
                    reward_scale: self.reward_scale,
                    judge_depth: shared.judge_depth,
                    treesplit,
                });
            }
        }
        points
    }
}

impl SweepPoint for UctPoint {
    fn ranks(&self) -> usize {
        self.ranks
    }

    fn apply(&self, o: &mut Options) {
        o.uct = UctOptions {
            simulations: self.simulations,
            uct_c: self.uct_c,
            playout_plies: self.playout_plies,
            reward_scale: self.reward_scale,
            uct_seed: Some(self.uct_seed),
            treesplit: self.treesplit.unwrap_or_default(),
        };
        // UCT's judge depth travels with RBF's options, as on the command line.
        o.rbf.judge_depth = self.judge_depth;
    }
}
