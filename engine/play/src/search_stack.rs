//! The play search's stack: per ply, its principal variation, the picker's
//! storage, the static value and the move played from it; at the root, the
//! moves left out (MultiPV), the running iteration's best line and depth.

use super::history::{CaptureKey, PieceTo};
use yomi_shogi::board::{Move, Square};
use yomi_tree::Value;

/// Per-ply scratch, kept between searches.
#[derive(Default)]
pub(super) struct Frame {
    pub(super) pv: Vec<Move>,
    /// The picker's storage.
    pub(super) moves: Vec<(i32, Move)>,
    /// Quiet moves searched before the one that cut off.
    pub(super) tried: Vec<(Move, PieceTo)>,
    /// Captures and promotions searched before the best move.
    pub(super) tried_captures: Vec<CaptureKey>,
    /// The static value ([`NO_EVAL`] in check).
    pub(super) eval: Value,
    /// The move played from this ply (`Move::NONE` for a pass), and its
    /// piece and square (`None` for a pass).
    pub(super) played: Move,
    pub(super) piece_to: Option<PieceTo>,
    /// Whether that move neither captured nor promoted (kept by the main
    /// search: a quiescence node's children never read it).
    pub(super) played_quiet: bool,
    /// The move a singular-extension search leaves out (`Move::NONE`).
    pub(super) excluded: Move,
    /// Cutoffs at this ply below the node two plies up (its grandchildren
    /// so far): many say the node one ply up is likely to fail low.
    pub(super) cutoffs: u32,
    /// Whether the node is on a principal variation, now or when the
    /// table last saw it.
    pub(super) tt_pv: bool,
    /// The late move reduction of the move from this ply while its
    /// reduced search runs (0 otherwise), for the child to revise.
    pub(super) reduction: i32,
}

pub(super) struct SearchStack {
    /// One frame a ply, the root's first.
    pub(super) frames: Vec<Frame>,
    /// Root moves left out of the running line (MultiPV).
    pub(super) root_excluded: Vec<Move>,
    /// The running iteration's best root line so far (first line only):
    /// a move searched to the full depth that beat the window's alpha.
    pub(super) root_best: Vec<Move>,
    /// The running iteration's depth.
    pub(super) root_depth: i32,
}

impl SearchStack {
    /// Frames for `plies` plies below the root.
    pub(super) fn new(plies: usize) -> SearchStack {
        SearchStack {
            frames: (0..=plies).map(|_| Frame::default()).collect(),
            root_excluded: Vec::new(),
            root_best: Vec::new(),
            root_depth: 0,
        }
    }

    /// The square the move into `ply` went to (`None` at the root and
    /// after a pass).
    pub(super) fn arrived_on(&self, ply: usize) -> Option<Square> {
        let mv = self.frames[ply.checked_sub(1)?].played;
        (mv != Move::NONE).then(|| mv.to())
    }
}
