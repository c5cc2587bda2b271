//! Seed 002's tree-splitting (its Fig. 1) and PV-splitting (Fig. 3) on a
//! processor tree, written once against `Transport`. A master hands its
//! node's children, in order, to its idle slaves, each with the window
//! the master holds at that moment (fixed for the task: the paper's
//! simulations had no dynamic window updates); it raises alpha as values
//! come back and, on a cut-off, aborts the slaves still searching.
//! Terminal processors search their tasks with plain alpha-beta.
//!
//! PV-splitting: the root processor follows the first child for
//! `pv_depth` plies, evaluating the node there with its whole processor
//! tree; on the way back each PV node's other children go to its slaves
//! with the PV's value as bound. They are type-2 nodes, and a master given
//! one does not split its children (one of which likely refutes it) but
//! takes them one at a time and splits each one's children (D.2.b).
//!
//! Staged SSS* (D.3) runs on the same processors: see `staged_sss`.

use super::ledger::Ledger;
use super::outcome::BaselineOutcome;
use super::plain_alphabeta::{AlphaBeta, Counts};
use super::processor_tree::ProcessorTree;
use super::split_message::SplitMessage;
use yomi_runtime::{Rank, Transport};
use yomi_tree::{play_path, take_back, Game, Value, INFINITE};

/// Which of seed 002's processor-tree algorithms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Splitting {
    /// Tree-splitting everywhere.
    Tree,
    /// PV-splitting along the first `pv_depth` plies of the PV (the
    /// paper's simulations: 1), tree-splitting below.
    Pv { pv_depth: u32 },
    /// Staged SSS*, `stage_depth` plies a stage: each master runs one
    /// stage, its slaves evaluate the nodes at its end.
    StagedSss { stage_depth: u32 },
}

/// What a processor's clock runs on, on the virtual cluster.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charge {
    /// Leaves evaluated only (seed 002's simulated concurrency: one time
    /// unit a leaf, move generation and messages free).
    Leaves,
    /// Every node searched, and every node a master splits.
    Nodes,
}

impl Charge {
    /// What the work from counts `then` to `now` costs, in node costs.
    pub fn units(self, then: Counts, now: Counts) -> u64 {
        match self {
            Charge::Leaves => now.leaves - then.leaves,
            Charge::Nodes => now.nodes - then.nodes,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitConfig {
    pub processors: ProcessorTree,
    pub depth: u32,
    pub splitting: Splitting,
    pub charge: Charge,
    /// Nodes between a terminal processor's looks at its messages.
    pub poll_every: u64,
}

/// One processor: where it stands in the tree, and its counts.
pub(super) struct Processor<G: Game, T: Transport<SplitMessage>> {
    pub game: G,
    pub transport: T,
    pub config: SplitConfig,
    /// Child indices from the root to the node the game is at.
    pub path: Vec<u16>,
    /// The task this processor is on, as its master named it.
    pub task: Option<u64>,
    /// Rank 0 said the search is over.
    pub quit: bool,
    pub next_id: u64,
    pub ledger: Ledger,
}

/// Runs processor `transport.rank()` of a split search of `root`: rank 0
/// returns the outcome once every processor has reported, the others
/// `None` when the search is over.
pub fn run_processor<G: Game, T: Transport<SplitMessage>>(
    root: G,
    transport: T,
    config: SplitConfig,
) -> Option<BaselineOutcome> {
    let rank = transport.rank();
    let mut p = Processor {
        game: root,
        transport,
        config,
        path: Vec::new(),
        task: None,
        quit: false,
        next_id: 0,
        ledger: Ledger::new(rank),
    };
    if rank == 0 {
        Some(p.root())
    } else {
        p.serve();
        None
    }
}

impl<G: Game, T: Transport<SplitMessage>> Processor<G, T> {
    pub(crate) fn tree(&self) -> ProcessorTree {
        self.config.processors
    }

    pub(crate) fn rank(&self) -> Rank {
        self.transport.rank()
    }

    /// Rank 0: the search, then every processor's report.
    fn root(&mut self) -> BaselineOutcome {
        let (depth, full) = (self.config.depth, (-INFINITE, INFINITE));
        let value = match self.config.splitting {
            Splitting::Tree => self.evaluate(depth, full.0, full.1, false),
            Splitting::Pv { pv_depth } => self.pv_split(depth, full.0, full.1, pv_depth),
            Splitting::StagedSss { stage_depth } => self.bounded(depth, full.1, stage_depth),
        };
        let value = value.expect("nothing aborts the root");
        let elapsed = self.transport.now();
        self.quit_slaves();
        let own = self.ledger.report(&self.transport);
        BaselineOutcome::gather(&mut self.transport, value, elapsed, own)
    }

    /// Every other rank: tasks from the master until the search is over.
    fn serve(&mut self) {
        while !self.quit {
            match self.wait() {
                (
                    _,
                    SplitMessage::Assign {
                        id,
                        path,
                        depth,
                        alpha,
                        beta,
                        type2,
                    },
                ) => self.task(id, path, |p| p.evaluate(depth, alpha, beta, type2)),
                (
                    _,
                    SplitMessage::Bounded {
                        id,
                        path,
                        depth,
                        bound,
                    },
                ) => self.task(id, path, |p| match p.config.splitting {
                    Splitting::StagedSss { stage_depth } => p.bounded(depth, bound, stage_depth),
                    _ => None, // not this search's; never sent
                }),
                (_, SplitMessage::Quit) => self.quit = true,
                _ => {} // an abort of a task already done
            }
        }
        self.quit_slaves();
        let report = self.ledger.report(&self.transport);
        self.transport.send(0, SplitMessage::Report(report));
    }

    /// Task `id` at the node `path` leads to: `search` there, its value
    /// to the master unless aborted.
    fn task(&mut self, id: u64, path: Vec<u16>, search: impl FnOnce(&mut Self) -> Option<Value>) {
        self.ledger.task_arrived(self.transport.now());
        self.task = Some(id);
        let played = play_path(&mut self.game, &path);
        self.path = path;
        let value = search(self);
        self.path.clear();
        take_back(&mut self.game, played);
        self.task = None;
        if let (Some(value), Some(master)) = (value, self.tree().master(self.rank())) {
            self.transport
                .send(master, SplitMessage::Done { id, value });
        }
    }

    fn quit_slaves(&mut self) {
        for slave in self.tree().slaves(self.rank()) {
            self.transport.send(slave, SplitMessage::Quit);
        }
    }

    /// The next message, idle until one comes.
    pub(crate) fn wait(&mut self) -> (Rank, SplitMessage) {
        loop {
            if let Some(m) = self.transport.poll() {
                return m;
            }
            self.ledger.idle(&mut self.transport, None);
        }
    }

    /// The current node's value, `depth` plies deep in (`alpha`, `beta`):
    /// searched here by a terminal processor, split among the slaves by a
    /// master (child by child for a type-2 task). `None`: aborted.
    fn evaluate(&mut self, depth: u32, alpha: Value, beta: Value, type2: bool) -> Option<Value> {
        if self.tree().is_terminal(self.rank()) || depth == 0 {
            return self.search(depth, alpha, beta);
        }
        if !type2 || depth == 1 {
            return self.split(depth, alpha, beta, 0, false);
        }
        let mut alpha = alpha;
        let mut children = Vec::new();
        self.game.children(&mut children);
        self.charge_split();
        if children.is_empty() {
            return self.search(depth, alpha, beta);
        }
        for (i, &mv) in children.iter().enumerate() {
            self.game.play(mv);
            self.path.push(i as u16);
            let value = self.split(depth - 1, -beta, -alpha, 0, false);
            self.path.pop();
            self.game.undo(mv);
            let value = -value?;
            if value >= beta {
                return Some(beta);
            }
            alpha = alpha.max(value);
        }
        Some(alpha)
    }

    /// PV-splitting at the root: the first child by this processor (its
    /// whole processor tree) for `pv_depth` plies, the others split.
    fn pv_split(&mut self, depth: u32, alpha: Value, beta: Value, pv_depth: u32) -> Option<Value> {
        if pv_depth == 0 || depth == 0 || self.tree().is_terminal(self.rank()) {
            return self.evaluate(depth, alpha, beta, false);
        }
        let mut children = Vec::new();
        self.game.children(&mut children);
        let Some(&first) = children.first() else {
            return self.evaluate(depth, alpha, beta, false);
        };
        self.game.play(first);
        self.path.push(0);
        let value = self.pv_split(depth - 1, -beta, -alpha, pv_depth - 1);
        self.path.pop();
        self.game.undo(first);
        let value = -value?;
        if value >= beta {
            return Some(beta);
        }
        self.split(depth, alpha.max(value), beta, 1, true)
    }

    /// The current node's children from `from` on, handed in order to the
    /// idle slaves with the window of the moment; alpha raised as values
    /// return; a cut-off aborts the slaves still searching.
    fn split(
        &mut self,
        depth: u32,
        mut alpha: Value,
        beta: Value,
        from: usize,
        type2: bool,
    ) -> Option<Value> {
        let mut children = Vec::new();
        self.game.children(&mut children);
        self.charge_split();
        if children.is_empty() {
            return self.search(depth, alpha, beta);
        }
        let mut idle: Vec<Rank> = self.tree().slaves(self.rank()).rev().collect();
        // (slave, task id) of the tasks out.
        let mut busy: Vec<(Rank, u64)> = Vec::new();
        let mut next = from;
        loop {
            while next < children.len() && !idle.is_empty() {
                let slave = idle.pop().expect("an idle slave");
                let id = self.next_id;
                self.next_id += 1;
                let mut path = self.path.clone();
                path.push(next as u16);
                let assign = SplitMessage::Assign {
                    id,
                    path,
                    depth: depth - 1,
                    alpha: -beta,
                    beta: -alpha,
                    type2,
                };
                self.transport.send(slave, assign);
                busy.push((slave, id));
                next += 1;
            }
            if busy.is_empty() {
                return Some(alpha);
            }
            let (from_rank, message) = self.wait();
            match message {
                SplitMessage::Done { id, value } => {
                    let Some(i) = busy.iter().position(|&(s, t)| (s, t) == (from_rank, id)) else {
                        continue; // an aborted task's late answer
                    };
                    busy.swap_remove(i);
                    idle.push(from_rank);
                    alpha = alpha.max(-value);
                    if alpha >= beta {
                        self.abort(&busy);
                        return Some(beta);
                    }
                }
                SplitMessage::Abort { id } if Some(id) == self.task => {
                    self.abort(&busy);
                    return None;
                }
                SplitMessage::Quit => {
                    self.quit = true;
                    self.abort(&busy);
                    return None;
                }
                _ => {}
            }
        }
    }

    pub(crate) fn abort(&mut self, busy: &[(Rank, u64)]) {
        for &(slave, id) in busy {
            self.transport.send(slave, SplitMessage::Abort { id });
        }
    }

    /// A master's cost of generating a node's children.
    pub(crate) fn charge_split(&mut self) {
        self.ledger.counts.nodes += 1;
        if self.config.charge == Charge::Nodes {
            self.transport.work(1);
        }
    }

    /// A terminal processor's alpha-beta search of the current node.
    fn search(&mut self, depth: u32, alpha: Value, beta: Value) -> Option<Value> {
        let poll_every = self.config.poll_every;
        self.sequential(|game, go_on| {
            let mut ab = AlphaBeta::new(game, poll_every, go_on);
            (ab.search(depth, alpha, beta), ab.counts())
        })
    }

    /// A sequential search of the current node by `run`, which is given
    /// the game and what to ask as it goes: the processor's clock charged
    /// and its messages read (an abort or the end of the search stops it).
    pub(crate) fn sequential(
        &mut self,
        run: impl FnOnce(&mut G, &mut dyn FnMut(Counts) -> bool) -> (Option<Value>, Counts),
    ) -> Option<Value> {
        let Processor {
            game,
            transport,
            config,
            task,
            quit,
            ..
        } = self;
        let mut charged = Counts::default();
        let mut aborted = false;
        let (value, counts) = run(game, &mut |counts| {
            transport.work(config.charge.units(charged, counts));
            charged = counts;
            // Up to an abort: what follows it (the master's next task)
            // waits for the processor's next look.
            while !aborted {
                match transport.poll() {
                    Some((_, SplitMessage::Abort { id })) if Some(id) == *task => aborted = true,
                    Some((_, SplitMessage::Quit)) => {
                        *quit = true;
                        aborted = true;
                    }
                    Some(_) => {} // an abort of a task already done
                    None => break,
                }
            }
            !aborted
        });
        self.transport
            .work(self.config.charge.units(charged, counts));
        self.ledger.counts += counts;
        value
    }
}
