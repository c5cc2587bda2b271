//! Where the opponent's cheaper pieces attack, for ordering quiet moves
//! as Stockfish's picker does (`QuietThreats`): a piece that steps out of
//! such an attack first, one that steps or is dropped into one last.

use yomi_shogi::board::attacks;
use yomi_shogi::board::{Bitboard, Move, PieceKind, Position};

/// The squares the opponent of the side to move attacks with pawns, and
/// with pawns or the small pieces (lances, knights, silvers and the
/// pieces that move as golds).
pub(crate) struct Threats {
    by_pawns: Bitboard,
    by_small: Bitboard,
}

impl Threats {
    pub(crate) fn new(pos: &Position) -> Threats {
        let them = pos.side_to_move().flip();
        let occ = pos.occupied();
        let attacked = |kind: PieceKind, from: Bitboard| {
            from.into_iter().fold(Bitboard::EMPTY, |a, sq| {
                a | attacks::piece(them, kind, sq, occ)
            })
        };
        let by_pawns = attacked(PieceKind::Pawn, pos.pieces(them, PieceKind::Pawn));
        let by_small = by_pawns
            | attacked(PieceKind::Lance, pos.pieces(them, PieceKind::Lance))
            | attacked(PieceKind::Knight, pos.pieces(them, PieceKind::Knight))
            | attacked(PieceKind::Silver, pos.pieces(them, PieceKind::Silver))
            | attacked(PieceKind::Gold, pos.golds(them));
        Threats { by_pawns, by_small }
    }

    /// `bonus` (a bishop's or rook's, half that a small piece's) for a quiet
    /// move out of an attack by a cheaper piece to a square out of one;
    /// minus it for a move or a drop into one. Pawns and kings: 0.
    pub(crate) fn quiet_score(&self, pos: &Position, mv: Move, bonus: i32) -> i32 {
        let kind = if mv.is_drop() {
            mv.drop_kind()
        } else {
            pos.piece_at(mv.from()).kind()
        };
        let (danger, bonus) = match kind {
            PieceKind::Pawn | PieceKind::King => return 0,
            PieceKind::Bishop | PieceKind::Rook | PieceKind::Horse | PieceKind::Dragon => {
                (self.by_small, bonus)
            }
            _ => (self.by_pawns, bonus / 2),
        };
        if danger.contains(mv.to()) {
            -bonus
        } else if !mv.is_drop() && danger.contains(mv.from()) {
            bonus
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_a_cheaper_attack_first_into_one_last() {
        // Black's rook on 5e is attacked by the pawn on 5d; the pawn on 4e
        // attacks 4f, the silver on 2c attacks 3d.
        let pos = Position::from_sfen("4k4/9/7s1/4p4/4Rp3/9/5S3/9/4K4 b B 1").unwrap();
        let threats = Threats::new(&pos);
        let score = |usi: &str| threats.quiet_score(&pos, pos.parse_usi_move(usi).unwrap(), 1000);
        assert_eq!(score("5e6e"), 1000);
        assert_eq!(score("5e5f"), 1000);
        assert_eq!(score("4g4f"), -500);
        assert_eq!(score("4g3f"), 0);
        assert_eq!(score("B*3d"), -1000);
        assert_eq!(score("B*7e"), 0);
        assert_eq!(score("5i4h"), 0);
    }
}
