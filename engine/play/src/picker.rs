//! Move ordering for the play search. The table's move is tried before
//! any move is generated (it often cuts off alone); then the rest, best
//! score first by selection: captures and promotions that do not lose
//! material (SEE), most valuable victim first; the two killers; the
//! counter move; quiet moves by history; captures that lose material
//! last.

use super::history::{piece_to, Context, History};
use super::see::{captured_value, see_ge};
use yomi_shogi::board::{Move, MoveList, Position};
use yomi_shogi::eval::piece_value;

const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const BAD_CAPTURE: i32 = -(1 << 28);

/// Whether a move changes material: a capture or a promotion.
#[inline]
pub(crate) fn is_tactical(pos: &Position, mv: Move) -> bool {
    mv.is_promotion() || (!mv.is_drop() && !pos.piece_at(mv.to()).is_empty())
}

/// Most valuable victim, least valuable attacker.
fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let attacker = if mv.is_drop() {
        mv.drop_kind()
    } else {
        pos.piece_at(mv.from()).kind()
    };
    captured_value(pos, mv) * 16 - piece_value(attacker)
}

/// What the search tells the picker about a node.
#[derive(Clone, Copy)]
pub(crate) struct Hints {
    pub table: Move,
    pub killers: [Move; 2],
    pub counter: Move,
    /// The moves one and two plies before, for continuation histories.
    pub context: Context,
}

enum Stage {
    Table,
    Generate,
    Rest,
}

pub(crate) struct Picker {
    hints: Hints,
    stage: Stage,
    /// (score, move), filled once the table move is spent.
    list: Vec<(i32, Move)>,
    next: usize,
}

/// The table move's score: above every generated move.
const TABLE: i32 = 2 * GOOD_CAPTURE;

impl Picker {
    /// `list` is reused storage; `hints.table` must be legal or `Move::NONE`.
    pub(crate) fn new(mut list: Vec<(i32, Move)>, hints: Hints) -> Picker {
        list.clear();
        Picker {
            hints,
            stage: Stage::Table,
            list,
            next: 0,
        }
    }

    /// The next move and its score; `moves` (every move that may be
    /// searched here) is called once, when the table move is spent.
    pub(crate) fn next(
        &mut self,
        pos: &Position,
        history: &History,
        moves: impl FnOnce() -> MoveList,
    ) -> Option<(Move, i32)> {
        if let Stage::Table = self.stage {
            self.stage = Stage::Generate;
            if self.hints.table != Move::NONE {
                return Some((self.hints.table, TABLE));
            }
        }
        if let Stage::Generate = self.stage {
            self.stage = Stage::Rest;
            self.fill(pos, history, &moves());
        }
        let rest = &mut self.list[self.next..];
        let best = (0..rest.len()).max_by_key(|&i| rest[i].0)?;
        rest.swap(0, best);
        let (score, mv) = rest[0];
        self.next += 1;
        Some((mv, score))
    }

    fn fill(&mut self, pos: &Position, history: &History, moves: &[Move]) {
        let us = pos.side_to_move();
        let h = self.hints;
        self.list
            .extend(moves.iter().filter(|&&mv| mv != h.table).map(|&mv| {
                let score = if is_tactical(pos, mv) {
                    let base = if see_ge(pos, mv, 0) {
                        GOOD_CAPTURE
                    } else {
                        BAD_CAPTURE
                    };
                    base + mvv_lva(pos, mv)
                } else if mv == h.killers[0] {
                    KILLER + 2
                } else if mv == h.killers[1] {
                    KILLER + 1
                } else if mv == h.counter {
                    KILLER
                } else {
                    // History only: adding the evaluation's change (4 ×
                    // move_gain) won 58-51-11 in self-play but cost 7-32-1
                    // against 14-25-1 versus YaneuraOu at 100k nodes.
                    history.score(us, mv, piece_to(pos, mv), &h.context)
                };
                (score, mv)
            }));
    }

    /// Leaves out the quiet moves not yet picked, but those `keep` wants:
    /// once pruning would skip every quiet move, the picker need not sort
    /// them.
    pub(crate) fn skip_quiets(&mut self, keep: impl Fn(Move) -> bool) {
        let mut kept = self.next;
        for i in self.next..self.list.len() {
            let (score, mv) = self.list[i];
            let tactical = score >= GOOD_CAPTURE / 2 || Self::is_bad_capture(score);
            if tactical || keep(mv) {
                self.list[kept] = self.list[i];
                kept += 1;
            }
        }
        self.list.truncate(kept);
    }

    /// Whether a score is of a capture that loses material.
    pub(crate) fn is_bad_capture(score: i32) -> bool {
        score < BAD_CAPTURE / 2
    }

    /// Whether a score is of a killer or the counter move.
    pub(crate) fn is_refutation(score: i32) -> bool {
        (KILLER..GOOD_CAPTURE).contains(&score)
    }

    /// The storage back, for the next node at this ply.
    pub(crate) fn into_list(self) -> Vec<(i32, Move)> {
        self.list
    }
}

/// Quiescence ordering: captures and promotions by victim and attacker,
/// the table move first when it is one of them.
pub(crate) fn order_tactical(
    pos: &Position,
    moves: &[Move],
    table: Move,
    out: &mut Vec<(i32, Move)>,
) {
    out.clear();
    out.extend(moves.iter().map(|&mv| {
        let score = if mv == table {
            GOOD_CAPTURE
        } else {
            mvv_lva(pos, mv)
        };
        (score, mv)
    }));
    out.sort_unstable_by_key(|&(s, _)| -s);
}
