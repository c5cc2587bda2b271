//! King safety: the squares next to a king that the enemy attacks, and the
//! open ones it could drop on, weighed by what the enemy holds in hand.

use super::Score;
use crate::board::attacks;
use crate::board::{Bitboard, Color, Hand, PieceKind, Position, Square};

/// For a king square, where enemy pieces must stand to reach a square next
/// to it; only those pieces' attacks are computed.
#[derive(Clone, Copy)]
struct Reach {
    /// By attacker colour: step pieces, in a 5 x 5 box around the king and
    /// one rank deeper on the attacker's side for knights.
    steps: [Bitboard; 2],
    /// Sliders, on a file or rank (rook, lance) or a diagonal (bishop)
    /// through the 3 x 3 box.
    rook_lines: Bitboard,
    bishop_lines: Bitboard,
}

static REACH: [Reach; 81] = reach_table();

const fn reach_table() -> [Reach; 81] {
    let none = Reach {
        steps: [Bitboard::EMPTY; 2],
        rook_lines: Bitboard::EMPTY,
        bishop_lines: Bitboard::EMPTY,
    };
    let mut t = [none; 81];
    let mut k = 0;
    while k < 81 {
        let (kf, kr) = ((k / 9) as i32, (k % 9) as i32);
        let mut s: usize = 0;
        while s < 81 {
            let (df, dr) = ((s / 9) as i32 - kf, (s % 9) as i32 - kr);
            let bit = 1u128 << s;
            if df.abs() <= 2 {
                // Black's pieces move towards rank 1, so its knights strike from higher ranks.
                if dr >= -2 && dr <= 3 {
                    t[k].steps[0].0 |= bit;
                }
                if dr >= -3 && dr <= 2 {
                    t[k].steps[1].0 |= bit;
                }
            }
            if df.abs() <= 1 || dr.abs() <= 1 {
                t[k].rook_lines.0 |= bit;
            }
            // A diagonal df - dr = c or df + dr = c passes through the box when |c| <= 2.
            if (df - dr).abs() <= 2 || (df + dr).abs() <= 2 {
                t[k].bishop_lines.0 |= bit;
            }
            s += 1;
        }
        k += 1;
    }
    t
}

/// How much a hand threatens a king with drops, 0..=8: generals and major
/// pieces most, nothing more from a third piece of a kind.
fn drop_power(hand: Hand) -> u32 {
    // All kinds at once, a byte each: at most two of a kind, then the
    // weights' sum by one multiplication (no byte's sum reaches 256).
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    const TWOS: u64 = 0x0202_0202_0202_0202;
    let counts = hand.counts_word();
    let two_or_more = (((counts | HIGH_BITS) - TWOS) & HIGH_BITS) >> 7;
    let capped = (counts & !(two_or_more * 0xff)) | (two_or_more << 1);
    // Slot k's weight in byte 7 - k: pawn, lance, knight 1; silver, gold,
    // bishop 2; rook 3.
    const WEIGHTS: u64 = 0x0001_0101_0202_0203;
    ((capped.wrapping_mul(WEIGHTS) >> 56) as u32).min(8)
}

/// The squares next to `king` that pieces of `by` attack; sliders see
/// through the king, which cannot step back along their line.
fn attacked_zone(pos: &Position, by: Color, king: Square) -> Bitboard {
    let reach = &REACH[king.index()];
    let occ = pos.occupied() ^ Bitboard::from_square(king);
    let theirs = pos.color_bb(by);
    let near = theirs & reach.steps[by.index()];
    let mut hit = (pos.pieces(by, PieceKind::Pawn) & near).forward(by);
    (pos.golds(by) & near).for_each(|sq| hit |= attacks::gold(by, sq));
    let silvers = pos.pieces(by, PieceKind::Silver) & near;
    silvers.for_each(|sq| hit |= attacks::silver(by, sq));
    let knights = pos.pieces(by, PieceKind::Knight) & near;
    knights.for_each(|sq| hit |= attacks::knight(by, sq));
    let steppers = pos.kind_bb(PieceKind::King)
        | pos.kind_bb(PieceKind::Horse)
        | pos.kind_bb(PieceKind::Dragon);
    (steppers & near).for_each(|sq| hit |= attacks::king(sq));
    let lances = pos.pieces(by, PieceKind::Lance) & reach.rook_lines;
    lances.for_each(|sq| hit |= attacks::lance(by, sq, occ));
    let zone = attacks::king(king);
    // A slider's rays that miss the zone are not worked out.
    let rooks = (pos.kind_bb(PieceKind::Rook) | pos.kind_bb(PieceKind::Dragon)) & theirs;
    (rooks & reach.rook_lines).for_each(|sq| hit |= attacks::rook_toward(sq, occ, zone));
    let bishops = (pos.kind_bb(PieceKind::Bishop) | pos.kind_bb(PieceKind::Horse)) & theirs;
    (bishops & reach.bishop_lines).for_each(|sq| hit |= attacks::bishop_toward(sq, occ, zone));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The weights kind by kind, as the rule says.
    fn drop_power_by_kind(hand: Hand) -> u32 {
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

    #[test]
    fn drop_power_weighs_each_kind() {
        use rand::{rngs::StdRng, RngExt, SeedableRng};
        let mut rng = StdRng::seed_from_u64(5);
        for _ in 0..20_000 {
            let mut hand = Hand::default();
            for kind in PieceKind::HAND_SFEN_ORDER {
                let most = if kind == PieceKind::Pawn { 18 } else { 4 };
                hand.set(kind, rng.random_range(0..=most));
            }
            assert_eq!(drop_power(hand), drop_power_by_kind(hand), "{hand:?}");
        }
    }
}
