//! Whether a move gives check, known before it is played, so that pruning
//! can spare checking moves without making every move.

use crate::board::{attacks, Bitboard, Move, Position};

/// Whether `mv` (legal) checks the opponent's king: the moved piece attacks
/// it from its new square, or the move uncovers a slider's line to it.
pub fn gives_check(pos: &Position, mv: Move) -> bool {
    let us = pos.side_to_move();
    let Some(king) = pos.king_square(us.flip()) else {
        return false;
    };
    let to = mv.to();
    let (kind, from) = if mv.is_drop() {
        (mv.drop_kind(), Bitboard::EMPTY)
    } else {
        let kind = pos.piece_at(mv.from()).kind();
        let kind = if mv.is_promotion() {
            kind.promoted()
        } else {
            kind
        };
        (kind, Bitboard::from_square(mv.from()))
    };
    let occ = (pos.occupied() & !from) | Bitboard::from_square(to);
    if attacks::piece(us, kind, to, occ).contains(king) {
        return true;
    }
    // Nothing of ours attacked the king before the move (it would have
    // been our opponent's illegal move); an attacker now, other than the
    // moved piece, was uncovered.
    !mv.is_drop() && (pos.attackers_to(us, king, occ) & !from).any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_playing_the_move_on_every_move_of_the_bench_positions() {
        let mut checked = 0;
        for entry in crate::positions::pro_middlegame_32() {
            let mut pos = entry.position.clone();
            for mv in pos.legal_moves().iter().copied() {
                let predicted = gives_check(&pos, mv);
                pos.make_move(mv);
                assert_eq!(predicted, pos.in_check(), "{} {mv}", entry.line);
                checked += usize::from(predicted);
                pos.unmake_move(mv);
            }
        }
        assert!(checked > 20, "checks seen: {checked}");
    }
}
