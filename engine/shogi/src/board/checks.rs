//! Which moves give check, known before they are played: worked out once
//! per position, then a table lookup per move (pruning spares checks, the
//! mate-in-one test tries only them).

use super::attacks;
use super::bitboard::Bitboard;
use super::movegen::Reach;
use super::moves::Move;
use super::position::Position;
use super::types::{PieceKind, Square};

/// By square, the squares at most 2 files and `ranks` ranks from it.
const fn zone(ranks: i32) -> [Bitboard; 81] {
    let mut table = [Bitboard::EMPTY; 81];
    let mut k: i32 = 0;
    while k < 81 {
        let mut b = 0u128;
        let mut sq: i32 = 0;
        while sq < 81 {
            let files = sq / 9 - k / 9;
            let rank_distance = sq % 9 - k % 9;
            if files.abs() <= 2 && rank_distance.abs() <= ranks {
                b |= 1u128 << sq;
            }
            sq += 1;
        }
        table[k as usize] = Bitboard(b);
        k += 1;
    }
    table
}

/// Where a silver or a gold-mover may stand to check by a move, around the
/// enemy king: its check square is next to the king, one step away. A
/// knight's (or, promoted, a gold's) check square is at most two ranks
/// off, and a jump is two ranks. Other squares check only by uncovering a
/// slider. (So too where such a piece may attack a square next to the
/// king.)
pub(super) static STEP_ZONE: [Bitboard; 81] = zone(2);
pub(super) static KNIGHT_ZONE: [Bitboard; 81] = zone(4);

/// The checks open to the side to move.
///
/// The direct checks come from the occupancy before the move: a moving
/// slider never checks through the square it leaves (it moves along its
/// own lines, so that square lies beyond it, not between it and the king).
pub struct CheckSquares {
    king: Square,
    /// By kind: the squares from which a piece of ours attacks the enemy
    /// king (empty for the king, which never gives check itself).
    from: [Bitboard; 15],
    /// Our pieces whose step off the line to the king uncovers a slider.
    discoverers: Bitboard,
    /// Every kind's squares together: a move that lands elsewhere and
    /// uncovers nothing never checks, the common case, told at once.
    any: Bitboard,
    /// The squares of knights and of other steppers that may check by a
    /// move (see [`STEP_ZONE`]), discoverers included.
    knight_movers: Bitboard,
    step_movers: Bitboard,
}

impl CheckSquares {
    /// `None` when the opponent has no king. Inlined so that the some 300
    /// bytes are written where the caller keeps them, not copied there.
    #[inline(always)]
    pub fn new(pos: &Position) -> Option<CheckSquares> {
        let us = pos.side_to_move();
        let them = us.flip();
        let king = pos.king_square(them)?;
        let occ = pos.occupied();
        // A piece of ours attacks the king from where the same piece of
        // theirs, on the king's square, would attack. Each set worked out
        // once: the promoted minors step as golds, horse and dragon add
        // the king's steps to bishop and rook.
        let gold = attacks::gold(them, king);
        let bishop = attacks::bishop(king, occ);
        let rook = attacks::rook(king, occ);
        let steps = attacks::king(king);
        let mut from = [Bitboard::EMPTY; 15];
        for (kind, squares) in [
            (PieceKind::Pawn, attacks::pawn(them, king)),
            (PieceKind::Lance, attacks::lance(them, king, occ)),
            (PieceKind::Knight, attacks::knight(them, king)),
            (PieceKind::Silver, attacks::silver(them, king)),
            (PieceKind::Gold, gold),
            (PieceKind::Bishop, bishop),
            (PieceKind::Rook, rook),
            (PieceKind::ProPawn, gold),
            (PieceKind::ProLance, gold),
            (PieceKind::ProKnight, gold),
            (PieceKind::ProSilver, gold),
            (PieceKind::Horse, bishop | steps),
            (PieceKind::Dragon, rook | steps),
        ] {
            from[kind.index()] = squares;
        }
        let discoverers = pos.blockers(them) & pos.color_bb(us);
        // Every stepper but the knight checks from a step away, a lance
        // from the rook's squares.
        let any = bishop | rook | steps | from[PieceKind::Knight.index()];
        Some(CheckSquares {
            king,
            from,
            discoverers,
            any,
            knight_movers: KNIGHT_ZONE[king.index()] | discoverers,
            step_movers: STEP_ZONE[king.index()] | discoverers,
        })
    }

    /// The enemy king's square.
    #[inline(always)]
    pub(crate) fn king(&self) -> Square {
        self.king
    }

    /// The squares of `to` where a piece of `kind` (after any promotion)
    /// coming from `from` checks.
    #[inline]
    pub fn targets(&self, kind: PieceKind, from: Square, to: Bitboard) -> Bitboard {
        let mut checking = to & self.from[kind.index()];
        if self.discoverers.contains(from) {
            checking |= to.and_not(attacks::line(self.king, from));
        }
        checking
    }

    /// The squares of `to` where a drop of `kind` checks.
    #[inline]
    pub fn drop_targets(&self, kind: PieceKind, to: Bitboard) -> Bitboard {
        to & self.from[kind.index()]
    }

    /// Whether `mv` (legal) checks the opponent's king.
    #[inline(always)]
    pub fn gives_check(&self, pos: &Position, mv: Move) -> bool {
        let to = Bitboard::from_square(mv.to());
        if (to & self.any).is_empty() && (mv.is_drop() || !self.discoverers.contains(mv.from())) {
            return false;
        }
        if mv.is_drop() {
            return self.drop_targets(mv.drop_kind(), to).any();
        }
        let kind = pos.piece_at(mv.from()).kind();
        let kind = if mv.is_promotion() {
            kind.promoted()
        } else {
            kind
        };
        self.targets(kind, mv.from(), to).any()
    }
}

/// The generator looks only where a move could check: a piece's direct
/// check squares (as it stands, or promoted), anywhere for a piece that
/// uncovers a slider's check.
impl Reach for CheckSquares {
    #[inline(always)]
    fn squares(&self, kind: PieceKind, from: Square) -> Bitboard {
        if self.discoverers.contains(from) {
            return Bitboard::ALL;
        }
        let direct = self.from[kind.index()];
        if kind.is_promotable() {
            direct | self.from[kind.promoted().index()]
        } else {
            direct
        }
    }

    #[inline(always)]
    fn push_squares(&self) -> Bitboard {
        self.from[PieceKind::Pawn.index()] | self.from[PieceKind::ProPawn.index()]
    }

    #[inline(always)]
    fn singled(&self) -> Bitboard {
        self.discoverers
    }

    #[inline(always)]
    fn movers(&self, kind: PieceKind) -> Bitboard {
        if kind == PieceKind::Knight {
            self.knight_movers
        } else {
            self.step_movers
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every move of every position reached by random games from the bench
    /// positions: the prediction against the position after the move.
    #[test]
    fn agrees_with_playing_the_move() {
        let mut checked = 0;
        for mut pos in crate::board::mate::tests::random_positions(400) {
            let checks = CheckSquares::new(&pos).unwrap();
            for mv in pos.legal_moves().iter().copied() {
                let predicted = checks.gives_check(&pos, mv);
                pos.make_move(mv);
                assert_eq!(predicted, pos.in_check(), "{} {mv}", pos.to_sfen());
                checked += usize::from(predicted);
                pos.unmake_move(mv);
            }
        }
        assert!(checked > 1000, "checks seen: {checked}");
    }
}
