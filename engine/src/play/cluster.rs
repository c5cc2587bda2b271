//! The cluster search (games): every rank runs the play search on the same
//! root with its own table and threads, and the ranks send each other the
//! results they store deep in the tree, as Lazy SMP's threads share one
//! table. A rank's link owns its transport (MPI is used from one thread)
//! and runs beside the search: it stores what arrives and sends what the
//! rank's table exported. Rank 0 decides; the others search until it says
//! stop. Written against `Transport`, so ranks are threads or MPI ranks.

use super::master_worker::root_game;
use super::search::PlaySearcher;
use super::table::PlayTable;
use crate::parallel::message::{Message, Report};
use crate::parallel::transport::{Rank, Transport};
use crate::search::{Limits, Stats};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Results stored this deep or deeper go to the other ranks. Time to
/// depth 12 on the 33 bench positions, 2 ranks, this 2-core machine: on
/// threads (one rank alone 2,844 ms) from depth 2 2,339–2,693 ms (5
/// runs), 4 2,609–2,642, 7 2,503–2,708; under mpirun, where every entry
/// is encoded and sent (one rank alone 2,576–2,813), from 4 4,582, 6
/// 3,698, 8 2,932, none 2,807: shallower entries cost MPI ranks more time
/// than they save.
pub const SHARE_DEPTH: i32 = 8;

/// How often a link looks for messages and sends its table's new
/// entries: sleeping between looks leaves the cores to the search.
const LINK_INTERVAL: Duration = Duration::from_millis(1);

/// Entries per message at most (about 20 bytes each): small messages go
/// eagerly under MPI, so two ranks sending each other entries at once do
/// not each wait for the other to receive.
const ENTRIES_PER_MESSAGE: usize = 100;

/// Sends what `table` exported to every other rank.
fn send_exported<T: Transport<Message>>(transport: &mut T, table: &PlayTable) {
    let entries = table.take_exported();
    let me = transport.rank();
    for chunk in entries.chunks(ENTRIES_PER_MESSAGE) {
        for rank in (0..transport.size()).filter(|&r| r != me) {
            transport.send(rank, Message::Entries(chunk.to_vec()));
        }
    }
}

/// What rank 0's search asks of its link.
enum Command {
    /// The other ranks begin searching this root to this depth with this
    /// many threads each; entries go to and from this table (rank 0's).
    Start(String, u32, usize, Arc<PlayTable>),
    /// The other ranks stop; the link answers with their node count.
    Stop,
}

/// Rank 0's side: the link thread that owns the transport and exchanges
/// entries with rank 0's searcher's table.
pub struct Cluster {
    commands: Sender<Command>,
    nodes: Receiver<u64>,
    link: Option<JoinHandle<()>>,
    ranks: usize,
}

impl Cluster {
    /// Rank 0 of `transport`, whose other ranks run [`serve_cluster`];
    /// `table` is rank 0's searcher's, made [`PlayTable::exporting`].
    pub fn new<T: Transport<Message> + Send + 'static>(mut transport: T) -> Cluster {
        let (commands, inbox) = channel();
        let (reply, nodes) = channel();
        let ranks = transport.size();
        let link = std::thread::spawn(move || {
            let mut table: Option<Arc<PlayTable>> = None;
            let mut running = false;
            loop {
                match inbox.try_recv() {
                    Ok(Command::Start(root, depth, threads, searched)) => {
                        broadcast(&mut transport, || {
                            Message::Search(root.clone(), depth, threads)
                        });
                        table = Some(searched);
                        running = true;
                    }
                    Ok(Command::Stop) => {
                        broadcast(&mut transport, || Message::Stop);
                        running = false;
                        let total = wait_for_reports(&mut transport, table.as_deref());
                        if reply.send(total).is_err() {
                            break;
                        }
                    }
                    Err(std::sync::mpsc::TryRecvError::Empty) => {}
                    Err(std::sync::mpsc::TryRecvError::Disconnected) => break,
                }
                receive_entries(&mut transport, table.as_deref());
                if let Some(table) = table.as_deref().filter(|_| running) {
                    send_exported(&mut transport, table);
                }
                std::thread::sleep(LINK_INTERVAL);
            }
            broadcast(&mut transport, || Message::Quit);
        });
        Cluster {
            commands,
            nodes,
            link: Some(link),
            ranks,
        }
    }

    /// Ranks in all, rank 0 included.
    pub fn ranks(&self) -> usize {
        self.ranks
    }

    /// The other ranks begin searching the root `root_text` names, to
    /// `depth` at most, with `threads` threads each, exchanging entries
    /// with `table` (rank 0's searcher's, made [`PlayTable::exporting`]).
    pub fn start(&self, root_text: &str, depth: u32, threads: usize, table: Arc<PlayTable>) {
        let command = Command::Start(root_text.to_string(), depth, threads, table);
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

fn broadcast<T: Transport<Message>>(transport: &mut T, message: impl Fn() -> Message) {
    for rank in 1..transport.size() {
        transport.send(rank, message());
    }
}

/// Stores every entry that has arrived (in `table`, if there is one yet).
fn receive_entries<T: Transport<Message>>(transport: &mut T, table: Option<&PlayTable>) {
    while let Some((_, message)) = transport.poll() {
        if let (Message::Entries(entries), Some(table)) = (message, table) {
            table.import(&entries);
        }
    }
}

/// Rank 0 after `Stop`: the other ranks' reports, entries still arriving
/// stored meanwhile; their nodes in all.
fn wait_for_reports<T: Transport<Message>>(transport: &mut T, table: Option<&PlayTable>) -> u64 {
    let mut waiting: Vec<Rank> = (1..transport.size()).collect();
    let mut nodes = 0;
    while !waiting.is_empty() {
        match transport.poll() {
            Some((_, Message::Entries(entries))) => {
                if let Some(table) = table {
                    table.import(&entries);
                }
            }
            Some((from, Message::Report(report))) => {
                nodes += report.stats.nodes;
                waiting.retain(|&r| r != from);
            }
            Some(_) => {}
            None => transport.idle(),
        }
    }
    nodes
}

/// A rank's search in progress: its stop flag, and the thread that hands
/// the searcher back with its counts.
type Running = (Arc<AtomicBool>, JoinHandle<(PlaySearcher, Stats)>);

/// A rank other than 0 for the engine's life: searches each root rank 0
/// announces, with a table of `table_mb` MB and the threads rank 0 says,
/// sending its deep results to the other ranks and storing theirs, until
/// rank 0 says stop; reports its nodes; ends at `Quit`.
pub fn serve_cluster<T: Transport<Message>>(mut transport: T, table_mb: usize) {
    let table = Arc::new(PlayTable::new(table_mb).exporting(SHARE_DEPTH));
    let start = crate::game::ShogiGame::new(crate::board::Position::startpos(), 0);
    let mut searcher = Some(PlaySearcher::with_table(start, table.clone()));
    if let Some(s) = searcher.as_mut() {
        // Odd ranks leave out the odd depths, as every other helper thread
        // does, so that the ranks do not all search the same iteration.
        if transport.rank() % 2 == 1 {
            s.skips = |depth| depth % 2 == 1;
        }
    }
    let mut running: Option<Running> = None;
    loop {
        let mut got = false;
        while let Some((_, message)) = transport.poll() {
            got = true;
            match message {
                Message::Entries(entries) => table.import(&entries),
                Message::Search(root, depth, threads) => {
                    let Some(mut s) = searcher.take() else {
                        continue;
                    };
                    if s.threads() != threads.max(1) {
                        s.set_threads(threads);
                    }
                    match root_game(&root) {
                        Ok(game) => *s.game_mut() = game,
                        Err(e) => {
                            // Rank 0 still gets an (empty) report at Stop.
                            eprintln!("cluster rank: cannot search {root:?}: {e}");
                            searcher = Some(s);
                            continue;
                        }
                    }
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
                    let mut report = Report::default();
                    if let Some((stop, thread)) = running.take() {
                        stop.store(true, Ordering::Relaxed);
                        if let Ok((s, stats)) = thread.join() {
                            searcher = Some(s);
                            report.stats = stats;
                        }
                    }
                    table.take_exported();
                    if matches!(message, Message::Quit) {
                        return;
                    }
                    transport.send(0, Message::Report(report));
                }
                _ => {}
            }
        }
        if running.is_some() {
            send_exported(&mut transport, &table);
            std::thread::sleep(LINK_INTERVAL);
        } else if !got {
            transport.idle();
        }
    }
}
