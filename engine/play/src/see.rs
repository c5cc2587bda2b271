//! Static exchange evaluation: what a move wins on its destination square
//! if both sides then recapture there with their least valuable attacker,
//! each free to stop. Pins are ignored. It orders captures and prunes
//! moves that lose material.

use yomi_shogi::board::{Bitboard, Color, Move, PieceKind, Position, Square};
use yomi_shogi::eval::{piece_value, Score};

/// Attackers tried from the least valuable up.
const CHEAPEST_FIRST: [PieceKind; 14] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::ProPawn,
    PieceKind::ProLance,
    PieceKind::ProKnight,
    PieceKind::Silver,
    PieceKind::ProSilver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Horse,
    PieceKind::Dragon,
    PieceKind::King,
];

/// The material a move takes: the captured piece, plus what promoting adds.
#[inline]
pub(crate) fn captured_value(pos: &Position, mv: Move) -> Score {
    let mut gain = 0;
    if !mv.is_drop() {
        let captured = pos.piece_at(mv.to());
        if !captured.is_empty() {
            gain += piece_value(captured.kind());
        }
        if mv.is_promotion() {
            let kind = pos.piece_at(mv.from()).kind();
            gain += piece_value(kind.promoted()) - piece_value(kind);
        }
    }
    gain
}

/// The kind that stands on the destination after `mv`.
fn moved_kind(pos: &Position, mv: Move) -> PieceKind {
    if mv.is_drop() {
        return mv.drop_kind();
    }
    let kind = pos.piece_at(mv.from()).kind();
    if mv.is_promotion() {
        kind.promoted()
    } else {
        kind
    }
}

/// Whether `mv` (legal) wins at least `threshold` in the exchange.
pub fn see_ge(pos: &Position, mv: Move, threshold: Score) -> bool {
    let to = mv.to();
    let mut swap = captured_value(pos, mv) - threshold;
    if swap < 0 {
        return false;
    }
    let first = moved_kind(pos, mv);
    // Kings only move to squares the opponent does not attack.
    if first == PieceKind::King {
        return true;
    }
    swap = piece_value(first) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = pos.occupied() | Bitboard::from_square(to);
    if !mv.is_drop() {
        occ ^= Bitboard::from_square(mv.from());
    }
    let mut side = pos.side_to_move();
    let mut win = true;
    loop {
        side = side.flip();
        let attackers = attackers(pos, side, to, occ);
        if attackers.is_empty() {
            break;
        }
        win = !win;
        let (kind, sq) = cheapest(pos, attackers);
        if kind == PieceKind::King {
            // The king may take only if nothing takes it back.
            return if attackers_any(pos, side.flip(), to, occ) {
                !win
            } else {
                win
            };
        }
        swap = piece_value(kind) - swap;
        // `win` now says whether `side` comes out ahead if it stops here.
        if swap < i32::from(win) {
            break;
        }
        occ ^= Bitboard::from_square(sq);
    }
    win
}

fn attackers(pos: &Position, side: Color, to: Square, occ: Bitboard) -> Bitboard {
    pos.attackers_to(side, to, occ) & occ
}

fn attackers_any(pos: &Position, side: Color, to: Square, occ: Bitboard) -> bool {
    attackers(pos, side, to, occ).any()
}

fn cheapest(pos: &Position, attackers: Bitboard) -> (PieceKind, Square) {
    for kind in CHEAPEST_FIRST {
        let of_kind = attackers & pos.kind_bb(kind);
        if of_kind.any() {
            return (kind, of_kind.lsb());
        }
    }
    unreachable!("attackers is not empty")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see(sfen: &str, mv: &str) -> (bool, bool, bool) {
        let pos = Position::from_sfen(sfen).unwrap();
        let mv = pos.parse_usi_move(mv).unwrap();
        (
            see_ge(&pos, mv, 0),
            see_ge(&pos, mv, 1),
            see_ge(&pos, mv, -100),
        )
    }

    #[test]
    fn exchanges() {
        // A rook takes an undefended pawn: wins a pawn.
        assert_eq!(
            see("4k4/9/4p4/9/9/9/9/4R4/4K4 b - 1", "5h5c"),
            (true, true, true)
        );
        // A rook takes a pawn defended by a gold: loses the rook for a pawn.
        assert_eq!(
            see("4k4/3g5/4p4/9/9/9/9/4R4/4K4 b - 1", "5h5c"),
            (false, false, false)
        );
        // A pawn drop attacked by a gold and defended by nothing loses the pawn.
        assert_eq!(
            see("4k4/3g5/9/9/9/9/9/9/4K4 b P 1", "P*5b"),
            (false, false, true)
        );
        // Rook takes a defended gold, the rook behind recaptures in turn
        // (x-ray): R×G (+540), g×R (−990), R×g (+540): wins 90.
        assert_eq!(
            see("4k4/9/3g5/4g4/9/9/9/4R4/4RK3 b - 1", "5h5d"),
            (true, true, true)
        );
    }
}
