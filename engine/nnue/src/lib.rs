//! NNUE evaluation in the format of YaneuraOu's NNUE edition: halfKP
//! features, a 256x2 feature transformer, then 32-32-1 with clipped ReLU,
//! read from and written to its `nn.bin` files.
//!
//! - [`Network`]: a net, loaded ([`Network::load`]), saved, or drawn at
//!   random ([`Network::random`]).
//! - [`Accumulators`]: a search thread's sums, updated move by move.
//! - [`evaluate`]: one position from scratch.
//! - [`train`]: a net trained on labelled positions, on the CPU.
//!
//! Values are YaneuraOu's, to the unit: the same integer arithmetic, in
//! plain Rust or AVX2 (detected at run time), with identical results.

mod accumulators;
mod features;
mod format;
mod kernel;
mod network;
mod random;
mod refresh_cache;
mod train;

pub use accumulators::{evaluate, has_kings, Accumulators};
pub use format::NnueError;
pub use network::{Network, DEFAULT_OUTPUT_SCALE, MAX_EVAL};
pub use train::{train, EpochReport, Sample, TrainOptions};

/// Features per side: 81 king squares × 1,548 piece places.
const FEATURES: usize = 81 * features::PIECE_FEATURES;

/// The feature transformer's width per side.
const HALF: usize = 256;

/// The width of both hidden layers.
const HIDDEN: usize = 32;
