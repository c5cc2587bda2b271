//! Static evaluation, in units where a pawn is about 100.
//!
//! Two parts. [`material_placement`] sums, for every piece on the board and
//! in hand, a term that depends only on the piece, its square and the two
//! king squares, so [`move_gain`] gets a move's exact change from a few table
//! lookups. King safety needs attack maps and joins only in [`evaluate`].

mod king_safety;
mod material;
mod placement;

pub use material::piece_value;

use crate::board::{Bitboard, Color, Move, Piece, PieceKind, Position, Square};
use placement::Kings;

/// Evaluation units: a pawn is about 100.
pub type Score = i32;

/// Static evaluation from the side to move's point of view (negamax convention).
pub fn evaluate(pos: &Position) -> Score {
    let us = pos.side_to_move();
    material_placement(pos) + king_safety::danger(pos, us.flip()) - king_safety::danger(pos, us)
}

/// The material + placement part of [`evaluate`] (no king-safety term), from
/// the side to move.
pub fn material_placement(pos: &Position) -> Score {
    let us = pos.side_to_move();
    side_total(pos, us) - side_total(pos, us.flip())
}

fn side_total(pos: &Position, c: Color) -> Score {
    Kings::new(pos, c).board_total(pos) + material::hand_value(pos.hand(c))
}

/// Cheap estimate, for move ordering, of how much the side to move's
/// evaluation changes if `mv` (a legal move) is played: the exact change of
/// [`material_placement`] for every non-king move. A king move shifts the
/// placement of every piece, so for it this counts only the capture.
pub fn move_gain(pos: &Position, mv: Move) -> Score {
    let us = pos.side_to_move();
    let ours = Kings::new(pos, us);
    let to = mv.to();
    if mv.is_drop() {
        let kind = mv.drop_kind();
        return ours.term(Piece::new(us, kind), to) - material::in_hand(kind);
    }
    let from = mv.from();
    let captured = pos.piece_at(to);
    let mut gain = 0;
    if !captured.is_empty() {
        let kind = captured.kind().unpromoted();
        gain += Kings::new(pos, us.flip()).term(captured, to) + material::in_hand(kind);
    }
    let piece = pos.piece_at(from);
    if piece.kind() == PieceKind::King {
        return gain;
    }
    let moved = if mv.is_promotion() {
        Piece::new(us, piece.kind().promoted())
    } else {
        piece
    };
    gain + ours.term(moved, to) - ours.term(piece, from)
}

/// Calls `f` on every square of `bb`: a loop per 64-bit half is cheaper than
/// popping bits off a `u128`.
#[inline(always)]
fn for_each_square(bb: Bitboard, mut f: impl FnMut(Square)) {
    let (mut lo, mut hi) = (bb.0 as u64, (bb.0 >> 64) as u64);
    while lo != 0 {
        f(Square::from_index(lo.trailing_zeros() as u8));
        lo &= lo - 1;
    }
    while hi != 0 {
        f(Square::from_index(64 + hi.trailing_zeros() as u8));
        hi &= hi - 1;
    }
}
