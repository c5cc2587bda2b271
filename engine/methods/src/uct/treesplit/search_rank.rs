//! A search rank: it begins its share of the simulations, takes each as
//! far as its own and duplicated states allow, sends it on to the owner of
//! its next state, plays out (or forwards the playout when overloaded),
//! backs rewards up as updates, and keeps its copies of duplicated states
//! in step with the others'.

use super::duplication::{ChildStats, Duplication, Shared, SyncEntry};
use super::layout::Layout;
use super::{
    finish, Simulation, Step, TreesplitMessage, TreesplitOutcome, TreesplitReport, UctTreesplit,
};
use crate::random::Random;
use crate::uct::node_table::{Node, Table};
use crate::uct::reward::{reward_of_end, reward_of_value};
use crate::uct::UctConfig;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use yomi_measure::{Overheads, Package};
use yomi_runtime::{Rank, Transport};
use yomi_tree::{play_path, take_back, Game};

pub(crate) struct SearchRank<G: Game, T> {
    game: G,
    t: T,
    layout: Layout,
    config: UctConfig,
    in_flight: u64,
    duplication: Option<Duplication>,
    forward_k: Option<f64>,
    virtual_loss: bool,
    /// Visits counted ahead of their rewards, by state key and child: not
    /// yet part of what a share may pass on.
    virtual_visits: HashMap<(u64, u16), u32>,
    /// The states this rank owns and has not duplicated.
    table: Table,
    /// Its copies of duplicated states (the root's from the start).
    shared: HashMap<u64, Shared>,
    root_key: u64,
    /// This rank's own updates at the root.
    root: ChildStats,
    random: Random,
    /// Picks the rank a playout is forwarded to.
    forward_random: Random,
    quota: u64,
    deadline: Option<Duration>,
    stop: Option<Arc<AtomicBool>>,
    started: u64,
    /// Own simulations whose rewards are on their way (their slot free
    /// for the next), and whose updates every rank has applied.
    ended: u64,
    completed: u64,
    /// Own simulations ended or out: ranks expected to apply updates (once
    /// known) and acknowledgements so far.
    pending: HashMap<u64, (Option<u32>, u32)>,
    /// Messages arrived and not yet handled: simulations to take on (the
    /// work packages; the moved ones counted, the load seed 001 §III-A
    /// watches), and the rest, handled first — small, and what frees
    /// other ranks' simulations.
    work: VecDeque<TreesplitMessage>,
    queued_moves: u64,
    light: VecDeque<TreesplitMessage>,
    /// Shares and Δs due to the other ranks.
    outbox: Vec<SyncEntry>,
    over: Overheads,
    report: TreesplitReport,
    moves: Vec<G::Move>,
    playout_moves: Vec<G::Move>,
}

impl<G: Game, T: Transport<TreesplitMessage>> SearchRank<G, T> {
    pub(crate) fn new(p: UctTreesplit, mut game: G, t: T, layout: Layout) -> SearchRank<G, T> {
        let me = t.rank();
        let ranks = layout.search as u64;
        let quota = p.simulations / ranks + u64::from((me as u64) < p.simulations % ranks);
        let seed = match me {
            0 => p.config.seed,
            _ => p.config.seed ^ (me as u64).wrapping_mul(0xD1B5_4A32_D192_ED03),
        };
        let root_key = Table::key(game.hash(), p.config.horizon);
        let mut shared = HashMap::new();
        let mut moves = Vec::new();
        if p.duplication.is_some() {
            // Seed 001 shares the root with every rank before the search.
            game.children(&mut moves);
            shared.insert(root_key, Shared::new(moves.len(), true));
        }
        SearchRank {
            game,
            t,
            layout,
            config: p.config,
            in_flight: p.in_flight.max(1) as u64,
            duplication: p.duplication,
            forward_k: p.forward_k,
            virtual_loss: p.virtual_loss,
            virtual_visits: HashMap::new(),
            table: Table::default(),
            shared,
            root_key,
            root: vec![(0, 0.0); moves.len()],
            random: Random::new(seed),
            forward_random: Random::new(seed ^ 0x6A09_E667_F3BC_C908),
            quota,
            deadline: p.time_limit,
            stop: p.stop.clone(),
            started: 0,
            ended: 0,
            completed: 0,
            pending: HashMap::new(),
            work: VecDeque::new(),
            light: VecDeque::new(),
            queued_moves: 0,
            outbox: Vec::new(),
            over: Overheads::default(),
            report: TreesplitReport {
                rank: me,
                ..TreesplitReport::default()
            },
            moves,
            playout_moves: Vec::new(),
        }
    }

    fn me(&self) -> Rank {
        self.t.rank()
    }

    pub(crate) fn run(mut self) -> Option<TreesplitOutcome> {
        let (mut done_ranks, mut done_sent) = (0, false);
        loop {
            while self.open()
                && self.started < self.quota
                && self.started - self.ended < self.in_flight
            {
                let id = self.started;
                self.started += 1;
                self.pending.insert(id, (None, 0));
                let origin = self.me();
                self.advance(Simulation {
                    origin,
                    id,
                    path: Vec::new(),
                    steps: Vec::new(),
                });
            }
            let last = self.started == self.quota || !self.open();
            if last && self.completed == self.started && !done_sent {
                done_sent = true;
                match self.me() {
                    0 => done_ranks += 1,
                    _ => self.t.send(0, TreesplitMessage::Done),
                }
            }
            if self.me() == 0 && done_ranks == self.layout.search {
                let report = self.own_report();
                return Some(finish(self.t, report, self.layout));
            }
            let start = self.t.now();
            while let Some((_, message)) = self.t.poll() {
                match message {
                    TreesplitMessage::Move(_) => {
                        self.queued_moves += 1;
                        self.work.push_back(message);
                    }
                    TreesplitMessage::Playout(_) => self.work.push_back(message),
                    _ => self.light.push_back(message),
                }
            }
            self.charge(Package::Receive, start);
            match self.light.pop_front().or_else(|| self.work.pop_front()) {
                Some(TreesplitMessage::Done) => done_ranks += 1,
                Some(TreesplitMessage::Stop) => {
                    let report = self.own_report();
                    self.t.send(0, TreesplitMessage::Report(report));
                    return None;
                }
                Some(message) => self.handle(message),
                None => {
                    let start = self.t.now();
                    self.t.idle();
                    self.charge(Package::Idle, start);
                }
            }
        }
    }

    /// Before the time limit, if any, and not stopped.
    fn open(&self) -> bool {
        self.deadline.is_none_or(|d| self.t.now() < d)
            && self
                .stop
                .as_ref()
                .is_none_or(|s| !s.load(Ordering::Relaxed))
    }

    fn charge(&mut self, package: Package, since: Duration) {
        self.over.charge(package, since, self.t.now());
    }

    fn handle(&mut self, message: TreesplitMessage) {
        let start = self.t.now();
        match message {
            TreesplitMessage::Move(sim) => {
                self.queued_moves -= 1;
                self.report.moves_received += 1;
                self.advance(sim);
            }
            TreesplitMessage::Playout(sim) => self.play_out_here(sim),
            TreesplitMessage::Update { origin, id, steps } => {
                self.update(origin, id, steps);
                self.charge(Package::Update, start);
            }
            TreesplitMessage::Applied { id } => {
                self.acknowledge(id, None);
                self.charge(Package::Update, start);
            }
            TreesplitMessage::Finished { id, owners } => {
                self.acknowledge(id, Some(owners));
                self.charge(Package::Update, start);
            }
            TreesplitMessage::Sync(entries) => {
                self.t.visit(entries.len() as u64);
                for e in entries {
                    let s = self
                        .shared
                        .entry(e.key)
                        .or_insert_with(|| Shared::new(e.counts.len(), false));
                    s.merge(&e.counts);
                    s.known |= e.share;
                }
                self.charge(Package::Sync, start);
            }
            TreesplitMessage::Relay { .. }
            | TreesplitMessage::Done
            | TreesplitMessage::Stop
            | TreesplitMessage::Report(_) => {}
        }
    }

    /// Rewards at states this rank selected at, for simulation `id` of
    /// `origin`.
    fn update(&mut self, origin: Rank, id: u64, steps: Vec<Step>) {
        for (key, child, reward) in steps {
            self.apply(key, usize::from(child), reward);
        }
        self.send_outbox();
        self.applied(origin, id);
    }

    /// Takes `sim` as far as this rank can: in-tree steps at its own and
    /// duplicated states, then on to the next state's owner, or to the
    /// end.
    fn advance(&mut self, mut sim: Simulation) {
        let mut start = self.t.now();
        let mut played = play_path(&mut self.game, &sim.path);
        self.replays(played.len() as u64);
        let reward = loop {
            let left = self.config.horizon - sim.path.len() as u32;
            if left == 0 {
                break reward_of_value(self.game.evaluate(), self.config.playout.scale);
            }
            let key = Table::key(self.game.hash(), left);
            let me = self.me();
            let node = match self.shared.get_mut(&key) {
                Some(s) if s.known => Some(&mut s.node),
                _ => {
                    let owner = self.layout.owner(key);
                    if owner != me {
                        take_back(&mut self.game, played);
                        self.charge(Package::InTree, start);
                        self.t.send(owner, TreesplitMessage::Move(sim));
                        return;
                    }
                    self.table.get_mut(key)
                }
            };
            let Some(node) = node else {
                self.game.children(&mut self.moves);
                self.plays(1);
                self.table.insert(key, Node::new(self.moves.len()));
                if sim.path.is_empty() {
                    continue; // the root is in memory before any playout
                }
                if self.moves.is_empty() {
                    break reward_of_end(self.game.end_value());
                }
                if self.overloaded() {
                    take_back(&mut self.game, played);
                    self.charge(Package::InTree, start);
                    self.forward(sim);
                    return;
                }
                self.charge(Package::InTree, start);
                let playout = self.t.now();
                let reward = self.playout(left);
                self.charge(Package::Playout, playout);
                start = self.t.now();
                break reward;
            };
            if node.children.is_empty() {
                break reward_of_end(self.game.end_value());
            }
            let i = node.select(self.config.c);
            if self.virtual_loss {
                node.visit(i);
                *self.virtual_visits.entry((key, i as u16)).or_default() += 1;
            }
            self.game.children(&mut self.moves);
            let mv = self.moves[i];
            self.game.play(mv);
            self.replays(1);
            played.push(mv);
            sim.steps.push((key, me, i as u16));
            sim.path.push(i as u16);
        };
        take_back(&mut self.game, played);
        self.charge(Package::InTree, start);
        let update = self.t.now();
        self.backup(sim, reward);
        self.charge(Package::Update, update);
    }

    /// A playout another rank forwarded: here, or on again if this rank is
    /// overloaded too.
    fn play_out_here(&mut self, sim: Simulation) {
        if self.overloaded() {
            self.forward(sim);
            return;
        }
        let start = self.t.now();
        let played = play_path(&mut self.game, &sim.path);
        self.replays(played.len() as u64);
        let reward = self.playout(self.config.horizon - sim.path.len() as u32);
        take_back(&mut self.game, played);
        self.charge(Package::Playout, start);
        let update = self.t.now();
        self.backup(sim, reward);
        self.charge(Package::Update, update);
    }

    /// More moved simulations wait here than in_flight × K (seed 001
    /// §III-A: the expected queue is S_par / M).
    fn overloaded(&self) -> bool {
        self.layout.search > 1
            && self
                .forward_k
                .is_some_and(|k| self.queued_moves as f64 > self.in_flight as f64 * k)
    }

    /// `sim`'s playout to another search rank, chosen at random.
    fn forward(&mut self, sim: Simulation) {
        let others = self.layout.search as u64 - 1;
        let mut to = (self.forward_random.next_u64() % others) as Rank;
        if to >= self.me() {
            to += 1;
        }
        self.report.playouts_forwarded += 1;
        self.t.send(to, TreesplitMessage::Playout(sim));
    }

    /// The reward, for the side to move, of a playout from the current
    /// state, `left` plies above the horizon.
    fn playout(&mut self, left: u32) -> f64 {
        let mut moves = std::mem::take(&mut self.moves);
        let (reward, plies) = self.config.playout.run(
            &mut self.game,
            left,
            &mut self.random,
            &mut moves,
            &mut self.playout_moves,
        );
        self.moves = moves;
        self.plays(u64::from(plies));
        reward
    }

    /// `reward` (for the side to move where `sim` ended) to every rank
    /// that selected on its path, flipped at each step up.
    fn backup(&mut self, sim: Simulation, mut reward: f64) {
        let mut by_rank: Vec<(Rank, Vec<Step>)> = Vec::new();
        for &(key, rank, child) in sim.steps.iter().rev() {
            reward = 1.0 - reward;
            match by_rank.iter_mut().find(|(r, _)| *r == rank) {
                Some((_, steps)) => steps.push((key, child, reward)),
                None => by_rank.push((rank, vec![(key, child, reward)])),
            }
        }
        let owners = by_rank.len() as u32;
        for (rank, steps) in by_rank {
            match rank == self.me() {
                true => self.update(sim.origin, sim.id, steps),
                false => {
                    let update = TreesplitMessage::Update {
                        origin: sim.origin,
                        id: sim.id,
                        steps,
                    };
                    self.t.send(rank, update)
                }
            }
        }
        match sim.origin == self.me() {
            true => self.acknowledge(sim.id, Some(owners)),
            false => self.t.send(
                sim.origin,
                TreesplitMessage::Finished { id: sim.id, owners },
            ),
        }
    }

    /// A simulation through child `i` of state `key`, which this rank
    /// selected at: into its statistics, and into the Δs of a duplicated
    /// copy. An owned state that reaches N_dup visits is duplicated.
    fn apply(&mut self, key: u64, i: usize, reward: f64) {
        self.t.visit(1);
        let visited = self.virtual_loss && self.resolve_virtual(key, i as u16);
        let width = match self.shared.get_mut(&key) {
            Some(s) => {
                let d = self
                    .duplication
                    .as_ref()
                    .expect("states are shared only when duplicated");
                if let Some(counts) = s.add(i, reward, visited, d) {
                    self.outbox.push(SyncEntry {
                        key,
                        share: false,
                        counts,
                    });
                }
                s.node.children.len()
            }
            None => {
                let node = self
                    .table
                    .get_mut(key)
                    .expect("a rank keeps the states it selected at");
                match visited {
                    true => node.children[i].1 += reward,
                    false => node.add(i, reward),
                }
                let width = node.children.len();
                if self.duplication.is_some_and(|d| node.visits >= d.n_dup) {
                    self.share(key);
                }
                width
            }
        };
        if key == self.root_key {
            self.root.resize(width, (0, 0.0));
            self.root[i].0 += 1;
            self.root[i].1 += reward;
        }
    }

    /// One virtual loss at `key`'s child `i` meets its reward: whether
    /// there was one.
    fn resolve_virtual(&mut self, key: u64, i: u16) -> bool {
        let Some(n) = self.virtual_visits.get_mut(&(key, i)) else {
            return false;
        };
        *n -= 1;
        if *n == 0 {
            self.virtual_visits.remove(&(key, i));
        }
        true
    }

    /// Duplicates an owned state on every search rank: its statistics
    /// without the visits still awaiting their rewards (those come as Δs).
    fn share(&mut self, key: u64) {
        let node = self.table.remove(key).expect("an owned state");
        let counts = (0..node.children.len())
            .map(|i| {
                let pending = self
                    .virtual_visits
                    .get(&(key, i as u16))
                    .copied()
                    .unwrap_or(0);
                let (n, w) = node.children[i];
                (n - u64::from(pending), w)
            })
            .collect();
        self.outbox.push(SyncEntry {
            key,
            share: true,
            counts,
        });
        self.shared.insert(key, Shared::of_owner(node));
        self.report.shares += 1;
    }

    /// Shares and Δs to the broadcast partner, or to every other search
    /// rank without one.
    fn send_outbox(&mut self) {
        if self.outbox.is_empty() {
            return;
        }
        let entries = std::mem::take(&mut self.outbox);
        if self.layout.search == 1 {
            return;
        }
        self.report.entries_sent += entries.len() as u64;
        match self.layout.partner(self.me()) {
            Some(partner) => self.t.send(partner, TreesplitMessage::Sync(entries)),
            None => {
                let me = self.me();
                for rank in (0..self.layout.search).filter(|&r| r != me) {
                    self.t.send(rank, TreesplitMessage::Sync(entries.clone()));
                }
            }
        }
    }

    /// A rank applied simulation `id`'s updates: tell its origin.
    fn applied(&mut self, origin: Rank, id: u64) {
        match origin == self.me() {
            true => self.acknowledge(id, None),
            false => self.t.send(origin, TreesplitMessage::Applied { id }),
        }
    }

    /// One of this rank's simulations: a rank's acknowledgement, or (with
    /// `owners`) the news that it ended; done once all applied their
    /// updates.
    fn acknowledge(&mut self, id: u64, owners: Option<u32>) {
        let entry = self
            .pending
            .get_mut(&id)
            .expect("a simulation of this rank");
        match owners {
            Some(n) => {
                entry.0 = Some(n);
                self.ended += 1;
            }
            None => entry.1 += 1,
        }
        if entry.0 == Some(entry.1) {
            self.pending.remove(&id);
            self.completed += 1;
        }
    }

    /// Nodes generated: a state added, a playout's plies.
    fn plays(&mut self, n: u64) {
        self.report.plays += n;
        self.t.work(n);
    }

    /// Known moves made again — a path replayed where a simulation
    /// arrives, an in-tree step — charged as seed 000's master revisits a
    /// node in memory: the simulation carries its moves, nothing is
    /// generated or evaluated. (A reward or a synchronisation entry
    /// applied to a state's statistics costs one revisit too.)
    fn replays(&mut self, n: u64) {
        self.report.plays += n;
        self.t.visit(n);
    }

    fn own_report(&mut self) -> TreesplitReport {
        TreesplitReport {
            root: self.root.clone(),
            root_view: self.shared.get(&self.root_key).map_or(0, |s| s.node.visits),
            states: (self.table.len() + self.shared.len()) as u64,
            simulations: self.started,
            overheads: self.over,
            traffic: self.t.traffic(),
            ..self.report.clone()
        }
    }
}
