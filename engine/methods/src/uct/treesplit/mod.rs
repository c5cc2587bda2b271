//! UCT-Treesplit (seed 001 §III), written once against `Transport`. The
//! tree's states are spread over the search ranks by their keys
//! (transposition-table-driven scheduling), and a simulation moves to the
//! rank that owns its next state as a message carrying its path from the
//! root. Where it ends, its reward goes as updates to every rank that
//! selected on its path, and each acknowledges to the rank that began the
//! simulation, which then counts it done — so the root's visits are
//! exactly the simulations run, at any rank count.
//!
//! Hot states near the root are duplicated on every search rank and
//! synchronised ([`duplication`], §III-C), through broadcast ranks that merge
//! what they relay ([`broadcast_rank`], §III-B) over a network of
//! connected cubes ([`cube_net`]); an overloaded rank forwards its
//! playouts to another (§III-A). Each search rank runs its share of the
//! simulations, `in_flight` at a time (seed 001's overload factor O).

mod broadcast_rank;
mod cube_net;
mod duplication;
mod layout;
mod search_rank;

pub use cube_net::{CubeNet, PEER_LIMIT};
pub use duplication::Duplication;
pub use duplication::{ChildStats, SyncEntry};
pub use layout::Layout;
pub use yomi_measure::Overheads;

use super::node_table::Node;
use super::sequential::UctConfig;
use broadcast_rank::BroadcastRank;
use search_rank::SearchRank;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;
use yomi_runtime::{Program, Rank, Traffic, Transport};
use yomi_tree::Game;

#[derive(Clone, Debug)]
pub struct UctTreesplit {
    pub config: UctConfig,
    /// Simulations in all, shared out over the search ranks (`u64::MAX`
    /// with a time limit: as many as fit).
    pub simulations: u64,
    /// No simulation begins after this on its rank's clock (virtual time
    /// on the virtual cluster): play at equal time whatever the ranks.
    pub time_limit: Option<Duration>,
    /// Set from outside (USI `stop`): no simulation begins after. Seen by
    /// ranks that share memory with the setter (threads).
    pub stop: Option<Arc<AtomicBool>>,
    /// Simulations each search rank keeps going at once (at least 1).
    pub in_flight: usize,
    /// `None`: no state is duplicated, not even the root (plain TDS).
    pub duplication: Option<Duplication>,
    /// Search ranks per broadcast rank (seed 001: 4); 0 for none, when
    /// search ranks send their synchronisation to each other directly.
    pub per_broadcast: usize,
    /// How long a broadcast rank holds what it relays, to merge it.
    pub merge_delay: Duration,
    /// A rank that selects a child counts the visit at once, its reward
    /// when the update comes (a virtual loss), so that simulations in
    /// flight together take different paths.
    pub virtual_loss: bool,
    /// A search rank forwards a playout when more than `in_flight` × K
    /// moved simulations wait in its queue (seed 001: K = 1.2); `None`:
    /// never.
    pub forward_k: Option<f64>,
}

impl UctTreesplit {
    /// Seed 001's algorithm with its parameters (§IV-A), over `config`.
    pub fn seed_001(config: UctConfig, simulations: u64) -> UctTreesplit {
        UctTreesplit {
            config,
            simulations,
            time_limit: None,
            stop: None,
            in_flight: 5,
            duplication: Some(Duplication::SEED_001),
            per_broadcast: 4,
            merge_delay: Duration::from_micros(100),
            forward_k: Some(1.2),
            virtual_loss: true,
        }
    }

    /// Transposition-table-driven scheduling alone: nothing duplicated, no
    /// broadcast ranks, no forwarding.
    pub fn plain(config: UctConfig, simulations: u64, in_flight: usize) -> UctTreesplit {
        UctTreesplit {
            config,
            simulations,
            time_limit: None,
            stop: None,
            in_flight,
            duplication: None,
            per_broadcast: 0,
            merge_delay: Duration::ZERO,
            forward_k: None,
            virtual_loss: true,
        }
    }
}

/// A simulation on its way: who began it, and the in-tree steps so far.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Simulation {
    origin: Rank,
    id: u64,
    /// Child indices from the root.
    path: Vec<u16>,
    /// Per step: the state's key, the rank that selected there, and the
    /// child taken.
    steps: Vec<(u64, Rank, u16)>,
}

/// A state's key, the child taken there, and the reward for its side to
/// move.
type Step = (u64, u16, f64);

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum TreesplitMessage {
    /// A simulation, to the rank that owns its next state.
    Move(Simulation),
    /// A simulation whose next state was just added, to a less loaded
    /// rank for its playout.
    Playout(Simulation),
    /// To a rank that selected on a simulation's path: rewards for the
    /// side to move at its states, as (key, child, reward).
    Update {
        origin: Rank,
        id: u64,
        steps: Vec<Step>,
    },
    /// To a simulation's origin: one rank applied its updates.
    Applied {
        id: u64,
    },
    /// To a simulation's origin: it ended; this many ranks get updates.
    Finished {
        id: u64,
        owners: u32,
    },
    /// Shares and Δs of duplicated states: search rank to its broadcast
    /// rank (or to every search rank, without broadcast ranks), broadcast
    /// rank to its search ranks.
    Sync(Vec<SyncEntry>),
    /// Between broadcast ranks: a broadcast begun by `origin` (its place in
    /// the cube network), to go on along dimensions below `dimension`
    /// (`None`: only to deliver).
    Relay {
        origin: u32,
        dimension: Option<u8>,
        entries: Vec<SyncEntry>,
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
    /// A broadcast rank (it searches nothing).
    pub broadcast: bool,
    /// The root's children (visits, summed rewards) from this rank's own
    /// updates: the search ranks' add up to the root's statistics.
    pub root: ChildStats,
    /// The root's visits as this rank sees them when it stops: its own and
    /// the synchronisations that reached it (the root is duplicated).
    pub root_view: u64,
    /// States this rank keeps, its own and duplicated copies.
    pub states: u64,
    /// States it duplicated (shared with every search rank) as their owner.
    pub shares: u64,
    /// Simulations it ran.
    pub simulations: u64,
    /// Simulations that moved here from another rank.
    pub moves_received: u64,
    /// Playouts it handed to another rank.
    pub playouts_forwarded: u64,
    /// Synchronisation entries sent (search rank), or relayed (broadcast
    /// rank).
    pub entries_sent: u64,
    pub entries_relayed: u64,
    /// Moves played: replayed paths, in-tree steps and playouts.
    pub plays: u64,
    pub overheads: Overheads,
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
    pub layout: Layout,
    /// Every rank's, by rank.
    pub reports: Vec<TreesplitReport>,
}

impl TreesplitOutcome {
    /// The search ranks' reports.
    pub fn search_reports(&self) -> impl Iterator<Item = &TreesplitReport> {
        self.reports.iter().filter(|r| !r.broadcast)
    }
}

impl<G: Game> Program<G> for UctTreesplit {
    type Message = TreesplitMessage;
    type Output = TreesplitOutcome;

    fn run<T: Transport<TreesplitMessage>>(self, root: G, t: T) -> Option<TreesplitOutcome> {
        let layout = Layout::new(t.size(), self.per_broadcast);
        if t.rank() >= layout.search {
            BroadcastRank::new(t, layout, self.merge_delay).run();
            return None;
        }
        SearchRank::new(self, root, t, layout).run()
    }
}

/// Rank 0, every simulation done: the others stopped, their reports
/// gathered, the root's statistics summed from the search ranks'.
fn finish<T: Transport<TreesplitMessage>>(
    mut t: T,
    own: TreesplitReport,
    layout: Layout,
) -> TreesplitOutcome {
    let elapsed = t.now();
    for rank in 1..t.size() {
        t.send(rank, TreesplitMessage::Stop);
    }
    let mut reports = vec![own];
    while reports.len() < t.size() {
        match t.poll() {
            Some((_, TreesplitMessage::Report(r))) => reports.push(r),
            Some(_) => {}
            None => t.idle(),
        }
    }
    reports.sort_by_key(|r| r.rank);
    // Without duplication only the root's owner has updates there.
    let width = reports.iter().map(|r| r.root.len()).max().unwrap_or(0);
    let mut root = vec![(0, 0.0); width];
    for r in reports.iter().filter(|r| !r.root.is_empty()) {
        duplication::merge(&mut root, &r.root);
    }
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
        layout,
        reports,
    }
}
