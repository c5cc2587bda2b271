//! Staged SSS* on a processor tree (seed 002 §D.3): each master runs one
//! stage of SSS* over its node's subtree and keeps that stage's OPEN list;
//! the live states at the stage's end are its slaves' tasks (min(merit,
//! value), by staged SSS* of their own, or a further master's stage).
//!
//! The paper does not say how a master picks its slaves' tasks. Here it
//! never waits while a slave is idle and work may be useful: it hands out
//! the live end-of-stage states on its list, highest merit first (its
//! other live states it expands at once, which costs no leaf), and then,
//! speculatively, the next siblings of the end-of-stage MAX nodes that are
//! out or solved, with their merit: SSS* would ask for exactly those if
//! the results come back at that merit, and a value bounded by a higher
//! merit still serves a lower one. A purge aborts the tasks below it.

use super::cursor::Cursor;
use super::open_list::{OpenList, State, Status};
use super::split_message::SplitMessage;
use super::splitting::Processor;
use super::sss::{expand, is_max, leaf_value, solved, StagedSss};
use ahash::AHashMap;
use yomi_runtime::{Rank, Transport};
use yomi_tree::{Game, Value, INFINITE};

/// A task out with a slave.
struct Out {
    slave: Rank,
    id: u64,
    /// From the stage's root.
    path: Vec<u16>,
    bound: Value,
}

/// A master's stage: its list, its tasks and what they found.
struct Stage<M> {
    open: OpenList,
    cursor: Cursor<M>,
    /// End-of-stage nodes' results: (the bound asked, min(bound, value)).
    results: AHashMap<Vec<u16>, (Value, Value)>,
    out: Vec<Out>,
    idle: Vec<Rank>,
    /// Plies of the stage.
    span: usize,
    depth: u32,
    max_node: bool,
}

impl<M> Stage<M> {
    /// What a result serves: min(`merit`, value), if it tells.
    fn known(&self, path: &[u16], merit: Value) -> Option<Value> {
        let &(bound, value) = self.results.get(path)?;
        (merit <= bound || value < bound).then_some(value.min(merit))
    }

    /// Whether `path` is solved or out with a slave.
    fn covered(&self, path: &[u16], merit: Value) -> bool {
        self.known(path, merit).is_some() || self.out.iter().any(|o| o.path == path)
    }

    fn record(&mut self, path: Vec<u16>, bound: Value, value: Value) {
        let exact = |(b, v): (Value, Value)| v < b;
        match self.results.get(&path) {
            Some(&old) if exact(old) || (old.0 >= bound && !exact((bound, value))) => {}
            _ => {
                self.results.insert(path, (bound, value));
            }
        }
    }
}

impl<G: Game, T: Transport<SplitMessage>> Processor<G, T> {
    /// min(`bound`, the current node's value `depth` plies deep) from the
    /// root's side to move: a stage split among the slaves by a master,
    /// staged SSS* by a terminal processor. `None`: aborted.
    pub(super) fn bounded(&mut self, depth: u32, bound: Value, stage_depth: u32) -> Option<Value> {
        let max_node = self.path.len().is_multiple_of(2);
        if self.tree().is_terminal(self.rank()) || depth < 2 {
            let poll_every = self.config.poll_every;
            return self.sequential(|game, go_on| {
                let mut sss = StagedSss::new(game, stage_depth, poll_every, go_on);
                (sss.search(depth, bound, max_node), sss.counts())
            });
        }
        let mut open = OpenList::default();
        open.push(Vec::new(), Status::Live, bound);
        let mut stage = Stage {
            open,
            cursor: Cursor::new(),
            results: AHashMap::new(),
            out: Vec::new(),
            idle: self.tree().slaves(self.rank()).rev().collect(),
            // The slaves get at least a ply.
            span: stage_depth.clamp(1, depth - 1) as usize,
            depth,
            max_node,
        };
        let value = self.run_stage(&mut stage);
        let out: Vec<_> = stage.out.iter().map(|o| (o.slave, o.id)).collect();
        self.abort(&out);
        stage.cursor.goto(&mut self.game, &[]);
        value
    }

    fn run_stage(&mut self, stage: &mut Stage<G::Move>) -> Option<Value> {
        loop {
            if let Some(value) = self.advance(stage) {
                return Some(value);
            }
            let picks = self.picks(stage);
            for (path, bound) in picks {
                self.assign(stage, path, bound);
            }
            let (from, message) = self.wait();
            match message {
                SplitMessage::Done { id, value } => {
                    let Some(i) = stage.out.iter().position(|o| (o.slave, o.id) == (from, id))
                    else {
                        continue; // an aborted task's late answer
                    };
                    let done = stage.out.swap_remove(i);
                    stage.idle.push(from);
                    stage.record(done.path, done.bound, value);
                }
                SplitMessage::Abort { id } if Some(id) == self.task => return None,
                SplitMessage::Quit => {
                    self.quit = true;
                    return None;
                }
                _ => {}
            }
        }
    }

    /// SSS* as far as it goes without a slave's result; the stage's value
    /// once its root is solved.
    fn advance(&mut self, stage: &mut Stage<G::Move>) -> Option<Value> {
        loop {
            let top = stage.open.top().expect("the root is solved first").clone();
            let ply = top.path.len();
            match top.status {
                Status::Solved if ply == 0 => return Some(top.merit),
                Status::Solved => {
                    stage.open.pop();
                    self.solve(stage, top);
                }
                Status::Live if ply < stage.span => {
                    stage.open.pop();
                    self.expand(stage, top);
                }
                Status::Live => {
                    let value = stage.known(&top.path, top.merit)?;
                    stage.open.pop();
                    stage.open.push(top.path, Status::Solved, value);
                }
            }
        }
    }

    fn solve(&mut self, stage: &mut Stage<G::Move>, state: State) {
        let path = &state.path;
        let max = is_max(stage.max_node, path);
        let parent = &path[..path.len() - 1];
        stage.cursor.goto(&mut self.game, parent);
        let siblings = stage.cursor.children(&mut self.game).len();
        solved(&mut stage.open, path, state.merit, max, siblings);
        if !max {
            // The parent is solved: the tasks below it are of no use.
            let (gone, kept) = std::mem::take(&mut stage.out)
                .into_iter()
                .partition(|o| o.path.len() > parent.len() && o.path.starts_with(parent));
            stage.out = kept;
            let gone: Vec<Out> = gone;
            let aborted: Vec<_> = gone.iter().map(|o| (o.slave, o.id)).collect();
            self.abort(&aborted);
            stage.idle.extend(gone.iter().map(|o| o.slave));
        }
    }

    /// A live state before the stage's end: a leaf (a node without
    /// children) is evaluated here, any other node expanded.
    fn expand(&mut self, stage: &mut Stage<G::Move>, state: State) {
        let max = is_max(stage.max_node, &state.path);
        stage.cursor.goto(&mut self.game, &state.path);
        let children = stage.cursor.children(&mut self.game).len();
        if children == 0 {
            self.ledger.counts.nodes += 1;
            self.ledger.counts.leaves += 1;
            self.transport.work(1);
            let value = leaf_value(&mut self.game, false, max).min(state.merit);
            stage.open.push(state.path, Status::Solved, value);
        } else {
            self.charge_split();
            expand(&mut stage.open, &state.path, state.merit, max, children);
        }
    }

    /// Tasks for the idle slaves, the likeliest to be needed first: the
    /// list's live end-of-stage states, then the next siblings of its
    /// end-of-stage MAX nodes (out or solved) whose merit is a value.
    fn picks(&mut self, stage: &mut Stage<G::Move>) -> Vec<(Vec<u16>, Value)> {
        let mut picks: Vec<(Vec<u16>, Value)> = Vec::new();
        let wanted = stage.idle.len();
        if wanted == 0 {
            return picks;
        }
        let is_picked =
            |picks: &[(Vec<u16>, Value)], path: &[u16]| picks.iter().any(|p| p.0 == path);
        loop {
            let mut interior = None;
            for s in stage.open.iter() {
                if picks.len() == wanted {
                    return picks;
                }
                if s.status == Status::Live && s.path.len() < stage.span {
                    interior = Some(s.clone());
                    break;
                }
                if s.status == Status::Live
                    && !stage.covered(&s.path, s.merit)
                    && !is_picked(&picks, &s.path)
                {
                    picks.push((s.path.clone(), s.merit));
                }
            }
            match interior {
                Some(s) => {
                    stage.open.remove(&s);
                    self.expand(stage, s);
                }
                None => break,
            }
        }
        let chains: Vec<State> = stage
            .open
            .iter()
            .filter(|s| {
                s.path.len() == stage.span && s.merit < INFINITE && is_max(stage.max_node, &s.path)
            })
            .cloned()
            .collect();
        for s in chains {
            let parent = &s.path[..s.path.len() - 1];
            stage.cursor.goto(&mut self.game, parent);
            let siblings = stage.cursor.children(&mut self.game).len() as u16;
            let mut next = s.path.clone();
            for index in s.path[parent.len()] + 1..siblings {
                if picks.len() == wanted {
                    return picks;
                }
                *next.last_mut().expect("a child") = index;
                if !stage.covered(&next, s.merit) && !is_picked(&picks, &next) {
                    picks.push((next.clone(), s.merit));
                }
            }
        }
        picks
    }

    fn assign(&mut self, stage: &mut Stage<G::Move>, path: Vec<u16>, bound: Value) {
        let slave = stage.idle.pop().expect("a pick for an idle slave");
        let id = self.next_id;
        self.next_id += 1;
        let mut full = self.path.clone();
        full.extend_from_slice(&path);
        let depth = stage.depth - path.len() as u32;
        self.transport.send(
            slave,
            SplitMessage::Bounded {
                id,
                path: full,
                depth,
                bound,
            },
        );
        stage.out.push(Out {
            slave,
            id,
            path,
            bound,
        });
    }
}
