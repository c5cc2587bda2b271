//! Piece-square terms: material plus a rank bonus per square, and bonuses
//! by (file, rank) offset from the piece's own king (defence) and from the
//! enemy king (attack). Tables are built at compile time.
//!
//! Every term is read in the owner's frame: Black's squares as they are,
//! White's rotated 180°, so the colours score alike by construction. In that
//! frame rank 1 is the enemy's back rank, and a negative rank offset means
//! the piece stands nearer the enemy's side than the king it is measured
//! from.

use super::material::VALUES;
use super::Score;
use crate::board::{Color, PieceKind, Position, Square};

/// File and rank offsets from a king span -8..=8: a 17 x 17 grid of cells.
const SPAN: usize = 17;
/// The cell of offset (0, 0).
const CENTER: usize = 8 * SPAN + 8;
/// The base of a missing king: past the grid, where the rows hold zeros.
const NO_KING: usize = SPAN * SPAN;
const ROW: usize = NO_KING + CENTER + 1;

type KingTable = [[i16; ROW]; 15];

/// Material and rank bonus, by kind and framed square.
static SQUARE: [[i16; 81]; 15] = square_table();
static DEFENCE: KingTable = king_table(false);
static ATTACK: KingTable = king_table(true);

/// A framed square's position on the grid: `file * 17 + rank`, 0-based.
/// The cell of a piece seen from a king at base `b` is `b + grid(piece)`.
#[inline(always)]
const fn grid(framed: usize) -> usize {
    framed + framed / 9 * (SPAN - 9)
}

#[inline(always)]
fn frame(c: Color, sq: Square) -> usize {
    match c {
        Color::Black => sq.index(),
        Color::White => 80 - sq.index(),
    }
}

/// The two king squares as seen by one colour: everything needed to score
/// that colour's pieces.
pub(super) struct Kings {
    color: Color,
    own: usize,
    enemy: usize,
}

impl Kings {
    #[inline(always)]
    pub fn new(pos: &Position, color: Color) -> Kings {
        let base = |k: Option<Square>| k.map_or(NO_KING, |k| CENTER - grid(frame(color, k)));
        Kings {
            color,
            own: base(pos.king_square(color)),
            enemy: base(pos.king_square(color.flip())),
        }
    }

    /// The material and placement of a non-king piece of this colour.
    #[inline(always)]
    pub fn term(&self, kind: PieceKind, sq: Square) -> Score {
        let s = frame(self.color, sq);
        let g = grid(s);
        let k = kind.index();
        Score::from(SQUARE[k][s])
            + Score::from(DEFENCE[k][self.own + g])
            + Score::from(ATTACK[k][self.enemy + g])
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
    let d = if df.abs() > dr.abs() {
        df.abs()
    } else {
        dr.abs()
    };
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
    let d = if df.abs() > dr.abs() {
        df.abs()
    } else {
        dr.abs()
    };
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

const fn kind_of(k: usize) -> Option<PieceKind> {
    match PieceKind::from_u8(k as u8) {
        Some(PieceKind::King) | None => None,
        other => other,
    }
}

const fn square_table() -> [[i16; 81]; 15] {
    let mut t = [[0; 81]; 15];
    let mut k = 0;
    while k < 15 {
        if let Some(kind) = kind_of(k) {
            let mut s = 0;
            while s < 81 {
                t[k][s] = (VALUES[k] + rank_bonus(kind, (s % 9) as i32 + 1)) as i16;
                s += 1;
            }
        }
        k += 1;
    }
    t
}

const fn king_table(attacking: bool) -> KingTable {
    let mut t = [[0; ROW]; 15];
    let mut k = 0;
    while k < 15 {
        if let Some(kind) = kind_of(k) {
            let mut cell = 0;
            while cell < NO_KING {
                let df = (cell / SPAN) as i32 - 8;
                let dr = (cell % SPAN) as i32 - 8;
                t[k][cell] = if attacking {
                    attack(kind, df, dr)
                } else {
                    defence(kind, df, dr)
                } as i16;
                cell += 1;
            }
        }
        k += 1;
    }
    t
}
