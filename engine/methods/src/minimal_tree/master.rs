//! The master of seed 000 Fig. 4: its tree (plies ≤ d′) in memory, passes
//! of alpha-beta over it with a pass window (moved by every value) and a
//! task window (moved by decided values only), worker results at ply d′,
//! tasks for every uncertain value in every pass, until a pass finds none.

use super::aspiration::Aspiration;
use super::balance::Balancer;
use super::message::{Message, Report, Task};
use super::position_results::PositionResults;
use super::signature::Signature;
use super::task_split::TaskSplit;
use ahash::{AHashMap, AHashSet};
use std::time::Duration;
use yomi_measure::IdleProfile;
use yomi_runtime::{Rank, Traffic, Transport};
use yomi_tree::{Game, Value, INFINITE};

/// A node of the master's tree: children generated once, the values they
/// had in the last pass (for ordering).
struct Node<M> {
    /// Children in the game's predicted order.
    moves: Vec<M>,
    /// Per child (predicted order): its value in the last pass that reached it.
    values: Vec<Option<Value>>,
    /// Per child (predicted order): its node, once it has one (children
    /// at the task depth have none, unless extended).
    children: Vec<Option<NodeId>>,
    /// The child that last raised the pass alpha or cut off (predicted-order index).
    best: Option<u16>,
}

/// A node's place in the master's arena.
type NodeId = u32;

/// Where a pass visits: the root, or a parent's child (predicted-order
/// index), so that a node is found without hashing its path.
#[derive(Clone, Copy)]
enum Place {
    Root,
    Child(NodeId, u16),
}

impl<M: Copy> Node<M> {
    /// The children's order for the next pass: the child that last raised
    /// the pass alpha or cut off first (as the sequential search's table
    /// move), then by their last values, unknown ones last, ties in
    /// predicted order. Values are fail-hard: a child that failed low
    /// after the best one holds the same value, and ordering by values
    /// alone would put it first whenever it comes earlier in predicted
    /// order, making the predicted principal variation swap every pass.
    fn order(&self) -> Vec<(u16, M)> {
        let mut order: Vec<(u16, M)> = (0..self.moves.len() as u16)
            .zip(self.moves.iter().copied())
            .collect();
        order.sort_by_key(|&(i, _)| {
            let key = if Some(i) == self.best {
                INFINITE + 1
            } else {
                self.values[i as usize].unwrap_or(-INFINITE - 1)
            };
            std::cmp::Reverse(key)
        });
        order
    }
}

/// What the master found and counted.
#[derive(Clone, Debug)]
pub struct MasterOutcome<M> {
    pub value: Value,
    pub best_move: Option<M>,
    pub passes: u64,
    /// Master nodes visited, over all passes.
    pub nodes: u64,
    pub tasks_sent: u64,
    /// Task positions the master's tree was extended below.
    pub extended: u64,
    /// What the master sent.
    pub traffic: Traffic,
    /// From the start to the last pass, on the transport's clock.
    pub elapsed: Duration,
    /// Of this search, the time spent waiting for workers' results (the
    /// rest went to passes), on the transport's clock.
    pub waiting: Duration,
    /// When in the search it waited.
    pub waited: IdleProfile,
    /// One report per worker (rank 1 first).
    pub reports: Vec<Report>,
    /// Whether the last pass settled every value; false when the search
    /// was stopped first (the value and move are then the last pass's).
    pub complete: bool,
}

pub struct Master<G: Game, T> {
    game: G,
    transport: T,
    negascout: bool,
    /// Tasks carry pass windows (for the workers' ε-windows), not task windows.
    pass_window_tasks: bool,
    /// NegaScout re-searches, and orders first, only a child whose scout
    /// value is decided.
    decided_research: bool,
    /// The root's window (games: an aspiration window; else full).
    aspiration: Aspiration,
    split: TaskSplit,
    /// The tree's nodes, the root's first once it has one: a node is
    /// reached from its parent (each path looked up in a map cost a
    /// hash of the path at every visit and child).
    tree: Vec<Node<G::Move>>,
    /// Worker results per position.
    results: AHashMap<u64, PositionResults>,
    /// Static values of frontier positions, evaluated once (as moves are
    /// generated once): later passes look them up.
    evaluations: AHashMap<u64, Value>,
    balancer: Balancer,
    path: Vec<u16>,
    signature: Vec<u16>,
    scratch: Vec<G::Move>,
    nodes: u64,
    tasks_sent: u64,
    /// Asked between passes and while waiting: true ends the search.
    stop: Option<Box<dyn Fn() -> bool>>,
    /// Extension (see `with_extension`).
    extend: bool,
    /// Task positions (paths) the master's tree goes on below.
    extended: AHashSet<Vec<u16>>,
    /// This pass's tasks: signature, path and depth.
    pass_tasks: Vec<(Vec<u16>, Vec<u16>, u32)>,
}

/// Extension: it starts when a pass sends fewer tasks than a tenth of the
/// workers, ...
const EXTEND_BELOW_WORKERS_PER_TASK: usize = 10;
/// ... extends a position for every fifth idle worker (each has b children
/// to hand out) ...
const IDLE_WORKERS_PER_EXTENSION: usize = 5;
/// ... and stops at tasks this shallow.
const MIN_EXTENDED_TASK_DEPTH: u32 = 4;

impl<G: Game, T: Transport<Message>> Master<G, T> {
    /// A master for a search of `game` to `depth` with tasks at ply `d_prime`
    /// (1 ≤ d′ < depth).
    pub fn new(game: G, transport: T, depth: u32, d_prime: u32) -> Master<G, T> {
        let workers = transport.size() - 1;
        Master {
            game,
            transport,
            negascout: false,
            pass_window_tasks: false,
            decided_research: false,
            aspiration: Aspiration::around(None),
            split: TaskSplit::new(depth, d_prime),
            tree: Vec::new(),
            results: AHashMap::new(),
            evaluations: AHashMap::new(),
            balancer: Balancer::new(workers),
            path: Vec::new(),
            signature: Vec::new(),
            scratch: Vec::new(),
            nodes: 0,
            tasks_sent: 0,
            stop: None,
            extend: false,
            extended: AHashSet::new(),
            pass_tasks: Vec::new(),
        }
    }

    /// Extension (an improvement on the paper): when a pass sends tasks to
    /// few workers, the positions of its most urgent tasks (first in
    /// depth-first order of the prediction) become nodes of the master's
    /// tree and their children go out as tasks to the idle workers, while
    /// their own tasks go on; a position's decided result ends its
    /// extension. The long searches the root's value waits on at the end
    /// of a search (after a change of the principal variation) are then
    /// shared among workers instead of run by one each.
    pub fn with_extension(mut self) -> Master<G, T> {
        self.extend = true;
        self
    }

    /// Ends the search early, with the last pass's value and move, once
    /// `stop` says so (a time limit, a GUI's `stop`): the best move is
    /// there at any moment after the first pass.
    pub fn with_stop(mut self, stop: impl Fn() -> bool + 'static) -> Master<G, T> {
        self.set_stop(stop);
        self
    }

    /// [`Master::with_stop`] for a master kept from search to search.
    pub fn set_stop(&mut self, stop: impl Fn() -> bool + 'static) {
        self.stop = Some(Box::new(stop));
    }

    /// Goes on to a search `depth` deep (iterative deepening at the root,
    /// seed 000 §6): the tree, its ordering and the workers' results stay;
    /// those results are now shallower, uncertain values that order the
    /// first passes and narrow their windows. The workers start the new
    /// search afresh (see `service`).
    pub fn deepen_to(&mut self, depth: u32) {
        self.split = self.split.deepened(depth);
        self.extended.clear();
    }

    /// The next search's root window: around `guess` (the last depth's
    /// value), widened as decided values fall outside it.
    pub fn set_aspiration(&mut self, guess: Option<Value>) {
        self.aspiration = Aspiration::around(guess);
    }

    pub fn transport_mut(&mut self) -> &mut T {
        &mut self.transport
    }

    fn stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(|s| s())
    }

    /// NegaScout in the master (seed 000 §5.4): null pass windows after
    /// the first child; with `pass_window_tasks` tasks carry the pass
    /// window, which the workers widen to ε-windows, else the task window.
    pub fn with_negascout(mut self, pass_window_tasks: bool) -> Master<G, T> {
        self.negascout = true;
        self.pass_window_tasks = pass_window_tasks;
        self
    }

    /// With NegaScout, a child whose scout fails high only on an uncertain
    /// value (a shallower result) is neither re-searched with the wide
    /// window nor ordered first until its scout is decided: in games, where
    /// the last depth's values swing with the side to move at the horizon,
    /// a wide-window task costs several scouts and is mostly not needed.
    pub fn with_decided_research(mut self) -> Master<G, T> {
        self.decided_research = true;
        self
    }

    /// Passes until one finds no uncertain value; then the workers stop and
    /// report. Counts are this search's.
    pub fn run(&mut self) -> MasterOutcome<G::Move> {
        (self.nodes, self.tasks_sent) = (0, 0);
        let mut passes = 0;
        let mut waiting = Duration::ZERO;
        let mut waited = IdleProfile::default();
        let start = self.transport.now();
        let (value, complete) = loop {
            passes += 1;
            let root = &self.aspiration;
            let window = Windows {
                a1: root.alpha,
                b1: root.beta,
                a2: root.alpha,
                b2: root.beta,
            };
            let (value, uncertain) = self.pass(Place::Root, self.split.depth(), window, false);
            if !uncertain && self.aspiration.widen(value) && !self.stopped() {
                continue;
            }
            if !uncertain || self.stopped() {
                break (value, !uncertain);
            }
            if self.extend {
                self.extend_if_few_tasks();
            }
            for w in 1..self.transport.size() {
                self.transport.send(w, Message::Pass);
            }
            self.balancer.end_pass();
            let since = self.transport.now();
            let got = self.wait_for_results();
            let until = self.transport.now();
            waiting += until - since;
            waited.wait((since - start).as_secs_f64(), (until - start).as_secs_f64());
            if !got {
                break (value, false);
            }
        };
        let elapsed = self.transport.now();
        let root = &self.tree[0];
        let best_move = root.best.map(|i| root.moves[i as usize]);
        let reports = self.stop_workers();
        MasterOutcome {
            value,
            best_move,
            passes,
            nodes: self.nodes,
            tasks_sent: self.tasks_sent,
            extended: self.extended.len() as u64,
            traffic: self.transport.traffic(),
            elapsed,
            waiting,
            waited,
            reports,
            complete,
        }
    }

    /// Extension after a pass that sent tasks to few workers (see
    /// `with_extension`).
    fn extend_if_few_tasks(&mut self) {
        let mut tasks = std::mem::take(&mut self.pass_tasks);
        tasks.sort();
        tasks.dedup_by(|a, b| a.1 == b.1);
        let workers = self.transport.size() - 1;
        if tasks.len() * EXTEND_BELOW_WORKERS_PER_TASK >= workers {
            return;
        }
        let room = (workers - tasks.len()) / IDLE_WORKERS_PER_EXTENSION;
        for (_, path, depth) in tasks.into_iter().take(room) {
            if depth > MIN_EXTENDED_TASK_DEPTH {
                self.extended.insert(path);
            }
        }
    }

    /// Takes in every result (or word of a worker's queue running dry)
    /// that has arrived, waiting for at least one: without new information
    /// the next pass would be the same. False when the search was stopped
    /// first.
    fn wait_for_results(&mut self) -> bool {
        let mut got = false;
        loop {
            while let Some((from, message)) = self.transport.poll() {
                match message {
                    Message::Result(outcome) => {
                        self.results.entry(outcome.key).or_default().add(&outcome);
                        got = true;
                    }
                    Message::Idle => {
                        self.balancer.ran_dry(from - 1);
                        got = true;
                    }
                    _ => {}
                }
            }
            if got {
                return true;
            }
            if self.stopped() {
                return false;
            }
            self.transport.idle();
        }
    }

    fn stop_workers(&mut self) -> Vec<Report> {
        let workers = self.transport.size() - 1;
        for w in 1..=workers {
            self.transport.send(w, Message::Stop);
        }
        let mut reports: Vec<Option<Report>> = vec![None; workers];
        while reports.iter().any(Option::is_none) {
            match self.transport.poll() {
                Some((from, Message::Report(r))) => reports[from - 1] = Some(*r),
                Some(_) => {}
                None => self.transport.idle(),
            }
        }
        reports.into_iter().flatten().collect()
    }

    /// MasterAlphaBeta: the value of the current node for remaining
    /// `depth` under windows `w`, and whether an uncertain value went into
    /// it; `shallow` marks the internal iterative deepening of first visits,
    /// which sends no tasks.
    fn pass(&mut self, place: Place, depth: u32, w: Windows, shallow: bool) -> (Value, bool) {
        self.nodes += 1;
        let task_depth = self.split.task_depth();
        if depth <= task_depth {
            if shallow || !self.extended.contains(&self.path) {
                return self.frontier(depth, w, shallow);
            }
            // Extended: the position's own task goes on, and its decided
            // result ends the extension here; until then, its children.
            let key = self.game.hash();
            if let Some((v, d)) = self.deepest_result(key, w) {
                if d >= depth {
                    self.transport.visit(1);
                    return (v, false);
                }
            }
            self.send_task(key, depth, w);
        }
        let id = match self.node_at(place) {
            Some(id) => {
                self.transport.visit(1);
                id
            }
            None => {
                // Moves are generated once per node, on its first visit: a
                // searched node's cost; later visits only sort and look up.
                self.transport.work(1);
                self.game.children(&mut self.scratch);
                let n = self.scratch.len();
                let id = NodeId::try_from(self.tree.len()).expect("under 2^32 master nodes");
                self.tree.push(Node {
                    moves: self.scratch.clone(),
                    values: vec![None; n],
                    children: vec![None; n],
                    best: None,
                });
                if let Place::Child(parent, index) = place {
                    self.tree[parent as usize].children[index as usize] = Some(id);
                }
                // Internal deepening orders the children by a shallower pass,
                // useful only where that pass reaches them: 2 plies above the
                // task depth it would only evaluate this node itself.
                if depth > task_depth + 2 && n > 0 {
                    self.pass(place, depth - 2, w, true);
                }
                id
            }
        };
        let node = &self.tree[id as usize];
        if node.moves.is_empty() {
            return (self.game.end_value(), false);
        }
        let order = node.order();
        let mut w = w;
        let mut uncertain = false;
        for (rank, (index, mv)) in order.into_iter().enumerate() {
            self.game.play(mv);
            self.path.push(index);
            self.signature.push(rank as u16);
            let (v, child_uncertain) =
                self.child(Place::Child(id, index), rank, depth - 1, w, shallow);
            self.signature.pop();
            self.path.pop();
            self.game.undo(mv);
            let score = -v;
            let promoted = rank == 0 || !(self.decided_research && child_uncertain);
            let node = &mut self.tree[id as usize];
            node.values[index as usize] = Some(score);
            if score > w.a1 && promoted {
                node.best = Some(index);
            }
            uncertain |= child_uncertain;
            w.a1 = w.a1.max(score);
            if !child_uncertain {
                w.a2 = w.a2.max(score);
            }
            if w.b1 <= w.a1 {
                return (w.b1, uncertain);
            }
        }
        (w.a1, uncertain)
    }

    /// A child's value under the parent's windows `w` (negated back by the
    /// caller): the full pass window, or with NegaScout a null window after
    /// the first child and a re-search when the child fails high inside it.
    fn child(
        &mut self,
        place: Place,
        rank: usize,
        depth: u32,
        w: Windows,
        shallow: bool,
    ) -> (Value, bool) {
        if !self.negascout || rank == 0 || w.b1 - w.a1 <= 1 {
            return self.pass(place, depth, w.for_child(), shallow);
        }
        let scout = Windows { b1: w.a1 + 1, ..w };
        let (v, scout_uncertain) = self.pass(place, depth, scout.for_child(), shallow);
        let score = -v;
        if score > w.a1 && score < w.b1 && !(self.decided_research && scout_uncertain) {
            let (v, uncertain) = self.pass(place, depth, w.for_child(), shallow);
            return (v, uncertain || scout_uncertain);
        }
        (v, scout_uncertain)
    }

    /// The node at `place`, if it has one.
    fn node_at(&self, place: Place) -> Option<NodeId> {
        match place {
            Place::Root => (!self.tree.is_empty()).then_some(0),
            Place::Child(parent, index) => self.tree[parent as usize].children[index as usize],
        }
    }

    /// EvalAndSendTask: the deepest worker result usable with the pass
    /// window, else a shallower one, else the static value; a task with the
    /// task window whenever the value is uncertain.
    fn frontier(&mut self, depth: u32, w: Windows, shallow: bool) -> (Value, bool) {
        let key = self.game.hash();
        let found = self.deepest_result(key, w);
        // Shallow visits count only full task depth as decided; other
        // visits are at the task depth, or below an extended position.
        let required = if shallow {
            self.split.task_depth()
        } else {
            depth
        };
        let (value, decided) = match found {
            Some((v, d)) => {
                self.transport.visit(1);
                (v, d >= required)
            }
            None => match self.evaluations.get(&key) {
                Some(&v) => {
                    self.transport.visit(1);
                    (v, false)
                }
                None => {
                    self.transport.work(1);
                    let v = self.game.evaluate();
                    self.evaluations.insert(key, v);
                    (v, false)
                }
            },
        };
        if !decided && !shallow {
            self.send_task(key, depth, w);
        }
        (value, !decided)
    }

    /// The deepest worker result for position `key` usable with the pass
    /// window, else a shallower one: its value and depth.
    fn deepest_result(&self, key: u64, w: Windows) -> Option<(Value, u32)> {
        self.results.get(&key)?.deepest(w.a1, w.b1)
    }

    /// A task for the current position (`key`), `depth` plies, with the
    /// task window (or the pass window, which the workers make ε-windows).
    fn send_task(&mut self, key: u64, depth: u32, w: Windows) {
        let (alpha, beta) = if self.pass_window_tasks {
            (w.a1, w.b1)
        } else {
            (w.a2, w.b2)
        };
        let task = Task {
            path: self.path.clone(),
            key,
            depth,
            alpha,
            beta,
            signature: Signature(self.signature.clone()),
        };
        let worker: Rank = self.balancer.choose(key) + 1;
        self.transport.send(worker, Message::Task(task));
        self.tasks_sent += 1;
        if self.extend {
            self.pass_tasks
                .push((self.signature.clone(), self.path.clone(), depth));
        }
    }
}

/// This machine's processor time per revisit of a node of the master's
/// tree, µs: passes over `root`'s top `d_prime` plies (static values at
/// the frontier, tasks sent to a worker that never reads them) after the
/// first pass, which built the tree. Frontier evaluations and sends are
/// inside, so it overstates the bookkeeping a little.
pub fn visit_cost_us<G: Game>(root: G, depth: u32, d_prime: u32) -> f64 {
    const PASSES: u32 = 3;
    let mut transports = yomi_runtime::thread_transports::<Message>(2).into_iter();
    let transport = transports.next().expect("rank 0");
    let _worker = transports.next();
    let mut master = Master::new(root, transport, depth, d_prime);
    master.pass(Place::Root, depth, Windows::FULL, false);
    let built = master.nodes;
    let start = std::time::Instant::now();
    for _ in 0..PASSES {
        master.pass(Place::Root, depth, Windows::FULL, false);
    }
    start.elapsed().as_secs_f64() * 1e6 / (master.nodes - built).max(1) as f64
}

/// The master's two windows at a node: the pass window (`a1`, `b1`), moved
/// by every value, and the task window (`a2`, `b2`), moved by decided
/// values only.
#[derive(Clone, Copy, Debug)]
struct Windows {
    a1: Value,
    b1: Value,
    a2: Value,
    b2: Value,
}

impl Windows {
    const FULL: Windows = Windows {
        a1: -INFINITE,
        b1: INFINITE,
        a2: -INFINITE,
        b2: INFINITE,
    };

    /// The same windows from the child's side (negamax).
    fn for_child(self) -> Windows {
        Windows {
            a1: -self.b1,
            b1: -self.a1,
            a2: -self.b2,
            b2: -self.a2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimal_tree::message::Outcome;
    use std::sync::Arc;
    use yomi_runtime::thread_transports;
    use yomi_tree::{EdgeModel, SyntheticTree};

    #[test]
    fn the_child_that_raised_alpha_goes_first_though_one_that_failed_low_ties_with_it() {
        // Child 2 raised alpha to 50, child 1 then failed low at 50.
        let indices = |node: &Node<()>| node.order().iter().map(|&(i, _)| i).collect::<Vec<_>>();
        let node = Node {
            moves: vec![(); 3],
            values: vec![Some(20), Some(50), Some(50)],
            children: vec![None; 3],
            best: Some(2),
        };
        assert_eq!(indices(&node), [2, 1, 0]);
        let unvisited = Node {
            moves: vec![(); 3],
            values: vec![None, Some(-5), None],
            children: vec![None; 3],
            best: None,
        };
        assert_eq!(indices(&unvisited), [1, 0, 2]);
    }

    /// A synthetic tree that counts its static evaluations.
    #[derive(Clone)]
    struct Counting(SyntheticTree, std::rc::Rc<std::cell::Cell<u32>>);

    impl Game for Counting {
        type Move = <SyntheticTree as Game>::Move;
        fn children(&mut self, out: &mut Vec<Self::Move>) {
            self.0.children(out)
        }
        fn play(&mut self, mv: Self::Move) {
            self.0.play(mv)
        }
        fn undo(&mut self, mv: Self::Move) {
            self.0.undo(mv)
        }
        fn evaluate(&mut self) -> Value {
            self.1.set(self.1.get() + 1);
            self.0.evaluate()
        }
        fn hash(&self) -> u64 {
            self.0.hash()
        }
    }

    #[test]
    fn frontier_positions_are_evaluated_once_over_all_passes() {
        let evaluations = std::rc::Rc::new(std::cell::Cell::new(0));
        let root = Counting(
            SyntheticTree::new(5, 3, Arc::new(EdgeModel::embedded())),
            evaluations.clone(),
        );
        let mut transports = thread_transports::<Message>(2).into_iter();
        let mut master = Master::new(root, transports.next().unwrap(), 4, 2);
        let first = master.pass(Place::Root, 4, Windows::FULL, false);
        let after_one = evaluations.get();
        assert!(after_one > 0);
        assert_eq!(master.pass(Place::Root, 4, Windows::FULL, false), first);
        assert_eq!(
            evaluations.get(),
            after_one,
            "the second pass looks them up"
        );
    }

    #[test]
    fn a_pass_uses_shallower_worker_results_before_static_values() {
        let root = SyntheticTree::new(5, 3, Arc::new(EdgeModel::embedded()));
        let mut transports = thread_transports::<Message>(2).into_iter();
        let mut master = Master::new(root.clone(), transports.next().unwrap(), 3, 1);
        // Depth-1 results (tasks are 2 deep) for every child of the root:
        // the child worth the least to its mover is the root's best.
        let mut game = root;
        let mut children = Vec::new();
        game.children(&mut children);
        for (i, &mv) in children.iter().enumerate() {
            game.play(mv);
            let outcome = Outcome {
                key: game.hash(),
                depth: 1,
                alpha: -INFINITE,
                beta: INFINITE,
                value: 10_000 + i as Value,
            };
            master.results.entry(outcome.key).or_default().add(&outcome);
            game.undo(mv);
        }
        let (value, uncertain) = master.pass(Place::Root, 3, Windows::FULL, false);
        assert_eq!((value, uncertain), (-10_000, true));
        assert_eq!(master.tree[0].best, Some(0));
        assert_eq!(
            master.tasks_sent, 3,
            "tasks go out for the uncertain values"
        );
    }
}
