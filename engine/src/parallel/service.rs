//! Persistent workers, for games: ranks that outlive one search. Rank 0
//! announces every search with `Start` (the root as text, the workers'
//! configuration) and runs the master; each worker searches that search's
//! tasks until `Stop`, reports, and waits for the next with its table and
//! histories kept, until `Quit`. The same code serves worker threads and
//! MPI ranks.

use super::master::MasterOutcome;
use super::message::Message;
use super::run::{master, worker_config, ParallelConfig};
use super::task_search::TaskSearch;
use super::transport::Transport;
use super::worker::{search_tasks, Inbox, WorkerConfig};
use crate::game::Game;

/// A worker rank's life: searches as rank 0 announces them, until `Quit`
/// (or a root `root_of` cannot read: then the worker says why on stderr,
/// reports nothing searched and waits for the next search).
pub fn serve<G, T, S>(searcher: &mut S, root_of: impl Fn(&str) -> Result<G, String>)
where
    G: Game + Clone,
    T: Transport<Message>,
    S: TaskSearch<G, Inbox<T>>,
{
    loop {
        let io = searcher.hook_mut();
        io.receive();
        if io.quit {
            return;
        }
        let Some((text, config)) = io.next.take() else {
            io.idle();
            continue;
        };
        match root_of(&text) {
            Ok(root) => {
                searcher.new_search();
                search_tasks(&root, searcher, &config);
            }
            Err(e) => {
                eprintln!("worker: cannot search {text:?}: {e}");
                io.wait_for_stop_and_report();
            }
        }
    }
}

/// A persistent worker's inbox (and the search hook of its searcher) on
/// `transport`; each `Start` configures it anew.
pub fn worker_inbox<T: Transport<Message>>(transport: T) -> Inbox<T> {
    let config = WorkerConfig {
        updates: true,
        table_mb: 0,
        eps: None,
        confirmed_deepening: false,
        share_plies: None,
        search_id: 0,
    };
    Inbox::new(transport, &config)
}

/// Rank 0's side: the transport to the persistent workers.
pub struct Workers<T> {
    transport: T,
}

impl<T: Transport<Message>> Workers<T> {
    pub fn new(transport: T) -> Workers<T> {
        Workers { transport }
    }

    /// Worker ranks.
    pub fn count(&self) -> usize {
        self.transport.size() - 1
    }

    /// One parallel search of `root` (which `root_text` names to the
    /// workers), ended early with the last pass's move once `stop` says so.
    pub fn search<G: Game>(
        &mut self,
        root: G,
        root_text: &str,
        config: &ParallelConfig,
        stop: impl Fn() -> bool + 'static,
    ) -> MasterOutcome<G::Move> {
        for w in 1..self.transport.size() {
            self.transport.send(
                w,
                Message::Start(root_text.to_string(), worker_config(config)),
            );
        }
        master(root, &mut self.transport, config)
            .with_stop(stop)
            .run()
    }

    /// Ends every worker's life.
    pub fn quit(&mut self) {
        for w in 1..self.transport.size() {
            self.transport.send(w, Message::Quit);
        }
    }
}
