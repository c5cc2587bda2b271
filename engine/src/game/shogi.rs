//! Shogi as a [`Game`], with the branching limited to the top `b` moves.

use super::{Game, Value, LOSS};
use crate::board::{Move, Position};
use crate::eval;

/// A shogi position whose children are its `b` most promising legal moves
/// (all of them when `b` is 0).
///
/// Moves are ranked by [`eval::move_gain`], the change of the static
/// evaluation the move brings (captures included), ties broken by the move's
/// encoding; so the child set is a pure function of the position.
#[derive(Clone, Debug)]
pub struct ShogiGame {
    pos: Position,
    branch_limit: usize,
    keys: Vec<i64>,
}

impl ShogiGame {
    pub fn new(pos: Position, branch_limit: usize) -> ShogiGame {
        ShogiGame {
            pos,
            branch_limit,
            keys: Vec::with_capacity(crate::board::MAX_MOVES),
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn branch_limit(&self) -> usize {
        self.branch_limit
    }
}

impl Game for ShogiGame {
    type Move = Move;

    fn children(&mut self, out: &mut Vec<Move>) {
        let moves = self.pos.legal_moves();
        // One sortable key per move: higher gain first, then lower encoding.
        self.keys.clear();
        self.keys.extend(
            moves
                .iter()
                .map(|&mv| (-(eval::move_gain(&self.pos, mv) as i64) << 16) | mv.to_bits() as i64),
        );
        self.keys.sort_unstable();
        let keep = match self.branch_limit {
            0 => self.keys.len(),
            b => b.min(self.keys.len()),
        };
        out.clear();
        out.extend(
            self.keys[..keep]
                .iter()
                .map(|&k| Move::from_bits(k as u16).expect("key holds a generated move")),
        );
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        self.pos.make_move(mv);
    }

    #[inline]
    fn undo(&mut self, mv: Move) {
        self.pos.unmake_move(mv);
    }

    fn evaluate(&mut self) -> Value {
        if self.pos.in_check() && self.pos.count_legal_moves() == 0 {
            return LOSS;
        }
        eval::evaluate(&self.pos)
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.pos.hash()
    }
}
