//! Yomi's engine library: everything about games and search, no process I/O.
//!
//! - [`baseline`]: seed 002's tree-splitting and PV-splitting, beside
//!   seed 000's method on the same transports.
//! - [`board`]: the shogi position — bitboards, attack tables, legal move
//!   generation, Zobrist hashing, SFEN and USI move text, perft.
//! - [`eval`]: the static evaluation of shogi positions.
//! - [`game`]: the Game plug-in interface; shogi with top-b branching,
//!   synthetic incremental random trees and seed 002's ordered trees.
//! - [`parallel`]: the rules of the parallel search of seed 000 §3
//!   (worker choice, task priorities, search depths, the sharing ring,
//!   ε-windows); the master, workers and transports build on them.
//! - [`mcts`]: seed 001's Monte-Carlo tree search: UCT, and UCT-Treesplit's
//!   transposition-table-driven core on the transports.
//! - [`memory`]: how much of the machine's memory tables may take.
//! - [`positions`]: position-set files, and the embedded professional set.
//! - [`random`]: seeded random numbers for the randomized searches.
//! - [`rbf`]: seed 003's randomized best-first search, sequential and
//!   parallel.
//! - [`search`]: sequential alpha-beta and NegaScout with iterative
//!   deepening, a transposition table and the §5.2 two-table variants.

pub mod baseline;
pub mod board;
pub mod eval;
pub mod game;
pub mod mcts;
pub mod memory;
pub mod parallel;
pub mod play;
pub mod positions;
pub mod random;
pub mod rbf;
pub mod search;

/// The README's Rust blocks (the plug-in guide's example), compiled and
/// run as doctests so that the guide cannot fall behind the code.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeExamples;
