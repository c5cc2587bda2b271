//! The quiescence search beyond the horizon: the side to move may stand pat
//! on the static value or try captures and promotions, pruned as
//! YaneuraOu prunes them (past the first two only checks and recaptures,
//! none that cannot reach alpha or loses material); in check it must
//! answer, with every evasion until one escapes mate, then captures only.
//! A mate in one, where the table knows nothing of the node, is its value.
//! Fail-soft.

use super::history::piece_to;
use super::picker::order_tactical;
use super::play_searcher::{proves, PlaySearcher, MATE_ZONE, MAX_PLY, NO_EVAL};
use super::see::{captured_value, see_ge};
use super::table::Stored;
use yomi_search::{Bound, Hook};
use yomi_shogi::board::{CheckSquares, Move, MoveList, Square};
use yomi_tree::{Game, Value, INFINITE, LOSS};

impl<H: Hook> PlaySearcher<H> {
    /// The node function's steps are numbered as `search_node`'s are.
    pub(super) fn quiesce(&mut self, ply: usize, mut alpha: Value, beta: Value) -> Value {
        // Step 1. The selective depth (the move here was counted as a node).
        self.counts.stats.seldepth = self.counts.stats.seldepth.max(ply as u32);
        self.stack.frames[ply].pv.clear();
        // Step 2. Stopped search, maximum ply, move limit.
        if self.out_of_budget() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        if self.game.past_move_limit() {
            return self.move_limit_value(ply);
        }
        // Step 3. The table: a stored value that settles the window ends the node.
        let in_check = self.game.in_check();
        let pv_node = beta - alpha > 1;
        let key = self.game.hash();
        let hit = self.table.probe(key);
        if let Some(h) = hit.filter(|_| !pv_node) {
            let v = Self::value_from_table(h.value, ply);
            if proves(h.bound, v, alpha, beta) {
                return v;
            }
        }
        // Step 4. In check, every evasion; else stand pat on the static
        // value, a mate in one, and the captures and promotions.
        let mut moves = MoveList::new();
        // The checks open to the side to move, worked out when first needed.
        let mut checks = None;
        let (raw_eval, stand_pat) = if in_check {
            moves = self.allowed_moves();
            if moves.is_empty() {
                return LOSS + ply as Value;
            }
            (NO_EVAL, -INFINITE)
        } else {
            let correction_read = self.correction_keys(ply);
            let raw = match hit {
                Some(h) if h.eval != NO_EVAL => h.eval,
                _ => self.evaluate(),
            };
            let corrected = self.corrected(raw, correction_read.as_ref());
            self.counts.stats.leaves += 1;
            if corrected >= beta {
                return self.toward_beta(corrected, beta);
            }
            // Asked only where standing pat does not already cut: there a
            // mate could only raise a value that cuts anyway.
            if hit.is_none() {
                let squares = checks.insert(CheckSquares::new(self.game.position()));
                if let Some(v) = self.mate_at_once(key, ply, squares.as_ref(), false) {
                    return v;
                }
            }
            let pos = self.game.position();
            alpha = alpha.max(corrected);
            pos.tactical_moves(&mut moves, self.non_promotions());
            (raw, corrected)
        };
        let mut best = stand_pat;
        // Step 5. The moves in order: the table move, then MVV-LVA.
        let table_move = hit.map_or(Move::NONE, |h| h.mv);
        let mut ordered = std::mem::take(&mut self.stack.frames[ply].moves);
        let learnt = self.capture_history().then_some(&self.history);
        order_tactical(
            self.game.position(),
            learnt,
            &moves,
            table_move,
            &mut ordered,
        );
        let mut best_move = Move::NONE;
        let node = Node {
            in_check,
            stand_pat,
            recaptured: self.stack.arrived_on(ply),
        };
        // Step 6. Loop over the moves.
        for (i, &(_, mv)) in ordered.iter().enumerate() {
            // Step 7. Pruning.
            if let Some(raised) = self.left_out(&node, mv, i + 1, best, alpha, &mut checks) {
                best = best.max(raised);
                continue;
            }
            // Step 8. Make the move, search it, take it back.
            let key_after = self.game.position().key_after(mv);
            self.table.prefetch(key_after);
            self.stack.frames[ply].played = mv;
            self.stack.frames[ply].piece_to = Some(piece_to(self.game.position(), mv));
            self.play_keyed(mv, true, key_after);
            let v = -self.quiesce(ply + 1, -beta, -alpha);
            self.undo(mv);
            if self.clock.aborted {
                break;
            }
            // Step 9. A new best move: a raised alpha or a cutoff.
            if v > best {
                best = v;
                if v > alpha {
                    best_move = mv;
                    if v >= beta {
                        break;
                    }
                    alpha = v;
                }
            }
        }
        self.stack.frames[ply].moves = ordered;
        if self.clock.aborted {
            return 0;
        }
        if best > beta {
            best = self.toward_beta(best, beta);
        }
        // Step 10. The table keeps the result.
        let bound = if best >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        let stored = Stored {
            mv: best_move,
            value: Self::value_to_table(best, ply),
            eval: raw_eval,
            depth: 0,
            bound,
            pv: hit.is_some_and(|h| h.pv),
        };
        self.table.store(key, stored);
        best
    }
}

/// What step 7 of the quiescence search knows of its node.
struct Node {
    in_check: bool,
    stand_pat: Value,
    /// The square of the move that led here.
    recaptured: Option<Square>,
}

impl<H: Hook> PlaySearcher<H> {
    /// Whether the quiescence search leaves a move out, and if so the value
    /// it still stands for (at most alpha; `-INFINITE`: none); `count` is
    /// the move's place in the order, from 1. In YaneuraOu's form
    /// (`QuiescencePruning 1`, the default: +76 Elo, 259-161-33 in an SPRT
    /// of 453 games at byoyomi 100 ms), once the side to move is safe from
    /// mate: a move that neither checks nor recaptures only among the
    /// first two, and only if it can reach alpha and loses less than the
    /// margin short of it in exchange; in check only captures and
    /// promotions; then SEE (losing at most `QuiescenceSee`). The old form (0): not in check, captures that
    /// cannot come within the delta margin of alpha or lose material.
    fn left_out(
        &self,
        node: &Node,
        mv: Move,
        count: usize,
        best: Value,
        alpha: Value,
        checks: &mut Option<Option<CheckSquares>>,
    ) -> Option<Value> {
        let pos = self.game.position();
        let margin = self.params.delta_margin;
        if self.params.quiescence_pruning == 0 {
            let futile =
                !mv.is_promotion() && node.stand_pat + captured_value(pos, mv) + margin <= alpha;
            let left = !node.in_check && (futile || !see_ge(pos, mv, 0));
            return left.then_some(-INFINITE);
        }
        if best <= -MATE_ZONE {
            return None; // nothing yet escapes mate: every move is tried
        }
        if node.in_check {
            if !pos.is_tactical(mv) {
                return Some(-INFINITE);
            }
        } else {
            let squares = checks.get_or_insert_with(|| CheckSquares::new(pos));
            let gives_check = squares.as_ref().is_some_and(|c| c.gives_check(pos, mv));
            if !gives_check && Some(mv.to()) != node.recaptured {
                if count > 2 {
                    return Some(-INFINITE);
                }
                let futility_base = node.stand_pat + margin;
                let futility_value = futility_base + captured_value(pos, mv);
                if futility_value <= alpha {
                    return Some(futility_value);
                }
                if !see_ge(pos, mv, alpha - futility_base) {
                    return Some(alpha.min(futility_base));
                }
            }
        }
        (!see_ge(pos, mv, -self.params.quiescence_see)).then_some(-INFINITE)
    }

    /// A value that cuts off, drawn halfway to beta (`QuiescenceDamping
    /// 1`, YaneuraOu's form; mate values kept), or as it is.
    fn toward_beta(&self, v: Value, beta: Value) -> Value {
        if self.params.quiescence_damping == 1 && v.abs() < MATE_ZONE {
            (v + beta) / 2
        } else {
            v
        }
    }
}
