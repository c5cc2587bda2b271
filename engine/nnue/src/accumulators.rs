//! The net's feature sums along a search path, updated move by move.
//!
//! A search pushes each move before playing it and pops it after taking it
//! back. Sums are computed only when a position is evaluated: from the
//! nearest computed ancestor by the few features each move changed, or, when
//! that side's king moved on the way (its every feature changes row), from
//! the last sums computed with the king on its square.

use std::sync::Arc;

use yomi_shogi::board::{Color, Move, Position};

use crate::features::{self, Change, Spot};
use crate::network::{Half, Network};
use crate::refresh_cache::RefreshCache;

struct Entry {
    sums: [Half; 2],
    computed: [bool; 2],
    /// The change from the entry below to this one.
    change: Change,
}

/// One search thread's feature sums, one entry per ply of the path.
pub struct Accumulators {
    net: Arc<Network>,
    stack: Vec<Entry>,
    top: usize,
    cache: RefreshCache,
}

impl Accumulators {
    pub fn new(net: Arc<Network>) -> Accumulators {
        let root = Entry {
            sums: [Half([0; crate::HALF]); 2],
            computed: [false; 2],
            change: Change::NONE,
        };
        Accumulators {
            cache: RefreshCache::new(&net),
            net,
            stack: vec![root],
            top: 0,
        }
    }

    pub fn network(&self) -> &Arc<Network> {
        &self.net
    }

    /// Starts a new path at a root position (nothing computed yet).
    pub fn reset(&mut self) {
        self.top = 0;
        self.stack[0].computed = [false; 2];
    }

    /// Records `mv`, about to be played in `pos`.
    #[inline]
    pub fn push(&mut self, pos: &Position, mv: Move) {
        self.push_change(Change::of(pos, mv));
    }

    /// Records a pass (no feature changes).
    #[inline]
    pub fn push_null(&mut self) {
        self.push_change(Change::NONE);
    }

    fn push_change(&mut self, change: Change) {
        self.top += 1;
        if self.top == self.stack.len() {
            self.stack.push(Entry {
                sums: [Half([0; crate::HALF]); 2],
                computed: [false; 2],
                change,
            });
        } else {
            let e = &mut self.stack[self.top];
            e.computed = [false; 2];
            e.change = change;
        }
    }

    /// Forgets the last pushed move (after it was taken back).
    #[inline]
    pub fn pop(&mut self) {
        debug_assert!(self.top > 0, "pop without push");
        self.top -= 1;
    }

    /// The net's value of `pos` (the position the pushed moves reached),
    /// from the side to move's view. Both kings must be on the board.
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        for side in Color::BOTH {
            self.bring_up(pos, side);
        }
        self.net
            .propagate(&self.stack[self.top].sums, pos.side_to_move())
    }

    /// Computes the top entry's sums of `side`.
    fn bring_up(&mut self, pos: &Position, side: Color) {
        let s = side.index();
        let mut from = self.top;
        while !self.stack[from].computed[s] {
            if from == 0 || self.stack[from].change.king_moved == Some(side) {
                let top = &mut self.stack[self.top];
                self.cache.refresh(&self.net, pos, side, &mut top.sums[s]);
                top.computed[s] = true;
                return;
            }
            from -= 1;
        }
        let kernel = self.net.kernel();
        let transformer = self.net.transformer();
        let row = features::king_row(pos.king_square(side).expect("both kings"), side);
        for i in from + 1..=self.top {
            let (below, above) = self.stack.split_at_mut(i);
            let entry = &mut above[0];
            let moved = entry.change.moved();
            let rows = |pick: fn(&(Spot, Spot)) -> Spot| {
                let mut out = [transformer.row(0); 2];
                for (slot, m) in out.iter_mut().zip(moved) {
                    *slot = transformer.row(row + pick(m).feature(side) as usize);
                }
                out
            };
            let (added, removed) = (rows(|m| m.1), rows(|m| m.0));
            kernel.sums(
                &below[i - 1].sums[s].0,
                &added[..moved.len()],
                &removed[..moved.len()],
                &mut entry.sums[s].0,
            );
            entry.computed[s] = true;
        }
    }
}

/// The net's value of `pos` from scratch, from the side to move's view;
/// `None` without both kings (halfKP is defined by the king squares).
pub fn evaluate(net: &Network, pos: &Position) -> Option<i32> {
    has_kings(pos).then(|| net.propagate_features(&features::both_sides(pos, false)))
}

/// Whether halfKP can see `pos`: both kings on the board.
#[inline]
pub fn has_kings(pos: &Position) -> bool {
    pos.king_square(Color::Black).is_some() && pos.king_square(Color::White).is_some()
}
