//! The entering-king declaration (入玉宣言), by the 27-point rule of CSA
//! and the USI `bestmove win`: a side whose king has entered the enemy camp
//! with enough material there may declare and win.

use super::movegen::zone;
use super::position::Position;
use super::types::{Color, PieceKind};

impl Position {
    /// Whether the side to move may declare a win now: its king in the
    /// enemy camp, not in check, at least 10 other pieces there, and at
    /// least 28 points (Black) or 27 (White) counting those pieces and the
    /// pieces in hand, a bishop or rook (promoted or not) 5, others 1.
    pub fn can_declare_win(&self) -> bool {
        let us = self.side_to_move();
        let camp = zone(us);
        let Some(king) = self.king_square(us) else {
            return false;
        };
        if !camp.contains(king) || self.in_check() {
            return false;
        }
        let ours = self.color_bb(us) & camp;
        let big = (self.kind_bb(PieceKind::Bishop)
            | self.kind_bb(PieceKind::Rook)
            | self.kind_bb(PieceKind::Horse)
            | self.kind_bb(PieceKind::Dragon))
            & ours;
        let pieces = ours.count() - 1; // the king does not count
        if pieces < 10 {
            return false;
        }
        let hand = self.hand(us);
        let hand_big = u32::from(hand.count(PieceKind::Bishop) + hand.count(PieceKind::Rook));
        let hand_small: u32 = [
            PieceKind::Gold,
            PieceKind::Silver,
            PieceKind::Knight,
            PieceKind::Lance,
            PieceKind::Pawn,
        ]
        .iter()
        .map(|&k| u32::from(hand.count(k)))
        .sum();
        let points = 5 * (big.count() + hand_big) + (pieces - big.count()) + hand_small;
        points >= if us == Color::Black { 28 } else { 27 }
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Position;

    fn declares(sfen: &str) -> bool {
        Position::from_sfen(sfen).unwrap().can_declare_win()
    }

    #[test]
    fn the_27_point_rule() {
        // Black's king on 5a with ten pieces in the camp (two major pieces:
        // 10 points, eight others: 8) and ten pawns in hand: 28 points.
        assert!(declares("+R+B2K1GGS/PPPPP4/9/9/9/9/9/9/4k4 b 10P 1"));
        // One point short.
        assert!(!declares("+R+B2K1GGS/PPPPP4/9/9/9/9/9/9/4k4 b 9P 1"));
        // Nine pieces in the camp are not enough, whatever the points.
        assert!(!declares("+R+B2K1GG1/PPPPP4/9/9/9/9/9/9/4k4 b RB2G4S 1"));
        // The king outside the camp.
        assert!(!declares("+R+B3GGGS/PPPPP4/9/4K4/9/9/9/9/4k4 b 10P 1"));
        // White needs 27, in ranks 7 to 9.
        assert!(declares("4K4/9/9/9/9/9/9/4ppppp/sgg1k2+b+r w 9p 1"));
        assert!(!declares("4K4/9/9/9/9/9/9/4ppppp/sgg1k2+b+r w 8p 1"));
        // In check: no declaration.
        assert!(!declares("+R+B2K1GGS/PPPPPs3/9/9/9/9/9/9/4k4 b 10P 1"));
        assert!(!Position::startpos().can_declare_win());
    }
}
