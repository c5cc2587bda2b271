//! The Game plug-in interface: every search in Yomi is generic over it, so
//! the same sequential and parallel algorithms run on shogi and on synthetic
//! trees.

mod shogi;
pub mod synthetic;

pub use shogi::ShogiGame;
pub use synthetic::{EdgeModel, EdgeParams, SyntheticTree};

/// Values of states, from the side to move (negamax convention). In shogi a
/// pawn is about 100.
pub type Value = i32;

/// Larger than every value a search can return.
pub const INFINITE: Value = 32_000;
/// The value of a lost state (no legal move). Research mode is
/// paper-faithful: one constant, no distance-to-mate adjustment.
pub const LOSS: Value = -30_000;

/// A game tree as the searches see it.
///
/// The children of a state, as a *set*, are a pure function of the state;
/// their order is the game's prediction (most promising first). A search may
/// reorder them from its own results, never change the set, so that every
/// method searches the same tree and must return the same root value.
pub trait Game {
    /// A child, as an edge from the current state.
    type Move: Copy + Eq + std::fmt::Debug + std::fmt::Display + Send + 'static;

    /// Replaces `out` with the children of the current state, best predicted
    /// first. An empty list means the state is terminal: the side to move
    /// has lost ([`LOSS`]).
    fn children(&mut self, out: &mut Vec<Self::Move>);

    /// Moves to the child reached by `mv`, one of [`Game::children`].
    fn play(&mut self, mv: Self::Move);

    /// Takes back `mv`, the last move played.
    fn undo(&mut self, mv: Self::Move);

    /// The static value at the search horizon, from the side to move; a
    /// terminal state the game can recognise cheaply gets [`LOSS`].
    /// Research mode needs nothing else; play mode also uses the defaulted
    /// methods below.
    fn evaluate(&mut self) -> Value;

    /// A hash of the current state for transposition tables; equal states
    /// have equal hashes in every process.
    fn hash(&self) -> u64;

    /// Play mode: the children searched beyond the horizon (captures and
    /// the like), best predicted first. Default: none.
    fn tactical_children(&mut self, out: &mut Vec<Self::Move>) {
        out.clear();
    }

    /// Play mode: whether the side to move is in check (no standing pat,
    /// one ply of extension). Default: never.
    fn in_check(&self) -> bool {
        false
    }

    /// Play mode: passes the turn if the game allows it here (null-move
    /// pruning); false, and nothing done, where it does not. Default: never.
    fn play_null(&mut self) -> bool {
        false
    }

    /// Takes back the pass of [`Game::play_null`].
    fn undo_null(&mut self) {}

    /// Play mode: whether `mv`, a child of the current state, changes the
    /// material (captures, promotions); such children are never reduced.
    /// Default: all are.
    fn is_tactical(&self, _mv: Self::Move) -> bool {
        true
    }

    /// Play mode: when the current state repeats an earlier one of the game
    /// or the search path, its outcome for the side to move: a draw, or a
    /// loss or win by perpetual check. Default: never.
    fn repetition(&self) -> Option<Repetition> {
        None
    }
}

/// The value of a drawn state.
pub const DRAW: Value = 0;

/// The outcome of a repeated state, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    Draw,
    /// The side to move gave check all through the cycle.
    Loss,
    /// The opponent gave check all through the cycle.
    Win,
}
