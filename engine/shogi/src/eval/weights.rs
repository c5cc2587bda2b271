//! The numbers of an evaluation: what every term of [`super::Evaluator`]
//! is worth, laid out so that a tuner can see them as one flat vector.
//!
//! Placement terms are defined in the owner's frame (see `placement`): a
//! piece's rank counts from the enemy's back rank, and its offset
//! (`df`, `dr`) from a king is negative in `dr` when the piece stands nearer
//! the enemy's side than that king.

use crate::board::PieceKind;

/// Piece kinds, indexed by [`PieceKind`] (the king's row is never used).
pub const KINDS: usize = 15;
/// King distances 0..=8 (a piece is never at distance 0).
pub const DISTANCES: usize = 9;
/// Where a piece stands around a king; see [`region`].
pub const REGIONS: usize = 5;

/// An evaluation's weights, in units where a pawn is about 100.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// A piece on the board, by kind.
    pub material: [i32; KINDS],
    /// One piece in hand, by (unpromoted) kind.
    pub hand: [i32; 8],
    /// Bonus by kind and rank (0 = the enemy's back rank).
    pub rank: [[i32; 9]; KINDS],
    /// Bonus by kind, distance and [`region`] around the piece's own king.
    /// Stored as `i8` in the tables: -128..=127.
    pub defence: [[[i32; REGIONS]; DISTANCES]; KINDS],
    /// The same around the enemy king.
    pub attack: [[[i32; REGIONS]; DISTANCES]; KINDS],
    /// King danger is scaled by this / 64.
    pub king_safety: i32,
}

/// King steps between two squares `df` files and `dr` ranks apart.
pub const fn distance(df: i32, dr: i32) -> usize {
    let (f, r) = (df.unsigned_abs(), dr.unsigned_abs());
    (if f > r { f } else { r }) as usize
}

/// The region of offset (`df`, `dr`) from a king: 0 ahead of it on its own
/// or a neighbouring file, 1 ahead further aside, 2 level with it, 3 behind
/// it on its file (a lance's line), 4 behind it elsewhere.
pub const fn region(df: i32, dr: i32) -> usize {
    match (dr.signum(), df.unsigned_abs()) {
        (-1, 0..=1) => 0,
        (-1, _) => 1,
        (0, _) => 2,
        (_, 0) => 3,
        _ => 4,
    }
}

/// Flat layout: where each group starts and how long the vector is.
const MATERIAL_AT: usize = 0;
const HAND_AT: usize = MATERIAL_AT + KINDS;
const RANK_AT: usize = HAND_AT + 8;
const DEFENCE_AT: usize = RANK_AT + KINDS * 9;
const ATTACK_AT: usize = DEFENCE_AT + KINDS * DISTANCES * REGIONS;
const KING_SAFETY_AT: usize = ATTACK_AT + KINDS * DISTANCES * REGIONS;
/// The number of weights.
pub const LEN: usize = KING_SAFETY_AT + 1;

/// Index of a weight in the flat vector.
pub fn material_index(kind: PieceKind) -> usize {
    MATERIAL_AT + kind.index()
}

pub fn hand_index(kind: PieceKind) -> usize {
    HAND_AT + kind.index()
}

pub fn rank_index(kind: PieceKind, rank: usize) -> usize {
    RANK_AT + kind.index() * 9 + rank
}

pub fn defence_index(kind: PieceKind, d: usize, region: usize) -> usize {
    DEFENCE_AT + (kind.index() * DISTANCES + d) * REGIONS + region
}

pub fn attack_index(kind: PieceKind, d: usize, region: usize) -> usize {
    ATTACK_AT + (kind.index() * DISTANCES + d) * REGIONS + region
}

pub const KING_SAFETY_INDEX: usize = KING_SAFETY_AT;

/// Whether a weight lives in an `i8` table.
pub fn is_small(index: usize) -> bool {
    (DEFENCE_AT..KING_SAFETY_AT).contains(&index)
}

impl Weights {
    /// The weights as one vector, in the layout of the `*_index` functions.
    pub fn to_flat(&self) -> Vec<i32> {
        let mut v = Vec::with_capacity(LEN);
        v.extend(self.material);
        v.extend(self.hand);
        v.extend(self.rank.iter().flatten());
        v.extend(self.defence.iter().flatten().flatten());
        v.extend(self.attack.iter().flatten().flatten());
        v.push(self.king_safety);
        v
    }

    /// The inverse of [`Weights::to_flat`]; `None` unless `v` has [`LEN`] values.
    pub fn from_flat(v: &[i32]) -> Option<Weights> {
        if v.len() != LEN {
            return None;
        }
        let mut w = Weights {
            material: [0; KINDS],
            hand: [0; 8],
            rank: [[0; 9]; KINDS],
            defence: [[[0; REGIONS]; DISTANCES]; KINDS],
            attack: [[[0; REGIONS]; DISTANCES]; KINDS],
            king_safety: v[KING_SAFETY_AT],
        };
        let mut it = v.iter().copied();
        let cells = w
            .material
            .iter_mut()
            .chain(w.hand.iter_mut())
            .chain(w.rank.iter_mut().flatten())
            .chain(w.defence.iter_mut().flatten().flatten())
            .chain(w.attack.iter_mut().flatten().flatten());
        for (cell, value) in cells.zip(&mut it) {
            *cell = value;
        }
        Some(w)
    }
}
