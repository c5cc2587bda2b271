//! What the play search learns about quiet moves as it goes: killer moves
//! (quiet moves that cut off at the same ply), a counter move for each
//! opponent move, a history score per (side, origin or drop, destination,
//! promotion), and continuation histories: a score per (piece and square
//! of a move one, two, four or six plies before, piece and square of this
//! one; the search's `ContinuationPlies` says how many of those it uses).
//! Scores rise when a move cuts off and fall when it was tried before one
//! that did. Captures and promotions have a history of their own, per
//! (piece and square after the move, kind taken).

use yomi_shogi::board::{Color, Move, Position};

/// A move as the piece that stands on its destination afterwards (its
/// kind, promoted or dropped) and that square: `kind · 81 + square`.
pub(crate) type PieceTo = usize;
pub(crate) const PIECE_TO: usize = 15 * 81;

pub(crate) fn piece_to(pos: &Position, mv: Move) -> PieceTo {
    let kind = if mv.is_drop() {
        mv.drop_kind()
    } else {
        let kind = pos.piece_at(mv.from()).kind();
        if mv.is_promotion() {
            kind.promoted()
        } else {
            kind
        }
    };
    kind.index() * 81 + mv.to().index()
}

/// A capture or promotion as [`PieceTo`] and the kind it takes (0 for
/// none): `piece_to · 15 + kind`.
pub(crate) type CaptureKey = usize;
const CAPTURE_KEYS: usize = PIECE_TO * 15;

pub(crate) fn capture_key(pos: &Position, mv: Move) -> CaptureKey {
    let taken = if mv.is_drop() {
        0
    } else {
        let piece = pos.piece_at(mv.to());
        if piece.is_empty() {
            0
        } else {
            piece.kind().index()
        }
    };
    piece_to(pos, mv) * 15 + taken
}

/// How many plies before a node the moves of its [`Context`] were played.
pub(crate) const CONTEXT_PLIES: [usize; 4] = [1, 2, 4, 6];

/// The moves [`CONTEXT_PLIES`] before a node (`None`: a pass, or before
/// the root).
pub(crate) type Context = [Option<PieceTo>; 4];

/// History scores stay within ±`HISTORY_MAX`.
pub(crate) const HISTORY_MAX: i32 = 16_384;

/// A move's 15 bits without the none-bit: origin or drop kind,
/// destination, promotion.
#[inline(always)]
fn index(side: Color, mv: Move) -> usize {
    side.index() << 15 | usize::from(mv.to_bits() & 0x7fff)
}

pub(crate) struct History {
    butterfly: Vec<i16>,
    continuation: Vec<i16>,
    capture: Vec<i16>,
    counters: Vec<Move>,
    killers: Vec<[Move; 2]>,
}

impl History {
    pub(crate) fn new(plies: usize) -> History {
        History {
            butterfly: vec![0; 2 << 15],
            continuation: vec![0; PIECE_TO * PIECE_TO],
            capture: vec![0; CAPTURE_KEYS],
            counters: vec![Move::NONE; 2 << 15],
            killers: vec![[Move::NONE; 2]; plies],
        }
    }

    /// Forgets everything (a new game).
    pub(crate) fn clear(&mut self) {
        self.butterfly.fill(0);
        self.continuation.fill(0);
        self.capture.fill(0);
        self.counters.fill(Move::NONE);
        self.clear_killers();
    }

    /// Killers are ply-relative: they do not carry over to another root.
    pub(crate) fn clear_killers(&mut self) {
        self.killers.fill([Move::NONE; 2]);
    }

    /// Ages history between searches so that newer results weigh more.
    pub(crate) fn age(&mut self) {
        // A loop per table: the compiler vectorises each (a chained
        // iterator it does not, and the 3 MB then took milliseconds a move).
        for table in [
            &mut self.butterfly,
            &mut self.continuation,
            &mut self.capture,
        ] {
            for h in table.iter_mut() {
                *h /= 2;
            }
        }
    }

    /// A quiet move's score: its history and its continuation histories.
    #[inline]
    pub(crate) fn score(&self, side: Color, mv: Move, to: PieceTo, context: &Context) -> i32 {
        let mut score = i32::from(self.butterfly[index(side, mv)]);
        for before in context.iter().flatten() {
            score += i32::from(self.continuation[before * PIECE_TO + to]);
        }
        score
    }

    /// [`History::score`] for the quiet moves of one node (the same
    /// scores).
    #[inline]
    pub(crate) fn quiet_scores(&self, side: Color, context: &Context) -> QuietScores<'_> {
        let half = side.index() << 15;
        let mut scores = QuietScores {
            butterfly: &self.butterfly[half..half + (1 << 15)],
            rows: [&NO_ROW; 4],
            used: 0,
        };
        for &b in context.iter().flatten() {
            scores.rows[scores.used] = &self.continuation[b * PIECE_TO..(b + 1) * PIECE_TO];
            scores.used += 1;
        }
        scores
    }

    /// A capture's or promotion's score.
    #[inline]
    pub(crate) fn capture_score(&self, key: CaptureKey) -> i32 {
        i32::from(self.capture[key])
    }

    /// At a node whose best move is `best` (a capture or promotion, or
    /// `None` for a quiet one), the captures and promotions `tried` before
    /// it fall by `bonus` and `best` rises by as much.
    pub(crate) fn capture_cutoff(
        &mut self,
        bonus: i32,
        best: Option<CaptureKey>,
        tried: &[CaptureKey],
    ) {
        if let Some(key) = best {
            gravity(&mut self.capture[key], bonus);
        }
        for &key in tried {
            gravity(&mut self.capture[key], -bonus);
        }
    }

    #[inline]
    pub(crate) fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers[ply]
    }

    /// The move that last refuted `previous` (played by the other side).
    #[inline]
    pub(crate) fn counter(&self, side: Color, previous: Move) -> Move {
        if previous == Move::NONE {
            Move::NONE
        } else {
            self.counters[index(side, previous)]
        }
    }

    /// `best` (quiet) cut off at `ply` after the quiet moves `tried` failed:
    /// its histories rise by `bonus`, theirs fall by `malus`; `previous` is
    /// the opponent's move before it, `context` the moves before the node.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn cutoff(
        &mut self,
        side: Color,
        ply: usize,
        bonus: i32,
        malus: i32,
        best: (Move, PieceTo),
        tried: &[(Move, PieceTo)],
        previous: Move,
        context: &Context,
    ) {
        let (best, best_to) = best;
        let k = &mut self.killers[ply];
        if k[0] != best {
            k[1] = k[0];
            k[0] = best;
        }
        if previous != Move::NONE {
            self.counters[index(side, previous)] = best;
        }
        self.update(side, best, best_to, context, bonus);
        for &(mv, to) in tried {
            self.update(side, mv, to, context, -malus);
        }
    }

    /// The quiet move `mv` (landing as `to`) of `side`, played after
    /// `context`, moves by `bonus` in its history and continuation
    /// histories.
    pub(crate) fn update(
        &mut self,
        side: Color,
        mv: Move,
        to: PieceTo,
        context: &Context,
        bonus: i32,
    ) {
        gravity(&mut self.butterfly[index(side, mv)], bonus);
        for before in context.iter().flatten() {
            gravity(&mut self.continuation[before * PIECE_TO + to], bonus);
        }
    }
}

/// A continuation row of zeros, for a move before the node that is not
/// there (a pass, or before the root).
static NO_ROW: [i16; PIECE_TO] = [0; PIECE_TO];

/// [`History::score`] with the tables' rows for one side and context
/// looked up once, not at every move of the node.
pub(crate) struct QuietScores<'a> {
    butterfly: &'a [i16],
    /// The continuation rows of the moves the context has, first `used`.
    rows: [&'a [i16]; 4],
    used: usize,
}

impl QuietScores<'_> {
    #[inline(always)]
    pub(crate) fn of(&self, mv: Move, to: PieceTo) -> i32 {
        let mut score = i32::from(self.butterfly[usize::from(mv.to_bits() & 0x7fff)]);
        for row in &self.rows[..self.used] {
            score += i32::from(row[to]);
        }
        score
    }
}

/// Moves a score towards ±HISTORY_MAX by `bonus`, less the nearer it is.
fn gravity(h: &mut i16, bonus: i32) {
    let v = i32::from(*h);
    *h = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
}

#[cfg(test)]
mod tests {
    use super::*;
    use yomi_shogi::board::Square;

    #[test]
    fn cutoffs_teach_killers_counters_and_history() {
        let mv = |a, b| Move::normal(Square::from_index(a), Square::from_index(b), false);
        let mut h = History::new(8);
        let (good, bad, previous) = (mv(1, 2), mv(3, 4), mv(5, 6));
        let context = [Some(100), None, None, None];
        let score = |h: &History, side, m: Move, to| h.score(side, m, to, &context);
        h.cutoff(
            Color::Black,
            3,
            320,
            320,
            (good, 7),
            &[(bad, 8)],
            previous,
            &context,
        );
        assert_eq!(h.killers(3), [good, Move::NONE]);
        assert_eq!(h.counter(Color::Black, previous), good);
        assert!(score(&h, Color::Black, good, 7) > 0 && score(&h, Color::Black, bad, 8) < 0);
        // The continuation history is not per side; the butterfly one is.
        assert_eq!(
            score(&h, Color::White, good, 7),
            score(&h, Color::Black, good, 7) / 2
        );
        assert_eq!(
            h.score(Color::Black, good, 7, &[None; 4]),
            score(&h, Color::Black, good, 7) / 2
        );
        for _ in 0..1000 {
            h.cutoff(
                Color::Black,
                3,
                1600,
                1600,
                (good, 7),
                &[],
                previous,
                &context,
            );
        }
        assert!(score(&h, Color::Black, good, 7) <= 2 * HISTORY_MAX);
        // The scores of a node's moves at once are the scores one by one.
        for context in [context, [None, Some(100), None, Some(7)], [None; 4]] {
            for side in [Color::Black, Color::White] {
                let scores = h.quiet_scores(side, &context);
                for (m, to) in [(good, 7), (bad, 8), (previous, 100)] {
                    assert_eq!(scores.of(m, to), h.score(side, m, to, &context));
                }
            }
        }
        h.clear();
        assert_eq!(score(&h, Color::Black, good, 7), 0);
        // An update moves only its move's scores.
        h.update(Color::White, good, 7, &context, 320);
        assert!(score(&h, Color::White, good, 7) > 0);
        assert_eq!(score(&h, Color::Black, bad, 8), 0);
        assert_eq!(h.killers(3), [Move::NONE; 2]);
        assert_eq!(h.counter(Color::White, previous), Move::NONE);
    }
}
