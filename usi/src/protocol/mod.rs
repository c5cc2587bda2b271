//! The USI protocol front end: what shogi GUIs and match runners talk to.

mod clock;
mod eval_file;
mod go;
mod input;
mod mate_probe;
mod mate_thread;
mod options;
mod output;
mod search_thread;
mod session;

pub(crate) use options::Method;
pub(crate) use output::Output;
pub(crate) use search_thread::Pending;
pub(crate) use session::run;
