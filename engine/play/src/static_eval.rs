//! The play search's static evaluation: the built-in one, or an NNUE net
//! whose sums follow the search path move by move.

use std::sync::Arc;
use yomi_nnue::{Accumulators, Network};
use yomi_shogi::board::{Move, Position};
use yomi_shogi::eval;
use yomi_tree::Value;

/// Net values are clipped here, well inside the values that mean mate.
const NET_LIMIT: Value = 20_000;

pub(super) enum StaticEval {
    Builtin(Placements),
    Net(Box<Accumulators>),
}

/// The built-in evaluation's material and placement part along the search
/// path, from each position's side to move: a move other than a king's
/// changes it by a few table lookups, so only king safety is computed at
/// every node.
pub(super) struct Placements {
    /// One per position of the path, the root's first; `None` where not
    /// known yet (the root, after a king move).
    path: Vec<Option<Value>>,
}

impl Placements {
    /// At a root: its value not known yet.
    fn new() -> Placements {
        Placements { path: vec![None] }
    }

    #[inline]
    fn push(&mut self, pos: &Position, mv: Move) {
        let parent = self.path.last().copied().flatten();
        let child = parent
            .zip(eval::PLAY.placement_change(pos, mv))
            .map(|(v, change)| -(v + change));
        self.path.push(child);
    }

    #[inline]
    fn evaluate(&mut self, pos: &Position) -> Value {
        let last = self.path.last_mut().expect("the root is never popped");
        let placement = *last.get_or_insert_with(|| eval::PLAY.material_placement(pos));
        eval::PLAY.evaluate_with(pos, placement)
    }
}

impl StaticEval {
    pub(super) fn new(net: Option<Arc<Network>>) -> StaticEval {
        match net {
            Some(net) => StaticEval::Net(Box::new(Accumulators::new(net))),
            None => StaticEval::Builtin(Placements::new()),
        }
    }

    /// The net in use, if any.
    pub(super) fn network(&self) -> Option<Arc<Network>> {
        match self {
            StaticEval::Builtin(_) => None,
            StaticEval::Net(acc) => Some(acc.network().clone()),
        }
    }

    /// Whether a net evaluates (not the built-in evaluation).
    #[inline]
    pub(super) fn is_net(&self) -> bool {
        matches!(self, StaticEval::Net(_))
    }

    /// A new root: the path starts at the game's current position.
    pub(super) fn reset(&mut self) {
        match self {
            StaticEval::Builtin(p) => *p = Placements::new(),
            StaticEval::Net(acc) => acc.reset(),
        }
    }

    /// `mv` is about to be played in `pos`.
    #[inline(always)]
    pub(super) fn push(&mut self, pos: &Position, mv: Move) {
        match self {
            StaticEval::Builtin(p) => p.push(pos, mv),
            StaticEval::Net(acc) => acc.push(pos, mv),
        }
    }

    #[inline(always)]
    pub(super) fn push_null(&mut self) {
        match self {
            StaticEval::Builtin(p) => {
                let parent = p.path.last().copied().flatten();
                p.path.push(parent.map(|v| -v));
            }
            StaticEval::Net(acc) => acc.push_null(),
        }
    }

    /// The last move was taken back.
    #[inline(always)]
    pub(super) fn pop(&mut self) {
        match self {
            StaticEval::Builtin(p) => {
                p.path.pop();
            }
            StaticEval::Net(acc) => acc.pop(),
        }
    }

    /// `pos`'s value for the side to move. A net needs both kings (halfKP
    /// counts from them); without, the built-in evaluation answers.
    #[inline]
    pub(super) fn evaluate(&mut self, pos: &Position) -> Value {
        match self {
            StaticEval::Net(acc) if yomi_nnue::has_kings(pos) => {
                let v = acc.evaluate(pos);
                debug_assert_eq!(
                    Some(v),
                    yomi_nnue::evaluate(acc.network(), pos),
                    "{}",
                    pos.to_sfen()
                );
                v.clamp(-NET_LIMIT, NET_LIMIT)
            }
            StaticEval::Builtin(p) => p.evaluate(pos),
            StaticEval::Net(_) => eval::PLAY.evaluate(pos),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{rngs::StdRng, RngExt, SeedableRng};

    /// Down and up random lines from the professional positions, passes
    /// and king moves among them: the value kept move by move is the value
    /// computed afresh.
    #[test]
    fn the_builtin_value_kept_along_the_path_is_the_fresh_one() {
        let mut rng = StdRng::seed_from_u64(5);
        let mut eval = StaticEval::new(None);
        let mut king_moves = 0;
        for entry in yomi_shogi::positions::pro_middlegame_32() {
            let mut pos = entry.position.clone();
            eval.reset();
            let mut line = Vec::new();
            for step in 0..60 {
                assert_eq!(
                    eval.evaluate(&pos),
                    eval::PLAY.evaluate(&pos),
                    "{}",
                    pos.to_sfen()
                );
                let moves = pos.legal_moves();
                if moves.is_empty() || step % 13 == 12 {
                    // Back up a few moves, then on along another line.
                    for _ in 0..line.len().min(3) {
                        match line.pop() {
                            Some(Some(mv)) => pos.unmake_move(mv),
                            _ => pos.unmake_null_move(),
                        }
                        eval.pop();
                    }
                    continue;
                }
                if step % 7 == 3 && !pos.in_check() {
                    eval.push_null();
                    pos.make_null_move();
                    line.push(None);
                    continue;
                }
                let mv = moves[rng.random_range(0..moves.len())];
                king_moves += usize::from(eval::PLAY.placement_change(&pos, mv).is_none());
                eval.push(&pos, mv);
                pos.make_move(mv);
                line.push(Some(mv));
            }
        }
        assert!(king_moves > 20, "king moves: {king_moves}");
    }
}
