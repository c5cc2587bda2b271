//! Piece-square terms: material plus a rank bonus per square, and bonuses
//! by (file, rank) offset from the piece's own king (defence) and from the
//! enemy king (attack), tabulated at compile time from a [`Weights`].
//!
//! Terms are defined in the owner's frame: Black's squares as they are,
//! White's rotated 180°, so the colours score alike by construction. In that
//! frame rank 1 is the enemy's back rank, and a negative rank offset means
//! the piece stands nearer the enemy's side than the king it is measured
//! from. The tables hold White's rows already rotated, so a lookup needs no
//! turning of squares.

use super::weights::{distance, region, Weights};
use super::Score;
use crate::board::{Color, Piece, PieceKind, Position, Square};

/// File and rank offsets from a king span -8..=8: a 17 x 17 grid of cells.
const SPAN: usize = 17;
const CELLS: usize = SPAN * SPAN;
/// The cell of offset (0, 0).
const CENTER: usize = 8 * SPAN + 8;
/// The base of a missing king: past the grid, where the rows hold zeros.
const NO_KING: usize = CELLS;

/// One piece's terms: material and rank bonus by square, bonuses by grid
/// cell around its own king and the enemy king. Arrays are padded to powers
/// of two, so masked indices need no bounds checks.
#[derive(Clone, Copy)]
pub(super) struct PieceTable {
    square: [i16; 128],
    defence: [i8; 512],
    attack: [i8; 512],
}

/// Every piece's terms, indexed by [`Piece::index`].
pub(super) type Tables = [PieceTable; 32];

/// A square's position on the grid: `file * 17 + rank`, 0-based. The cell of
/// a piece seen from a king at base `b` is `b + grid(piece)`.
const fn grid(sq: usize) -> usize {
    sq + sq / 9 * (SPAN - 9)
}

/// [`grid`] of every square: a load is cheaper than the division.
static GRID: [u8; 128] = {
    let mut t = [0; 128];
    let mut s = 0;
    while s < 81 {
        t[s] = grid(s) as u8;
        s += 1;
    }
    t
};

/// The two king squares as one colour's pieces see them.
pub(super) struct Kings {
    tables: &'static Tables,
    color: Color,
    own: usize,
    enemy: usize,
}

impl Kings {
    #[inline(always)]
    pub(super) fn new(tables: &'static Tables, pos: &Position, color: Color) -> Kings {
        let base = |k: Option<Square>| k.map_or(NO_KING, |k| CENTER - grid(k.index()));
        Kings {
            tables,
            color,
            own: base(pos.king_square(color)),
            enemy: base(pos.king_square(color.flip())),
        }
    }

    /// The material and placement of a non-king `piece` of this colour.
    #[inline(always)]
    pub(super) fn term(&self, piece: Piece, sq: Square) -> Score {
        let t = &self.tables[piece.index() & 31];
        let s = sq.index() & 127;
        let g = GRID[s] as usize;
        Score::from(t.square[s])
            + Score::from(t.defence[(self.own + g) & 511])
            + Score::from(t.attack[(self.enemy + g) & 511])
    }

    /// The material and placement of all of this colour's pieces on the board.
    #[inline(always)]
    pub(super) fn board_total(&self, pos: &Position) -> Score {
        let mut total = 0;
        let pieces = pos
            .color_bb(self.color)
            .and_not(pos.kind_bb(PieceKind::King));
        pieces.for_each(|sq| total += self.term(pos.piece_at(sq), sq));
        total
    }
}

/// The kind and colour of a piece index, if it is a piece other than a king.
const fn piece_of(p: usize) -> Option<(PieceKind, bool)> {
    match PieceKind::from_u8((p & 15) as u8) {
        Some(PieceKind::King) | None => None,
        Some(kind) => Some((kind, p >> 4 == 1)),
    }
}

/// The tables of `w`; its defence and attack weights must fit an `i8` (the
/// tuner keeps them there).
pub(super) const fn tables(w: &Weights) -> Tables {
    let empty = PieceTable {
        square: [0; 128],
        defence: [0; 512],
        attack: [0; 512],
    };
    let mut t = [empty; 32];
    let mut p = 0;
    while p < 32 {
        if let Some((kind, white)) = piece_of(p) {
            let mut s = 0;
            while s < 81 {
                let framed = if white { 80 - s } else { s };
                let rank = framed % 9;
                t[p].square[s] = (w.material[kind as usize] + w.rank[kind as usize][rank]) as i16;
                s += 1;
            }
            let mut cell = 0;
            while cell < CELLS {
                // Rotating the board negates both offsets: cell -> CELLS - 1 - cell.
                let framed = if white { CELLS - 1 - cell } else { cell };
                let df = (framed / SPAN) as i32 - 8;
                let dr = (framed % SPAN) as i32 - 8;
                let (d, g) = (distance(df, dr), region(df, dr));
                t[p].defence[cell] = w.defence[kind as usize][d][g] as i8;
                t[p].attack[cell] = w.attack[kind as usize][d][g] as i8;
                cell += 1;
            }
        }
        p += 1;
    }
    t
}
