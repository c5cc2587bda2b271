//! Sums kept per own-king square, so that recomputing a side's sums after
//! its king moved costs the pieces that changed since the king last stood
//! there, not all 38 (YaneuraOu and Stockfish call these "Finny tables").

use yomi_shogi::board::{Bitboard, Color, Piece, PieceKind, Position, Square};

use crate::features::{self, Spot};
use crate::network::{Half, Network};

/// The most rows one recomputation adds, or removes: each stands for a
/// piece now (or then) on the board or in hand, or for one missing, and
/// pieces and missing ones together are never more than a set's pieces
/// (positions are refused with more).
const MAX_ROWS: usize = features::PIECES;

/// What a side's sums were last computed from with its king on one square.
#[derive(Clone)]
struct Snapshot {
    sums: Half,
    board: [Piece; Square::NUM],
    /// The same board's squares of each kind (in [`PieceKind::ALL`]'s
    /// order) and of Black's pieces: set against the position's, they give
    /// the squares that changed without a look at the other 81.
    kinds: [Bitboard; PieceKind::ALL.len()],
    black: Bitboard,
    /// Pieces in hand, by colour and unpromoted kind (as `Hand` counts).
    hands: [[u8; 8]; 2],
    /// Pieces in neither place (each counts as feature 0 of the row).
    missing: u8,
}

/// A snapshot per side and king square.
pub(crate) struct RefreshCache {
    snapshots: Vec<Snapshot>,
}

impl RefreshCache {
    /// Every snapshot empty: no pieces, the sums the biases alone.
    pub(crate) fn new(net: &Network) -> RefreshCache {
        let empty = Snapshot {
            sums: Half(*net.transformer().biases_row()),
            board: [Piece::EMPTY; Square::NUM],
            kinds: [Bitboard::EMPTY; PieceKind::ALL.len()],
            black: Bitboard::EMPTY,
            hands: [[0; 8]; 2],
            missing: 0,
        };
        RefreshCache {
            snapshots: vec![empty; 2 * Square::NUM],
        }
    }

    /// `side`'s sums of `pos` into `out`, from the snapshot of `side`'s king
    /// square, which then holds `pos`.
    pub(crate) fn refresh(&mut self, net: &Network, pos: &Position, side: Color, out: &mut Half) {
        let king = pos.king_square(side).expect("both kings");
        let snap = &mut self.snapshots[side.index() * Square::NUM + king.index()];
        let transformer = net.transformer();
        let row = features::king_row(king, side);
        let none = transformer.row(0);
        let (mut added, mut removed) = ([none; MAX_ROWS], [none; MAX_ROWS]);
        let (mut na, mut nr) = (0, 0);
        let mut add = |spot: Spot| {
            added[na] = transformer.row(row + spot.feature(side) as usize);
            na += 1;
        };
        let mut remove = |spot: Spot| {
            removed[nr] = transformer.row(row + spot.feature(side) as usize);
            nr += 1;
        };
        let black = pos.color_bb(Color::Black);
        let mut changed = snap.black ^ black;
        snap.black = black;
        for (then, kind) in snap.kinds.iter_mut().zip(PieceKind::ALL) {
            let now = pos.kind_bb(kind);
            changed |= *then ^ now;
            *then = now;
        }
        let kings = pos.kind_bb(PieceKind::King);
        let mut present = pos.occupied().and_not(kings).count() as usize;
        for sq in changed {
            let (was, is) = (snap.board[sq.index()], pos.piece_at(sq));
            debug_assert_ne!(was, is);
            let counts = |p: Piece| !p.is_empty() && p.kind() != PieceKind::King;
            if counts(was) {
                remove(Spot::Board(was, sq));
            }
            if counts(is) {
                add(Spot::Board(is, sq));
            }
            snap.board[sq.index()] = is;
        }
        for color in Color::BOTH {
            let hand = pos.hand(color);
            for kind in PieceKind::HAND_SFEN_ORDER {
                let slot = &mut snap.hands[color.index()][kind.index() & 7];
                let (was, is) = (*slot, hand.count(kind));
                present += usize::from(is);
                for n in is..was {
                    remove(Spot::Hand(color, kind, n));
                }
                for n in was..is {
                    add(Spot::Hand(color, kind, n));
                }
                *slot = is;
            }
        }
        let missing = features::PIECES.saturating_sub(present) as u8;
        let zero = transformer.row(row);
        for _ in missing..snap.missing {
            removed[nr] = zero;
            nr += 1;
        }
        for _ in snap.missing..missing {
            added[na] = zero;
            na += 1;
        }
        snap.missing = missing;
        net.kernel()
            .sums(&snap.sums.0, &added[..na], &removed[..nr], &mut out.0);
        snap.sums.0 = out.0;
    }
}
