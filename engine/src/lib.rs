//! Yomi's engine library: everything about games and search, no process I/O.
//!
//! - [`board`]: the shogi position — bitboards, attack tables, legal move
//!   generation, Zobrist hashing, SFEN and USI move text, perft.
//!
//! Evaluation, the `Game` plug-in interface, sequential search and the
//! parallel master/worker search join this crate as their issues land
//! (see the repository's DESIGN notes).

pub mod board;
