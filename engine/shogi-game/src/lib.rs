//! Shogi as a [`Game`], with the branching limited to the top `b` moves:
//! where the shogi rules and Yomi's game trees meet, so that neither
//! needs the other.

use yomi_shogi::board::{CheckSquares, Move, Position};
use yomi_shogi::eval;
use yomi_tree::{BranchLimit, Game, Value, LOSS};

mod history;

use history::History;
pub use history::Repetition;

/// The value of a drawn state.
pub const DRAW: Value = 0;

/// A shogi position whose children are its `b` most promising legal moves
/// (all of them when `b` is 0).
///
/// Moves are ranked by [`eval::RESEARCH`]'s `move_gain`, the change of the static
/// evaluation the move brings (captures included), ties broken by the move's
/// encoding; so the child set is a pure function of the position.
///
/// It also remembers every state since it was made (hash, in check), for
/// the play search's repetition rules: build it on a game's first position
/// and play the game's moves on it.
#[derive(Clone, Debug)]
pub struct ShogiGame {
    pos: Position,
    branch_limit: BranchLimit,
    keys: Vec<i64>,
    history: History,
    /// The game is drawn once this many moves have been played (`None`:
    /// no limit).
    move_limit: Option<u32>,
}

impl ShogiGame {
    pub fn new(pos: Position, branch_limit: BranchLimit) -> ShogiGame {
        let history = History::new(pos.hash(), pos.in_check());
        ShogiGame {
            pos,
            branch_limit,
            keys: Vec::with_capacity(yomi_shogi::board::MAX_MOVES),
            history,
            move_limit: None,
        }
    }

    /// Draws the game once `moves` moves have been played, as YaneuraOu
    /// reads its `MaxMovesToDraw`: the position before move `moves + 1`
    /// (SFEN move number `moves + 1`) is a draw unless its side to move is
    /// mated. `None`: no limit.
    pub fn set_move_limit(&mut self, moves: Option<u32>) {
        self.move_limit = moves;
    }

    /// Whether the move limit has been passed here (see
    /// [`ShogiGame::set_move_limit`]).
    #[inline]
    pub fn past_move_limit(&self) -> bool {
        self.move_limit.is_some_and(|n| self.pos.ply() > n)
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn branch_limit(&self) -> BranchLimit {
        self.branch_limit
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.pos.in_check()
    }

    /// A move that mates at once (the side to move not in check), given
    /// the position's checks.
    pub fn mate_in_one_by(&mut self, squares: &CheckSquares) -> Option<Move> {
        self.pos.mate_in_one_by(squares)
    }

    /// Plays `mv`, known to give check or not, the key after it given
    /// (see [`Position::make_move_keyed`]).
    #[inline]
    pub fn play_keyed(&mut self, mv: Move, gives_check: bool, key: u64) {
        self.pos.make_move_keyed(mv, gives_check, key);
        self.history.push(self.pos.hash(), self.pos.in_check());
    }

    /// Passing is allowed when not in check. The pass is a wall in the
    /// history: no repetition is seen across it.
    pub fn play_null(&mut self) -> bool {
        if self.pos.in_check() {
            return false;
        }
        self.pos.make_null_move();
        self.history.push_wall();
        true
    }

    /// Takes back the pass of [`ShogiGame::play_null`].
    pub fn undo_null(&mut self) {
        self.pos.unmake_null_move();
        self.history.pop();
    }

    /// The current position repeats one with the same side to move: a draw,
    /// unless one side gave check in every one of its turns of the cycle
    /// (perpetual check loses).
    pub fn repetition(&self) -> Option<Repetition> {
        self.history.repetition()
    }
}

/// Writes the `limit` best of `moves` to `out`, best first:
/// higher [`eval::RESEARCH`]'s `move_gain` first, then the lower encoding. `keys` is scratch.
fn rank(
    pos: &Position,
    moves: impl Iterator<Item = Move>,
    limit: BranchLimit,
    keys: &mut Vec<i64>,
    out: &mut Vec<Move>,
) {
    keys.clear();
    keys.extend(
        moves.map(|mv| (-(eval::RESEARCH.move_gain(pos, mv) as i64) << 16) | mv.to_bits() as i64),
    );
    keys.sort_unstable();
    let keep = limit.keep(keys.len());
    out.clear();
    out.extend(
        keys[..keep]
            .iter()
            .map(|&k| Move::from_bits(k as u16).expect("key holds a generated move")),
    );
}

impl Game for ShogiGame {
    type Move = Move;

    fn children(&mut self, out: &mut Vec<Move>) {
        let moves = self.pos.legal_moves();
        rank(
            &self.pos,
            moves.iter().copied(),
            self.branch_limit,
            &mut self.keys,
            out,
        );
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        self.pos.make_move(mv);
        self.history.push(self.pos.hash(), self.pos.in_check());
    }

    #[inline]
    fn undo(&mut self, mv: Move) {
        self.pos.unmake_move(mv);
        self.history.pop();
    }

    fn evaluate(&mut self) -> Value {
        if self.pos.in_check() && self.pos.count_legal_moves() == 0 {
            return LOSS;
        }
        eval::RESEARCH.evaluate(&self.pos)
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.pos.hash()
    }
}
