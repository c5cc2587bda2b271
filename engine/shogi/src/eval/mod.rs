//! Static evaluation, in units where a pawn is about 100.
//!
//! Two [`Evaluator`]s share the terms and differ in their [`Weights`]:
//! [`RESEARCH`], hand-set and fixed, and [`PLAY`], tuned on self-play.
//!
//! Two parts. [`Evaluator::material_placement`] sums, for every piece on the board and
//! in hand, a term that depends only on the piece, its square and the two
//! king squares, so [`Evaluator::move_gain`] gets a move's exact change from a few table
//! lookups. King safety needs attack maps and joins only in [`Evaluator::evaluate`].

mod features;
mod king_safety;
mod placement;
mod play_weights;
mod research_weights;
pub mod weights;

pub use features::{features, Features};

use crate::board::{Color, Hand, Move, Piece, PieceKind, Position};
use placement::{Kings, Tables};
use weights::Weights;

/// Evaluation units: a pawn is about 100.
pub type Score = i32;

/// A static evaluation with its own weights.
pub struct Evaluator {
    tables: Tables,
    /// One piece in hand, indexed like a [`Hand`].
    hand: [Score; 8],
    /// King danger is scaled by this / 64.
    king_safety: Score,
}

/// The hand-set evaluation of research mode, fixed so that its trees and
/// leaf counts stay reproducible.
pub static RESEARCH: Evaluator = Evaluator::new(&research_weights::WEIGHTS);

/// The play search's evaluation: [`RESEARCH`]'s terms with tuned weights
/// (`yomi tune`).
pub static PLAY: Evaluator = Evaluator::new(&play_weights::WEIGHTS);

/// The weights of [`RESEARCH`] and [`PLAY`], for the tuner.
pub fn research_weights() -> Weights {
    research_weights::WEIGHTS
}

pub fn play_weights() -> Weights {
    play_weights::WEIGHTS
}

/// The material value of a piece of `kind` on the board, for exchange
/// arithmetic (research values in both modes).
#[inline(always)]
pub fn piece_value(kind: PieceKind) -> Score {
    research_weights::WEIGHTS.material[kind.index()]
}

impl Evaluator {
    const fn new(w: &Weights) -> Evaluator {
        Evaluator {
            tables: placement::tables(w),
            hand: w.hand,
            king_safety: w.king_safety,
        }
    }

    /// Static evaluation from the side to move's point of view (negamax convention).
    pub fn evaluate(&'static self, pos: &Position) -> Score {
        self.evaluate_with(pos, self.material_placement(pos))
    }

    /// [`Evaluator::evaluate`] given its material and placement part
    /// (kept up to date move by move, see [`Evaluator::placement_change`]).
    #[inline]
    pub fn evaluate_with(&'static self, pos: &Position, material_placement: Score) -> Score {
        let us = pos.side_to_move();
        material_placement + self.danger(pos, us.flip()) - self.danger(pos, us)
    }

    /// How [`Evaluator::material_placement`] changes, from the mover's
    /// side, when `mv` (legal) is played; `None` for a king move, which
    /// moves every piece's terms.
    #[inline]
    pub fn placement_change(&'static self, pos: &Position, mv: Move) -> Option<Score> {
        let moves_king = !mv.is_drop() && pos.piece_at(mv.from()).kind() == PieceKind::King;
        (!moves_king).then(|| self.move_gain(pos, mv))
    }

    /// The danger to `c`'s king, as a penalty for `c`.
    #[inline(always)]
    fn danger(&self, pos: &Position, c: Color) -> Score {
        king_safety::danger(pos, c) * self.king_safety / 64
    }

    /// The material + placement part of [`Evaluator::evaluate`] (no
    /// king-safety term), from the side to move.
    pub fn material_placement(&'static self, pos: &Position) -> Score {
        let us = pos.side_to_move();
        self.side_total(pos, us) - self.side_total(pos, us.flip())
    }

    fn side_total(&'static self, pos: &Position, c: Color) -> Score {
        Kings::new(&self.tables, pos, c).board_total(pos) + self.hand_value(pos.hand(c))
    }

    /// The value of one piece of `kind` (unpromoted) in hand.
    #[inline(always)]
    fn in_hand(&self, kind: PieceKind) -> Score {
        self.hand[kind.index() & 7]
    }

    fn hand_value(&self, hand: Hand) -> Score {
        PieceKind::HAND_SFEN_ORDER
            .iter()
            .map(|&k| hand.count(k) as Score * self.in_hand(k))
            .sum()
    }

    /// Cheap estimate, for move ordering, of how much the side to move's
    /// evaluation changes if `mv` (a legal move) is played: the exact change
    /// of [`Evaluator::material_placement`] for every non-king move. A king
    /// move shifts the placement of every piece, so for it this counts only
    /// the capture.
    pub fn move_gain(&'static self, pos: &Position, mv: Move) -> Score {
        let us = pos.side_to_move();
        let ours = Kings::new(&self.tables, pos, us);
        let to = mv.to();
        if mv.is_drop() {
            let kind = mv.drop_kind();
            return ours.term(Piece::new(us, kind), to) - self.in_hand(kind);
        }
        let from = mv.from();
        let captured = pos.piece_at(to);
        let mut gain = 0;
        if !captured.is_empty() {
            let kind = captured.kind().unpromoted();
            gain +=
                Kings::new(&self.tables, pos, us.flip()).term(captured, to) + self.in_hand(kind);
        }
        let piece = pos.piece_at(from);
        if piece.kind() == PieceKind::King {
            return gain;
        }
        let moved = if mv.is_promotion() {
            Piece::new(us, piece.kind().promoted())
        } else {
            piece
        };
        gain + ours.term(moved, to) - ours.term(piece, from)
    }
}
