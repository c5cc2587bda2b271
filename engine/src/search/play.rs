//! What play mode adds to the search: quiescence beyond the horizon, mate
//! distances (kept relative to the node in the table), repetition outcomes,
//! null-move pruning and late move reductions. Research mode uses none of it.

use super::alphabeta::{Searcher, MAX_PLY};
use super::hook::Hook;
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

impl<G: Game, H: Hook> Searcher<G, H> {
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

    /// Null-move pruning: when even passing keeps the value at or above
    /// `beta` in a shallower search, the node fails high. Not twice in a
    /// row, not near mate scores, not in check (the caller checks that).
    pub(super) fn null_move_cutoff(
        &mut self,
        depth: u32,
        ply: usize,
        beta: Value,
    ) -> Option<Value> {
        if !self.options.play
            || ply == 0
            || depth < 3
            || self.plies[ply - 1].null
            || beta.abs() >= MATE_ZONE
            || self.game.evaluate() < beta
            || !self.game.play_null()
        {
            return None;
        }
        self.plies[ply].null = true;
        let r = 2 + depth / 4;
        let v = -self.alphabeta(depth.saturating_sub(1 + r), ply + 1, -beta, -beta + 1);
        self.plies[ply].null = false;
        self.game.undo_null();
        (v >= beta && !self.aborted).then_some(beta)
    }

    /// Plies by which the `i`-th child searched (from 0) is reduced: late
    /// quiet moves at depth ≥ 3 lose one ply, very late ones two.
    pub(super) fn reduction(&self, i: usize, depth: u32, quiet: bool) -> u32 {
        if !(self.options.play && self.options.reductions && quiet && depth >= 3 && i >= 3) {
            return 0;
        }
        if i >= 8 && depth >= 4 {
            2
        } else {
            1
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
