//! Piece-square terms: material plus a rank bonus per square, and bonuses
//! by (file, rank) offset from the piece's own king (defence) and from the
//! enemy king (attack). Tables are built at compile time.
//!
//! Terms are defined in the owner's frame: Black's squares as they are,
//! White's rotated 180°, so the colours score alike by construction. In that
//! frame rank 1 is the enemy's back rank, and a negative rank offset means
//! the piece stands nearer the enemy's side than the king it is measured
//! from. The tables hold White's rows already rotated, so a lookup needs no
//! turning of squares.

use super::material::VALUES;
use super::{for_each_square, Score};
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
struct PieceTable {
    square: [i16; 128],
    defence: [i8; 512],
    attack: [i8; 512],
}

/// Indexed by [`Piece::index`].
static TABLES: [PieceTable; 32] = tables();

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
    color: Color,
    own: usize,
    enemy: usize,
}

impl Kings {
    #[inline(always)]
    pub fn new(pos: &Position, color: Color) -> Kings {
        let base = |k: Option<Square>| k.map_or(NO_KING, |k| CENTER - grid(k.index()));
        Kings {
            color,
            own: base(pos.king_square(color)),
            enemy: base(pos.king_square(color.flip())),
        }
    }

    /// The material and placement of a non-king `piece` of this colour.
    #[inline(always)]
    pub fn term(&self, piece: Piece, sq: Square) -> Score {
        let t = &TABLES[piece.index() & 31];
        let s = sq.index() & 127;
        let g = GRID[s] as usize;
        Score::from(t.square[s])
            + Score::from(t.defence[(self.own + g) & 511])
            + Score::from(t.attack[(self.enemy + g) & 511])
    }

    /// The material and placement of all of this colour's pieces on the board.
    #[inline(always)]
    pub fn board_total(&self, pos: &Position) -> Score {
        let mut total = 0;
        let pieces = pos
            .color_bb(self.color)
            .and_not(pos.kind_bb(PieceKind::King));
        for_each_square(pieces, |sq| total += self.term(pos.piece_at(sq), sq));
        total
    }
}

/// King steps between two squares `df` files and `dr` ranks apart.
const fn distance(df: i32, dr: i32) -> i32 {
    if df.abs() > dr.abs() {
        df.abs()
    } else {
        dr.abs()
    }
}

/// `by_distance[d]`, 0 past its end.
const fn pick(d: i32, by_distance: &[i32]) -> i32 {
    if (d as usize) < by_distance.len() {
        by_distance[d as usize]
    } else {
        0
    }
}

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

/// The bonus of a piece on rank `r` of its owner's frame.
const fn rank_bonus(kind: PieceKind, r: i32) -> i32 {
    match kind {
        PieceKind::Pawn => pick(r, &[0, 0, 15, 15, 10, 5]),
        // "A high-flying knight is a pawn's prey."
        PieceKind::Knight if r >= 3 && r <= 5 => -10,
        PieceKind::Dragon if r <= 3 => 15,
        _ => 0,
    }
}

/// The kind and colour of a piece index, if it is a piece other than a king.
const fn piece_of(p: usize) -> Option<(PieceKind, bool)> {
    match PieceKind::from_u8((p & 15) as u8) {
        Some(PieceKind::King) | None => None,
        Some(kind) => Some((kind, p >> 4 == 1)),
    }
}

const fn tables() -> [PieceTable; 32] {
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
                let rank = (framed % 9) as i32 + 1;
                t[p].square[s] = (VALUES[kind as usize] + rank_bonus(kind, rank)) as i16;
                s += 1;
            }
            let mut cell = 0;
            while cell < CELLS {
                // Rotating the board negates both offsets: cell -> CELLS - 1 - cell.
                let framed = if white { CELLS - 1 - cell } else { cell };
                let df = (framed / SPAN) as i32 - 8;
                let dr = (framed % SPAN) as i32 - 8;
                t[p].defence[cell] = defence(kind, df, dr) as i8;
                t[p].attack[cell] = attack(kind, df, dr) as i8;
                cell += 1;
            }
        }
        p += 1;
    }
    t
}
