//! What play mode adds to the search: quiescence beyond the horizon, mate
//! distances (kept relative to the node in the table), repetition outcomes.
//! Research mode uses none of it.

use super::alphabeta::{Searcher, MAX_PLY};
use crate::game::{Game, Repetition, Value, DRAW, LOSS};

/// Values this far from [`LOSS`] or beyond are mates (play mode).
const MATE_ZONE: Value = -LOSS - MAX_PLY as Value;

/// Plies to mate in a play-mode value: positive when the side to move mates,
/// negative when it is mated; `None` for other values.
pub fn mate_distance(value: Value) -> Option<i32> {
    if value >= MATE_ZONE {
        Some(-LOSS - value)
    } else if value <= -MATE_ZONE {
        Some(LOSS - value)
    } else {
        None
    }
}

impl<G: Game> Searcher<G> {
    /// The value of being mated at `ply`: research mode has one loss value,
    /// play mode prefers later losses and quicker wins.
    #[inline]
    pub(super) fn loss_value(&self, ply: usize) -> Value {
        if self.options.play {
            LOSS + ply as Value
        } else {
            LOSS
        }
    }

    pub(super) fn repetition_value(&self, r: Repetition, ply: usize) -> Value {
        match r {
            Repetition::Draw => DRAW,
            Repetition::Loss => self.loss_value(ply),
            Repetition::Win => -self.loss_value(ply),
        }
    }

    /// Mate values are stored as distances from the node, not the root.
    #[inline]
    pub(super) fn value_to_table(&self, v: Value, ply: usize) -> Value {
        match v {
            _ if !self.options.play => v,
            v if v >= MATE_ZONE => v + ply as Value,
            v if v <= -MATE_ZONE => v - ply as Value,
            v => v,
        }
    }

    #[inline]
    pub(super) fn value_from_table(&self, v: Value, ply: usize) -> Value {
        match v {
            _ if !self.options.play => v,
            v if v >= MATE_ZONE => v - ply as Value,
            v if v <= -MATE_ZONE => v + ply as Value,
            v => v,
        }
    }

    /// Captures and promotions beyond the horizon until the position is
    /// quiet: the side to move may stand pat on the static value, except in
    /// check, where every evasion is searched. Fail-hard.
    pub(super) fn quiesce(&mut self, ply: usize, mut alpha: Value, beta: Value) -> Value {
        self.stats.nodes += 1;
        self.stats.seldepth = self.stats.seldepth.max(ply as u32);
        if self.out_of_budget() {
            return 0;
        }
        if ply >= MAX_PLY {
            self.stats.leaves += 1;
            return self.game.evaluate();
        }
        let mut moves = std::mem::take(&mut self.plies[ply].children);
        if self.game.in_check() {
            self.game.children(&mut moves);
            if moves.is_empty() {
                self.plies[ply].children = moves;
                self.stats.leaves += 1;
                return self.loss_value(ply).clamp(alpha, beta);
            }
        } else {
            self.stats.leaves += 1;
            let stand_pat = self.game.evaluate();
            if stand_pat >= beta {
                self.plies[ply].children = moves;
                return beta;
            }
            alpha = alpha.max(stand_pat);
            self.game.tactical_children(&mut moves);
        }
        for &mv in &moves {
            self.game.play(mv);
            let v = -self.quiesce(ply + 1, -beta, -alpha);
            self.game.undo(mv);
            if self.aborted {
                break;
            }
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    alpha = beta;
                    break;
                }
            }
        }
        self.plies[ply].children = moves;
        alpha
    }
}
