//! Move ordering for the play search, in stages so that a node that cuts
//! off early never generates or scores the rest: the table's move; then
//! captures and promotions, most valuable victim first (with the capture
//! history added where the search's `CaptureHistory` says), each judged by SEE
//! only when picked (those that lose material wait for the end); the two
//! killers and the counter move, each checked legal alone; the quiet moves
//! by history; the captures that lose material. A branch-limited node gets
//! its allowed moves at once and picks among them in the same order.

use super::history::{capture_key, piece_to, Context, History};
use super::see::{captured_value, see_ge};
use yomi_shogi::board::{CheckSquares, EachMove, Move, NonPromotions, Position};
use yomi_shogi::eval::piece_value;

const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const BAD_CAPTURE: i32 = -(1 << 28);

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
    /// Whether captures are ordered by their history too.
    pub capture_history: bool,
    /// How far above its history a quiet check that keeps its material is
    /// ordered (see [`check_bonus`]).
    pub quiet_check_bonus: i32,
    /// Which moves that could promote but do not are generated.
    pub non_promotions: NonPromotions,
}

/// What a quiet move's order gains for checking (`QuietCheckBonus`,
/// YaneuraOu's form): `bonus` where it checks and loses at most 75 by SEE.
pub(crate) fn check_bonus(bonus: i32, pos: &Position, mv: Move, gives_check: bool) -> i32 {
    if bonus != 0 && gives_check && see_ge(pos, mv, -75) {
        bonus
    } else {
        0
    }
}

/// A capture's or promotion's score: victim and attacker, and its history
/// where one is given.
fn capture_score(pos: &Position, history: Option<&History>, mv: Move) -> i32 {
    let learnt = history.map_or(0, |h| h.capture_score(capture_key(pos, mv)));
    mvv_lva(pos, mv) + learnt
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Table,
    GenerateCaptures,
    GoodCaptures,
    /// The killers and the counter move: the index of the next one.
    Refutations(usize),
    GenerateQuiets,
    Quiets,
    BadCaptures,
    /// A branch-limited node: its moves, all scored at once.
    Allowed,
}

pub(crate) struct Picker<'a> {
    hints: Hints,
    stage: Stage,
    /// Scored moves: the captures that lost material at the front
    /// (`..bad_end`), then the stage's moves, picked from `next` on.
    list: Vec<(i32, Move)>,
    next: usize,
    bad_end: usize,
    /// The refutations already tried, kept out of the quiet moves.
    refuted: [Move; 3],
    /// The checks open to the side to move (`None`: the opponent has no
    /// king).
    checks: Option<&'a CheckSquares>,
    /// What pruning has left of the quiet moves.
    quiets: Quiets,
    /// A branch-limited node's moves (see [`Stage::Allowed`]).
    allowed: Option<&'a [Move]>,
}

/// The quiet moves still to be handed out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Quiets {
    All,
    Checks,
    None,
}

/// The table move's score: above every generated move.
const TABLE: i32 = 2 * GOOD_CAPTURE;

impl<'a> Picker<'a> {
    /// `list` is reused storage; `hints.table` must be legal or
    /// `Move::NONE`; `allowed`, where a branch limit applies, the moves
    /// that may be searched here; `checks`, the checks open to the side to
    /// move.
    pub(crate) fn new(
        mut list: Vec<(i32, Move)>,
        hints: Hints,
        allowed: Option<&'a [Move]>,
        checks: Option<&'a CheckSquares>,
    ) -> Picker<'a> {
        list.clear();
        Picker {
            hints,
            stage: Stage::Table,
            list,
            next: 0,
            bad_end: 0,
            refuted: [Move::NONE; 3],
            checks,
            quiets: Quiets::All,
            allowed,
        }
    }

    /// The next move and its score.
    pub(crate) fn next(&mut self, pos: &Position, history: &History) -> Option<(Move, i32)> {
        loop {
            match self.stage {
                Stage::Table => {
                    self.stage = match self.allowed {
                        Some(_) => Stage::Allowed,
                        None => Stage::GenerateCaptures,
                    };
                    if self.hints.table != Move::NONE {
                        return Some((self.hints.table, TABLE));
                    }
                }
                Stage::Allowed => {
                    if let Some(moves) = self.allowed.take() {
                        self.fill_all(pos, history, moves);
                    }
                    return self.pick_best();
                }
                Stage::GenerateCaptures => {
                    let table = self.hints.table;
                    let learnt = self.hints.capture_history.then_some(history);
                    let list = &mut self.list;
                    pos.tactical_moves(
                        &mut EachMove(
                            #[inline(always)]
                            |mv| {
                                if mv != table {
                                    list.push((capture_score(pos, learnt, mv), mv));
                                }
                            },
                        ),
                        self.hints.non_promotions,
                    );
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => {
                    let Some((mv, score)) = self.pick_best() else {
                        self.stage = Stage::Refutations(0);
                        continue;
                    };
                    if see_ge(pos, mv, 0) {
                        return Some((mv, GOOD_CAPTURE + score));
                    }
                    // Kept at the front for the last stage.
                    self.list[self.next - 1].0 = BAD_CAPTURE + score;
                    self.list.swap(self.bad_end, self.next - 1);
                    self.bad_end += 1;
                }
                Stage::Refutations(i) => {
                    let candidates = [
                        (self.hints.killers[0], KILLER + 2),
                        (self.hints.killers[1], KILLER + 1),
                        (self.hints.counter, KILLER),
                    ];
                    let Some(&(mv, score)) = candidates.get(i) else {
                        self.stage = Stage::GenerateQuiets;
                        continue;
                    };
                    self.stage = Stage::Refutations(i + 1);
                    if mv != Move::NONE
                        && mv != self.hints.table
                        && !self.refuted.contains(&mv)
                        && pos.is_legal(mv)
                        && !pos.is_tactical(mv)
                        && self.wanted_quiet(pos, mv)
                    {
                        self.refuted[i] = mv;
                        return Some((mv, score));
                    }
                }
                Stage::GenerateQuiets => {
                    self.list.truncate(self.bad_end);
                    self.next = self.bad_end;
                    // The usual case with its filter and bonus known at
                    // compile time, not asked at every move.
                    if self.quiets == Quiets::All && self.hints.quiet_check_bonus == 0 {
                        self.generate_quiets(pos, history, |_, _| true, |_, _| 0);
                    } else {
                        let (wanted, bonus) = (self.quiet_filter(), self.check_bonus());
                        self.generate_quiets(pos, history, wanted, bonus);
                    }
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    if let Some(picked) = self.pick_best() {
                        return Some(picked);
                    }
                    self.stage = Stage::BadCaptures;
                    self.next = 0;
                }
                Stage::BadCaptures => {
                    if self.next >= self.bad_end {
                        return None;
                    }
                    self.next += 1;
                    let (score, mv) = self.list[self.next - 1];
                    return Some((mv, score));
                }
            }
        }
    }

    /// Scores into the list the quiet moves `wanted` keeps but the table
    /// move and the refutations, by history and `check_bonus`.
    #[inline(always)]
    fn generate_quiets(
        &mut self,
        pos: &Position,
        history: &History,
        wanted: impl Fn(&Position, Move) -> bool,
        check_bonus: impl Fn(&Position, Move) -> i32,
    ) {
        let (table, refuted) = (self.hints.table, self.refuted);
        let scores = history.quiet_scores(pos.side_to_move(), &self.hints.context);
        let list = &mut self.list;
        pos.quiet_moves(
            &mut EachMove(
                #[inline(always)]
                |mv| {
                    if mv != table && !refuted.contains(&mv) && wanted(pos, mv) {
                        let score = scores.of(mv, piece_to(pos, mv)) + check_bonus(pos, mv);
                        list.push((score, mv));
                    }
                },
            ),
            self.hints.non_promotions,
        );
    }

    /// Whether a quiet move is still wanted: all are, until pruning has
    /// left only quiet checks or none.
    fn wanted_quiet(&self, pos: &Position, mv: Move) -> bool {
        self.quiet_filter()(pos, mv)
    }

    /// [`Picker::wanted_quiet`] apart from the picker.
    fn quiet_filter(&self) -> impl Fn(&Position, Move) -> bool + 'a {
        let (quiets, checks) = (self.quiets, self.checks);
        #[inline(always)]
        move |pos, mv| match quiets {
            Quiets::All => true,
            Quiets::Checks => checks.is_some_and(|c| c.gives_check(pos, mv)),
            Quiets::None => false,
        }
    }

    /// [`check_bonus`] for the picker's quiet moves.
    fn check_bonus(&self) -> impl Fn(&Position, Move) -> i32 + 'a {
        let (bonus, checks) = (self.hints.quiet_check_bonus, self.checks);
        move |pos, mv| {
            let gives_check = bonus != 0 && checks.is_some_and(|c| c.gives_check(pos, mv));
            check_bonus(bonus, pos, mv, gives_check)
        }
    }

    /// The best-scored move from `next` on, taken.
    fn pick_best(&mut self) -> Option<(Move, i32)> {
        let rest = &mut self.list[self.next..];
        let best = (0..rest.len()).max_by_key(|&i| rest[i].0)?;
        rest.swap(0, best);
        let (score, mv) = rest[0];
        self.next += 1;
        Some((mv, score))
    }

    /// Scores a branch-limited node's moves at once (SEE for each capture).
    fn fill_all(&mut self, pos: &Position, history: &History, moves: &[Move]) {
        let h = self.hints;
        let check_bonus = self.check_bonus();
        let scores = history.quiet_scores(pos.side_to_move(), &h.context);
        self.list
            .extend(moves.iter().filter(|&&mv| mv != h.table).map(|&mv| {
                let score = if pos.is_tactical(mv) {
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
                    // History (and the check bonus) only: adding the
                    // evaluation's change (4 × move_gain) won 58-51-11 in
                    // self-play but cost 7-32-1 against 14-25-1 versus
                    // YaneuraOu at 100k nodes.
                    scores.of(mv, piece_to(pos, mv)) + check_bonus(pos, mv)
                };
                (score, mv)
            }));
    }

    /// Leaves out the quiet moves not yet picked, but the checks where
    /// `keep_checks`: once pruning would skip every quiet move, the picker
    /// need not generate or sort them. Keeping the checks keeps every quiet
    /// move when the opponent has no king.
    pub(crate) fn skip_quiets(&mut self, pos: &Position, keep_checks: bool) {
        let checks = match (keep_checks, self.checks) {
            (false, _) => None,
            (true, Some(checks)) => Some(checks),
            (true, None) => return,
        };
        self.quiets = if keep_checks {
            Quiets::Checks
        } else {
            Quiets::None
        };
        if !matches!(self.stage, Stage::Quiets | Stage::Allowed) {
            return; // the quiet moves to come are filtered as they come
        }
        let mut kept = self.next;
        for i in self.next..self.list.len() {
            let (score, mv) = self.list[i];
            let tactical = score >= GOOD_CAPTURE / 2 || Self::is_bad_capture(score);
            if tactical || checks.is_some_and(|c| c.gives_check(pos, mv)) {
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

/// Quiescence ordering: captures and promotions by victim and attacker
/// (and their history where one is given), the table move first when it
/// is one of them.
pub(crate) fn order_tactical(
    pos: &Position,
    history: Option<&History>,
    moves: &[Move],
    table: Move,
    out: &mut Vec<(i32, Move)>,
) {
    out.clear();
    out.extend(moves.iter().map(|&mv| {
        let score = if mv == table {
            GOOD_CAPTURE
        } else {
            capture_score(pos, history, mv)
        };
        (score, mv)
    }));
    out.sort_unstable_by_key(|&(s, _)| -s);
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{rngs::StdRng, RngExt, SeedableRng};
    use yomi_shogi::board::Square;

    /// The stage a score belongs to, in the order the picker must keep.
    fn rank(score: i32) -> u8 {
        match score {
            TABLE => 0,
            s if Picker::is_refutation(s) => 2,
            s if s >= GOOD_CAPTURE / 2 => 1,
            s if Picker::is_bad_capture(s) => 4,
            _ => 3,
        }
    }

    /// From positions of random games: every move the generators hand out
    /// for the hints' non-promotions exactly once, besides only the hints'
    /// own moves where legal, the stages in order, good captures by SEE,
    /// killers only where legal and quiet; after `skip_quiets`, only the
    /// captures and (where kept) quiet checks left.
    #[test]
    fn hands_out_every_legal_move_once_in_stage_order() {
        let mut rng = StdRng::seed_from_u64(3);
        let mut history = History::new(4);
        let mut seen_stages = [0usize; 5];
        for entry in yomi_shogi::positions::pro_middlegame_32() {
            let mut pos = entry.position.clone();
            for _ in 0..40 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let pick = |rng: &mut StdRng| legal[rng.random_range(0..legal.len())];
                let quiet =
                    |rng: &mut StdRng| (0..8).map(|_| pick(rng)).find(|&m| !pos.is_tactical(m));
                let (table, k0, k1) = (pick(&mut rng), quiet(&mut rng), quiet(&mut rng));
                // A move of another position stands in for an illegal killer.
                let foreign = Move::normal(Square::from_index(0), Square::from_index(1), false);
                let hints = Hints {
                    table,
                    killers: [k0.unwrap_or(Move::NONE), k1.unwrap_or(foreign)],
                    counter: foreign,
                    context: [None; 4],
                    capture_history: rng.random_bool(0.5),
                    quiet_check_bonus: if rng.random_bool(0.5) { 16_384 } else { 0 },
                    non_promotions: if rng.random_bool(0.5) {
                        NonPromotions::All
                    } else {
                        NonPromotions::Useful
                    },
                };
                let mut wanted = yomi_shogi::board::MoveList::new();
                pos.tactical_moves(&mut wanted, hints.non_promotions);
                pos.quiet_moves(&mut wanted, hints.non_promotions);
                let own = [table, hints.killers[0], hints.killers[1], hints.counter];
                history.cutoff(
                    pos.side_to_move(),
                    0,
                    3,
                    3,
                    (legal[0], 0),
                    &[],
                    Move::NONE,
                    &hints.context,
                );
                let checks = CheckSquares::new(&pos);
                let mut picker = Picker::new(Vec::new(), hints, None, checks.as_ref());
                let mut out = Vec::new();
                let skip_at = rng.random_range(0..legal.len() + 8);
                let keep_checks = rng.random_bool(0.5);
                while let Some((mv, score)) = picker.next(&pos, &history) {
                    if out.len() == skip_at {
                        picker.skip_quiets(&pos, keep_checks);
                    }
                    out.push((mv, score));
                }
                let ranks: Vec<u8> = out.iter().map(|&(_, s)| rank(s)).collect();
                for &r in &ranks {
                    seen_stages[usize::from(r)] += 1;
                }
                let sorted = {
                    let mut r = ranks.clone();
                    r.sort();
                    r
                };
                assert_eq!(ranks, sorted, "{}", pos.to_sfen());
                for &(mv, score) in &out {
                    assert!(legal.contains(&mv), "{} {mv}", pos.to_sfen());
                    assert!(
                        wanted.contains(&mv) || own.contains(&mv),
                        "{} {mv}",
                        pos.to_sfen()
                    );
                    if pos.is_tactical(mv) && mv != table {
                        assert_eq!(rank(score) == 1, see_ge(&pos, mv, 0), "{mv}");
                    }
                }
                let mut moves: Vec<Move> = out.iter().map(|&(m, _)| m).collect();
                moves.sort();
                moves.dedup();
                assert_eq!(moves.len(), out.len(), "a move twice: {}", pos.to_sfen());
                if skip_at >= out.len() {
                    assert!(
                        wanted.iter().all(|m| moves.contains(m)),
                        "{}",
                        pos.to_sfen()
                    );
                } else {
                    // What was left out: quiet moves (that do not check,
                    // where checks are kept).
                    let checks = checks.as_ref().unwrap();
                    for &mv in wanted.iter() {
                        if !moves.contains(&mv) {
                            assert!(!pos.is_tactical(mv));
                            assert!(!keep_checks || !checks.gives_check(&pos, mv));
                        }
                    }
                }
                pos.make_move(pick(&mut rng));
            }
        }
        assert!(seen_stages.iter().all(|&n| n > 100), "{seen_stages:?}");
    }
}
