//! What every family's sweep keys stand on: the grid's keys that several
//! families read, the four keys of seed 000 that every run's key holds,
//! and the point a family gives one run.

use crate::plan::options::Options;
use serde::{Deserialize, Serialize};
use yomi_record::{Method, TableSharing};

/// A grid's keys that every grid has or several families read; each
/// family's own keys are in its `sweep_keys`.
#[derive(Deserialize)]
pub(crate) struct SharedKeys {
    pub b: Vec<u16>,
    pub d: Vec<u32>,
    pub methods: Vec<Method>,
    /// The master's plies: seed 000's parallel methods and the sequential
    /// §5.2 variants.
    #[serde(default)]
    pub d_prime: Vec<u32>,
    /// Instead of d_prime: d − d′, the tasks' depth, for every d.
    #[serde(default)]
    pub task_depth: Vec<u32>,
    /// Ranks, the master included: every parallel method but the split
    /// methods (which run on their processor trees).
    #[serde(default)]
    pub ranks: Vec<usize>,
    /// with-share, and the sequential search's partial sharing.
    #[serde(default = "default_share_plies")]
    pub share_plies: Vec<u32>,
    /// RBF and UCT: the depth moves are judged at.
    pub judge_depth: Option<u32>,
}

fn default_share_plies() -> Vec<u32> {
    vec![4]
}

impl SharedKeys {
    /// Whether the grid gives the master's plies (d_prime or task_depth).
    pub(crate) fn d_prime_given(&self) -> bool {
        !self.d_prime.is_empty() || !self.task_depth.is_empty()
    }

    pub(crate) fn any(&self, f: impl Fn(Method) -> bool) -> bool {
        self.methods.iter().any(|&m| f(m))
    }
}

/// Why a grid's key is refused when none of its methods uses it: the one
/// wording of that rule for every family.
pub(crate) fn unused(keys: &str, users: &str) -> String {
    let verb = if keys.contains(',') || keys.contains(" and ") {
        "are"
    } else {
        "is"
    };
    format!("{keys} {verb} for {users}")
}

/// Seed 000's four keys, in every run's key since the first sweeps (none,
/// or false, where a run has no such setting), so that the keys of
/// earlier runs stay as they were.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub(crate) struct Seed000Key {
    pub eps: Option<i32>,
    pub share_plies: Option<u32>,
    pub sharing: Option<TableSharing>,
    pub full_windows: bool,
}

/// One family's settings at one point of a grid: what its run's key
/// holds beside b, d and the method, and what it gives the run's options.
pub(crate) trait SweepPoint {
    /// Ranks, the master included (1: sequential).
    fn ranks(&self) -> usize;
    /// The master's plies, or the sequential search's table split.
    fn d_prime(&self) -> Option<u32> {
        None
    }
    /// The family's options of the run set from this point (the others
    /// stay at their defaults).
    fn apply(&self, o: &mut Options);
}

/// Every (a, b, c) of three lists, the first varying slowest.
pub(crate) fn product3<'a, A, B, C>(
    a: &'a [A],
    b: &'a [B],
    c: &'a [C],
) -> impl Iterator<Item = (&'a A, &'a B, &'a C)> {
    a.iter()
        .flat_map(move |x| b.iter().flat_map(move |y| c.iter().map(move |z| (x, y, z))))
}

/// `values` as settings, `[None]` where none is given.
pub(crate) fn some_or_none<T: Copy>(values: &[T]) -> Vec<Option<T>> {
    match values.is_empty() {
        true => vec![None],
        false => values.iter().map(|&v| Some(v)).collect(),
    }
}
