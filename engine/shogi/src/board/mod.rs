//! The shogi position and everything that moves on it.

pub mod attacks;
mod bitboard;
mod blocker_cache;
mod checks;
mod convert;
mod declaration;
mod game_position;
mod hand;
mod legality;
mod mate;
mod move_classes;
mod movegen;
mod moves;
mod perft;
mod position;
mod sfen;
mod types;
mod zobrist;

pub use bitboard::Bitboard;
pub use checks::CheckSquares;
pub use game_position::GamePosition;
pub use hand::Hand;
pub use legality::UsiMoveError;
pub use movegen::{EachMove, MoveCounter, MoveSink, NonPromotions};
pub use moves::{Move, MoveList, MoveTextError, MAX_MOVES};
pub use perft::{divide, perft};
pub use position::Position;
pub use sfen::{SfenError, STARTPOS};
pub use types::{Color, Piece, PieceKind, Square};
