//! The parallel search methods, each on every backend of `yomi-runtime`:
//!
//! - [`minimal_tree`]: the master and workers of Ura, Tsuruoka and
//!   Chikayama (seed 000), which re-predict the minimal tree from the
//!   workers' partial results; its rules one a file.
//! - [`baseline`]: seed 002's tree-splitting and PV-splitting, YBWC and
//!   Jamboree, staged SSS*, seed 004's grid master, and plain alpha-beta
//!   as their sequential reference.
//! - [`uct`]: seed 001's UCT and UCT-Treesplit.
//! - [`rbf`]: seed 003's randomized best-first search, sequential and
//!   parallel.
//! - [`random`]: the seeded random numbers of the randomized searches.

pub mod baseline;
pub mod minimal_tree;
pub mod random;
pub mod rbf;
pub mod uct;

/// The book's plug-in guide (`docs/game-plugin.md`): its Rust blocks,
/// compiled and run as doctests so that the guide cannot fall behind the
/// code.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/game-plugin.md")]
pub struct PluginGuideExamples;
