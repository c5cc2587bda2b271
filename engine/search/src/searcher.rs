//! Sequential negamax alpha-beta (seed 000 Fig. 1), optionally NegaScout:
//! iterative deepening at the root in steps of two plies, internal iterative
//! deepening (depth − 2) at first visits, children sorted by the shallower
//! results, a transposition table. Fail-hard, so that every value a node
//! returns is a valid bound and table results are exact when they say so.

use super::hook::{Hook, NoHook};
use super::limits::Limits;
use super::split::{TableSplit, WorkerTable};
use super::tt::{Bound, Entry, TranspositionTable, NO_CHILD};
use std::time::{Duration, Instant};
use yomi_measure::Stats;
use yomi_tree::{Game, Value, INFINITE};

/// Search switches that stay fixed for a searcher's life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// NegaScout: null windows after the first child, re-search on fail high.
    pub negascout: bool,
    /// The §5.2 two-table variants; `None` is the plain search with one table.
    pub split: Option<TableSplit>,
    /// Fail-soft values: a search that fails returns the best bound it
    /// found, beyond the window, not the window's edge (the workers of
    /// `--fail-soft`, whose results then answer more of the master's
    /// later windows). Off, the searches and their counts are as ever.
    pub fail_soft: bool,
    /// Nodes between two checks of the limits and of the hook (where a
    /// parallel worker reads its messages); at least 1.
    pub poll_nodes: u64,
}

/// Nodes between two polls unless a search is told otherwise.
pub const DEFAULT_POLL_NODES: u64 = 1024;

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            negascout: false,
            split: None,
            fail_soft: false,
            poll_nodes: DEFAULT_POLL_NODES,
        }
    }
}

/// One finished iteration.
#[derive(Clone, Debug)]
pub struct Iteration<M> {
    pub depth: u32,
    /// Which line this is, from 1, best first (MultiPV: each line is
    /// searched with the first moves of those before it left out, then
    /// the lines are sorted by value).
    pub multipv: usize,
    pub value: Value,
    /// The principal variation; empty when the root has no children.
    pub pv: Vec<M>,
    /// Counts since the search began.
    pub stats: Stats,
    pub elapsed: Duration,
    /// Permille of the (master) table in use.
    pub hashfull: u32,
}

/// Reports one depth's MultiPV `lines` best first, ties in the order
/// searched, numbered from 1 again: a later line, searched with the
/// earlier lines' moves left out, can score above them, and GUIs show
/// line 1 as the best move. The best is then `lines[0]`. Every line shows
/// the counts and time at the end of the last one, so that nodes and time
/// do not go backwards from one reported line to the next.
pub fn report_lines<M>(lines: &mut [Iteration<M>], mut on_iteration: impl FnMut(&Iteration<M>)) {
    let Some(end) = lines.last().map(|it| (it.stats, it.elapsed, it.hashfull)) else {
        return;
    };
    lines.sort_by_key(|it| std::cmp::Reverse(it.value));
    for (i, iteration) in lines.iter_mut().enumerate() {
        iteration.multipv = i + 1;
        (iteration.stats, iteration.elapsed, iteration.hashfull) = end;
        on_iteration(iteration);
    }
}

/// The outcome of [`Searcher::search`]: the deepest finished iteration.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    pub depth: u32,
    pub value: Value,
    pub best_move: Option<M>,
    pub pv: Vec<M>,
    /// Counts of the whole search, unfinished iteration included.
    pub stats: Stats,
    pub elapsed: Duration,
}

/// Per-ply scratch, kept between searches to avoid allocation.
pub(super) struct Ply<M> {
    pub(super) children: Vec<M>,
    /// (sort key, index in predicted order), searched in ascending key order.
    order: Vec<(i64, u16)>,
    pv: Vec<M>,
}

impl<M> Default for Ply<M> {
    fn default() -> Self {
        Ply {
            children: Vec::new(),
            order: Vec::new(),
            pv: Vec::new(),
        }
    }
}

/// Sort scores of the table's best child and of children without results.
const FIRST: i64 = INFINITE as i64 + 1;
const UNKNOWN: i64 = -(INFINITE as i64) - 1;

/// Plies searched deeper than this are refused (a safety bound on depth).
pub(super) const MAX_PLY: usize = 250;
pub struct Searcher<G: Game, H: Hook = NoHook> {
    pub(super) game: G,
    /// Asked every `options.poll_nodes` nodes whether to stop.
    pub(super) hook: H,
    pub(super) options: SearchOptions,
    /// The only table, or the master's table (plies ≤ d′) with a split.
    pub(super) table: TranspositionTable,
    pub(super) worker: Option<WorkerTable>,
    pub(super) plies: Vec<Ply<G::Move>>,
    pub(super) stats: Stats,
    pub(super) limits: Limits,
    pub(super) start: Instant,
    pub(super) next_check: u64,
    pub(super) aborted: bool,
    /// Root children left out of the running line (MultiPV).
    pub(super) root_excluded: Vec<G::Move>,
    /// The depth of the running iteration (for the split's task depth).
    pub(super) root_depth: u32,
}

impl<G: Game> Searcher<G> {
    /// A searcher over `game` from its current state, with `table_mb` MB of
    /// transposition table (each of the two tables with a split).
    pub fn new(game: G, table_mb: usize, options: SearchOptions) -> Searcher<G> {
        Searcher::with_hook(game, table_mb, options, NoHook)
    }
}

impl<G: Game, H: Hook> Searcher<G, H> {
    /// A searcher whose searches also stop when `hook` says so.
    pub fn with_hook(game: G, table_mb: usize, options: SearchOptions, hook: H) -> Searcher<G, H> {
        let worker = options.split.map(|split| WorkerTable {
            table: TranspositionTable::new(table_mb),
            sharing: split.sharing,
            task_tag: 0,
        });
        Searcher {
            game,
            hook,
            options,
            table: TranspositionTable::new(table_mb),
            worker,
            plies: (0..=MAX_PLY).map(|_| Ply::default()).collect(),
            stats: Stats::default(),
            limits: Limits::default(),
            start: Instant::now(),
            next_check: options.poll_nodes.max(1),
            aborted: false,
            root_excluded: Vec::new(),
            root_depth: 0,
        }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn game_mut(&mut self) -> &mut G {
        &mut self.game
    }

    pub fn hook_mut(&mut self) -> &mut H {
        &mut self.hook
    }

    /// Counts since the last [`Searcher::search`] or [`Searcher::reset_stats`].
    pub fn stats(&self) -> Stats {
        self.stats
    }

    pub fn reset_stats(&mut self) {
        self.stats = Stats::default();
    }

    /// Puts what the hook brought from elsewhere into the table (searches
    /// do this between slices by themselves).
    pub fn absorb_incoming(&mut self) {
        for (key, entry) in self.hook.incoming() {
            if self
                .table
                .probe(key)
                .is_some_and(|e| e.depth >= entry.depth)
            {
                self.hook.shared_known();
            }
            self.table.store(key, entry);
        }
    }

    /// One search of the current state to `depth` with the window
    /// (`alpha`, `beta`), fail-hard (internal iterative deepening inside),
    /// adding to [`Searcher::stats`]. Only the hook stops it: then `None`,
    /// and what it found stays in the table for the next try.
    pub fn search_node(&mut self, depth: u32, alpha: Value, beta: Value) -> Option<Value> {
        self.limits = Limits::default();
        self.aborted = false;
        self.root_depth = depth;
        self.root_excluded.clear();
        self.next_check = self.stats.nodes + self.poll_interval();
        let value = self.alphabeta(depth.min(MAX_PLY as u32), 0, alpha, beta);
        (!self.aborted).then_some(value)
    }

    pub fn table(&self) -> &TranspositionTable {
        &self.table
    }

    /// Forgets every stored result.
    pub fn clear_tables(&mut self) {
        self.table.clear();
        if let Some(w) = &mut self.worker {
            w.table.clear();
        }
    }

    /// Iterative deepening from the current state to `limits.depth` (odd
    /// depths from 1, even ones from 2, in steps of two), calling
    /// `on_iteration` after each finished iteration. Returns the deepest
    /// finished iteration; tables are kept, so a later search reuses them.
    pub fn search(
        &mut self,
        limits: Limits,
        mut on_iteration: impl FnMut(&Iteration<G::Move>),
    ) -> SearchResult<G::Move> {
        self.limits = limits;
        self.stats = Stats::default();
        self.start = Instant::now();
        self.next_check = self.poll_interval();
        self.aborted = false;
        let max_depth = (self.limits.depth as usize).min(MAX_PLY) as u32;
        let mut result = SearchResult {
            depth: 0,
            value: 0,
            best_move: None,
            pv: Vec::new(),
            stats: Stats::default(),
            elapsed: Duration::ZERO,
        };
        let mut depth = match max_depth {
            0 => 0,
            d if !d.is_multiple_of(2) => 1,
            _ => 2,
        };
        let lines = self.limits.multipv.max(1);
        'deepening: while depth <= max_depth {
            self.root_depth = depth;
            self.stats.task_searches_last = 0;
            self.root_excluded.clear();
            let mut done = Vec::with_capacity(lines);
            for line in 1..=lines {
                let value = self.alphabeta(depth, 0, -INFINITE, INFINITE);
                if self.aborted {
                    break;
                }
                let pv = self.plies[0].pv.clone();
                let Some(&first) = pv.first() else {
                    break; // no child left for another line
                };
                self.root_excluded.push(first);
                done.push(Iteration {
                    depth,
                    multipv: line,
                    value,
                    pv,
                    stats: self.stats,
                    elapsed: self.start.elapsed(),
                    hashfull: self.table.permille_full(),
                });
            }
            // An unfinished iteration's finished lines too.
            report_lines(&mut done, &mut on_iteration);
            if let Some(best) = done.into_iter().next() {
                result.depth = depth;
                result.value = best.value;
                result.best_move = best.pv.first().copied();
                result.pv = best.pv;
            }
            if self.aborted {
                break 'deepening;
            }
            if self.root_excluded.is_empty() {
                // The root is terminal.
                result.depth = depth;
                result.value = self.game.end_value();
            }
            if depth == max_depth {
                break;
            }
            depth += 2;
        }
        self.root_excluded.clear();
        result.stats = self.stats;
        result.elapsed = self.start.elapsed();
        result
    }

    /// Nodes between two polls (`options.poll_nodes`, at least 1).
    #[inline]
    fn poll_interval(&self) -> u64 {
        self.options.poll_nodes.max(1)
    }

    /// Whether the search must stop; checked every `options.poll_nodes` nodes.
    #[inline]
    pub(super) fn out_of_budget(&mut self) -> bool {
        if self.stats.nodes >= self.next_check {
            self.next_check = self.stats.nodes + self.poll_interval();
            if self.limits.reached(self.start, self.stats.nodes) || self.hook.poll(self.stats.nodes)
            {
                self.aborted = true;
            }
            self.absorb_incoming();
        }
        self.aborted
    }

    /// The table result for the current state at `ply`, if any.
    #[inline]
    fn probe(&self, ply: usize) -> Option<Entry> {
        let key = self.game.hash();
        match (&self.worker, self.options.split) {
            (Some(w), Some(s)) if ply > s.d_prime as usize => w.probe(key),
            _ => self.table.probe(key),
        }
    }

    /// [`Searcher::probe`]'s bucket for a state at `ply` of hash `key`,
    /// fetched into the cache ahead.
    #[inline]
    fn prefetch(&self, ply: usize, key: u64) {
        match (&self.worker, self.options.split) {
            (Some(w), Some(s)) if ply > s.d_prime as usize => w.prefetch(key),
            _ => self.table.prefetch(key),
        }
    }

    #[inline]
    fn store(&mut self, ply: usize, entry: Entry) {
        let key = self.game.hash();
        match (&mut self.worker, self.options.split) {
            (Some(w), Some(s)) if ply > s.d_prime as usize => w.store(key, entry),
            _ => self.table.store(key, entry),
        }
        if self.hook.share_plies().is_some_and(|k| ply <= k) {
            self.hook.stored(key, entry);
        }
    }

    /// At a task root of the §5.2 split variants (ply d′): tags its
    /// subtree for the workers' table and counts a search at the task
    /// depth; true when that search simulates a full-window task, whose
    /// window widens to (−∞, +∞).
    fn enter_task_root(&mut self, ply: usize, depth: u32) -> bool {
        let Some(split) = self.options.split.filter(|s| ply == s.d_prime as usize) else {
            return false;
        };
        let task_depth = self.root_depth.saturating_sub(split.d_prime);
        if let Some(w) = &mut self.worker {
            w.task_tag = self.game.hash().wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        }
        if depth != task_depth {
            return false;
        }
        self.stats.task_searches += 1;
        self.stats.task_searches_last += 1;
        split.full_windows
    }

    /// The principal variation at `ply`: `mv`, then the one below it.
    fn extend_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.plies.split_at_mut(ply + 1);
        head[ply].pv.clear();
        head[ply].pv.push(mv);
        head[ply].pv.extend_from_slice(&tail[0].pv);
    }

    /// The negamax value of the current state searched `depth` plies
    /// within (`alpha`, `beta`): fail-hard (fail-soft if chosen), with internal iterative
    /// deepening, the table, and NegaScout's null windows if chosen.
    pub(super) fn alphabeta(&mut self, depth: u32, ply: usize, alpha: Value, beta: Value) -> Value {
        self.stats.nodes += 1;
        self.stats.seldepth = self.stats.seldepth.max(ply as u32);
        self.plies[ply].pv.clear();
        if self.out_of_budget() {
            return 0;
        }
        if depth == 0 || ply == MAX_PLY {
            self.stats.leaves += 1;
            return self.game.evaluate();
        }
        // A root search with lines left out is not the root's own result:
        // it neither uses nor writes the root's table entry.
        let partial_root = ply == 0 && !self.root_excluded.is_empty();
        let entry = self.probe(ply).filter(|_| !partial_root);
        if let Some(e) = entry {
            self.stats.tt_hits += 1;
            let cutoff = e.cutoff(depth, alpha, beta);
            if e.shared {
                self.hook.found_shared(cutoff.is_some());
            }
            if let Some(v) = cutoff {
                self.stats.tt_cutoffs += 1;
                return v;
            }
        }

        let (outer_alpha, outer_beta) = (alpha, beta);
        let full_window = self.enter_task_root(ply, depth);
        let (mut alpha, beta) = match full_window {
            true => (-INFINITE, INFINITE),
            false => (alpha, beta),
        };

        if entry.is_none() && depth >= 3 && !partial_root {
            self.alphabeta(depth - 2, ply, alpha, beta);
            if self.aborted {
                return 0;
            }
        }

        let mut children = std::mem::take(&mut self.plies[ply].children);
        self.game.children(&mut children);
        if children.is_empty() {
            self.plies[ply].children = children;
            self.stats.leaves += 1;
            return self.game.end_value().clamp(outer_alpha, outer_beta);
        }
        if depth >= 2 {
            // Children that probe the table (leaves do not): their buckets
            // come from memory together instead of one after another.
            for &mv in &children {
                if let Some(key) = self.game.child_hash(mv) {
                    self.prefetch(ply + 1, key);
                }
            }
        }
        let mut order = std::mem::take(&mut self.plies[ply].order);
        self.order_children(ply, depth, &children, &mut order);

        let mut best = NO_CHILD;
        let mut best_value = -INFINITE;
        for (i, &(_, index)) in order.iter().enumerate() {
            let mv = children[index as usize];
            if partial_root && self.root_excluded.contains(&mv) {
                continue;
            }
            self.game.play(mv);
            let mut v = if self.options.negascout && i > 0 {
                -self.alphabeta(depth - 1, ply + 1, -alpha - 1, -alpha)
            } else {
                -self.alphabeta(depth - 1, ply + 1, -beta, -alpha)
            };
            if self.options.negascout && i > 0 && v > alpha && v < beta && !self.aborted {
                v = -self.alphabeta(depth - 1, ply + 1, -beta, -alpha);
            }
            self.game.undo(mv);
            if self.aborted {
                break;
            }
            best_value = best_value.max(v);
            if v > alpha {
                alpha = v;
                best = index;
                self.extend_pv(ply, mv);
                if alpha >= beta {
                    if !self.options.fail_soft {
                        alpha = beta;
                    }
                    break;
                }
            }
        }
        self.plies[ply].children = children;
        self.plies[ply].order = order;
        if self.aborted {
            return 0;
        }
        if partial_root {
            return alpha;
        }
        if self.options.fail_soft {
            alpha = best_value;
        }
        let bound = if alpha >= beta {
            Bound::Lower
        } else if best == NO_CHILD {
            Bound::Upper
        } else {
            Bound::Exact
        };
        let entry = Entry {
            value: alpha,
            depth,
            bound,
            best,
            shared: false,
        };
        self.store(ply, entry);
        if full_window {
            alpha.clamp(outer_alpha, outer_beta)
        } else {
            alpha
        }
    }

    /// Fills `order` with the children's search order: the table's best
    /// child first, then, where shallower searches left results (depth ≥ 3),
    /// children by those results, else the game's predicted order.
    fn order_children(
        &mut self,
        ply: usize,
        depth: u32,
        children: &[G::Move],
        order: &mut Vec<(i64, u16)>,
    ) {
        let best = self.probe(ply).map_or(NO_CHILD, |e| e.best);
        order.clear();
        for (index, &mv) in children.iter().enumerate() {
            let index = index as u16;
            let score = if index == best {
                FIRST
            } else if depth >= 3 {
                self.game.play(mv);
                let child = self.probe(ply + 1);
                self.game.undo(mv);
                child.map_or(UNKNOWN, |e| -i64::from(e.value))
            } else {
                UNKNOWN
            };
            // Ascending keys: higher scores first, then predicted order.
            order.push((-score, index));
        }
        order.sort_unstable();
    }
}
