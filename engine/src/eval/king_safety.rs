//! King safety: the squares next to a king that the enemy attacks, and the
//! open ones it could drop on, weighed by what the enemy holds in hand.

use super::Score;
use crate::board::attacks;
use crate::board::{Bitboard, Color, Hand, PieceKind, Position, Square};

/// By attacker colour and king square: where an attacker's step piece must
/// stand to reach a square next to the king. A 5 x 5 box around the king,
/// one rank deeper on the attacker's side for knights.
static REACH: [[Bitboard; 81]; 2] = reach_table();

const fn reach_table() -> [[Bitboard; 81]; 2] {
    let mut t = [[Bitboard::EMPTY; 81]; 2];
    let mut k = 0;
    while k < 81 {
        let (kf, kr) = ((k / 9) as i32, (k % 9) as i32);
        let mut s = 0;
        while s < 81 {
            let (df, dr) = ((s / 9) as i32 - kf, (s % 9) as i32 - kr);
            if df.abs() <= 2 {
                // Black's pieces move towards rank 1, so its knights strike from higher ranks.
                if dr >= -2 && dr <= 3 {
                    t[0][k].0 |= 1 << s;
                }
                if dr >= -3 && dr <= 2 {
                    t[1][k].0 |= 1 << s;
                }
            }
            s += 1;
        }
        k += 1;
    }
    t
}

/// How much a hand threatens a king with drops, 0..=8: generals and major
/// pieces most, and little gained from a third piece of a kind.
fn drop_power(hand: Hand) -> u32 {
    const WEIGHTS: [(PieceKind, u32); 7] = [
        (PieceKind::Pawn, 1),
        (PieceKind::Lance, 1),
        (PieceKind::Knight, 1),
        (PieceKind::Silver, 2),
        (PieceKind::Gold, 2),
        (PieceKind::Bishop, 2),
        (PieceKind::Rook, 3),
    ];
    let power: u32 = WEIGHTS
        .iter()
        .map(|&(k, w)| u32::from(hand.count(k).min(2)) * w)
        .sum();
    power.min(8)
}

/// The squares next to `king` that pieces of `by` attack; sliders see
/// through the king, which cannot step back along their line.
fn attacked_zone(pos: &Position, by: Color, king: Square) -> Bitboard {
    let zone = attacks::king(king);
    let occ = pos.occupied() ^ Bitboard::from_square(king);
    let theirs = pos.color_bb(by);
    let near = theirs & REACH[by.index()][king.index()];
    let mut hit = (pos.pieces(by, PieceKind::Pawn) & near).forward(by);
    for sq in pos.golds(by) & near {
        hit |= attacks::gold(by, sq);
    }
    for sq in pos.pieces(by, PieceKind::Silver) & near {
        hit |= attacks::silver(by, sq);
    }
    for sq in pos.pieces(by, PieceKind::Knight) & near {
        hit |= attacks::knight(by, sq);
    }
    let steppers = pos.kind_bb(PieceKind::King)
        | pos.kind_bb(PieceKind::Horse)
        | pos.kind_bb(PieceKind::Dragon);
    for sq in steppers & near {
        hit |= attacks::king(sq);
    }
    for sq in pos.pieces(by, PieceKind::Lance) {
        hit |= attacks::lance(by, sq, occ);
    }
    for sq in (pos.kind_bb(PieceKind::Bishop) | pos.kind_bb(PieceKind::Horse)) & theirs {
        hit |= attacks::bishop(sq, occ);
    }
    for sq in (pos.kind_bb(PieceKind::Rook) | pos.kind_bb(PieceKind::Dragon)) & theirs {
        hit |= attacks::rook(sq, occ);
    }
    hit & zone
}

/// The danger to `c`'s king, as a penalty for `c`: it grows with the square
/// of a pressure count, since attackers and drops reinforce each other.
pub(super) fn danger(pos: &Position, c: Color) -> Score {
    let Some(king) = pos.king_square(c) else {
        return 0;
    };
    let them = c.flip();
    let power = drop_power(pos.hand(them));
    let attacked = attacked_zone(pos, them, king).count();
    let open = attacks::king(king).and_not(pos.color_bb(c)).count();
    let pressure = attacked * (4 + power) + open * power;
    (pressure * pressure / 12).min(1200) as Score
}
