//! The play search: principal variation search with aspiration windows at
//! the root, a table that keeps the best move, null-move pruning, late move
//! reductions, reverse futility, razoring, futility and late-move pruning,
//! SEE pruning, check and singular extensions, mate-distance pruning and a
//! mate-in-one test at nodes the table does not know; fail-soft.
//! Shogi only, for games (USI play mode): research mode keeps the plain
//! alpha-beta of [`yomi_search`].

use super::correction::{Correction, MovePairs};
use super::correction_keys::{KeyStack, PartialKeys};
use super::history::{capture_key, piece_to, Context, History, PieceTo, CONTEXT_PLIES};
use super::node_counts::NodeCounts;
use super::picker::{check_bonus, Hints, Picker};
use super::search_clock::{Progress, ProgressReport, SearchClock, CHECK_EVERY};
use super::search_params::SearchParams;
use super::search_stack::SearchStack;
use super::see::{captured_value, see_ge};
use super::static_eval::StaticEval;
use super::table::{PlayTable, Stored};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use yomi_nnue::Network;
use yomi_search::{report_lines, Bound, Hook, Iteration, Limits, NoHook, SearchResult, Stats};
use yomi_shogi::board::{CheckSquares, Color, Move, MoveList, NonPromotions};
use yomi_shogi_game::{Repetition, ShogiGame, DRAW};
use yomi_tree::{Game, Value, INFINITE, LOSS};

/// The deepest ply searched, quiescence included.
pub const MAX_PLY: usize = 128;
/// Values this far from a loss or beyond are mates.
pub(super) const MATE_ZONE: Value = -LOSS - MAX_PLY as Value;
/// The static value of a node in check: none.
pub(super) const NO_EVAL: Value = -INFINITE;

/// Whether a stored value with `bound` settles a search of the window
/// (`alpha`, `beta`) (fail-soft: the value itself is returned).
pub(super) fn proves(bound: Bound, v: Value, alpha: Value, beta: Value) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => v >= beta,
        Bound::Upper => v <= alpha,
    }
}

/// Plies to mate in a value: positive when the side to move mates,
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

/// The play search of one thread. `H` hears from the search between
/// slices (a parallel worker reads its messages there, see
/// [`yomi_methods::minimal_tree::run_worker`]); games use [`NoHook`].
pub struct PlaySearcher<H: Hook = NoHook> {
    pub(super) game: ShogiGame,
    pub(super) hook: H,
    pub(super) table: Arc<PlayTable>,
    /// Killers, counter moves and histories.
    pub(super) history: History,
    /// The static evaluation's errors, learnt.
    pub(super) correction: Correction,
    /// The correction's keys along the searched line.
    pub(super) partial_keys: KeyStack,
    /// The static evaluation: built in, or a net.
    pub(super) eval: StaticEval,
    /// Per ply and at the root.
    pub(super) stack: SearchStack,
    /// Limits, the time, progress reports.
    pub(super) clock: SearchClock,
    pub(super) counts: NodeCounts,
    /// Margins, reductions and bonuses.
    pub(super) params: SearchParams,
    /// Late move reductions by depth and move number (from `params`).
    lmr: Vec<[u8; 64]>,
    /// Scratch for the branch-limited move list.
    ranked: Vec<Move>,
    /// Lazy SMP: searchers of the same root on other threads, sharing the
    /// table (see `lazy_smp`).
    pub(super) helpers: Vec<PlaySearcher>,
    /// Depths this searcher leaves out (helpers only; see `lazy_smp`).
    pub(super) skips: fn(i32) -> bool,
    /// Whether each search first ages the history tables (megabytes: more
    /// than a search of a ply or two costs).
    ages_history: bool,
}

impl PlaySearcher {
    pub fn new(game: ShogiGame, table_mb: usize) -> PlaySearcher {
        Self::sharing(
            game,
            Arc::new(PlayTable::new(table_mb)),
            Arc::new(AtomicU64::new(0)),
            NoHook,
        )
    }

    /// A searcher storing into `table` (a cluster rank's exporting one).
    pub fn with_table(game: ShogiGame, table: Arc<PlayTable>) -> PlaySearcher {
        Self::sharing(game, table, Arc::new(AtomicU64::new(0)), NoHook)
    }

    /// Adds `nodes`, searched elsewhere for each search (other processes),
    /// to the counts its progress shows and its node limit reads; the
    /// result's counts stay this process's.
    pub fn count_elsewhere(&mut self, nodes: Arc<AtomicU64>) {
        self.counts.elsewhere = Some(nodes);
    }

    /// The running search's nodes on all its threads so far (each thread
    /// adds its own every few thousand nodes).
    pub fn node_counter(&self) -> Arc<AtomicU64> {
        self.counts.all.clone()
    }
}

impl<H: Hook> PlaySearcher<H> {
    /// A searcher that shares `table` and the node count `nodes_all`, and
    /// asks `hook` between slices whether to stop.
    pub(super) fn sharing(
        game: ShogiGame,
        table: Arc<PlayTable>,
        nodes_all: Arc<AtomicU64>,
        hook: H,
    ) -> PlaySearcher<H> {
        let params = SearchParams::default();
        PlaySearcher {
            game,
            hook,
            table,
            history: History::new(MAX_PLY + 1),
            correction: Correction::new(),
            partial_keys: KeyStack::new(),
            eval: StaticEval::new(None),
            stack: SearchStack::new(MAX_PLY),
            clock: SearchClock::new(),
            counts: NodeCounts::new(nodes_all),
            lmr: params.reductions(),
            params,
            ranked: Vec::new(),
            helpers: Vec::new(),
            skips: |_| false,
            ages_history: true,
        }
    }

    /// Searches with `params` from now on (its Lazy SMP helpers too).
    pub fn set_params(&mut self, params: SearchParams) {
        if params != self.params {
            self.lmr = params.reductions();
            self.params = params;
        }
        for helper in &mut self.helpers {
            helper.set_params(params);
        }
    }

    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    pub fn game(&self) -> &ShogiGame {
        &self.game
    }

    pub fn game_mut(&mut self) -> &mut ShogiGame {
        &mut self.game
    }

    /// Evaluates with `net` (None: the built-in evaluation), on every
    /// thread, from the next search on.
    pub fn set_network(&mut self, net: Option<Arc<Network>>) {
        let same = match (&net, self.eval.network()) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, &b),
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.eval = StaticEval::new(net.clone());
            // The table keeps static values too: another evaluation's.
            self.table.clear();
        }
        for helper in &mut self.helpers {
            helper.set_network(net.clone());
        }
    }

    /// Whether captures are ordered and learnt by their history
    /// (`CaptureHistory`: 2 follows the evaluation).
    #[inline]
    pub(super) fn capture_history(&self) -> bool {
        match self.params.capture_history {
            0 => false,
            1 => true,
            _ => self.eval.is_net(),
        }
    }

    /// Which moves that could promote but do not the search generates
    /// (`GenerateAllLegalMoves`).
    #[inline]
    pub(super) fn non_promotions(&self) -> NonPromotions {
        if self.params.generate_all_legal_moves == 0 {
            NonPromotions::Useful
        } else {
            NonPromotions::All
        }
    }

    /// No move of the node at `ply` raised alpha: the opponent's quiet move
    /// into it, which refuted them all, rises in the histories
    /// (`FailLowBonus`). Kept out of the node function, whose default
    /// path never calls it.
    #[inline(never)]
    fn reward_refutation(&mut self, ply: usize, depth: i32) {
        let parent = &self.stack.frames[ply - 1];
        let (Some(to), true) = (parent.piece_to, parent.played_quiet) else {
            return;
        };
        let refutation = parent.played;
        let bonus = self.params.history_bonus(depth) * self.params.fail_low_bonus / 100;
        let them = self.game.position().side_to_move().flip();
        self.reward_quiet(ply - 1, them, refutation, to, bonus);
    }

    /// The table's move `mv` at `ply` cut the node off: if quiet, it rises
    /// in the histories (`TableCutoffBonus`), off the default path as above.
    #[inline(never)]
    fn reward_table_move(&mut self, ply: usize, depth: i32, mv: Move) {
        let pos = self.game.position();
        if pos.is_tactical(mv) {
            return;
        }
        let (us, to) = (pos.side_to_move(), piece_to(pos, mv));
        let bonus = self.params.history_bonus(depth) * self.params.table_cutoff_bonus / 100;
        self.reward_quiet(ply, us, mv, to, bonus);
    }

    /// The quiet move `mv` (landing as `to`) of `side`, to move at `ply`,
    /// moves by `bonus` in its history and the continuation histories in use.
    fn reward_quiet(&mut self, ply: usize, side: Color, mv: Move, to: PieceTo, bonus: i32) {
        let mut context = self.context(ply);
        context[self.params.continuation_plies as usize..].fill(None);
        self.history.update(side, mv, to, &context, bonus);
    }

    /// `depth` revised by the reduction of the move into `ply`
    /// (`ReductionHindsight`, YaneuraOu's and Stockfish's form), which it
    /// clears so that a search of the node again does not revise it twice.
    fn revised_depth(&mut self, ply: usize, depth: i32, static_eval: Value) -> i32 {
        let parent = &mut self.stack.frames[ply - 1];
        let prior = std::mem::take(&mut parent.reduction);
        let parent_eval = parent.eval;
        if parent_eval == NO_EVAL {
            return depth;
        }
        let worsening = static_eval > -parent_eval;
        let mut depth = depth;
        if prior >= 3 && !worsening {
            depth += 1;
        }
        if prior >= 2 && depth >= 2 && static_eval + parent_eval > 173 {
            depth -= 1;
        }
        depth
    }

    /// Plays `mv` on the game, the evaluation following: a move known to
    /// give check or not (`true`: not known), whose key is at hand from the
    /// table's prefetch.
    #[inline(always)]
    pub(super) fn play_keyed(&mut self, mv: Move, gives_check: bool, key: u64) {
        self.follow(mv);
        self.game.play_keyed(mv, gives_check, key);
    }

    /// What follows the path as `mv` is about to be played: the evaluation,
    /// the correction's keys, and the count. Each move played is a node, as
    /// YaneuraOu and Stockfish count them (a pass is not, nor a node
    /// searched again without its table move), so that nodes a second and
    /// `go nodes` mean the same for both.
    #[inline(always)]
    fn follow(&mut self, mv: Move) {
        self.counts.stats.nodes += 1;
        self.eval.push(self.game.position(), mv);
        self.partial_keys.push(self.game.position(), mv);
    }

    /// Takes back `mv`, the last move played.
    #[inline(always)]
    pub(super) fn undo(&mut self, mv: Move) {
        self.game.undo(mv);
        self.eval.pop();
        self.partial_keys.pop();
    }

    /// Passes, where the rules of the search allow it (not in check).
    fn play_null(&mut self) -> bool {
        let passed = self.game.play_null();
        if passed {
            self.eval.push_null();
            self.partial_keys.push_null();
        }
        passed
    }

    fn undo_null(&mut self) {
        self.game.undo_null();
        self.eval.pop();
        self.partial_keys.pop();
    }

    /// The static value of the current position, side to move's view.
    #[inline]
    pub(super) fn evaluate(&mut self) -> Value {
        self.eval.evaluate(self.game.position())
    }

    /// Searches of a ply or two, many of them (RBF's leaf evaluations):
    /// the history is kept as it is between them instead of aged.
    pub fn for_shallow_searches(&mut self) {
        self.ages_history = false;
    }

    /// Reports the progress of long iterations to `report` (USI `info`
    /// lines between iterations).
    pub fn set_progress(&mut self, report: ProgressReport) {
        self.clock.set_progress(report);
    }

    /// The table, for other searchers to share.
    pub fn table(&self) -> Arc<PlayTable> {
        self.table.clone()
    }

    /// Forgets the table and the histories (a new game).
    pub fn clear_tables(&mut self) {
        self.table.clear();
        self.history.clear();
        self.correction.clear();
        for helper in &mut self.helpers {
            helper.history.clear();
            helper.correction.clear();
        }
    }

    /// [`PlaySearcher::search`] on this thread alone.
    pub(super) fn deepen(
        &mut self,
        limits: Limits,
        mut on_iteration: impl FnMut(&Iteration<Move>),
    ) -> SearchResult<Move> {
        self.clock.restart(limits);
        self.counts.restart();
        if self.ages_history && self.params.history_aging != 0 {
            self.history.age();
        }
        self.history.clear_killers();
        self.eval.reset();
        self.partial_keys.reset();
        let max_depth = (self.clock.limits.depth as usize).min(MAX_PLY - 1) as i32;
        let mut result = SearchResult {
            depth: 0,
            value: 0,
            best_move: None,
            pv: Vec::new(),
            stats: Stats::default(),
            elapsed: Duration::ZERO,
        };
        let lines = self.clock.limits.multipv.max(1);
        let mut previous: Vec<Value> = Vec::new();
        'deepening: for depth in 1..=max_depth.max(1) {
            if depth < max_depth && (self.skips)(depth) {
                continue;
            }
            self.stack.root_depth = depth;
            self.stack.root_excluded.clear();
            self.stack.root_best.clear();
            let mut done: Vec<Iteration<Move>> = Vec::with_capacity(lines);
            for line in 1..=lines {
                let value = self.aspiration(depth, previous.get(line - 1).copied());
                if self.clock.aborted {
                    // A move the unfinished iteration found better stands.
                    if line == 1 && !self.stack.root_best.is_empty() {
                        result.best_move = Some(self.stack.root_best[0]);
                        result.pv = self.stack.root_best.clone();
                    }
                    break;
                }
                let pv = self.stack.frames[0].pv.clone();
                let Some(&first) = pv.first() else {
                    break; // no move left for another line
                };
                self.stack.root_excluded.push(first);
                done.push(Iteration {
                    depth: depth as u32,
                    multipv: line,
                    value,
                    pv,
                    stats: self.counts.shown(),
                    elapsed: self.clock.start.elapsed(),
                    hashfull: self.table.permille_full(),
                });
            }
            report_lines(&mut done, &mut on_iteration);
            // The next depth's windows: around the values in line order.
            previous.resize(previous.len().max(done.len()), 0);
            for (guess, line) in previous.iter_mut().zip(&done) {
                *guess = line.value;
            }
            if let Some(best) = done.into_iter().next() {
                result.depth = best.depth;
                result.value = best.value;
                result.best_move = best.pv.first().copied();
                result.pv = best.pv;
            }
            if self.clock.aborted {
                break 'deepening;
            }
            if self.stack.root_excluded.is_empty() {
                // No legal move: lost.
                result.depth = depth as u32;
                result.value = LOSS;
                break;
            }
        }
        self.stack.root_excluded.clear();
        result.stats = self.counts.all_threads();
        result.elapsed = self.clock.start.elapsed();
        result
    }

    /// A root search in a window around the last value, widened on failure.
    fn aspiration(&mut self, depth: i32, last: Option<Value>) -> Value {
        let Some(last) = last.filter(|v| depth >= 5 && v.abs() < MATE_ZONE) else {
            return self.search_node(depth, 0, -INFINITE, INFINITE, false);
        };
        let mut delta = 40;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let v = self.search_node(depth, 0, alpha, beta, false);
            if self.clock.aborted {
                return v;
            }
            if v <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (v - delta).max(-INFINITE);
            } else if v >= beta {
                beta = (v + delta).min(INFINITE);
            } else {
                return v;
            }
            delta += delta / 2;
            if delta > 1000 {
                (alpha, beta) = (-INFINITE, INFINITE);
            }
        }
    }

    /// Whether the search must stop; checked every [`CHECK_EVERY`] nodes
    /// (the count compared inline, the check itself out of line).
    #[inline(always)]
    pub(super) fn out_of_budget(&mut self) -> bool {
        if self.counts.stats.nodes >= self.clock.next_check {
            self.check_budget();
        }
        self.clock.aborted
    }

    /// The limits, the hook and the progress report, every
    /// [`CHECK_EVERY`] nodes.
    #[cold]
    #[inline(never)]
    fn check_budget(&mut self) {
        self.clock.next_check = self.counts.stats.nodes + CHECK_EVERY;
        let all = self.counts.shown();
        if self.clock.limits.reached(self.clock.start, all.nodes) || self.hook.poll(all.nodes) {
            self.clock.aborted = true;
        }
        let (depth, table) = (self.stack.root_depth as u32, &self.table);
        self.clock.report(|elapsed| Progress {
            depth,
            stats: all,
            elapsed,
            hashfull: table.permille_full(),
        });
    }

    pub(super) fn repetition_value(r: Repetition, ply: usize) -> Value {
        match r {
            Repetition::Draw => DRAW,
            Repetition::Loss => LOSS + ply as Value,
            Repetition::Win => -LOSS - ply as Value,
        }
    }

    /// A node past the game's move limit: a draw, unless its side to move
    /// is mated.
    pub(super) fn move_limit_value(&self, ply: usize) -> Value {
        if self.game.in_check() && !self.game.position().has_legal_move() {
            LOSS + ply as Value
        } else {
            DRAW
        }
    }

    /// Mate values are stored as distances from the node, not the root.
    pub(super) fn value_to_table(v: Value, ply: usize) -> Value {
        match v {
            v if v >= MATE_ZONE => v + ply as Value,
            v if v <= -MATE_ZONE => v - ply as Value,
            v => v,
        }
    }

    pub(super) fn value_from_table(v: Value, ply: usize) -> Value {
        match v {
            v if v >= MATE_ZONE => v - ply as Value,
            v if v <= -MATE_ZONE => v + ply as Value,
            v => v,
        }
    }

    /// The value of a node (not in check, not yet in the table) whose side
    /// to move mates at once, stored; `None` when it has no such mate.
    /// A branch limit may leave the mate out of the tree: not asked then.
    /// `checks` are the position's (`None`: the opponent has no king).
    pub(super) fn mate_at_once(
        &mut self,
        key: u64,
        ply: usize,
        checks: Option<&CheckSquares>,
        pv: bool,
    ) -> Option<Value> {
        if self.game.branch_limit().limits() {
            return None;
        }
        let mv = self.game.mate_in_one_by(checks?)?;
        let v = -LOSS - ply as Value - 1;
        // Exact at every depth.
        let stored = Stored {
            mv,
            value: Self::value_to_table(v, ply),
            eval: NO_EVAL,
            depth: MAX_PLY as i32,
            bound: Bound::Exact,
            pv,
        };
        self.table.store(key, stored);
        self.stack.frames[ply].pv.clear();
        self.stack.frames[ply].pv.push(mv);
        Some(v)
    }

    /// The moves [`CONTEXT_PLIES`] before the node at `ply`.
    pub(super) fn context(&self, ply: usize) -> Context {
        CONTEXT_PLIES.map(|back| {
            (ply >= back)
                .then(|| self.stack.frames[ply - back].piece_to)
                .flatten()
        })
    }

    /// What the correction of the static value at `ply` reads (with
    /// `CorrectionHistory` on).
    pub(super) fn correction_keys(&mut self, ply: usize) -> Option<(PartialKeys, MovePairs)> {
        (self.params.correction_history == 1).then(|| {
            let keys = self.partial_keys.current(self.game.position());
            (keys, MovePairs::new(&self.context(ply)))
        })
    }

    /// The static value `raw` corrected by what the searches learnt of its
    /// errors (as it is without `keys`).
    pub(super) fn corrected(&self, raw: Value, keys: Option<&(PartialKeys, MovePairs)>) -> Value {
        let Some((keys, pairs)) = keys else {
            return raw;
        };
        let side = self.game.position().side_to_move();
        let v = raw + self.correction.value(side, keys, pairs);
        v.clamp(-MATE_ZONE + 1, MATE_ZONE - 1)
    }

    /// Every move the search may play here: all legal moves, or the game's
    /// top b with a branch limit.
    pub(super) fn allowed_moves(&mut self) -> MoveList {
        if !self.game.branch_limit().limits() {
            return self.game.position().legal_moves();
        }
        self.game.children(&mut self.ranked);
        let mut list = MoveList::new();
        for &mv in &self.ranked {
            list.push(mv);
        }
        list
    }

    /// `cut`: the node is expected to cut off, as every child first
    /// searched with a null window is taken to be (not one searched again
    /// at full depth, nor the null move's): nearly all non-PV nodes, 98 %
    /// of the bench's on a net. Stockfish's marking, where a cut node's
    /// first child is not, screened no better (docs/results/2026-11-29-screens-300k.md).
    #[expect(
        clippy::too_many_lines,
        reason = "the node function reads as one algorithm: probe, prune, \
                  loop over moves, store"
    )]
    pub(super) fn search_node(
        &mut self,
        depth: i32,
        ply: usize,
        alpha: Value,
        beta: Value,
        cut: bool,
    ) -> Value {
        // Step 1. At the horizon, the quiescence search.
        if depth <= 0 {
            return self.quiesce(ply, alpha, beta);
        }
        let mut alpha = alpha;
        let mut beta = beta;
        let pv_node = beta - alpha > 1;
        let root = ply == 0;
        self.stack.frames[ply].pv.clear();
        if let Some(grandchildren) = self.stack.frames.get_mut(ply + 2) {
            grandchildren.cutoffs = 0;
        }
        self.counts.stats.seldepth = self.counts.stats.seldepth.max(ply as u32);
        // Step 2. Stopped search, repetition, move limit, maximum ply.
        if self.out_of_budget() {
            return 0;
        }
        if !root {
            if let Some(r) = self.game.repetition() {
                return Self::repetition_value(r, ply);
            }
            if self.game.past_move_limit() {
                return self.move_limit_value(ply);
            }
            if ply >= MAX_PLY - 1 {
                return self.evaluate();
            }
            // Step 3. Mate-distance pruning: no line here beats a mate already found.
            alpha = alpha.max(LOSS + ply as Value);
            beta = beta.min(-LOSS - ply as Value - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        // Step 4. The table: a stored value that settles the window ends the node.
        let in_check = self.game.in_check();
        let partial_root = root && !self.stack.root_excluded.is_empty();
        let excluded = self.stack.frames[ply].excluded;
        // A search without the table move must neither use nor overwrite
        // what the table knows of the whole node.
        let partial = partial_root || excluded != Move::NONE;
        let key = self.game.hash();
        let hit = if partial { None } else { self.table.probe(key) };
        let mut table_move = hit.map_or(Move::NONE, |h| h.mv);
        if self.game.branch_limit().limits() || !self.game.position().is_legal(table_move) {
            table_move = Move::NONE;
        }
        if let Some(h) = hit.filter(|h| !pv_node && h.depth >= depth) {
            let v = Self::value_from_table(h.value, ply);
            if proves(h.bound, v, alpha, beta) {
                if v >= beta && self.params.table_cutoff_bonus > 0 && table_move != Move::NONE {
                    self.reward_table_move(ply, depth, table_move);
                }
                return v;
            }
        }
        // On a principal variation now or when last searched (a search
        // without the table move keeps the node's flag).
        let mut tt_pv = if excluded == Move::NONE {
            pv_node || hit.is_some_and(|h| h.pv)
        } else {
            self.stack.frames[ply].tt_pv
        };
        self.stack.frames[ply].tt_pv = tt_pv;

        // Step 5. A mate in one, where the table knows nothing of the node.
        // The checks open here, worked out once for the test and the moves.
        let mut checks = None;
        let mate_tested = hit.is_none() && !root && !in_check && !partial;
        if mate_tested {
            let squares = checks.insert(CheckSquares::new(self.game.position()));
            if let Some(v) = self.mate_at_once(key, ply, squares.as_ref(), tt_pv) {
                return v;
            }
        }

        // Step 6. The static value, corrected by its errors learnt, sharpened by
        // the table's bound where it can be.
        let full_context = self.context(ply);
        let correction_read = if in_check {
            None
        } else {
            self.correction_keys(ply)
        };
        let raw_eval = match hit {
            _ if in_check => NO_EVAL,
            Some(h) if h.eval != NO_EVAL => h.eval,
            _ => self.evaluate(),
        };
        if mate_tested {
            // Kept at once, as Stockfish keeps it: a node cut off before its
            // moves (reverse futility, the null move) stores nothing else,
            // and its next visit need neither evaluate nor test for mate.
            self.table.store(key, Stored::evaluation(raw_eval, tt_pv));
        }
        let static_eval = if in_check {
            NO_EVAL
        } else {
            self.corrected(raw_eval, correction_read.as_ref())
        };
        let mut eval = static_eval;
        if let Some(h) = hit.filter(|_| !in_check) {
            let v = Self::value_from_table(h.value, ply);
            let tighter = match h.bound {
                Bound::Exact => true,
                Bound::Lower => v > eval,
                Bound::Upper => v < eval,
            };
            if tighter && v.abs() < MATE_ZONE {
                eval = v;
            }
        }
        self.stack.frames[ply].eval = static_eval;
        let improving = !in_check
            && ply >= 2
            && self.stack.frames[ply - 2].eval != NO_EVAL
            && static_eval > self.stack.frames[ply - 2].eval;
        // Step 6b. The reduction that led here revised in hindsight
        // (ReductionHindsight): deeper where the opponent's static value did
        // not worsen after a large one, shallower where both sides' values
        // sum high (the position is quiet for neither).
        let depth = if self.params.reduction_hindsight == 1 && !in_check && ply > 0 {
            self.revised_depth(ply, depth, static_eval)
        } else {
            depth
        };

        if !pv_node && !in_check && !root && !partial {
            // Step 7. Razoring: far below alpha near the horizon, only captures can help.
            let p = &self.params;
            if depth <= 2 && eval + p.razor_margin * depth < alpha {
                let v = self.quiesce(ply, alpha, alpha + 1);
                if v <= alpha {
                    return v;
                }
            }
            // Step 8. Reverse futility: far above beta near the horizon.
            let p = &self.params;
            let margin = p.reverse_futility_margin * depth
                - if improving {
                    p.reverse_futility_improving
                } else {
                    0
                };
            if depth <= p.reverse_futility_depth
                && eval - margin >= beta
                && eval < MATE_ZONE
                && !(tt_pv && p.reverse_futility_tt_pv == 1)
            {
                return eval;
            }
            // Step 9. Null move: even passing keeps the value at or above beta.
            if depth >= 3
                && eval >= beta
                && self.stack.frames[ply - 1].played != Move::NONE
                && beta > -MATE_ZONE
                && self.play_null()
            {
                self.stack.frames[ply].played = Move::NONE;
                self.stack.frames[ply].piece_to = None;
                let p = &self.params;
                let r = p.null_move_base
                    + depth / p.null_move_depth_divisor
                    + ((eval - beta) / p.null_move_eval_divisor).min(3);
                let v = -self.search_node(depth - r, ply + 1, -beta, -beta + 1, !cut);
                self.undo_null();
                if self.clock.aborted {
                    return 0;
                }
                if v >= beta {
                    return if v >= MATE_ZONE { beta } else { v };
                }
            }
        }
        // Step 10. Internal iterative reduction: without a table move the node was
        // not searched before; search it a ply shallower.
        let mut depth = if table_move == Move::NONE
            && depth >= self.params.iir_depth
            && (pv_node || cut)
            && !partial
        {
            depth - 1
        } else {
            depth
        };

        // Step 11. Singular extension: the table move is searched a ply deeper when
        // every other move falls well short of its value; when even they
        // reach beta, the node is cut off at once (multi-cut).
        let mut singular = false;
        // Plies less for the table move where the search without it still
        // reaches beta or the node is expected to cut (SingularNegative).
        let mut table_move_less = 0;
        if let Some(h) = hit.filter(|h| {
            !root
                && depth >= self.params.singular_depth
                && table_move != Move::NONE
                && h.depth >= depth - 3
                && h.bound != Bound::Upper
        }) {
            let tv = Self::value_from_table(h.value, ply);
            if tv.abs() < MATE_ZONE {
                let singular_beta = tv - self.params.singular_margin * depth;
                self.stack.frames[ply].excluded = table_move;
                let v =
                    self.search_node((depth - 1) / 2, ply, singular_beta - 1, singular_beta, cut);
                self.stack.frames[ply].excluded = Move::NONE;
                if self.clock.aborted {
                    return 0;
                }
                if v < singular_beta {
                    singular = true;
                } else if singular_beta >= beta {
                    return singular_beta;
                } else if self.params.singular_negative == 1 {
                    table_move_less = if tv >= beta {
                        3
                    } else if cut {
                        2
                    } else {
                        0
                    };
                }
            }
        }

        // Step 12. The move picker, with what the histories suggest.
        let us = self.game.position().side_to_move();
        let previous = if root {
            Move::NONE
        } else {
            self.stack.frames[ply - 1].played
        };
        let mut context = full_context;
        context[self.params.continuation_plies as usize..].fill(None);
        // Captures ordered and learnt by their own history (CaptureHistory).
        let learn_captures = self.capture_history();
        let hints = Hints {
            table: table_move,
            killers: self.history.killers(ply),
            counter: self.history.counter(us, previous),
            context,
            capture_history: learn_captures,
            quiet_check_bonus: self.params.quiet_check_bonus,
            non_promotions: self.non_promotions(),
        };
        // Kept here and lent to the picker: a picker holding a move list
        // would be copied whole as it moves (1.2 KB).
        let mut allowed = None;
        if self.game.branch_limit().limits() {
            allowed = Some(self.allowed_moves());
        }
        let checks = &*checks.get_or_insert_with(|| CheckSquares::new(self.game.position()));
        let mut picker = Picker::new(
            std::mem::take(&mut self.stack.frames[ply].moves),
            hints,
            allowed.as_deref(),
            checks.as_ref(),
        );
        let mut tried = std::mem::take(&mut self.stack.frames[ply].tried);
        tried.clear();
        let mut tried_captures = std::mem::take(&mut self.stack.frames[ply].tried_captures);
        tried_captures.clear();
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        let mut move_count = 0usize;
        let table_capture = table_move != Move::NONE && self.game.position().is_capture(table_move);
        // Step 13. Loop over the moves.
        while let Some((mv, score)) = picker.next(self.game.position(), &self.history) {
            if partial_root && self.stack.root_excluded.contains(&mv) || mv == excluded {
                continue;
            }
            move_count += 1;
            let pos = self.game.position();
            let key_after = pos.key_after(mv);
            self.table.prefetch(key_after);
            let tactical = pos.is_tactical(mv);
            let gives_check = checks.as_ref().is_some_and(|c| c.gives_check(pos, mv));
            let moved = piece_to(pos, mv);
            let taken = (tactical && learn_captures).then(|| capture_key(pos, mv));
            // What the picker added to a quiet check's score (QuietCheckBonus).
            let order_bonus = check_bonus(
                self.params.quiet_check_bonus,
                pos,
                mv,
                gives_check && !tactical,
            );
            // Step 14. Extensions. Checks are searched a ply deeper: all of them by
            // default (without the extension −108 Elo, extending only checks
            // that keep material −35 ± 100, in 40-game matches at 40–50k
            // nodes; from depth 64 only, with checks SEE-pruned, +8 ± 51 in
            // 172 games at byoyomi 200 ms; only those that keep material,
            // `CheckExtensionSee`, +12 (−10 to +35) in 863 self-play games
            // at 100k nodes and +1 (−17 to +18) in 1,342 at byoyomi 100 ms,
            // both SPRTs undecided).
            let extend = gives_check
                && ply < 2 * self.stack.root_depth as usize
                && depth >= self.params.check_extension_depth
                && (self.params.check_extension_see == 0 || see_ge(pos, mv, 0))
                || singular && mv == table_move;
            // Step 15. Shallow pruning, once a move has kept us from being mated;
            // checks only SEE-pruned, as captures are (CheckSeePruning: +84 in
            // 240 self-play games at 100,000 nodes on a net; 0 spares every
            // check; late quiet checks left out too with LateMoveChecks 0, as
            // YaneuraOu leaves them). Quiet moves: late ones, then those with a bad
            // history, then futility and SEE at the depth their reduction would
            // leave (YaneuraOu's way); captures: futility and SEE.
            let reduction = i32::from(self.lmr[depth.min(63) as usize][move_count.min(63)]);
            let spared = gives_check && self.params.check_see_pruning == 0;
            if !root && best > -MATE_ZONE && !spared {
                let pos = self.game.position();
                let p = &self.params;
                let late = (p.late_move_base + depth * depth) / if improving { 1 } else { 2 };
                let keep_checks = p.late_move_checks == 1;
                if !tactical && move_count as i32 >= late && !(gives_check && keep_checks) {
                    picker.skip_quiets(pos, keep_checks);
                    continue;
                }
                if !tactical && !gives_check {
                    let history = self.history.score(us, mv, moved, &context);
                    if history < -p.history_pruning * depth {
                        continue;
                    }
                    let lmr_depth = depth - 1 - reduction + history / p.history_pruning_depth;
                    if !in_check
                        && lmr_depth < 13
                        && static_eval
                            + p.futility_base
                            + if best_move == Move::NONE {
                                p.futility_no_best
                            } else {
                                0
                            }
                            + p.futility_per_depth * lmr_depth
                            + if static_eval > alpha {
                                p.futility_above_alpha
                            } else {
                                0
                            }
                            <= alpha
                    {
                        continue;
                    }
                    let lmr_depth = lmr_depth.max(0);
                    if !see_ge(pos, mv, -p.see_quiet * lmr_depth * lmr_depth) {
                        continue;
                    }
                } else {
                    let lmr_depth = depth - 1 - reduction;
                    if tactical
                        && !gives_check
                        && !in_check
                        && lmr_depth < 7
                        && static_eval
                            + p.capture_futility_base
                            + p.capture_futility_per_depth * lmr_depth
                            + captured_value(pos, mv)
                            <= alpha
                    {
                        continue;
                    }
                    if !see_ge(pos, mv, -p.see_tactical * depth) {
                        continue;
                    }
                }
            }
            // Step 16. Make the move.
            self.play_keyed(mv, gives_check, key_after);
            self.stack.frames[ply].played = mv;
            self.stack.frames[ply].piece_to = Some(moved);
            self.stack.frames[ply].played_quiet = !tactical;
            let mut new_depth = depth - 1 + i32::from(extend);
            if mv == table_move && !extend {
                new_depth -= table_move_less;
            }
            let mut v = -INFINITE;
            let mut full = pv_node && move_count == 1;
            // Step 17. Late move reductions: a reduced null-window search, again at
            // full depth if it beats alpha.
            if !full {
                let reduce = depth >= 3
                    && move_count > 1 + usize::from(pv_node)
                    && (!tactical || Picker::is_bad_capture(score));
                let mut d = new_depth;
                if reduce {
                    let mut r = reduction;
                    r += self.params.lmr_cut * i32::from(cut) + i32::from(!improving);
                    r += self.params.lmr_table_capture * i32::from(table_capture);
                    r -= i32::from(pv_node) + self.params.lmr_check * i32::from(gives_check);
                    r -= i32::from(Picker::is_refutation(score));
                    if self.stack.frames[ply + 1].cutoffs > 2 {
                        r += self.params.lmr_child_cutoffs;
                    }
                    if !tactical {
                        // The history alone, without the check's place in the order.
                        r -= (score - order_bonus) / self.params.lmr_history_divisor;
                    }
                    if tt_pv && self.params.lmr_tt_pv > 0 {
                        let above = |h: &Stored| Self::value_from_table(h.value, ply) > alpha;
                        r -= self.params.lmr_tt_pv
                            + i32::from(hit.as_ref().is_some_and(above))
                            + i32::from(hit.is_some_and(|h| h.depth >= depth));
                    }
                    d = (new_depth - r).clamp(1, new_depth.max(1));
                }
                self.stack.frames[ply].reduction = new_depth - d;
                v = -self.search_node(d, ply + 1, -alpha - 1, -alpha, true);
                self.stack.frames[ply].reduction = 0;
                if v > alpha && reduce && self.params.lmr_deeper > 0 {
                    // The reduced value says how deep to look again (LmrDeeper).
                    let deeper = d < new_depth && v > best + self.params.lmr_deeper;
                    let shallower = v < best + self.params.lmr_shallower;
                    new_depth += i32::from(deeper) - i32::from(shallower);
                }
                if v > alpha && d < new_depth && !self.clock.aborted {
                    v = -self.search_node(new_depth, ply + 1, -alpha - 1, -alpha, !cut);
                }
                full = pv_node && v > alpha && v < beta;
            }
            // Step 18. The principal variation at full depth and window.
            if full && !self.clock.aborted {
                v = -self.search_node(new_depth, ply + 1, -beta, -alpha, false);
            }
            // Step 19. Take the move back.
            self.undo(mv);
            if self.clock.aborted {
                break;
            }
            // Step 20. A new best move: the line, a cutoff, a raised alpha.
            if v > best {
                best = v;
                if v > alpha {
                    best_move = mv;
                    let (head, tail) = self.stack.frames.split_at_mut(ply + 1);
                    head[ply].pv.clear();
                    head[ply].pv.push(mv);
                    head[ply].pv.extend_from_slice(&tail[0].pv);
                    if root && !partial_root {
                        self.stack.root_best.clone_from(&self.stack.frames[0].pv);
                    }
                    if v >= beta {
                        self.stack.frames[ply].cutoffs += 1;
                        self.counts.stats.cutoffs += 1;
                        self.counts.stats.first_move_cutoffs += u64::from(move_count == 1);
                        break;
                    }
                    // The moves after a raised alpha are searched shallower
                    // (AlphaRaiseReduction).
                    let r = self.params.alpha_raise_reduction;
                    if r > 0 && depth > 2 && depth < 14 && v.abs() < MATE_ZONE {
                        depth -= r;
                    }
                    alpha = v;
                }
            }
            if mv != best_move {
                if let Some(key) = taken {
                    tried_captures.push(key);
                } else if !tactical {
                    tried.push((mv, moved));
                }
            }
        }
        self.stack.frames[ply].moves = picker.into_list();
        if self.clock.aborted {
            self.stack.frames[ply].tried = tried;
            self.stack.frames[ply].tried_captures = tried_captures;
            return 0;
        }
        // Step 21. No move: mated (or every root move left out).
        if move_count == 0 {
            self.stack.frames[ply].tried = tried;
            self.stack.frames[ply].tried_captures = tried_captures;
            // Every root move left out, or no legal move: lost.
            return if partial { alpha } else { LOSS + ply as Value };
        }
        // A cutoff's value drawn toward beta (FailHighDamping).
        if best >= beta
            && self.params.fail_high_damping == 1
            && best.abs() < MATE_ZONE
            && alpha.abs() < MATE_ZONE
        {
            best = (best * depth + beta) / (depth + 1);
        }
        // Step 22. The histories learn from a cutoff (the capture history, where on,
        // from captures too); the table keeps the result.
        if best >= beta {
            let pos = self.game.position();
            let bonus = self.params.history_bonus(depth);
            let best_tactical = pos.is_tactical(best_move);
            if !best_tactical {
                let best = (best_move, piece_to(pos, best_move));
                let malus = bonus * self.params.history_malus / 100;
                self.history
                    .cutoff(us, ply, bonus, malus, best, &tried, previous, &context);
            }
            if learn_captures {
                let best = best_tactical.then(|| capture_key(pos, best_move));
                self.history.capture_cutoff(bonus, best, &tried_captures);
            }
        } else if best_move == Move::NONE && self.params.fail_low_bonus > 0 && !root && !partial {
            self.reward_refutation(ply, depth);
        }
        self.stack.frames[ply].tried = tried;
        self.stack.frames[ply].tried_captures = tried_captures;
        // A node that fails low below a principal-variation node joins the
        // variation: the move that led here was probably good.
        if best <= alpha && ply > 0 {
            tt_pv = tt_pv || self.stack.frames[ply - 1].tt_pv;
        }
        if !partial {
            let bound = if best >= beta {
                Bound::Lower
            } else if pv_node && best_move != Move::NONE {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let stored = Stored {
                mv: best_move,
                value: Self::value_to_table(best, ply),
                eval: raw_eval,
                depth,
                bound,
                pv: tt_pv,
            };
            self.table.store(key, stored);
            // The correction learns where the value's side of the static
            // value agrees with the bound it proves.
            let raised = best_move != Move::NONE;
            let pos = self.game.position();
            if let Some((keys, pairs)) = correction_read.filter(|_| {
                !(raised && pos.is_capture(best_move)) && (best > static_eval) == raised
            }) {
                let us = pos.side_to_move();
                self.correction
                    .learn(us, &keys, &pairs, best - static_eval, depth, raised);
            }
        }
        best
    }
}

impl PlaySearcher {
    /// Iterative deepening one ply at a time to `limits.depth`, calling
    /// `on_iteration` after each finished line, with the helper threads
    /// searching beside. Returns the deepest finished iteration.
    pub fn search(
        &mut self,
        limits: Limits,
        on_iteration: impl FnMut(&Iteration<Move>),
    ) -> SearchResult<Move> {
        self.table.new_generation();
        self.counts.all.store(0, Ordering::Relaxed);
        if self.helpers.is_empty() {
            self.deepen(limits, on_iteration)
        } else {
            self.search_with_helpers(limits, on_iteration)
        }
    }
}
