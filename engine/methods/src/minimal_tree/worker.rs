//! The worker of seed 000 Fig. 5: a priority queue of tasks, searched by
//! iterative deepening two plies at a time, in slices between which
//! messages are read; a search stops as soon as its task is no longer the
//! most urgent (its work stays in the table). The search is the research
//! alpha-beta, or in games the play search (see `task_search`).

use super::depth::{next_depth, Finished};
use super::eps_window;
use super::message::{Message, Outcome, Report, Task, WorkerConfig};
use super::ring::{self, Shared};
use super::task_queue::{self, Queued, TaskId, TaskQueue};
use super::task_search::{TaskPath, TaskSearch};
use ahash::{AHashMap, AHashSet};
use indexmap::IndexMap;
use std::time::Duration;
use yomi_measure::{IdleProfile, RingCounts, TaskCounts};
use yomi_runtime::Transport;
use yomi_search::{Entry, Hook, SearchOptions, Searcher, Stats};
use yomi_tree::{Game, Value, INFINITE};

/// The worker's side of the conversation, also its search hook.
pub struct Inbox<T> {
    transport: T,
    eps: Option<Value>,
    queue: TaskQueue,
    /// Task messages received so far.
    arrivals: u64,
    /// Finished searches per position.
    finished: AHashMap<u64, Searches>,
    /// Idle deepening: results of searches begun while their task was
    /// held, per position, kept until a task of the position arrives (the
    /// master dropped the position from its prediction or has not yet
    /// confirmed it; a result sent now would make it predict again for a
    /// position it may never need). One that finishes after such a task
    /// arrived goes at once.
    withheld: AHashMap<u64, Vec<Outcome>>,
    /// The task being searched.
    running: Option<TaskId>,
    stop: bool,
    first_task_at: Option<Duration>,
    /// When this search began (a persistent worker's `Start`).
    started: Duration,
    /// When in the search it waited for a task (start-up idle included).
    waited: IdleProfile,
    share: Option<Ring>,
    /// The searcher's node count already reported to the transport.
    charged: u64,
    /// A persistent worker's next search, as the master announced it.
    pub(super) next: Option<(String, WorkerConfig)>,
    /// The master ended the engine: no more searches.
    pub(super) quit: bool,
    say_idle: bool,
    /// The master was told the queue ran dry, and no task came since.
    said_idle: bool,
}

/// A position's finished searches, and the deepest one's depth: read at
/// every arrival of its task, where the list kept apart cost a second miss
/// of the cache.
#[derive(Default)]
struct Searches {
    deepest: u32,
    all: Vec<Finished>,
}

/// A worker's part in the sharing ring.
struct Ring {
    /// Which search the ring serves (ranks run several in a row).
    search: u64,
    plies: usize,
    /// Own results not yet sent round, one per state, its latest (the
    /// paper's pointer table, which points at table entries).
    own: IndexMap<u64, Entry>,
    /// Received entries not yet in the table.
    incoming: Vec<(u64, Entry)>,
    /// The ring message, held until this worker passes it on.
    token: Option<Vec<Shared<(u64, Entry)>>>,
    last_forward: Duration,
    counts: RingCounts,
}

/// An empty ring message goes round at most this often.
const IDLE_RING_INTERVAL: Duration = Duration::from_millis(1);
/// Own entries waiting for the ring message; older ones give way.
const MAX_OWN_PENDING: usize = 4096;

impl<T: Transport<Message>> Inbox<T> {
    pub(super) fn new(transport: T, config: &WorkerConfig) -> Inbox<T> {
        let share = ring_for(&transport, config);
        Inbox {
            transport,
            eps: config.eps,
            queue: TaskQueue::new(config.idle_deepening, config.signature_first),
            arrivals: 0,
            finished: AHashMap::new(),
            withheld: AHashMap::new(),
            running: None,
            stop: false,
            first_task_at: None,
            started: Duration::ZERO,
            waited: IdleProfile::default(),
            share,
            charged: 0,
            next: None,
            quit: false,
            say_idle: config.say_idle,
            said_idle: false,
        }
    }

    /// Forgets the last search's tasks and results for a new one (a
    /// persistent worker); the node count charged so far stays.
    pub(super) fn restart(&mut self, config: &WorkerConfig) {
        self.eps = config.eps;
        self.queue
            .clear(config.idle_deepening, config.signature_first);
        self.arrivals = 0;
        self.finished.clear();
        self.withheld.clear();
        self.running = None;
        self.stop = false;
        self.first_task_at = None;
        self.started = self.transport.now();
        self.waited = IdleProfile::default();
        self.share = ring_for(&self.transport, config);
        self.say_idle = config.say_idle;
        self.said_idle = false;
    }

    /// A search this worker cannot take part in: it answers `Stop` with
    /// an empty report, so that the master is not left waiting.
    pub(super) fn wait_for_stop_and_report(&mut self) {
        while !self.stop {
            self.transport.idle();
            self.receive();
        }
        self.transport.send(0, Message::Report(Box::default()));
    }

    /// Tells the transport the nodes searched since the last call
    /// (`nodes`: the searcher's count so far).
    /// With no task to search: tells the master once (if it asked to
    /// know) and waits for a message; the time waited, counted once the
    /// first task has arrived (before, it is start-up idle time).
    fn wait_for_task(&mut self) -> Duration {
        if self.say_idle && !self.said_idle && self.first_task_at.is_some() {
            self.transport.send(0, Message::Idle);
            self.said_idle = true;
        }
        let since = self.transport.now();
        self.idle();
        let until = self.transport.now();
        self.waited.wait(
            (since - self.started).as_secs_f64(),
            (until - self.started).as_secs_f64(),
        );
        if self.first_task_at.is_some() {
            until - since
        } else {
            Duration::ZERO
        }
    }

    /// `task` searched to `depth` with `value`: remembered, reported to
    /// the master as the method says (withheld if the task was `held`
    /// when its search began and no task of the position is free yet), and
    /// dropped from the queue once searched to its full depth.
    fn finished_search(
        &mut self,
        task: &Task,
        depth: u32,
        value: Value,
        held: bool,
        config: &WorkerConfig,
    ) {
        let searches = self.finished.entry(task.key).or_default();
        searches.deepest = searches.deepest.max(depth);
        searches.all.push(Finished {
            depth,
            alpha: task.alpha,
            beta: task.beta,
        });
        self.queue.completed(task.key, depth);
        if config.updates || depth == task.depth {
            let outcome = Outcome {
                key: task.key,
                depth,
                alpha: task.alpha,
                beta: task.beta,
                value,
            };
            if held && !self.queue.has_free(task.key) {
                // The task's next copy frees the result with the task.
                self.withheld.entry(task.key).or_default().push(outcome);
            } else {
                self.transport.send(0, Message::Result(outcome));
                if depth < task.depth && config.confirmed_deepening {
                    self.queue.hold(task.key, self.arrivals);
                }
            }
        }
        if depth == task.depth {
            self.queue.remove_task(task);
        }
    }

    fn charge(&mut self, nodes: u64) {
        self.transport.work(nodes - self.charged);
        self.charged = nodes;
    }

    /// Nothing to do: wait for a message, or until an empty ring message
    /// held here is due to go on.
    pub(super) fn idle(&mut self) {
        match &self.share {
            Some(Ring {
                token: Some(_),
                last_forward,
                ..
            }) => self
                .transport
                .idle_until(*last_forward + IDLE_RING_INTERVAL),
            _ => self.transport.idle(),
        }
    }

    pub(super) fn receive(&mut self) {
        while let Some((_, message)) = self.transport.poll() {
            match message {
                Message::Task(task) => {
                    self.said_idle = false;
                    if self.first_task_at.is_none() {
                        self.first_task_at = Some(self.transport.now());
                    }
                    let epoch = self.queue.epoch();
                    let task = match self.eps {
                        None => task,
                        Some(eps) => {
                            // Keep a queued window that holds the new pass window.
                            let kept = self.queue.iter().find(|q| {
                                q.task.key == task.key
                                    && eps_window::update(
                                        (q.task.alpha, q.task.beta),
                                        task.alpha,
                                        task.beta,
                                        eps,
                                    ) == (q.task.alpha, q.task.beta)
                            });
                            let (alpha, beta) = match kept {
                                Some(q) => (q.task.alpha, q.task.beta),
                                None => eps_window::widen(task.alpha, task.beta, eps),
                            };
                            Task {
                                alpha,
                                beta,
                                ..task
                            }
                        }
                    };
                    for outcome in self.withheld.remove(&task.key).into_iter().flatten() {
                        self.transport.send(0, Message::Result(outcome));
                    }
                    let completed = self.finished.get(&task.key).map_or(0, |f| f.deepest);
                    self.arrivals += 1;
                    self.queue
                        .arrive(Queued::new(task, epoch, completed, self.arrivals));
                }
                Message::Pass => self.queue.pass(),
                Message::Stop => self.stop = true,
                Message::Start(root, config) => {
                    // Tasks after it are the new search's.
                    self.restart(&config);
                    self.next = Some((root, config));
                }
                Message::Quit => {
                    self.stop = true;
                    self.quit = true;
                }
                Message::Share(search, entries) => {
                    // A ring message left over from an earlier search ends here.
                    if let Some(ring) = self.share.as_mut().filter(|r| r.search == search) {
                        ring.counts.received += entries.len() as u64;
                        // Putting them into the table costs the processor
                        // as revisiting kept nodes does (no search).
                        self.transport.visit(entries.len() as u64);
                        ring.incoming.extend(entries.iter().map(|s| {
                            let (key, entry) = s.entry;
                            (
                                key,
                                Entry {
                                    shared: true,
                                    ..entry
                                },
                            )
                        }));
                        ring.token = Some(entries);
                    }
                }
                Message::Result(_) | Message::Report(_) | Message::Idle => {}
            }
        }
    }

    /// Passes the ring message on with this worker's new entries, less
    /// those the next worker started; an empty one waits a little.
    fn forward_ring(&mut self) {
        let now = self.transport.now();
        let rank = self.transport.rank();
        let workers = self.transport.size() - 1;
        let Some(ring) = &mut self.share else {
            return;
        };
        if ring.token.as_ref().is_some_and(|t| t.is_empty())
            && ring.own.is_empty()
            && now < ring.last_forward + IDLE_RING_INTERVAL
        {
            return;
        }
        let Some(received) = ring.token.take() else {
            return;
        };
        // All of them, as the paper's workers send their whole pointer
        // table: a cap on the message's entries left most own results
        // waiting for room the received ones took first.
        ring.counts.sent += ring.own.len() as u64;
        ring.counts.hops += 1;
        let out = ring::forward(rank, workers, received, ring.own.drain(..));
        ring.last_forward = now;
        self.transport
            .send(ring::next(rank, workers), Message::Share(ring.search, out));
    }
}

impl<T: Transport<Message>> Hook for Inbox<T> {
    /// Between slices: read messages; stop when the running task is no
    /// longer the most urgent one (or the search is over).
    fn poll(&mut self, nodes: u64) -> bool {
        self.charge(nodes);
        self.receive();
        self.forward_ring();
        let top = self
            .queue
            .top()
            .map(|i| task_queue::id(&self.queue.get(i).task));
        self.stop || top != self.running
    }

    fn share_plies(&self) -> Option<usize> {
        self.share.as_ref().map(|r| r.plies)
    }

    fn stored(&mut self, key: u64, entry: Entry) {
        if let Some(ring) = &mut self.share {
            ring.counts.produced += 1;
            if let Some(pending) = ring.own.get_mut(&key) {
                *pending = entry;
                return;
            }
            if ring.own.len() == MAX_OWN_PENDING {
                ring.own.shift_remove_index(0); // the oldest waited longest; keep the rest
                ring.counts.dropped += 1;
            }
            ring.own.insert(key, entry);
        }
    }

    fn incoming(&mut self) -> Vec<(u64, Entry)> {
        self.share
            .as_mut()
            .map_or_else(Vec::new, |r| std::mem::take(&mut r.incoming))
    }

    fn shared_known(&mut self) {
        if let Some(ring) = &mut self.share {
            ring.counts.known += 1;
        }
    }

    fn found_shared(&mut self, cutoff: bool) {
        if let Some(ring) = &mut self.share {
            ring.counts.hits += 1;
            ring.counts.cutoffs += u64::from(cutoff);
        }
    }
}

/// The sharing ring of a search, if it has one: it needs two workers;
/// worker 1 starts the ring message.
fn ring_for<T: Transport<Message>>(transport: &T, config: &WorkerConfig) -> Option<Ring> {
    config
        .share_plies
        .filter(|_| transport.size() > 2)
        .map(|plies| Ring {
            search: config.search_id,
            plies,
            own: IndexMap::new(),
            incoming: Vec::new(),
            token: (transport.rank() == 1).then(Vec::new),
            last_forward: Duration::ZERO,
            counts: RingCounts::default(),
        })
}

/// Runs a worker until the master says stop; `root` is the tree's root.
pub fn run<G: Game + Clone, T: Transport<Message>>(root: G, transport: T, config: WorkerConfig) {
    let inbox = Inbox::new(transport, &config);
    let mut searcher = Searcher::with_hook(
        root.clone(),
        config.table_mb,
        SearchOptions {
            fail_soft: config.fail_soft,
            poll_nodes: config.poll_nodes,
            ..SearchOptions::default()
        },
        inbox,
    );
    search_tasks(&root, &mut searcher, &config);
}

/// One search's tasks, searched by `searcher` (whose hook is the inbox)
/// until the master says stop; then the report goes to the master.
pub(super) fn search_tasks<G, T, S>(root: &G, searcher: &mut S, config: &WorkerConfig)
where
    G: Game + Clone,
    T: Transport<Message>,
    S: TaskSearch<G, Inbox<T>>,
{
    let stats_before = searcher.stats();
    let mut tally = Tally::default();
    let (mut moves, mut children) = (Vec::new(), Vec::new());
    loop {
        let io = searcher.hook_mut();
        io.receive();
        io.forward_ring();
        if io.stop {
            break;
        }
        let Some(i) = io.queue.top() else {
            tally.idle += io.wait_for_task();
            continue;
        };
        let held = !io.queue.get(i).free();
        let task = io.queue.get(i).task.clone();
        let done = io.finished.get(&task.key).map_or(&[][..], |f| &f.all[..]);
        let Some(depth) = next_depth(done, task.depth, task.alpha, task.beta, config.updates)
        else {
            io.queue.remove(i);
            continue;
        };
        io.running = Some(task_queue::id(&task));
        replay(
            searcher.game_mut(),
            root,
            &task.path,
            &mut moves,
            &mut children,
        );
        searcher.absorb_incoming();
        let leaves_before = searcher.stats().leaves;
        let path = TaskPath {
            moves: &moves,
            ranks: &task.signature.0,
        };
        let since = searcher.hook_mut().transport.now();
        let value = searcher.search_task(depth, task.alpha, task.beta, path);
        tally.searching += searcher.hook_mut().transport.now() - since;
        let leaves = searcher.stats().leaves - leaves_before;
        let nodes = searcher.stats().nodes;
        let io = searcher.hook_mut();
        io.charge(nodes);
        io.running = None;
        tally.searched(&task, depth, leaves, value.is_some());
        if let Some(value) = value {
            io.finished_search(&task, depth, value, held, config);
        }
    }
    let stats = searcher.stats().since(stats_before);
    let io = searcher.hook_mut();
    let report = tally.report(stats, io);
    io.transport.send(0, Message::Report(Box::new(report)));
}

/// Sets `game` to the position at `path` (child indices from `root`), the
/// moves played into `moves` (`children`: a buffer kept between tasks).
fn replay<G: Game + Clone>(
    game: &mut G,
    root: &G,
    path: &[u16],
    moves: &mut Vec<G::Move>,
    children: &mut Vec<G::Move>,
) {
    *game = root.clone();
    moves.clear();
    for &index in path {
        game.children(children);
        let mv = children[index as usize];
        game.play(mv);
        moves.push(mv);
    }
}

/// What a worker counts over one search, for its report.
#[derive(Default)]
struct Tally {
    tasks: TaskCounts,
    /// Leaves spent per position, and the positions finished at the full
    /// task depth: to tell work the master never needed at the full depth.
    spent: AHashMap<u64, u64>,
    full_depth: AHashSet<u64>,
    /// Time without a task after the first arrived, and inside searches.
    idle: Duration,
    searching: Duration,
}

impl Tally {
    /// A search of `task` to `depth` that spent `leaves`, `finished` or
    /// aborted.
    fn searched(&mut self, task: &Task, depth: u32, leaves: u64, finished: bool) {
        let counts = &mut self.tasks;
        *self.spent.entry(task.key).or_default() += leaves;
        if !finished {
            counts.tasks_aborted += 1;
            counts.leaves_aborted += leaves;
            return;
        }
        counts.searches_finished += 1;
        if depth < task.depth {
            counts.leaves_shallow += leaves;
            return;
        }
        counts.leaves_full += leaves;
        if !self.full_depth.insert(task.key) {
            counts.tasks_repeated += 1;
        }
        counts.tasks_finished += 1;
        if task.alpha <= -INFINITE && task.beta >= INFINITE {
            counts.tasks_full_window += 1;
        }
    }

    /// The report at the end of the search: the counts, the searcher's
    /// `stats`, and the times and traffic of `io`.
    fn report<T: Transport<Message>>(self, stats: Stats, io: &Inbox<T>) -> Report {
        let end = io.transport.now();
        Report {
            stats,
            tasks: TaskCounts {
                leaves_unfinished: self
                    .spent
                    .iter()
                    .filter(|(key, _)| !self.full_depth.contains(key))
                    .map(|(_, &leaves)| leaves)
                    .sum(),
                ..self.tasks
            },
            startup_idle_s: (io.first_task_at.unwrap_or(end) - io.started).as_secs_f64(),
            other_idle_s: self.idle.as_secs_f64(),
            searching_s: self.searching.as_secs_f64(),
            waited: io.waited.clone(),
            traffic: io.transport.traffic(),
            ring: io.share.as_ref().map(|r| r.counts),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimal_tree::signature::Signature;
    use yomi_runtime::{thread_transports, ThreadTransport};
    use yomi_search::{Bound, DEFAULT_POLL_NODES};

    fn task(key: u64, alpha: Value, beta: Value) -> Task {
        Task {
            path: Vec::new(),
            key,
            depth: 4,
            alpha,
            beta,
            signature: Signature(vec![key as u16]),
        }
    }

    fn config(eps: Option<Value>) -> WorkerConfig {
        WorkerConfig {
            updates: true,
            table_mb: 1,
            eps,
            confirmed_deepening: false,
            idle_deepening: false,
            signature_first: false,
            fail_soft: false,
            poll_nodes: DEFAULT_POLL_NODES,
            share_plies: None,
            search_id: 0,
            say_idle: false,
        }
    }

    fn pair_with(
        config: &WorkerConfig,
    ) -> (ThreadTransport<Message>, Inbox<ThreadTransport<Message>>) {
        let mut net = thread_transports::<Message>(2);
        let transport = net.pop().expect("rank 1");
        let master = net.pop().expect("rank 0");
        (master, Inbox::new(transport, config))
    }

    fn pair(eps: Option<Value>) -> (ThreadTransport<Message>, Inbox<ThreadTransport<Message>>) {
        pair_with(&config(eps))
    }

    /// The results the master has received so far: (depth, value).
    fn results(master: &mut ThreadTransport<Message>) -> Vec<(u32, Value)> {
        std::iter::from_fn(|| master.poll())
            .filter_map(|(_, message)| match message {
                Message::Result(o) => Some((o.depth, o.value)),
                _ => None,
            })
            .collect()
    }

    /// Idle deepening: a held task searched for want of a free one keeps
    /// its results until the master sends a task of its position again.
    #[test]
    fn results_of_a_held_task_wait_for_its_next_copy() {
        let config = WorkerConfig {
            confirmed_deepening: true,
            idle_deepening: true,
            ..config(None)
        };
        let (mut master, mut inbox) = pair_with(&config);
        let sent = task(1, -10, 10);
        master.send(1, Message::Task(sent.clone()));
        inbox.receive();
        let top = inbox.queue.top().expect("the task");
        assert!(inbox.queue.get(top).free());
        inbox.finished_search(&sent, 2, 5, false, &config);
        assert_eq!(results(&mut master), [(2, 5)]);
        // Held now, and still searched: nothing free is queued.
        let top = inbox.queue.top().expect("the held task, deepened");
        assert!(!inbox.queue.get(top).free());
        inbox.finished_search(&sent, 4, 6, true, &config);
        assert!(results(&mut master).is_empty(), "withheld");
        assert!(queued(&inbox).is_empty(), "searched to its full depth");
        // Another position's task frees nothing.
        master.send(1, Message::Task(task(2, -10, 10)));
        inbox.receive();
        assert!(results(&mut master).is_empty());
        master.send(1, Message::Task(sent));
        inbox.receive();
        assert_eq!(results(&mut master), [(4, 6)], "sent with the copy");
        master.send(1, Message::Task(task(1, -10, 10)));
        inbox.receive();
        assert!(results(&mut master).is_empty(), "sent once");
        // A search begun held that ends after a copy arrived: sent at once.
        let other = task(3, -10, 10);
        master.send(1, Message::Task(other.clone()));
        inbox.receive();
        inbox.finished_search(&other, 2, 7, false, &config);
        assert_eq!(results(&mut master), [(2, 7)]);
        master.send(1, Message::Task(other.clone()));
        inbox.receive();
        inbox.finished_search(&other, 4, 8, true, &config);
        assert_eq!(results(&mut master), [(4, 8)]);
    }

    fn queued(inbox: &Inbox<ThreadTransport<Message>>) -> Vec<(u64, Value, Value)> {
        inbox
            .queue
            .iter()
            .map(|q| (q.task.key, q.task.alpha, q.task.beta))
            .collect()
    }

    #[test]
    fn a_pass_message_drops_tasks_not_renewed_since_the_previous_one() {
        let (mut master, mut inbox) = pair(None);
        master.send(1, Message::Task(task(1, -10, 10)));
        master.send(1, Message::Task(task(2, -10, 10)));
        master.send(1, Message::Pass);
        inbox.receive();
        assert_eq!(queued(&inbox), [(1, -10, 10), (2, -10, 10)]);
        // Received before the last pass message: no longer fresh.
        assert!(!inbox.queue.priority(inbox.queue.get(0)).fresh);
        master.send(1, Message::Task(task(2, -10, 10)));
        inbox.receive();
        assert!(inbox.queue.priority(inbox.queue.get(1)).fresh);
        assert_eq!(inbox.queue.top(), Some(1), "the renewed task comes first");
        master.send(1, Message::Pass);
        inbox.receive();
        assert_eq!(queued(&inbox), [(2, -10, 10)]);
        master.send(1, Message::Pass);
        inbox.receive();
        assert!(queued(&inbox).is_empty());
        master.send(1, Message::Stop);
        inbox.receive();
        assert!(inbox.stop);
    }

    #[test]
    fn the_ring_message_carries_every_pending_result_once_at_its_latest() {
        let config = WorkerConfig {
            share_plies: Some(4),
            ..config(None)
        };
        let mut net = thread_transports::<Message>(3);
        let mut second = Inbox::new(net.pop().expect("rank 2"), &config);
        let mut first = Inbox::new(net.pop().expect("rank 1"), &config);
        let result = |value| Entry {
            value,
            depth: 6,
            bound: Bound::Exact,
            best: 0,
            shared: false,
        };
        // More results than a message held before (100), one of them twice.
        for key in 0..150 {
            first.stored(key, result(1));
        }
        first.stored(7, result(2));
        first.forward_ring();
        second.receive();
        let ring = second.share.as_ref().expect("a ring");
        assert_eq!(ring.counts.received, 150);
        let incoming = second.incoming();
        assert_eq!(incoming.len(), 150, "each state once");
        assert_eq!(
            incoming[7],
            (
                7,
                Entry {
                    shared: true,
                    ..result(2)
                }
            ),
            "its latest result"
        );
        assert!(incoming.iter().all(|(_, e)| e.shared));
        let sent = first.share.as_ref().expect("a ring").counts;
        assert_eq!((sent.produced, sent.sent, sent.hops), (151, 150, 1));
    }

    #[test]
    fn eps_windows_are_kept_while_pass_windows_fit() {
        let (mut master, mut inbox) = pair(Some(10));
        master.send(1, Message::Task(task(7, 0, 1)));
        inbox.receive();
        assert_eq!(queued(&inbox), [(7, -10, 11)]);
        master.send(1, Message::Task(task(7, 5, 6)));
        inbox.receive();
        assert_eq!(queued(&inbox), [(7, -10, 11)], "inside the ε-window: kept");
        master.send(1, Message::Task(task(7, 50, 51)));
        inbox.receive();
        assert_eq!(queued(&inbox), [(7, -10, 11), (7, 40, 61)]);
    }
}
