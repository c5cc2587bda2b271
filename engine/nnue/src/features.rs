//! HalfKP: a feature per (own king square, piece other than a king, where it
//! stands), seen from each side, numbered as YaneuraOu numbers its
//! "BonaPiece"s.
//!
//! From White's side the board is turned round (square `80 − sq`) and the
//! colours swap, so one weight table serves both sides. A piece in hand
//! counts as the n-th of its kind held: holding three pawns activates the
//! first, second and third pawn-in-hand features.

use yomi_shogi::board::{Color, Move, Piece, PieceKind, Position, Square};

/// Distinct piece-and-place features per king square (YaneuraOu's `fe_end`).
pub(crate) const PIECE_FEATURES: usize = 1548;

/// The pieces other than kings in a full set: every side has this many
/// active features.
pub(crate) const PIECES: usize = 38;

/// The first feature of the first held piece of a kind, for the holder's
/// side and for the other side.
const fn hand_base(kind: PieceKind) -> (u16, u16) {
    match kind {
        PieceKind::Pawn => (1, 20),
        PieceKind::Lance => (39, 44),
        PieceKind::Knight => (49, 54),
        PieceKind::Silver => (59, 64),
        PieceKind::Gold => (69, 74),
        PieceKind::Bishop => (79, 82),
        _ => (85, 88), // rook; kings are never held
    }
}

/// The first feature (square 0) of a piece kind on the board, for its own
/// side; the other side's is 81 further. Promoted minor pieces count as
/// golds.
const fn board_base(kind: PieceKind) -> u16 {
    match kind {
        PieceKind::Pawn => 90,
        PieceKind::Lance => 252,
        PieceKind::Knight => 414,
        PieceKind::Silver => 576,
        PieceKind::Bishop => 900,
        PieceKind::Horse => 1062,
        PieceKind::Rook => 1224,
        PieceKind::Dragon => 1386,
        _ => 738, // gold, and the promoted pawn, lance, knight and silver
    }
}

/// A piece where halfKP sees it: on a square, or the `n`-th (from 0) of its
/// kind in a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Spot {
    Board(Piece, Square),
    Hand(Color, PieceKind, u8),
}

impl Spot {
    /// The piece-and-place feature of this spot from `side`'s point of view.
    #[inline(always)]
    pub(crate) fn feature(self, side: Color) -> u16 {
        match self {
            Spot::Board(piece, sq) => {
                let base = board_base(piece.kind()) + if piece.color() == side { 0 } else { 81 };
                base + oriented(sq, side) as u16
            }
            Spot::Hand(color, kind, n) => {
                let (own, other) = hand_base(kind);
                (if color == side { own } else { other }) + n as u16
            }
        }
    }
}

/// `sq` as `side` sees the board.
#[inline(always)]
fn oriented(sq: Square, side: Color) -> usize {
    match side {
        Color::Black => sq.index(),
        Color::White => 80 - sq.index(),
    }
}

/// The row of the weight table for `side`'s king on `king`: every feature
/// index is `row + piece-and-place feature`.
#[inline(always)]
pub(crate) fn king_row(king: Square, side: Color) -> usize {
    oriented(king, side) * PIECE_FEATURES
}

/// Every active feature of `side` in `pos` (38 in a full set of pieces).
/// `pos` must have `side`'s king.
pub(crate) fn active(pos: &Position, side: Color, f: impl FnMut(usize)) {
    active_seen(pos, side, |sq| sq, f);
}

/// [`active`] of `pos` mirrored left to right (file f to file 10 − f), a
/// position of the same value: twice the training positions for nothing.
pub(crate) fn active_mirrored(pos: &Position, side: Color, f: impl FnMut(usize)) {
    let mirror = |sq: Square| Square::from_index((9 * (8 - sq.index() / 9) + sq.index() % 9) as u8);
    active_seen(pos, side, mirror, f);
}

/// Both sides' active features of `pos`, the side to move's first, seen
/// mirrored if asked: what a from-scratch evaluation and training read.
pub(crate) fn both_sides(pos: &Position, mirrored: bool) -> [[u32; PIECES]; 2] {
    let us = pos.side_to_move();
    let mut out = [[0u32; PIECES]; 2];
    for (k, side) in [us, us.flip()].into_iter().enumerate() {
        let mut n = 0;
        let add = |i: usize| {
            out[k][n] = i as u32;
            n += 1;
        };
        if mirrored {
            active_mirrored(pos, side, add);
        } else {
            active(pos, side, add);
        }
    }
    out
}

/// [`active`] with every square seen through `view`.
fn active_seen(
    pos: &Position,
    side: Color,
    view: impl Fn(Square) -> Square,
    mut f: impl FnMut(usize),
) {
    let king = pos.king_square(side).expect("halfKP needs both kings");
    let row = king_row(view(king), side);
    let mut seen = 0;
    for sq in Square::all() {
        let piece = pos.piece_at(sq);
        if !piece.is_empty() && piece.kind() != PieceKind::King {
            f(row + Spot::Board(piece, view(sq)).feature(side) as usize);
            seen += 1;
        }
    }
    for color in Color::BOTH {
        let hand = pos.hand(color);
        for kind in PieceKind::HAND_SFEN_ORDER {
            for n in 0..hand.count(kind) {
                f(row + Spot::Hand(color, kind, n).feature(side) as usize);
                seen += 1;
            }
        }
    }
    // YaneuraOu keeps a slot for each of the 38 pieces; one that is in
    // neither place (a handicap game's, a composed problem's) counts as
    // feature 0 of the row.
    for _ in seen..PIECES {
        f(row);
    }
}

/// What a move changes for halfKP: at most two pieces change spot (the
/// mover, and a captured piece going to the mover's hand); a king move
/// changes the mover's king row instead of a feature.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Change {
    /// `(from, to)` spots; `len` of them are used.
    pub(crate) moved: [(Spot, Spot); 2],
    pub(crate) len: u8,
    /// The side whose king moved: its features are recomputed, not updated.
    pub(crate) king_moved: Option<Color>,
}

impl Change {
    /// A pass changes no feature.
    pub(crate) const NONE: Change = Change {
        moved: [(
            Spot::Hand(Color::Black, PieceKind::Pawn, 0),
            Spot::Hand(Color::Black, PieceKind::Pawn, 0),
        ); 2],
        len: 0,
        king_moved: None,
    };

    /// The change `mv` (legal in `pos`, not yet played) brings.
    pub(crate) fn of(pos: &Position, mv: Move) -> Change {
        let us = pos.side_to_move();
        let to = mv.to();
        let mut change = Change::NONE;
        if mv.is_drop() {
            let kind = mv.drop_kind();
            let held = pos.hand(us).count(kind);
            change.push(
                Spot::Hand(us, kind, held - 1),
                Spot::Board(Piece::new(us, kind), to),
            );
            return change;
        }
        let piece = pos.piece_at(mv.from());
        let captured = pos.piece_at(to);
        if piece.kind() == PieceKind::King {
            change.king_moved = Some(us);
        } else {
            let after = if mv.is_promotion() {
                Piece::new(us, piece.kind().promoted())
            } else {
                piece
            };
            change.push(Spot::Board(piece, mv.from()), Spot::Board(after, to));
        }
        if !captured.is_empty() {
            let kind = captured.kind().unpromoted();
            let held = pos.hand(us).count(kind);
            change.push(Spot::Board(captured, to), Spot::Hand(us, kind, held));
        }
        change
    }

    fn push(&mut self, from: Spot, to: Spot) {
        self.moved[self.len as usize] = (from, to);
        self.len += 1;
    }

    /// The spots that changed.
    pub(crate) fn moved(&self) -> &[(Spot, Spot)] {
        &self.moved[..self.len as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SFEN text mirrored left to right: each rank's tokens reversed.
    fn mirrored_sfen(sfen: &str) -> String {
        let (board, rest) = sfen.split_once(' ').unwrap();
        let ranks: Vec<String> = board
            .split('/')
            .map(|rank| {
                let mut tokens = Vec::new();
                let mut chars = rank.chars();
                while let Some(c) = chars.next() {
                    tokens.push(if c == '+' {
                        format!("+{}", chars.next().unwrap())
                    } else {
                        c.to_string()
                    });
                }
                tokens.reverse();
                tokens.concat()
            })
            .collect();
        format!("{} {rest}", ranks.join("/"))
    }

    #[test]
    fn mirrored_features_are_the_mirrored_positions() {
        for entry in yomi_shogi::positions::pro_middlegame_32() {
            let pos = entry.position;
            let mirror = Position::from_sfen(&mirrored_sfen(&pos.to_sfen())).unwrap();
            for side in Color::BOTH {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                active_mirrored(&pos, side, |i| a.push(i));
                active(&mirror, side, |i| b.push(i));
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b, "{}", pos.to_sfen());
            }
        }
    }

    /// YaneuraOu's numbers for a few pieces (evaluate.h, evaluate_bona_piece.cpp).
    #[test]
    fn features_match_yaneuraou_numbering() {
        let sq = |f, r| Square::new(f, r).unwrap();
        let black_pawn = Piece::new(Color::Black, PieceKind::Pawn);
        // Black pawn on 7g (file 7, rank 7): index 6 * 9 + 6 = 60.
        assert_eq!(
            Spot::Board(black_pawn, sq(7, 7)).feature(Color::Black),
            90 + 60
        );
        // From White: an enemy pawn on the turned square 80 − 60 = 20.
        assert_eq!(
            Spot::Board(black_pawn, sq(7, 7)).feature(Color::White),
            171 + 20
        );
        let white_dragon = Piece::new(Color::White, PieceKind::Dragon);
        assert_eq!(
            Spot::Board(white_dragon, sq(1, 1)).feature(Color::White),
            1386 + 80
        );
        assert_eq!(
            Spot::Board(white_dragon, sq(1, 1)).feature(Color::Black),
            1467
        );
        let tokin = Piece::new(Color::Black, PieceKind::ProPawn);
        assert_eq!(Spot::Board(tokin, sq(1, 1)).feature(Color::Black), 738);
        // The third pawn in White's hand: White's own 1 + 2, Black's enemy 20 + 2.
        assert_eq!(
            Spot::Hand(Color::White, PieceKind::Pawn, 2).feature(Color::White),
            3
        );
        assert_eq!(
            Spot::Hand(Color::White, PieceKind::Pawn, 2).feature(Color::Black),
            22
        );
        assert_eq!(
            Spot::Hand(Color::Black, PieceKind::Rook, 1).feature(Color::Black),
            86
        );
        assert_eq!(king_row(sq(5, 9), Color::Black), 44 * PIECE_FEATURES);
        assert_eq!(king_row(sq(5, 1), Color::White), (80 - 36) * PIECE_FEATURES);
    }
}
