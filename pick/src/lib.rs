//! Pick-the-last-one-loses, seed 004's test game (§4, Fig. 5), as a
//! [`Game`] plug-in: pieces on a triangular board of height h; a move
//! removes a segment of consecutive pieces along one of the board's three
//! directions; whoever removes the last piece loses.
//!
//! Yomi's convention is that a state without children is lost for the
//! side to move. Here that is a board with one piece left; a move that
//! would empty the board (taking the last pieces in one segment) is never
//! offered, since it loses at once and another move always exists
//! (leaving one of those pieces): the game's values are unchanged.

mod board;
mod family;
mod solve;

pub use board::{MoveOrder, Pick, PickMove};
pub use family::PickFamily;
pub use solve::solve;
