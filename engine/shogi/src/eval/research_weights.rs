//! The hand-set evaluation: Bonanza-like material, proverbs for placement.
//! Research mode uses it unchanged, so its trees and leaf counts stay
//! reproducible; it is also where the play weights' tuning starts.

use super::weights::{distance, region, Weights, DISTANCES, KINDS, REGIONS};
use crate::board::PieceKind;

/// Indexed by [`PieceKind`]. The king is 0: it is never captured.
const VALUES: [i32; KINDS] = [
    0, 90, 315, 405, 495, 540, 855, 990, 0, 540, 540, 540, 540, 945, 1395,
];

/// A piece in hand is worth a little more than on the board: it can be
/// dropped anywhere. Indexed like a `Hand`.
const HAND_BONUS: [i32; 8] = [0, 5, 10, 10, 15, 15, 25, 30];

/// The bonus of a piece at offset (`df`, `dr`) from its own king.
const fn defence(kind: PieceKind, df: i32, dr: i32) -> i32 {
    let d = distance(df, dr);
    match kind {
        // Golds and silvers are the castle; idle far from the king they are wasted.
        PieceKind::Gold => pick(d, &[0, 45, 30, 12, 0, -5, -10, -15, -15]),
        PieceKind::Silver => pick(d, &[0, 35, 25, 10, 0, -5, -8, -10, -10]),
        PieceKind::ProPawn | PieceKind::ProLance | PieceKind::ProKnight | PieceKind::ProSilver => {
            pick(d, &[0, 20, 10])
        }
        // "A horse by the king is worth three generals."
        PieceKind::Horse => pick(d, &[0, 30, 25, 10]),
        PieceKind::Knight => pick(d, &[0, 5, 10]),
        // The pawns just in front of the king shield it.
        PieceKind::Pawn if df.abs() <= 1 && (dr == -1 || dr == -2) => 12,
        // "Keep the rook away from the king": it draws attacks on both.
        PieceKind::Rook => pick(d, &[0, -25, -15, -5]),
        _ => 0,
    }
}

/// The bonus of a piece at offset (`df`, `dr`) from the enemy king.
const fn attack(kind: PieceKind, df: i32, dr: i32) -> i32 {
    let d = distance(df, dr);
    let v = match kind {
        PieceKind::Gold
        | PieceKind::ProPawn
        | PieceKind::ProLance
        | PieceKind::ProKnight
        | PieceKind::ProSilver => pick(d, &[0, 50, 35, 18, 6]),
        PieceKind::Silver => pick(d, &[0, 40, 30, 15, 5]),
        // A knight attacks from two ranks away; next to the king it is useless.
        PieceKind::Knight => pick(d, &[0, 5, 25, 12]),
        PieceKind::Pawn => pick(d, &[0, 15, 8]),
        // A lance on the king's file, aimed at it.
        PieceKind::Lance if df == 0 && dr > 0 => 20 - 2 * dr,
        PieceKind::Bishop => pick(d, &[0, 15, 15, 5]),
        PieceKind::Rook => pick(d, &[0, 20, 20, 8]),
        PieceKind::Horse => pick(d, &[0, 45, 35, 20, 8]),
        PieceKind::Dragon => pick(d, &[0, 60, 45, 25, 10]),
        _ => 0,
    };
    // Behind the enemy king a piece attacks less: most step backwards poorly.
    if dr < 0 {
        v * 2 / 3
    } else {
        v
    }
}

/// The bonus of a piece on rank `r` (1-based) of its owner's frame.
const fn rank_bonus(kind: PieceKind, r: i32) -> i32 {
    match kind {
        PieceKind::Pawn => pick(r as usize, &[0, 0, 15, 15, 10, 5]),
        // "A high-flying knight is a pawn's prey."
        PieceKind::Knight if r >= 3 && r <= 5 => -10,
        PieceKind::Dragon if r <= 3 => 15,
        _ => 0,
    }
}

/// `by_distance[d]`, 0 past its end.
const fn pick(d: usize, by_distance: &[i32]) -> i32 {
    if d < by_distance.len() {
        by_distance[d]
    } else {
        0
    }
}

/// The rules above, tabulated. Every offset of one (distance, region) cell
/// gets the same value from them, so the table loses nothing.
pub(super) const WEIGHTS: Weights = {
    let mut w = Weights {
        material: VALUES,
        hand: [0; 8],
        rank: [[0; 9]; KINDS],
        defence: [[[0; REGIONS]; DISTANCES]; KINDS],
        attack: [[[0; REGIONS]; DISTANCES]; KINDS],
        king_safety: 64,
    };
    let mut k = 1;
    while k < 8 {
        w.hand[k] = VALUES[k] + HAND_BONUS[k];
        k += 1;
    }
    let mut k = 0;
    while k < KINDS {
        if let Some(kind) = PieceKind::from_u8(k as u8) {
            let mut r = 0;
            while r < 9 {
                w.rank[k][r] = rank_bonus(kind, r as i32 + 1);
                r += 1;
            }
            let mut df = -8;
            while df <= 8 {
                let mut dr = -8;
                while dr <= 8 {
                    let (d, g) = (distance(df, dr), region(df, dr));
                    w.defence[k][d][g] = defence(kind, df, dr);
                    w.attack[k][d][g] = attack(kind, df, dr);
                    dr += 1;
                }
                df += 1;
            }
        }
        k += 1;
    }
    w
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_holds_every_rule_exactly() {
        for k in 1..KINDS as u8 {
            let kind = PieceKind::from_u8(k).unwrap();
            for df in -8..=8 {
                for dr in -8..=8 {
                    let (d, g) = (distance(df, dr), region(df, dr));
                    let at = (kind, df, dr);
                    assert_eq!(
                        WEIGHTS.defence[k as usize][d][g],
                        defence(kind, df, dr),
                        "{at:?}"
                    );
                    assert_eq!(
                        WEIGHTS.attack[k as usize][d][g],
                        attack(kind, df, dr),
                        "{at:?}"
                    );
                }
            }
        }
    }
}
