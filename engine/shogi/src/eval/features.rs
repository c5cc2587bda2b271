//! A position as the tuner sees it: how often each weight of the flat
//! [`super::Weights`] vector counts in its evaluation, Black's pieces positively
//! and White's negatively, so that the dot product with the weights is the
//! evaluation from Black's side.

use super::king_safety;
use super::weights::{self, distance, region};
use crate::board::{Color, PieceKind, Position, Square};

/// Sparse counts: (flat weight index, count). An index may repeat.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Features(pub Vec<(u32, f32)>);

impl Features {
    /// The evaluation these counts give with the flat weights `w`.
    pub fn dot(&self, w: &[f64]) -> f64 {
        self.0
            .iter()
            .map(|&(i, c)| w[i as usize] * f64::from(c))
            .sum()
    }
}

/// The features of `pos`. The king-safety weight counts the danger
/// difference / 64, so its dot product matches [`super::Evaluator::evaluate`]
/// up to that term's rounding (at most 2 units).
pub fn features(pos: &Position) -> Features {
    let mut out = Vec::with_capacity(128);
    for color in [Color::Black, Color::White] {
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        let frame = |sq: Square| {
            let s = sq.index() as i32;
            let framed = if color == Color::Black { s } else { 80 - s };
            (framed / 9, framed % 9)
        };
        let own = pos.king_square(color).map(frame);
        let enemy = pos.king_square(color.flip()).map(frame);
        let pieces = pos.color_bb(color).and_not(pos.kind_bb(PieceKind::King));
        pieces.for_each(|sq| {
            let kind = pos.piece_at(sq).kind();
            let (file, rank) = frame(sq);
            out.push((weights::material_index(kind) as u32, sign));
            out.push((weights::rank_index(kind, rank as usize) as u32, sign));
            if let Some((kf, kr)) = own {
                let (df, dr) = (file - kf, rank - kr);
                let i = weights::defence_index(kind, distance(df, dr), region(df, dr));
                out.push((i as u32, sign));
            }
            if let Some((kf, kr)) = enemy {
                let (df, dr) = (file - kf, rank - kr);
                let i = weights::attack_index(kind, distance(df, dr), region(df, dr));
                out.push((i as u32, sign));
            }
        });
        let hand = pos.hand(color);
        for kind in PieceKind::HAND_SFEN_ORDER {
            let n = hand.count(kind);
            if n > 0 {
                out.push((weights::hand_index(kind) as u32, sign * f32::from(n)));
            }
        }
    }
    let danger = king_safety::danger(pos, Color::White) - king_safety::danger(pos, Color::Black);
    if danger != 0 {
        out.push((weights::KING_SAFETY_INDEX as u32, danger as f32 / 64.0));
    }
    Features(out)
}
