//! The cluster search (games): every rank runs the play search on the same
//! root with its threads, as Lazy SMP's threads do. The ranks on one
//! machine share one table in shared memory (see `machines`); between
//! machines, ranks send each other the results they store deep in the
//! tree. A rank's link owns its transport (MPI is used from one thread)
//! and runs beside the search: it stores what arrives and sends what the
//! rank's table exported. Rank 0 decides; the others search until it says
//! stop. Written against `Transport`, so ranks are threads or MPI ranks.

use super::cluster_message::ClusterMessage as Message;
use super::cluster_tables::{lead_table, make_tables, mapped_table};
use super::machines::Machines;
use super::minimal_tree_play::root_game;
use super::net_files::net_for_root;
use super::play_searcher::PlaySearcher;
use super::rank_watch::{Notice, RankWatch, REPORT_WAIT};
use super::table::PlayTable;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use yomi_runtime::{thread_transports, Rank, Transport};
use yomi_search::{Limits, Stats};
use yomi_tree::BranchLimit;

/// Results stored this deep or deeper go to the other machines. Time to
/// depth 12 on the 33 bench positions, 2 ranks as two machines on this
/// 2-core one: on
/// threads (one rank alone 2,844 ms) from depth 2 2,339–2,693 ms (5
/// runs), 4 2,609–2,642, 7 2,503–2,708; under mpirun, where every entry
/// is encoded and sent (one rank alone 2,576–2,813), from 4 4,582, 6
/// 3,698, 8 2,932, none 2,807: shallower entries cost MPI ranks more time
/// than they save.
const SHARE_DEPTH: i32 = 8;

/// How often a link looks for messages and sends its table's new
/// entries: sleeping between looks leaves the cores to the search.
const LINK_INTERVAL: Duration = Duration::from_millis(1);

/// How often a searching rank tells rank 0 its nodes (also its
/// heartbeat: see `rank_watch`).
const NODES_INTERVAL: Duration = Duration::from_millis(100);

/// Entries per message at most (about 20 bytes each): small messages go
/// eagerly under MPI, so two ranks sending each other entries at once do
/// not each wait for the other to receive.
const ENTRIES_PER_MESSAGE: usize = 100;

/// Sends what `table` exported to one rank of every other machine (those
/// `live` says still answer).
fn send_exported<T: Transport<Message>>(
    transport: &mut T,
    partners: &[Rank],
    table: &PlayTable,
    live: impl Fn(Rank) -> bool,
) {
    let entries = table.take_exported();
    for chunk in entries.chunks(ENTRIES_PER_MESSAGE) {
        for &rank in partners.iter().filter(|&&r| live(r)) {
            transport.send(rank, Message::Entries(chunk.to_vec()));
        }
    }
}

/// What rank 0's search asks of its link.
enum Command {
    /// Every machine makes a new table of this many MB; rank 0's comes
    /// back.
    Table(usize),
    /// The other ranks begin searching this root to this depth with this
    /// many threads each.
    Start(String, u32, usize),
    /// The other ranks stop; the link answers with their node count.
    Stop,
}

/// Rank 0's side: the link thread that owns the transport and exchanges
/// entries with rank 0's searcher's table.
pub struct Cluster {
    commands: Sender<Command>,
    /// The other ranks' nodes in the running search, as they report them.
    elsewhere: Arc<AtomicU64>,
    tables: Receiver<Arc<PlayTable>>,
    nodes: Receiver<u64>,
    link: Option<JoinHandle<()>>,
    ranks: usize,
    machines: usize,
    notice: Arc<Mutex<Option<Notice>>>,
    lost: Arc<AtomicBool>,
}

impl Cluster {
    /// Rank 0 of `transport`, whose other ranks run [`serve_cluster`],
    /// on the `machines` given.
    pub fn new<T: Transport<Message> + Send + 'static>(
        mut transport: T,
        machines: Machines,
    ) -> Cluster {
        let (commands, inbox) = channel();
        let (table_reply, tables) = channel();
        let (reply, nodes) = channel();
        let ranks = transport.size();
        let machine_count = machines.count();
        let partners = machines.partners(0);
        let elsewhere = Arc::new(AtomicU64::new(0));
        let counted = elsewhere.clone();
        let notice = Arc::new(Mutex::new(None));
        let mut watch = RankWatch::new(ranks, notice.clone());
        let lost = watch.lost();
        let link = std::thread::spawn(move || {
            let mut table: Option<Arc<PlayTable>> = None;
            let mut running = false;
            loop {
                match inbox.try_recv() {
                    Ok(Command::Table(megabytes)) => {
                        let made = make_tables(&mut transport, &machines, megabytes, &mut watch);
                        let made = Arc::new(exporting_to(made, &partners));
                        table = Some(made.clone());
                        if table_reply.send(made).is_err() {
                            break;
                        }
                    }
                    Ok(Command::Start(root, depth, threads)) => {
                        counted.store(0, Ordering::Relaxed);
                        watch.start();
                        broadcast(&mut transport, &watch.live(), || {
                            Message::Search(root.clone(), depth, threads)
                        });
                        running = true;
                    }
                    Ok(Command::Stop) => {
                        broadcast(&mut transport, &watch.live(), || Message::Stop);
                        running = false;
                        let total = wait_for_reports(&mut transport, table.as_deref(), &mut watch);
                        if reply.send(total).is_err() {
                            break;
                        }
                    }
                    Err(std::sync::mpsc::TryRecvError::Empty) => {}
                    Err(std::sync::mpsc::TryRecvError::Disconnected) => break,
                }
                receive(&mut transport, table.as_deref(), &counted, &mut watch);
                if let Some(table) = table.as_deref().filter(|_| running) {
                    watch.drop_silent();
                    send_exported(&mut transport, &partners, table, |r| watch.is_live(r));
                }
                std::thread::sleep(LINK_INTERVAL);
            }
            broadcast(&mut transport, &watch.live(), || Message::Quit);
        });
        Cluster {
            commands,
            elsewhere,
            tables,
            nodes,
            link: Some(link),
            ranks,
            machines: machine_count,
            notice,
            lost,
        }
    }

    /// Where to say that a rank was dropped (see `rank_watch`).
    pub fn on_notice(&self, say: Notice) {
        *self.notice.lock().unwrap_or_else(|e| e.into_inner()) = Some(say);
    }

    /// Set once a rank has been dropped: the job cannot end by itself
    /// then (the hung rank never quits), so the engine aborts it at the end.
    pub fn lost_ranks(&self) -> Arc<AtomicBool> {
        self.lost.clone()
    }

    /// A cluster whose ranks are threads of this process, on `machines`:
    /// rank 0's side, and the other ranks' threads (they end when it is
    /// dropped).
    pub fn on_threads(machines: Machines) -> (Cluster, Vec<JoinHandle<()>>) {
        let mut transports = thread_transports::<Message>(machines.ranks().max(1)).into_iter();
        let rank0 = transports.next().expect("rank 0");
        let others = transports
            .map(|t| {
                let machines = machines.clone();
                std::thread::spawn(move || serve_cluster(t, machines))
            })
            .collect();
        (Cluster::new(rank0, machines), others)
    }

    /// Ranks in all, rank 0 included.
    pub fn ranks(&self) -> usize {
        self.ranks
    }

    /// The other ranks' nodes in the running search so far (for
    /// [`PlaySearcher::count_elsewhere`]).
    pub fn nodes_elsewhere(&self) -> Arc<AtomicU64> {
        self.elsewhere.clone()
    }

    /// Machines the ranks run on (one table each).
    pub fn machines(&self) -> usize {
        self.machines
    }

    /// A new table of about `megabytes` MB for rank 0's searcher, made
    /// with every machine's (no search may be running): shared with the
    /// ranks on its machine, exchanging deep entries with the others.
    pub fn table(&self, megabytes: usize) -> Arc<PlayTable> {
        if self.commands.send(Command::Table(megabytes)).is_ok() {
            if let Ok(table) = self.tables.recv() {
                return table;
            }
        }
        Arc::new(PlayTable::new(megabytes))
    }

    /// The other ranks begin searching the root `root_text` names, to
    /// `depth` at most, with `threads` threads each, exchanging entries
    /// with rank 0's table (the last [`Cluster::table`]).
    pub fn start(&self, root_text: &str, depth: u32, threads: usize) {
        let command = Command::Start(root_text.to_string(), depth, threads);
        let _ = self.commands.send(command);
    }

    /// The other ranks stop; their nodes since `start`.
    pub fn stop(&self) -> u64 {
        if self.commands.send(Command::Stop).is_err() {
            return 0;
        }
        self.nodes.recv().unwrap_or(0)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let (commands, _) = channel();
        drop(std::mem::replace(&mut self.commands, commands));
        if let Some(link) = self.link.take() {
            let _ = link.join();
        }
    }
}

fn broadcast<T: Transport<Message>>(
    transport: &mut T,
    ranks: &[Rank],
    message: impl Fn() -> Message,
) {
    for &rank in ranks {
        transport.send(rank, message());
    }
}

/// `table`, keeping its deep results for the `partners`, if any.
fn exporting_to(table: PlayTable, partners: &[Rank]) -> PlayTable {
    if partners.is_empty() {
        table
    } else {
        table.exporting(SHARE_DEPTH)
    }
}

/// Rank 0: stores every entry that has arrived (in `table`, if there is
/// one yet) and counts the nodes the other ranks said.
fn receive<T: Transport<Message>>(
    transport: &mut T,
    table: Option<&PlayTable>,
    nodes: &AtomicU64,
    watch: &mut RankWatch,
) {
    while let Some((from, message)) = transport.poll() {
        watch.heard(from);
        match (message, table) {
            (Message::Entries(entries), Some(table)) => table.import(&entries),
            (Message::Nodes(n), _) => {
                nodes.fetch_add(n, Ordering::Relaxed);
            }
            _ => {}
        }
    }
}

/// Rank 0 after `Stop`: the other ranks' reports, entries still arriving
/// stored meanwhile; their nodes in all, of those that report within
/// `REPORT_WAIT` (the others are late).
fn wait_for_reports<T: Transport<Message>>(
    transport: &mut T,
    table: Option<&PlayTable>,
    watch: &mut RankWatch,
) -> u64 {
    let mut waiting = watch.live();
    let mut nodes = 0;
    let deadline = Instant::now() + REPORT_WAIT;
    while !waiting.is_empty() && Instant::now() < deadline {
        match transport.poll() {
            Some((_, Message::Entries(entries))) => {
                if let Some(table) = table {
                    table.import(&entries);
                }
            }
            Some((from, Message::Report(searched))) => {
                nodes += searched;
                waiting.retain(|&r| r != from);
            }
            Some(_) => {}
            None => transport.idle(),
        }
    }
    watch.late(&waiting);
    nodes
}

/// A rank's search in progress: its stop flag, and the thread that hands
/// the searcher back with its counts.
type Running = (Arc<AtomicBool>, JoinHandle<(PlaySearcher, Stats)>);

/// Stops the search in progress, if any: the searcher back, and its counts.
fn finish(running: &mut Option<Running>, searcher: &mut Option<PlaySearcher>) -> Stats {
    let Some((stop, thread)) = running.take() else {
        return Stats::default();
    };
    stop.store(true, Ordering::Relaxed);
    match thread.join() {
        Ok((s, stats)) => {
            *searcher = Some(s);
            stats
        }
        Err(_) => Stats::default(),
    }
}

/// A rank's searcher over `table`. Odd ranks leave out the odd depths, as
/// every other helper thread does, so that the ranks do not all search
/// the same iteration.
fn searcher_over(table: Arc<PlayTable>, rank: Rank) -> PlaySearcher {
    let start =
        yomi_shogi_game::ShogiGame::new(yomi_shogi::board::Position::startpos(), BranchLimit::ALL);
    let mut searcher = PlaySearcher::with_table(start, table);
    if rank % 2 == 1 {
        searcher.skips = |depth| depth % 2 == 1;
    }
    searcher
}

/// A rank other than 0 for the engine's life, on the `machines` given:
/// makes or maps its table as rank 0 says; searches each root rank 0
/// announces with the threads it says, sending its deep results to the
/// other machines and storing theirs, until rank 0 says stop; reports its
/// nodes; ends at `Quit`.
pub fn serve_cluster<T: Transport<Message>>(mut transport: T, machines: Machines) {
    let me = transport.rank();
    let partners = machines.partners(me);
    let mut table: Option<Arc<PlayTable>> = None;
    let mut searcher: Option<PlaySearcher> = None;
    let mut running: Option<Running> = None;
    // The running search's node counter, the nodes told so far and when.
    let mut progress: Option<(Arc<AtomicU64>, u64, Instant)> = None;
    loop {
        let mut got = false;
        while let Some((from, message)) = transport.poll() {
            got = true;
            match message {
                Message::Entries(entries) => {
                    if let Some(table) = &table {
                        table.import(&entries);
                    }
                }
                Message::TableSize(megabytes) | Message::TableMemory(_, megabytes) => {
                    finish(&mut running, &mut searcher);
                    let made = match &message {
                        Message::TableMemory(name, _) => mapped_table(name, megabytes),
                        _ => lead_table(&mut transport, &machines, megabytes, Vec::new()),
                    };
                    let made = Arc::new(exporting_to(made, &partners));
                    searcher = Some(searcher_over(made.clone(), me));
                    table = Some(made);
                    transport.send(from, Message::TableMapped);
                }
                Message::Search(root, depth, threads) => {
                    let Some(mut s) = searcher.take() else {
                        continue;
                    };
                    if s.threads() != threads.max(1) {
                        s.set_threads(threads);
                    }
                    match root_game(&root) {
                        Ok(game) => {
                            *s.game_mut() = game;
                            s.set_network(net_for_root(&root));
                        }
                        Err(e) => {
                            // Rank 0 still gets an (empty) report at Stop.
                            eprintln!("cluster rank: cannot search {root:?}: {e}");
                            searcher = Some(s);
                            continue;
                        }
                    }
                    let counter = s.node_counter();
                    counter.store(0, Ordering::Relaxed);
                    progress = Some((counter, 0, Instant::now()));
                    let stop = Arc::new(AtomicBool::new(false));
                    let limits = Limits {
                        stop: Some(stop.clone()),
                        ..Limits::depth(depth)
                    };
                    let thread = std::thread::spawn(move || {
                        let stats = s.search(limits, |_| {}).stats;
                        (s, stats)
                    });
                    running = Some((stop, thread));
                }
                Message::Stop | Message::Quit => {
                    progress = None;
                    let searched = finish(&mut running, &mut searcher).nodes;
                    if let Some(table) = &table {
                        table.take_exported();
                    }
                    if matches!(message, Message::Quit) {
                        return;
                    }
                    transport.send(0, Message::Report(searched));
                }
                _ => {}
            }
        }
        if let Some((counter, told, at)) = progress
            .as_mut()
            .filter(|p| p.2.elapsed() >= NODES_INTERVAL)
        {
            // Sent even when nothing was searched: rank 0 hears the rank
            // is alive.
            let nodes = counter.load(Ordering::Relaxed);
            transport.send(0, Message::Nodes(nodes.saturating_sub(*told)));
            (*told, *at) = (nodes, Instant::now());
        }
        match table.as_deref().filter(|_| running.is_some()) {
            Some(table) => {
                send_exported(&mut transport, &partners, table, |_| true);
                std::thread::sleep(LINK_INTERVAL);
            }
            None if !got => transport.idle(),
            None => {}
        }
    }
}
