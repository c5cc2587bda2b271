//! Shogi for Yomi: the rules and the static evaluation, usable alone.
//!
//! - [`board`]: the position — bitboards, attack tables, legal move
//!   generation, Zobrist hashing, SFEN and USI move text, perft.
//! - [`eval`]: the static evaluation of positions.
//! - [`positions`]: position-set files, and the embedded professional set.

pub mod board;
pub mod eval;
pub mod positions;

pub use board::{Color, GamePosition, Move, Piece, PieceKind, Position, Square, STARTPOS};
