//! Material values, Bonanza-like, on a scale where a pawn is about 100.

use super::Score;
use crate::board::{Hand, PieceKind};

/// Indexed by [`PieceKind`]. The king is 0: it is never captured, and a
/// legal king capture never loses the king.
pub(super) const VALUES: [Score; 15] = [
    0, 90, 315, 405, 495, 540, 855, 990, 0, 540, 540, 540, 540, 945, 1395,
];

/// A piece in hand is worth a little more than on the board: it can be
/// dropped anywhere. Indexed like a [`Hand`].
const HAND_BONUS: [Score; 8] = [0, 5, 10, 10, 15, 15, 25, 30];

/// The material value of a piece of `kind` on the board.
#[inline(always)]
pub fn piece_value(kind: PieceKind) -> Score {
    VALUES[kind.index()]
}

/// The value of one piece of `kind` (unpromoted) in hand.
#[inline(always)]
pub(super) fn in_hand(kind: PieceKind) -> Score {
    VALUES[kind.index()] + HAND_BONUS[kind.index() & 7]
}

/// The value of a whole hand.
#[inline(always)]
pub(super) fn hand_value(hand: Hand) -> Score {
    PieceKind::HAND_SFEN_ORDER
        .iter()
        .map(|&k| hand.count(k) as Score * in_hand(k))
        .sum()
}
