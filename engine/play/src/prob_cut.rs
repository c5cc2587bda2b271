//! ProbCut: at a node not on the principal variation, a capture or
//! promotion whose reduced search still clears beta by a margin shows
//! that the move leading here was a mistake, and the node is cut at once
//! (Stockfish's and YaneuraOu's form: the captures that win at least the
//! margin's worth by SEE, each first checked by the quiescence search).

use super::history::piece_to;
use super::picker::{is_tactical, order_tactical};
use super::play_searcher::{PlaySearcher, MATE_ZONE};
use super::see::see_ge;
use super::table::Stored;
use yomi_search::{Bound, Hook};
use yomi_shogi::board::{Move, MoveList};
use yomi_tree::{Game, Value};

/// What the node knows when it tries ProbCut.
pub(super) struct ProbCutNode {
    pub depth: i32,
    pub ply: usize,
    pub beta: Value,
    pub cut: bool,
    pub improving: bool,
    pub static_eval: Value,
    pub raw_eval: Value,
    pub table_move: Move,
    pub table_value: Option<Value>,
    pub tt_pv: bool,
}

impl<H: Hook> PlaySearcher<H> {
    /// The node's value if ProbCut cuts it (`ProbCutMargin` 0: never).
    pub(super) fn prob_cut(&mut self, node: &ProbCutNode) -> Option<Value> {
        let p = &self.params;
        if p.prob_cut_margin == 0 || node.depth < 3 || node.beta.abs() >= MATE_ZONE {
            return None;
        }
        let pc_beta =
            node.beta + p.prob_cut_margin - p.prob_cut_improving * i32::from(node.improving);
        if node.table_value.is_some_and(|v| v < pc_beta) {
            return None;
        }
        let ply = node.ply;
        let mut moves = MoveList::new();
        let pos = self.game.position();
        pos.tactical_moves(&mut moves);
        if self.params.quiet_promotions == 1 {
            moves.retain(|mv| is_tactical(pos, mv, true));
        }
        let mut ordered = std::mem::take(&mut self.stack.frames[ply].moves);
        order_tactical(self.game.position(), &moves, node.table_move, &mut ordered);
        let mut cut = None;
        for &(_, mv) in &ordered {
            let pos = self.game.position();
            if !see_ge(pos, mv, pc_beta - node.static_eval) {
                continue;
            }
            self.table.prefetch(pos.key_after(mv));
            self.stack.frames[ply].played = mv;
            self.stack.frames[ply].piece_to = Some(piece_to(pos, mv));
            self.stack.frames[ply].played_quiet = false;
            self.play(mv);
            let mut v = -self.quiesce(ply + 1, -pc_beta, -pc_beta + 1);
            if v >= pc_beta && node.depth > 4 && !self.clock.aborted {
                v = -self.search_node(node.depth - 4, ply + 1, -pc_beta, -pc_beta + 1, !node.cut);
            }
            self.undo(mv);
            if self.clock.aborted {
                break;
            }
            if v >= pc_beta {
                let stored = Stored {
                    mv,
                    value: Self::value_to_table(v, ply),
                    eval: node.raw_eval,
                    depth: node.depth - 3,
                    bound: Bound::Lower,
                    pv: node.tt_pv,
                };
                self.table.store(self.game.hash(), stored);
                if v.abs() < MATE_ZONE {
                    cut = Some(v - (pc_beta - node.beta));
                    break;
                }
            }
        }
        self.stack.frames[ply].moves = ordered;
        cut
    }
}
