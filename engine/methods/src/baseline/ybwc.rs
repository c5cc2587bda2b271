//! YBWC, the Young Brothers Wait Concept (Feldmann), in its message-passing
//! form with work stealing, written once against `Transport`. A processor
//! searches depth first; at a node whose eldest child is done (and did not
//! cut off) the younger brothers may be searched in parallel: the node
//! becomes a split point, and an idle processor that asks (a steal, to a
//! victim chosen at random) gets one of its unsearched children, the
//! shallowest split point's first, with the window of the moment. The
//! owner goes on with the other children and, when none is left, waits
//! for its thieves' values; a cut-off aborts the thieves still searching
//! the node's children, and they abort theirs. Rank 0 searches the root;
//! every other processor starts idle. Plain fail-hard alpha-beta in the
//! tree's order, as the split methods' terminal processors search.
//!
//! Jamboree (Kuszmaul; seed 003 §4) is the same machinery with another
//! rule for the younger brothers: they are tested in parallel with a null
//! window at the alpha of the moment, and a brother whose test fails high
//! is searched again with the full window by the owner, in order, once
//! every earlier brother is done; below `min_split_depth` plies a node is
//! searched by plain alpha-beta (the paper's cut-over at depth 3).

use super::ledger::Ledger;
use super::outcome::BaselineOutcome;
use super::plain_alphabeta::Counts;
use super::split_message::SplitMessage;
use super::splitting::Charge;
use std::time::Duration;
use yomi_runtime::{Rank, Transport};
use yomi_tree::{play_path, take_back, Game, Value, INFINITE};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YbwcConfig {
    pub depth: u32,
    pub charge: Charge,
    /// Nodes between a processor's looks at its messages.
    pub poll_every: u64,
    /// How the younger brothers are searched.
    pub brothers: Brothers,
    /// Nodes fewer plies deep are searched without splitting.
    pub min_split_depth: u32,
    /// Children of nodes 2 or more plies deep are searched best first by
    /// their static values (seed 003's Jamboree), each evaluation a node.
    pub static_order: bool,
}

/// The rule for a split point's younger brothers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brothers {
    /// YBWC: searched with the window of the moment.
    Searched,
    /// Jamboree: tested with a null window, failures searched again.
    Tested,
}

impl YbwcConfig {
    /// YBWC as Feldmann describes it: every node may split.
    pub fn ybwc(depth: u32, charge: Charge, poll_every: u64) -> YbwcConfig {
        YbwcConfig {
            depth,
            charge,
            poll_every,
            brothers: Brothers::Searched,
            min_split_depth: 1,
            static_order: false,
        }
    }

    /// Jamboree as seed 003 ran it: null-window tests, plain alpha-beta
    /// below 3 plies.
    pub fn jamboree(depth: u32, charge: Charge, poll_every: u64) -> YbwcConfig {
        YbwcConfig {
            brothers: Brothers::Tested,
            min_split_depth: 3,
            ..YbwcConfig::ybwc(depth, charge, poll_every)
        }
    }
}

/// A child of a split point out with a thief.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Out {
    thief: Rank,
    id: u64,
    child: usize,
    /// Jamboree: the alpha its test is against.
    bound: Value,
}

/// A node whose younger brothers may go to thieves.
struct SplitPoint {
    /// Plies from the processor's task root to the node: its path is the
    /// first `ply` of the current path (a split point is an ancestor).
    ply: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
    children: usize,
    /// The first child nobody has taken yet.
    next: usize,
    /// Children at thieves.
    out: Vec<Out>,
    /// Jamboree: children whose test failed high, to be searched again,
    /// in increasing order.
    retry: Vec<usize>,
    /// A child's value reached beta.
    cut: bool,
}

/// The first wait after a refused steal; it doubles up to `MAX_BACKOFF`,
/// so that idle processors do not flood the others (and a virtual cluster
/// with free messages moves on). Virtual cluster, paper node cost,
/// Ethernet, 64/256/1,536 ranks: a cap of 256 µs → 32 µs took 5/13/19 %
/// off the time on synthetic b = 5, d = 12 trees (16 seeds) and 3/10/16 %
/// on shogi b = 5, d = 10 (8 positions); 8 µs 1–5 % more, for four times
/// the steals on a network the simulation does not congest.
const MIN_BACKOFF: Duration = Duration::from_micros(1);
const MAX_BACKOFF: Duration = Duration::from_micros(32);

struct Processor<G: Game, T: Transport<SplitMessage>> {
    game: G,
    transport: T,
    config: YbwcConfig,
    /// The path from the root to the current task's node (what the
    /// processor was given), and from there to the current node.
    task_path: Vec<u16>,
    path: Vec<u16>,
    splits: Vec<SplitPoint>,
    /// Child lists for reuse, one a ply in use.
    lists: Vec<Vec<G::Move>>,
    /// The split point a thief's value cut off: the search below it ends.
    unwind: Option<usize>,
    /// The task itself was aborted (or the search is over).
    abandon: bool,
    /// Who gave this processor its task, and its id.
    owner: Option<(Rank, u64)>,
    quit: bool,
    next_id: u64,
    ledger: Ledger,
    /// The counts the clock has been charged for.
    charged: Counts,
    random: u64,
}

/// Runs processor `transport.rank()` of a YBWC search of `root`: rank 0
/// returns the outcome once every processor has reported.
pub fn run_ybwc<G: Game, T: Transport<SplitMessage>>(
    root: G,
    transport: T,
    config: YbwcConfig,
) -> Option<BaselineOutcome> {
    let rank = transport.rank();
    let mut p = Processor {
        game: root,
        transport,
        config,
        task_path: Vec::new(),
        path: Vec::new(),
        splits: Vec::new(),
        lists: Vec::new(),
        unwind: None,
        abandon: false,
        owner: None,
        quit: false,
        next_id: 0,
        ledger: Ledger::new(rank),
        charged: Counts::default(),
        random: 0x9E37_79B9_7F4A_7C15 ^ (rank as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03),
    };
    if rank == 0 {
        Some(p.root())
    } else {
        p.serve();
        None
    }
}

impl<G: Game, T: Transport<SplitMessage>> Processor<G, T> {
    fn root(&mut self) -> BaselineOutcome {
        let value = self.node(self.config.depth, -INFINITE, INFINITE);
        self.charge();
        let elapsed = self.transport.now();
        for rank in 1..self.transport.size() {
            self.transport.send(rank, SplitMessage::Quit);
        }
        let own = self.ledger.report(&self.transport);
        BaselineOutcome::gather(&mut self.transport, value, elapsed, own)
    }

    /// Every other rank: steal work until the search is over.
    fn serve(&mut self) {
        let mut backoff = MIN_BACKOFF;
        while !self.quit {
            let victim = self.victim();
            self.transport.send(victim, SplitMessage::Steal);
            match self.await_answer() {
                Some((from, id, path, depth, alpha, beta)) => {
                    backoff = MIN_BACKOFF;
                    self.ledger.task_arrived(self.transport.now());
                    self.work(from, id, &path, depth, alpha, beta);
                }
                None if self.quit => {}
                None => {
                    let until = self.transport.now() + backoff;
                    self.ledger.idle(&mut self.transport, Some(until));
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                }
            }
        }
        let report = self.ledger.report(&self.transport);
        self.transport.send(0, SplitMessage::Report(report));
    }

    /// Waits for the answer to a steal: the task given, or `None` (no work,
    /// or the search is over). Others' steals meanwhile are refused.
    #[allow(clippy::type_complexity)]
    fn await_answer(&mut self) -> Option<(Rank, u64, Vec<u16>, u32, Value, Value)> {
        loop {
            match self.transport.poll() {
                Some((
                    from,
                    SplitMessage::Assign {
                        id,
                        path,
                        depth,
                        alpha,
                        beta,
                        ..
                    },
                )) => return Some((from, id, path, depth, alpha, beta)),
                Some((_, SplitMessage::NoWork)) => return None,
                Some((_, SplitMessage::Quit)) => {
                    self.quit = true;
                    return None;
                }
                Some((from, SplitMessage::Steal)) => {
                    self.transport.send(from, SplitMessage::NoWork)
                }
                Some(_) => {} // answers to a task already given up
                None => self.ledger.idle(&mut self.transport, None),
            }
        }
    }

    /// A stolen task: its value to its owner, unless it was aborted.
    fn work(&mut self, owner: Rank, id: u64, path: &[u16], depth: u32, alpha: Value, beta: Value) {
        debug_assert_eq!(path.len() as u32 + depth, self.config.depth);
        let played = self.replay(path);
        self.task_path = path.to_vec();
        self.owner = Some((owner, id));
        let value = self.node(depth, alpha, beta);
        self.charge();
        take_back(&mut self.game, played);
        self.owner = None;
        self.unwind = None;
        if !std::mem::take(&mut self.abandon) {
            self.transport.send(owner, SplitMessage::Done { id, value });
        }
    }

    /// A random other rank.
    fn victim(&mut self) -> Rank {
        self.random ^= self.random << 13;
        self.random ^= self.random >> 7;
        self.random ^= self.random << 17;
        let others = self.transport.size() - 1;
        let pick = (self.random % others as u64) as Rank;
        if pick >= self.transport.rank() {
            pick + 1
        } else {
            pick
        }
    }

    /// The search below the current node is to end.
    fn stopping(&self) -> bool {
        self.abandon || self.unwind.is_some()
    }

    /// The current node's value, `depth` plies deep in (`alpha`, `beta`),
    /// fail-hard; meaningless once [`Self::stopping`].
    fn node(&mut self, depth: u32, alpha: Value, beta: Value) -> Value {
        self.ledger.counts.nodes += 1;
        if self
            .ledger
            .counts
            .nodes
            .is_multiple_of(self.config.poll_every)
        {
            self.charge();
            self.read_messages();
        }
        if self.stopping() {
            return alpha;
        }
        // A list from the pool: no allocation a node once the pool is full.
        let mut children = self.lists.pop().unwrap_or_default();
        children.clear();
        if depth > 0 {
            self.children(depth, &mut children);
        }
        let value = self.expand(&children, depth, alpha, beta);
        self.lists.push(children);
        value
    }

    /// [`Self::node`] with the current node's `children` generated.
    fn expand(&mut self, children: &[G::Move], depth: u32, mut alpha: Value, beta: Value) -> Value {
        if depth == 0 || children.is_empty() {
            self.ledger.counts.leaves += 1;
            let value = if depth == 0 {
                self.game.evaluate()
            } else {
                self.game.end_value()
            };
            return value.clamp(alpha, beta);
        }
        let value = -self.child(children, 0, depth, -beta, -alpha);
        if self.stopping() {
            return alpha;
        }
        if value >= beta {
            return beta;
        }
        alpha = alpha.max(value);
        if children.len() == 1 {
            return alpha;
        }
        if depth < self.config.min_split_depth {
            for i in 1..children.len() {
                let value = -self.child(children, i, depth, -beta, -alpha);
                if self.stopping() {
                    return alpha;
                }
                if value >= beta {
                    return beta;
                }
                alpha = alpha.max(value);
            }
            return alpha;
        }
        // The eldest brother is done: the younger ones may go to thieves.
        let k = self.splits.len();
        self.splits.push(SplitPoint {
            ply: self.path.len(),
            depth,
            alpha,
            beta,
            children: children.len(),
            next: 1,
            out: Vec::new(),
            retry: Vec::new(),
            cut: false,
        });
        loop {
            if self.abandon || self.unwind.is_some_and(|u| u < k) {
                self.splits.pop();
                return alpha;
            }
            if self.unwind == Some(k) {
                self.unwind = None;
            }
            let sp = &mut self.splits[k];
            if sp.cut {
                break;
            }
            // Jamboree: a failed test is searched again once every
            // earlier brother is done.
            let first_retry = sp.retry.first().copied();
            if let Some(i) = first_retry.filter(|&i| sp.out.iter().all(|o| o.child > i)) {
                sp.retry.remove(0);
                let (a, b) = (sp.alpha, sp.beta);
                let value = -self.child(children, i, depth, -b, -a);
                if !self.stopping() {
                    self.raise(k, value);
                }
                continue;
            }
            if sp.next < sp.children {
                let (i, a, b) = (sp.next, sp.alpha, sp.beta);
                sp.next += 1;
                let value = match self.config.brothers {
                    Brothers::Searched => -self.child(children, i, depth, -b, -a),
                    Brothers::Tested => -self.child(children, i, depth, -a - 1, -a),
                };
                if self.stopping() {
                    continue; // the checks above say how far to go back
                }
                self.returned(k, i, a, value);
                continue;
            }
            if sp.out.is_empty() && sp.retry.is_empty() {
                break;
            }
            if sp.out.is_empty() {
                continue; // a retry is due
            }
            // Nothing left here but the thieves' values.
            match self.transport.poll() {
                Some((from, message)) => self.handle(from, message),
                None => self.ledger.idle(&mut self.transport, None),
            }
        }
        let sp = self.splits.pop().expect("this node's split point");
        if sp.cut {
            beta
        } else {
            sp.alpha
        }
    }

    /// The value of child `i` of the current node (its children given).
    fn child(
        &mut self,
        children: &[G::Move],
        i: usize,
        depth: u32,
        alpha: Value,
        beta: Value,
    ) -> Value {
        let mv = children[i];
        self.game.play(mv);
        self.path.push(i as u16);
        let value = self.node(depth - 1, alpha, beta);
        self.path.pop();
        self.game.undo(mv);
        value
    }

    /// Split point `k`'s child `i`, searched against alpha `bound`, came
    /// back worth `value` (from the split point's side): YBWC raises alpha;
    /// Jamboree's test failed high asks for the child again (unless it is
    /// a cut-off already), one that failed low says nothing more.
    fn returned(&mut self, k: usize, i: usize, bound: Value, value: Value) {
        let sp = &mut self.splits[k];
        match self.config.brothers {
            Brothers::Searched => self.raise(k, value),
            Brothers::Tested if value > bound && value < sp.beta => {
                let at = sp.retry.partition_point(|&r| r < i);
                sp.retry.insert(at, i);
            }
            Brothers::Tested => self.raise(k, value),
        }
    }

    /// Split point `k` has a child's value (from its side): alpha raised,
    /// or a cut-off that aborts its thieves.
    fn raise(&mut self, k: usize, value: Value) {
        let sp = &mut self.splits[k];
        sp.alpha = sp.alpha.max(value);
        if sp.alpha >= sp.beta && !sp.cut {
            sp.cut = true;
            let out = std::mem::take(&mut sp.out);
            for o in out {
                self.transport
                    .send(o.thief, SplitMessage::Abort { id: o.id });
            }
        }
    }

    fn read_messages(&mut self) {
        while let Some((from, message)) = self.transport.poll() {
            self.handle(from, message);
        }
    }

    fn handle(&mut self, from: Rank, message: SplitMessage) {
        match message {
            SplitMessage::Steal => self.give(from),
            SplitMessage::Done { id, value } => {
                let found = self.splits.iter().enumerate().find_map(|(k, sp)| {
                    sp.out
                        .iter()
                        .position(|o| (o.thief, o.id) == (from, id))
                        .map(|i| (k, i))
                });
                if let Some((k, i)) = found {
                    let done = self.splits[k].out.swap_remove(i);
                    self.returned(k, done.child, done.bound, -value);
                    if self.splits[k].cut {
                        // Whatever this processor searches below it ends.
                        self.unwind = Some(self.unwind.map_or(k, |u| u.min(k)));
                    }
                }
            }
            SplitMessage::Abort { id } if self.owner == Some((from, id)) => self.give_up(),
            SplitMessage::Quit => {
                self.quit = true;
                self.give_up();
            }
            _ => {} // answers to work already given up
        }
    }

    /// The task is aborted: every thief of every split point too.
    fn give_up(&mut self) {
        self.abandon = true;
        for sp in &mut self.splits {
            for o in std::mem::take(&mut sp.out) {
                self.transport
                    .send(o.thief, SplitMessage::Abort { id: o.id });
            }
            sp.cut = true;
        }
    }

    /// A thief's steal: the first untaken child of the shallowest split
    /// point that has one, or no work.
    fn give(&mut self, thief: Rank) {
        let Some(sp) = self
            .splits
            .iter_mut()
            .find(|sp| !sp.cut && sp.next < sp.children)
        else {
            self.transport.send(thief, SplitMessage::NoWork);
            return;
        };
        let id = self.next_id;
        self.next_id += 1;
        let mut path = self.task_path.clone();
        path.extend_from_slice(&self.path[..sp.ply]);
        path.push(sp.next as u16);
        sp.out.push(Out {
            thief,
            id,
            child: sp.next,
            bound: sp.alpha,
        });
        sp.next += 1;
        let (alpha, beta) = match self.config.brothers {
            Brothers::Searched => (-sp.beta, -sp.alpha),
            Brothers::Tested => (-sp.alpha - 1, -sp.alpha),
        };
        let task = SplitMessage::Assign {
            id,
            path,
            depth: sp.depth - 1,
            alpha,
            beta,
            type2: false,
        };
        self.transport.send(thief, task);
    }

    /// The current node's children, `depth` plies deep, in the order they
    /// are searched (and named by in paths).
    fn children(&mut self, depth: u32, out: &mut Vec<G::Move>) {
        self.game.children(out);
        if !self.config.static_order || depth < 2 {
            return;
        }
        let mut keyed: Vec<(Value, G::Move)> = Vec::with_capacity(out.len());
        for &mv in out.iter() {
            self.game.play(mv);
            // The child's value for its mover: lowest is best for ours.
            keyed.push((self.game.evaluate(), mv));
            self.game.undo(mv);
        }
        self.ledger.counts.nodes += keyed.len() as u64;
        keyed.sort_by_key(|&(value, _)| value);
        out.clear();
        out.extend(keyed.into_iter().map(|(_, mv)| mv));
    }

    /// Plays `path` from the root (child indices in search order); the
    /// moves played, for [`take_back`].
    fn replay(&mut self, path: &[u16]) -> Vec<G::Move> {
        if !self.config.static_order {
            return play_path(&mut self.game, path);
        }
        let mut children = Vec::new();
        let mut played = Vec::with_capacity(path.len());
        for (ply, &index) in path.iter().enumerate() {
            self.children(self.config.depth - ply as u32, &mut children);
            let mv = children[usize::from(index)];
            self.game.play(mv);
            played.push(mv);
        }
        played
    }

    /// Charges the clock for the work since the last charge.
    fn charge(&mut self) {
        let units = self.config.charge.units(self.charged, self.ledger.counts);
        self.charged = self.ledger.counts;
        self.transport.work(units);
    }
}
