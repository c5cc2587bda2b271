//! How a game plugged in from a crate of its own is named to the harness:
//! `yomi-harness search --tree NAME --position SPEC --seeds A-B`.

use super::Game;
use std::ops::RangeInclusive;

/// One root of a tree set.
#[derive(Clone, Debug)]
pub struct Root<G> {
    /// Stable and complete: given as `--position`, it names this root
    /// alone, so that one tree can be searched again from its record (an
    /// MPI launch, a resumed sweep).
    pub name: String,
    /// The set of comparable roots it belongs to (e.g. boards of one size),
    /// by which reports average; `None`: the whole set is one group.
    pub group: Option<String>,
    pub root: G,
}

/// What a `--tree` is given beside its name.
#[derive(Clone, Debug)]
pub struct RootSpec<'a> {
    /// `--position`: the family's own text (a position, or how to draw
    /// positions at random).
    pub position: &'a str,
    /// `--seeds`, for families that draw roots at random.
    pub seeds: RangeInclusive<u64>,
    /// `--b`: children kept at each node (0: every one), for families that
    /// limit branching.
    pub b: u16,
}

/// A game as the harness names it. Implemented beside the game (see the
/// book's plug-in guide, `docs/game-plugin.md`); the harness lists each family once.
pub trait GameFamily {
    type Game: Game + Clone + Send + Sync + 'static;
    /// `--tree` name (lowercase, `-` between words).
    const NAME: &'static str;
    /// One line for `--help`.
    const ABOUT: &'static str;
    /// Time a node takes on the machines of the paper that the game comes
    /// from, µs: the virtual cluster's `--node-cost-us paper`.
    const PAPER_NODE_US: f64;

    /// The roots `spec` names, in order, or why it names none.
    fn roots(spec: &RootSpec) -> Result<Vec<Root<Self::Game>>, String>;
}
