//! The engine's developer commands, one a file (USI itself is
//! `protocol`).

pub(crate) mod bench;
pub(crate) mod mate;
pub(crate) mod moves;
pub(crate) mod nnue;
mod out_file;
pub(crate) mod perft;
mod position_arg;
pub(crate) mod selfplay;
pub(crate) mod tune;
