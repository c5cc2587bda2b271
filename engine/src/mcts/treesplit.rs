//! UCT-Treesplit (seed 001 §III) in its transposition-table-driven core,
//! written once against `Transport`: the tree's states are spread over
//! the ranks by their keys (a state lives on rank key mod ranks), and a
//! simulation moves to the rank that owns its next state as a message
//! carrying its path from the root. Where it ends (a state added and
//! played out, a horizon, an end) its reward goes as updates to every
//! rank that owns a state on its path, and each owner acknowledges to
//! the rank that began the simulation, which then counts it done — so the
//! root's visits are exactly the simulations run, at any rank count.
//!
//! Each rank runs its share of the simulations, `in_flight` at a time
//! (seed 001's overload factor). Not yet here: duplicated hot nodes,
//! broadcast ranks and forwarded playouts.

use super::reward::{reward_of_end, reward_of_value};
use super::table::{Node, Table};
use super::uct::UctConfig;
use crate::game::{play_path, take_back, Game};
use crate::parallel::program::Program;
use crate::parallel::transport::{Rank, Traffic, Transport};
use crate::random::Random;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::time::Duration;

#[derive(Clone, Copy, Debug)]
pub struct UctTreesplit {
    pub config: UctConfig,
    /// Simulations in all, shared out over the ranks.
    pub simulations: u64,
    /// Simulations each rank keeps going at once (at least 1).
    pub in_flight: usize,
}

/// A simulation on its way: who began it, and the in-tree steps so far.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Simulation {
    origin: Rank,
    id: u64,
    /// Child indices from the root.
    path: Vec<u16>,
    /// Per step: the state's key and owner, and the child taken there.
    steps: Vec<(u64, Rank, u16)>,
}

/// A state's key, the child taken there, and the reward for its side to
/// move.
type Step = (u64, u16, f64);

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum TreesplitMessage {
    /// A simulation, to the rank that owns its next state.
    Move(Simulation),
    /// To an owner: rewards for the side to move at its states on a
    /// simulation's path, as (key, child, reward).
    Update {
        origin: Rank,
        id: u64,
        steps: Vec<Step>,
    },
    /// To a simulation's origin: one owner applied its updates.
    Applied {
        id: u64,
    },
    /// To a simulation's origin: it ended; this many owners get updates.
    Finished {
        id: u64,
        owners: u32,
    },
    /// To rank 0: this rank's simulations are all done.
    Done,
    Stop,
    Report(TreesplitReport),
}

/// What one rank did.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TreesplitReport {
    pub rank: Rank,
    /// The root's children (visits, summed rewards), on the root's owner.
    pub root: Option<Vec<(u64, f64)>>,
    /// States this rank keeps.
    pub states: u64,
    /// Simulations it began.
    pub simulations: u64,
    /// Simulations that moved here from another rank.
    pub moves_received: u64,
    /// Moves played: replayed paths, in-tree steps and playouts.
    pub plays: u64,
    pub traffic: Traffic,
}

/// What rank 0 returns.
#[derive(Clone, Debug, PartialEq)]
pub struct TreesplitOutcome {
    /// The root's most visited child, by index.
    pub best: Option<usize>,
    /// The root's children: visits and mean reward for the side to move.
    pub children: Vec<(u64, f64)>,
    pub simulations: u64,
    pub states: u64,
    /// Rank 0's clock when every simulation was done.
    pub elapsed: Duration,
    pub reports: Vec<TreesplitReport>,
}

impl Program for UctTreesplit {
    type Message = TreesplitMessage;
    type Output = TreesplitOutcome;

    fn run<G: Game, T: Transport<TreesplitMessage>>(
        self,
        root: G,
        t: T,
    ) -> Option<TreesplitOutcome> {
        let me = t.rank();
        let ranks = t.size() as u64;
        let quota = self.simulations / ranks + u64::from((me as u64) < self.simulations % ranks);
        let seed = match me {
            0 => self.config.seed,
            _ => self.config.seed ^ (me as u64).wrapping_mul(0xD1B5_4A32_D192_ED03),
        };
        let rank = RankState {
            game: root,
            t,
            config: self.config,
            in_flight: self.in_flight.max(1) as u64,
            table: Table::default(),
            random: Random::new(seed),
            quota,
            started: 0,
            completed: 0,
            pending: HashMap::new(),
            report: TreesplitReport {
                rank: me,
                ..TreesplitReport::default()
            },
            moves: Vec::new(),
            playout_moves: Vec::new(),
        };
        rank.run()
    }
}

struct RankState<G: Game, T> {
    game: G,
    t: T,
    config: UctConfig,
    in_flight: u64,
    table: Table,
    random: Random,
    quota: u64,
    started: u64,
    completed: u64,
    /// Own simulations ended or out: owners expected (once known) and
    /// acknowledgements so far.
    pending: HashMap<u64, (Option<u32>, u32)>,
    report: TreesplitReport,
    moves: Vec<G::Move>,
    playout_moves: Vec<G::Move>,
}

impl<G: Game, T: Transport<TreesplitMessage>> RankState<G, T> {
    fn me(&self) -> Rank {
        self.t.rank()
    }

    fn owner(&self, key: u64) -> Rank {
        (key % self.t.size() as u64) as Rank
    }

    fn run(mut self) -> Option<TreesplitOutcome> {
        let (mut done_ranks, mut done_sent) = (0, false);
        loop {
            while self.started < self.quota && self.started - self.completed < self.in_flight {
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
            if self.completed == self.quota && !done_sent {
                done_sent = true;
                match self.me() {
                    0 => done_ranks += 1,
                    _ => self.t.send(0, TreesplitMessage::Done),
                }
            }
            if self.me() == 0 && done_ranks == self.t.size() {
                return Some(self.finish());
            }
            match self.t.poll() {
                Some((_, TreesplitMessage::Done)) => done_ranks += 1,
                Some((_, TreesplitMessage::Stop)) => {
                    let report = self.own_report();
                    self.t.send(0, TreesplitMessage::Report(report));
                    return None;
                }
                Some((_, message)) => self.handle(message),
                None => self.t.idle(),
            }
        }
    }

    fn handle(&mut self, message: TreesplitMessage) {
        match message {
            TreesplitMessage::Move(sim) => {
                self.report.moves_received += 1;
                self.advance(sim);
            }
            TreesplitMessage::Update { origin, id, steps } => {
                for (key, child, reward) in steps {
                    self.table
                        .get_mut(key)
                        .expect("an owner keeps the states it selected at")
                        .add(usize::from(child), reward);
                }
                self.applied(origin, id);
            }
            TreesplitMessage::Applied { id } => self.acknowledge(id, None),
            TreesplitMessage::Finished { id, owners } => self.acknowledge(id, Some(owners)),
            TreesplitMessage::Done | TreesplitMessage::Stop | TreesplitMessage::Report(_) => {}
        }
    }

    /// Takes `sim` as far as this rank can: in-tree steps at its own
    /// states, then on to the next state's owner, or to the end.
    fn advance(&mut self, mut sim: Simulation) {
        let played = play_path(&mut self.game, &sim.path);
        self.plays(played.len() as u64);
        let horizon = self.config.horizon;
        let mut played = played;
        let reward = loop {
            let left = horizon - sim.path.len() as u32;
            if left == 0 {
                break reward_of_value(self.game.evaluate(), self.config.playout.scale);
            }
            let key = Table::key(self.game.hash(), left);
            let owner = self.owner(key);
            if owner != self.me() {
                take_back(&mut self.game, played);
                self.t.send(owner, TreesplitMessage::Move(sim));
                return;
            }
            let Some(node) = self.table.get(key) else {
                self.game.children(&mut self.moves);
                self.table.insert(key, Node::new(self.moves.len()));
                if sim.path.is_empty() {
                    continue; // the root is in memory before any playout
                }
                break self.end_or_playout(left);
            };
            if node.children.is_empty() {
                break reward_of_end(self.game.end_value());
            }
            let i = node.select(self.config.c);
            self.game.children(&mut self.moves);
            let mv = self.moves[i];
            self.game.play(mv);
            self.plays(1);
            played.push(mv);
            sim.steps.push((key, owner, i as u16));
            sim.path.push(i as u16);
        };
        take_back(&mut self.game, played);
        self.backup(sim, reward);
    }

    /// The reward, for the side to move, of a state just added: its end,
    /// or a playout.
    fn end_or_playout(&mut self, left: u32) -> f64 {
        if self.moves.is_empty() {
            return reward_of_end(self.game.end_value());
        }
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

    /// `reward` (for the side to move where `sim` ended) to every owner of
    /// a state on its path, flipped at each step up.
    fn backup(&mut self, sim: Simulation, mut reward: f64) {
        let mut by_owner: Vec<(Rank, Vec<Step>)> = Vec::new();
        for &(key, owner, child) in sim.steps.iter().rev() {
            reward = 1.0 - reward;
            match by_owner.iter_mut().find(|(o, _)| *o == owner) {
                Some((_, steps)) => steps.push((key, child, reward)),
                None => by_owner.push((owner, vec![(key, child, reward)])),
            }
        }
        let owners = by_owner.len() as u32;
        for (owner, steps) in by_owner {
            let update = TreesplitMessage::Update {
                origin: sim.origin,
                id: sim.id,
                steps,
            };
            match owner == self.me() {
                true => self.handle(update),
                false => self.t.send(owner, update),
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

    /// An owner applied simulation `id`'s updates: tell its origin.
    fn applied(&mut self, origin: Rank, id: u64) {
        match origin == self.me() {
            true => self.acknowledge(id, None),
            false => self.t.send(origin, TreesplitMessage::Applied { id }),
        }
    }

    /// One of this rank's simulations: an owner's acknowledgement, or
    /// (with `owners`) the news that it ended; done once all owners
    /// applied their updates.
    fn acknowledge(&mut self, id: u64, owners: Option<u32>) {
        let entry = self
            .pending
            .get_mut(&id)
            .expect("a simulation of this rank");
        match owners {
            Some(n) => entry.0 = Some(n),
            None => entry.1 += 1,
        }
        if entry.0 == Some(entry.1) {
            self.pending.remove(&id);
            self.completed += 1;
        }
    }

    fn plays(&mut self, n: u64) {
        self.report.plays += n;
        self.t.work(n);
    }

    fn own_report(&mut self) -> TreesplitReport {
        let root = Table::key(self.game.hash(), self.config.horizon);
        TreesplitReport {
            root: self.table.get(root).map(|n| n.children.clone()),
            states: self.table.len() as u64,
            simulations: self.quota,
            traffic: self.t.traffic(),
            ..self.report.clone()
        }
    }

    /// Rank 0, every simulation done: the others stopped, their reports
    /// gathered, the root's statistics read from its owner's.
    fn finish(mut self) -> TreesplitOutcome {
        let elapsed = self.t.now();
        for rank in 1..self.t.size() {
            self.t.send(rank, TreesplitMessage::Stop);
        }
        let mut reports = vec![self.own_report()];
        while reports.len() < self.t.size() {
            match self.t.poll() {
                Some((_, TreesplitMessage::Report(r))) => reports.push(r),
                Some(_) => {}
                None => self.t.idle(),
            }
        }
        reports.sort_by_key(|r| r.rank);
        let root = reports
            .iter()
            .find_map(|r| r.root.clone())
            .unwrap_or_default();
        let node = Node {
            visits: root.iter().map(|&(n, _)| n).sum(),
            children: root,
        };
        let mean = |&(n, w): &(u64, f64)| (n, if n > 0 { w / n as f64 } else { 0.0 });
        TreesplitOutcome {
            best: node.most_visited(),
            children: node.children.iter().map(mean).collect(),
            simulations: reports.iter().map(|r| r.simulations).sum(),
            states: reports.iter().map(|r| r.states).sum(),
            elapsed,
            reports,
        }
    }
}
