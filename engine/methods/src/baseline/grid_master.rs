//! Seed 004's grid master (the paper's master and workers, §3.2),
//! written once against `Transport`.
//!
//! Rank 0, the master, does not search: it expands the top of the tree
//! level by level until the next level holds at least as many nodes as
//! there are workers (level L + 1 of the paper), and those nodes are the
//! pool of work. Every idle worker gets the next node of the pool in the
//! tree's order with the window the master holds for it at that moment;
//! a worker searches it with plain alpha-beta and returns its value,
//! which is also its request for more work. The master backs values up
//! the top of the tree, so bounds found by one worker reach the next ones
//! it hands work to, and skips pool nodes below a cut-off.
//!
//! In the paper bounds travel only that way. With `push_bounds` (beyond
//! the paper, after its conclusion that bounds should move faster) the
//! master also sends each busy worker its node's narrower window as soon
//! as it changes, and stops workers whose node a cut-off made useless.

use super::ledger::Ledger;
use super::outcome::BaselineOutcome;
use super::plain_alphabeta::{AlphaBeta, Counts};
use super::split_message::SplitMessage;
use super::splitting::Charge;
use std::cell::Cell;
use yomi_runtime::{Rank, Transport};
use yomi_tree::{play_path, take_back, Game, Value, INFINITE};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridMasterConfig {
    pub depth: u32,
    pub charge: Charge,
    /// Nodes between a worker's looks at its messages.
    pub poll_every: u64,
    /// Send busy workers their narrower windows, and stop those cut off.
    pub push_bounds: bool,
}

/// Runs rank `transport.rank()` of the search of `root`: rank 0 (the
/// master) returns the outcome once every worker has reported.
pub fn run_grid_master<G: Game, T: Transport<SplitMessage>>(
    root: G,
    transport: T,
    config: GridMasterConfig,
) -> Option<BaselineOutcome> {
    if transport.rank() == 0 {
        Some(Master::new(root, transport, config).run())
    } else {
        serve(root, transport, config);
        None
    }
}

/// A node of the tree's top, kept by the master.
struct TopNode {
    parent: Option<usize>,
    /// Child indices from the root.
    path: Vec<u16>,
    children: Vec<usize>,
    /// Its value, once known (fail-hard in its window of that moment).
    value: Option<Value>,
}

/// A pool node out with a worker.
#[derive(Clone, Copy)]
struct Out {
    worker: Rank,
    id: u64,
    node: usize,
    window: (Value, Value),
}

struct Master<G: Game, T: Transport<SplitMessage>> {
    game: G,
    transport: T,
    config: GridMasterConfig,
    ledger: Ledger,
    top: Vec<TopNode>,
    /// Pool nodes in the tree's order, and the next one to hand out.
    pool: Vec<usize>,
    next: usize,
    /// Plies from the root to the pool.
    pool_depth: u32,
    out: Vec<Out>,
    idle: Vec<Rank>,
    next_id: u64,
}

impl<G: Game, T: Transport<SplitMessage>> Master<G, T> {
    fn new(game: G, transport: T, config: GridMasterConfig) -> Self {
        let idle = (1..transport.size()).rev().collect();
        Master {
            game,
            transport,
            config,
            ledger: Ledger::new(0),
            top: vec![TopNode {
                parent: None,
                path: Vec::new(),
                children: Vec::new(),
                value: None,
            }],
            pool: vec![0],
            next: 0,
            pool_depth: 0,
            out: Vec::new(),
            idle,
            next_id: 0,
        }
    }

    fn run(mut self) -> BaselineOutcome {
        let workers = self.transport.size() - 1;
        if workers == 0 {
            // No one to hand work to: the master searches alone.
            let mut ab = AlphaBeta::new(&mut self.game, u64::MAX, |_| true);
            let value = ab.search(self.config.depth, -INFINITE, INFINITE);
            let counts = ab.counts();
            self.charge(counts);
            let value = value.expect("nothing aborts it");
            return self.finish(value);
        }
        while self.pool.len() < workers && self.pool_depth < self.config.depth {
            if !self.expand_pool() {
                break;
            }
        }
        while self.top[0].value.is_none() {
            self.hand_out();
            let (from, message) = self.wait();
            if let SplitMessage::Done { id, value } = message {
                self.done(from, id, value);
            }
        }
        let value = self.top[0].value.expect("the root's value");
        self.finish(value)
    }

    /// Rank 0's value: the workers stopped, their reports gathered.
    fn finish(mut self, value: Value) -> BaselineOutcome {
        let elapsed = self.transport.now();
        for worker in 1..self.transport.size() {
            self.transport.send(worker, SplitMessage::Quit);
        }
        let own = self.ledger.report(&self.transport);
        BaselineOutcome::gather(&mut self.transport, value, elapsed, own)
    }

    /// The pool one level deeper: every pool node's children in order;
    /// a node without children is lost there and then. False when no
    /// pool node has children (the pool stays).
    fn expand_pool(&mut self) -> bool {
        let mut below = Vec::new();
        let mut ended = Vec::new();
        let mut moves = Vec::new();
        for n in self.pool.clone() {
            let played = play_path(&mut self.game, &self.top[n].path);
            self.game.children(&mut moves);
            if moves.is_empty() {
                ended.push((n, self.game.end_value()));
            }
            take_back(&mut self.game, played);
            self.charge(Counts {
                nodes: 1,
                leaves: 0,
            });
            for i in 0..moves.len() {
                let mut path = self.top[n].path.clone();
                path.push(i as u16);
                let child = self.top.len();
                self.top[n].children.push(child);
                below.push(child);
                self.top.push(TopNode {
                    parent: Some(n),
                    path,
                    children: Vec::new(),
                    value: None,
                });
            }
        }
        if below.is_empty() {
            return false;
        }
        self.pool = below;
        self.pool_depth += 1;
        for (n, value) in ended {
            self.top[n].value = Some(value);
        }
        self.settle();
        true
    }

    /// Every idle worker gets the next pool node still needed.
    fn hand_out(&mut self) {
        let windows = self.windows();
        while let Some(&worker) = self.idle.last() {
            // A node not needed now never is again.
            while self.next < self.pool.len() && windows[self.pool[self.next]].is_none() {
                self.next += 1;
            }
            let Some(&node) = self.pool.get(self.next) else {
                return;
            };
            self.next += 1;
            let window = windows[node].expect("needed");
            self.idle.pop();
            let id = self.next_id;
            self.next_id += 1;
            let assign = SplitMessage::Assign {
                id,
                path: self.top[node].path.clone(),
                depth: self.config.depth - self.pool_depth,
                alpha: window.0,
                beta: window.1,
                type2: false,
            };
            self.transport.send(worker, assign);
            self.out.push(Out {
                worker,
                id,
                node,
                window,
            });
        }
    }

    /// The best of `node`'s settled children's values, from its side.
    fn best(&self, node: usize) -> Value {
        let values = self.top[node]
            .children
            .iter()
            .filter_map(|&c| self.top[c].value);
        values.map(|v| -v).max().unwrap_or(-INFINITE)
    }

    /// Every node's window now, from the root's down (parents come before
    /// their children in `top`); `None` for a node whose value is not
    /// needed: it has one, an ancestor has one, or its window is empty.
    fn windows(&self) -> Vec<Option<(Value, Value)>> {
        let mut windows: Vec<Option<(Value, Value)>> = Vec::with_capacity(self.top.len());
        for (n, node) in self.top.iter().enumerate() {
            let window = match node.parent {
                None => Some((-INFINITE, INFINITE)),
                Some(p) => windows[p].and_then(|(alpha, beta)| {
                    let alpha = alpha.max(self.best(p));
                    (alpha < beta).then_some((-beta, -alpha))
                }),
            };
            windows.push(window.filter(|_| self.top[n].value.is_none()));
        }
        windows
    }

    /// Gives a value to every node the values below settle: all its
    /// children have one, or their best reaches its beta (a cut-off,
    /// also where its window narrowed since), until none is left.
    fn settle(&mut self) {
        loop {
            let windows = self.windows();
            let mut settled = false;
            for n in (0..self.top.len()).rev() {
                let Some((_, beta)) = windows[n] else {
                    continue;
                };
                let node = &self.top[n];
                if node.children.is_empty() {
                    continue; // a pool node: a worker's to value
                }
                let best = self.best(n);
                let all = node.children.iter().all(|&c| self.top[c].value.is_some());
                if best >= beta || all {
                    self.top[n].value = Some(best.min(beta));
                    settled = true;
                }
            }
            if !settled {
                return;
            }
        }
    }

    /// A worker's value for its pool node (from that node's side).
    fn done(&mut self, worker: Rank, id: u64, value: Value) {
        let Some(i) = self
            .out
            .iter()
            .position(|o| (o.worker, o.id) == (worker, id))
        else {
            return; // stopped, its answer late
        };
        let out = self.out.swap_remove(i);
        self.idle.push(worker);
        if self.windows()[out.node].is_some() {
            self.top[out.node].value = Some(value);
            self.settle();
        }
        if self.config.push_bounds {
            self.push_bounds();
        }
    }

    /// Beyond the paper: busy workers get their nodes' new windows, and
    /// those whose node needs no value any more are stopped.
    fn push_bounds(&mut self) {
        let windows = self.windows();
        let mut i = 0;
        while i < self.out.len() {
            let o = self.out[i];
            match windows[o.node] {
                Some(window) if window == o.window => i += 1,
                Some((alpha, beta)) => {
                    let message = SplitMessage::Window {
                        id: o.id,
                        alpha,
                        beta,
                    };
                    self.transport.send(o.worker, message);
                    self.out[i].window = (alpha, beta);
                    i += 1;
                }
                None => {
                    self.transport
                        .send(o.worker, SplitMessage::Abort { id: o.id });
                    self.out.swap_remove(i);
                    self.idle.push(o.worker);
                }
            }
        }
    }

    fn wait(&mut self) -> (Rank, SplitMessage) {
        loop {
            if let Some(m) = self.transport.poll() {
                return m;
            }
            self.ledger.idle(&mut self.transport, None);
        }
    }

    fn charge(&mut self, counts: Counts) {
        self.ledger.counts += counts;
        self.transport
            .work(self.config.charge.units(Counts::default(), counts));
    }
}

/// A worker: pool nodes from the master until it says the search is over.
fn serve<G: Game, T: Transport<SplitMessage>>(
    mut game: G,
    mut transport: T,
    config: GridMasterConfig,
) {
    let mut ledger = Ledger::new(transport.rank());
    let mut quit = false;
    while !quit {
        let Some((_, message)) = transport.poll() else {
            ledger.idle(&mut transport, None);
            continue;
        };
        match message {
            SplitMessage::Assign {
                id,
                path,
                depth,
                alpha,
                beta,
                ..
            } => {
                ledger.task_arrived(transport.now());
                let played = play_path(&mut game, &path);
                let window = Cell::new((alpha, beta));
                let mut charged = Counts::default();
                let mut stopped = false;
                let mut ab = AlphaBeta::new(&mut game, config.poll_every, |counts| {
                    transport.work(config.charge.units(charged, counts));
                    charged = counts;
                    while !stopped {
                        match transport.poll() {
                            Some((_, SplitMessage::Window { id: w, alpha, beta })) if w == id => {
                                window.set((alpha, beta))
                            }
                            Some((_, SplitMessage::Abort { id: a })) if a == id => stopped = true,
                            Some((_, SplitMessage::Quit)) => {
                                quit = true;
                                stopped = true;
                            }
                            Some(_) => {} // about a task already done
                            None => break,
                        }
                    }
                    !stopped
                })
                .narrowed_by(&window);
                let value = ab.search(depth, alpha, beta);
                let counts = ab.counts();
                transport.work(config.charge.units(charged, counts));
                ledger.counts += counts;
                take_back(&mut game, played);
                if let Some(value) = value {
                    transport.send(0, SplitMessage::Done { id, value });
                }
            }
            SplitMessage::Quit => quit = true,
            _ => {} // a window or stop for a task already done
        }
    }
    let report = ledger.report(&transport);
    transport.send(0, SplitMessage::Report(report));
}
