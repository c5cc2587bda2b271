//! The Game plug-in interface: every search in Yomi is generic over it, so
//! the same sequential and parallel algorithms run on shogi and on synthetic
//! trees.

mod branch_limit;
mod family;
mod incremental;
mod ordered;
mod path;
pub mod reference;
pub mod synthetic;

pub use branch_limit::BranchLimit;
pub use family::{GameFamily, Root, RootSpec};
pub use incremental::IncrementalTree;
pub use ordered::{OrderedTree, TreeOrdering};
pub use path::{play_path, take_back};
pub use synthetic::{EdgeModel, EdgeParams, SyntheticTree};

/// Values of states, from the side to move (negamax convention). In shogi a
/// pawn is about 100.
pub type Value = i32;

/// Larger than every value a search can return.
pub const INFINITE: Value = 32_000;
/// The value of a lost state (by default, one with no legal move).
/// Research mode is paper-faithful: one constant, no distance-to-mate
/// adjustment.
pub const LOSS: Value = -30_000;

/// A game tree as the searches see it, and the interface a game plugs in
/// by (seed 004's move generator, evaluation and end test).
///
/// Every search in Yomi — sequential alpha-beta and NegaScout, seed 000's
/// master and workers, the baselines, RBF — is generic over it, and runs
/// on threads, MPI and the virtual cluster unchanged. The book's guide
/// "Plugging in a game" (`docs/game-plugin.md`) takes a game from this trait to
/// `yomi-harness search --tree NAME` (with [`GameFamily`]); its example,
/// tic-tac-toe, is compiled and run as a doctest, and the crate
/// `yomi-pick` is a full plug-in.
///
/// The contract:
/// - Values are from the side to move (negamax), within
///   (−[`INFINITE`], [`INFINITE`]); [`LOSS`] is a lost game.
/// - The children of a state, as a *set*, are a pure function of the
///   state; their order is the game's prediction (most promising first).
///   A search may reorder them from its own results, never change the
///   set, so that every method searches the same tree and must return
///   the same root value. Parallel searches name a node by the indices
///   of its children along the path from the root, so every process
///   must list them in the same order.
/// - A state with no children is over: its value is
///   [`Game::end_value`].
pub trait Game {
    /// A child, as an edge from the current state.
    type Move: Copy + Eq + std::fmt::Debug + std::fmt::Display + Send + 'static;

    /// Replaces `out` with the children of the current state, best predicted
    /// first. An empty list means the game is over ([`Game::end_value`]).
    fn children(&mut self, out: &mut Vec<Self::Move>);

    /// Moves to the child reached by `mv`, one of [`Game::children`].
    fn play(&mut self, mv: Self::Move);

    /// Takes back `mv`, the last move played.
    fn undo(&mut self, mv: Self::Move);

    /// The static value at the search horizon, from the side to move; a
    /// terminal state the game can recognise cheaply gets its end value.
    fn evaluate(&mut self) -> Value;

    /// The value of a state without children, from the side to move. The
    /// default, [`LOSS`], is the rule of games where a player who cannot
    /// move has lost (shogi's mate, pick's last piece); a game that can
    /// end otherwise (a draw, a score) says so here.
    fn end_value(&mut self) -> Value {
        LOSS
    }

    /// A hash of the current state for transposition tables; equal states
    /// have equal hashes in every process.
    fn hash(&self) -> u64;

    /// The hash of the child `mv` reaches, where the game knows it without
    /// playing the move, so that a search can fetch the child's table
    /// entry from memory ahead of the visit; `None` (the default) where
    /// only playing the move tells.
    fn child_hash(&self, _mv: Self::Move) -> Option<u64> {
        None
    }
}
