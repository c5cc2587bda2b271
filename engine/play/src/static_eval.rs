//! The play search's static evaluation: the built-in one, or an NNUE net
//! whose sums follow the search path move by move.

use std::sync::Arc;
use yomi_nnue::{Accumulators, Network};
use yomi_shogi::board::{Move, Position};
use yomi_shogi::eval;
use yomi_tree::Value;

/// Net values are clipped here, well inside the values that mean mate.
const NET_LIMIT: Value = 20_000;

pub(super) enum StaticEval {
    Builtin,
    Net(Box<Accumulators>),
}

impl StaticEval {
    pub(super) fn new(net: Option<Arc<Network>>) -> StaticEval {
        match net {
            Some(net) => StaticEval::Net(Box::new(Accumulators::new(net))),
            None => StaticEval::Builtin,
        }
    }

    /// The net in use, if any.
    pub(super) fn network(&self) -> Option<Arc<Network>> {
        match self {
            StaticEval::Builtin => None,
            StaticEval::Net(acc) => Some(acc.network().clone()),
        }
    }

    /// A new root: the path starts at the game's current position.
    pub(super) fn reset(&mut self) {
        if let StaticEval::Net(acc) = self {
            acc.reset();
        }
    }

    /// `mv` is about to be played in `pos`.
    #[inline(always)]
    pub(super) fn push(&mut self, pos: &Position, mv: Move) {
        if let StaticEval::Net(acc) = self {
            acc.push(pos, mv);
        }
    }

    #[inline(always)]
    pub(super) fn push_null(&mut self) {
        if let StaticEval::Net(acc) = self {
            acc.push_null();
        }
    }

    /// The last move was taken back.
    #[inline(always)]
    pub(super) fn pop(&mut self) {
        if let StaticEval::Net(acc) = self {
            acc.pop();
        }
    }

    /// `pos`'s value for the side to move. A net needs both kings (halfKP
    /// counts from them); without, the built-in evaluation answers.
    #[inline]
    pub(super) fn evaluate(&mut self, pos: &Position) -> Value {
        match self {
            StaticEval::Net(acc) if yomi_nnue::has_kings(pos) => {
                acc.evaluate(pos).clamp(-NET_LIMIT, NET_LIMIT)
            }
            _ => eval::PLAY.evaluate(pos),
        }
    }
}
