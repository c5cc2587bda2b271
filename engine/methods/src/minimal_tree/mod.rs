//! The parallel search of seed 000 §3, piece by piece: the rules that the
//! master and the workers follow, each on its own and unit-tested, then the
//! master and worker loops built on them, run over `yomi-runtime`'s
//! transports.

mod aspiration;
mod balance;
mod deepening;
mod depth;
mod eps_window;
mod master;
mod message;
mod parallel_search;
mod position_results;
mod priority;
mod ring;
mod service;
mod signature;
mod task_queue;
mod task_search;
mod task_split;
mod worker;

pub use deepening::{deepen, deepen_on_threads};
pub use master::{visit_cost_us, Master, MasterOutcome};
pub use message::{Message, Outcome, Report, Task, WorkerConfig};
pub use parallel_search::{MasterSearch, ParallelConfig, ParallelSearch, Stop};
pub use service::{announce, quit, serve, worker_inbox};
pub use signature::Signature;
pub use task_search::{TaskPath, TaskSearch};
pub use worker::{run as run_worker, Inbox};
pub use yomi_measure::TaskCounts;
