//! Persistent workers, for games: ranks that outlive one search. Rank 0
//! announces every search with `Start` (the root as text, the workers'
//! configuration) and runs the master; each worker searches that search's
//! tasks until `Stop`, reports, and waits for the next with its table and
//! histories kept, until `Quit`. The same code serves worker threads and
//! MPI ranks.

use super::message::{Message, WorkerConfig};
use super::task_search::TaskSearch;
use super::worker::{search_tasks, Inbox};
use yomi_runtime::Transport;
use yomi_search::DEFAULT_POLL_NODES;
use yomi_tree::Game;

/// A worker rank's life: searches as rank 0 announces them, until `Quit`
/// (or a root `root_of` cannot read: then the worker says why on stderr,
/// reports nothing searched and waits for the next search).
pub fn serve<G, T, S>(searcher: &mut S, root_of: impl Fn(&str) -> Result<G, String>)
where
    G: Game + Clone,
    T: Transport<Message>,
    S: TaskSearch<G, Inbox<T>>,
{
    let mut last_root = String::new();
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
                // Histories aged at every depth cost time to depth (docs/results/).
                if text != last_root {
                    searcher.new_search(&text);
                }
                last_root = text;
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
        idle_deepening: false,
        signature_first: false,
        fail_soft: false,
        poll_nodes: DEFAULT_POLL_NODES,
        share_plies: None,
        search_id: 0,
        say_idle: false,
    };
    Inbox::new(transport, &config)
}

/// Rank 0 tells every worker that a search of the root `root_text` names
/// begins, configured by `config`.
pub fn announce<T: Transport<Message>>(transport: &mut T, root_text: &str, config: &WorkerConfig) {
    for w in 1..transport.size() {
        transport.send(w, Message::Start(root_text.to_string(), *config));
    }
}

/// Rank 0 ends every worker's life.
pub fn quit<T: Transport<Message>>(transport: &mut T) {
    for w in 1..transport.size() {
        transport.send(w, Message::Quit);
    }
}
