//! The correction history's keys: where a position's pawns stand, where
//! its minor pieces stand, and where each side's pieces other than pawns
//! stand, each placement hashed. A move changes one to three of the hashed
//! sets, so along the searched line a position's keys are the keys before
//! its move with those sets hashed again: two to six hashes instead of
//! twenty. Hands are left out, as in YaneuraOu.

use yomi_shogi::board::{Bitboard, Color, Move, Piece, PieceKind, Position};

/// A position's keys into the keyed tables: its pawns, its minor pieces,
/// and each side's pieces other than pawns (by [`Color::index`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PartialKeys {
    pub(super) pawn: u64,
    pub(super) minor: u64,
    pub(super) non_pawn: [u64; 2],
}

/// One kind from each hashed set of a side's pieces (the kinds that move
/// like a gold make one set).
const SETS: [PieceKind; 10] = [
    PieceKind::Pawn,
    PieceKind::Gold,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Horse,
    PieceKind::Dragon,
    PieceKind::King,
];

/// A bitboard of pieces, hashed with its set's `salt`; xor-ed together,
/// these make the keys.
#[inline(always)]
fn mix(bb: Bitboard, salt: u64) -> u64 {
    let lo = bb.0 as u64;
    let hi = (bb.0 >> 64) as u64;
    let v = lo.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ hi.wrapping_mul(0xc2b2_ae3d_27d4_eb4f) ^ salt;
    (v ^ (v >> 31)).wrapping_mul(0x94d0_49bb_1331_11eb)
}

/// By color and kind, the salt of the set the kind belongs to.
const SALTS: [[u64; 15]; 2] = {
    let mut t = [[0; 15]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 15 {
            // Pawns in slot 0, the gold-movers in the gold's, others their own.
            let slot = match PieceKind::from_u8(k as u8) {
                Some(PieceKind::Pawn) => 0,
                Some(kind) if kind.moves_like_gold() => PieceKind::Gold.index(),
                _ => k,
            };
            t[c][k] = ((c * 16 + slot + 1) as u64) << 56;
            k += 1;
        }
        c += 1;
    }
    t
};

/// `c`'s pieces of the set `kind` belongs to, and the set's salt.
#[inline(always)]
fn hashed_set(pos: &Position, c: Color, kind: PieceKind) -> (Bitboard, u64) {
    let set = if kind.moves_like_gold() {
        pos.golds(c)
    } else {
        pos.pieces(c, kind)
    };
    (set, SALTS[c.index()][kind.index()])
}

impl PartialKeys {
    pub(crate) fn of(pos: &Position) -> PartialKeys {
        let mut keys = PartialKeys {
            pawn: 0,
            minor: 0,
            non_pawn: [0; 2],
        };
        for c in [Color::Black, Color::White] {
            for kind in SETS {
                let (set, salt) = hashed_set(pos, c, kind);
                keys.feed(c, kind, mix(set, salt));
            }
        }
        keys
    }

    /// Xors `hash`, of `c`'s set of `kind`, into the keys it makes: the
    /// pawn key, or `c`'s non-pawn key and (for lances, knights, silvers
    /// and gold-movers) the minor key.
    #[inline(always)]
    fn feed(&mut self, c: Color, kind: PieceKind, hash: u64) {
        match kind {
            PieceKind::Pawn => self.pawn ^= hash,
            PieceKind::Bishop
            | PieceKind::Rook
            | PieceKind::Horse
            | PieceKind::Dragon
            | PieceKind::King => self.non_pawn[c.index()] ^= hash,
            _ => {
                self.minor ^= hash;
                self.non_pawn[c.index()] ^= hash;
            }
        }
    }

    /// Hashes again `c`'s set of `kind`, which stands on `changed` squares
    /// more or fewer than before the last move.
    #[inline(always)]
    fn rehash(&mut self, pos: &Position, c: Color, kind: PieceKind, changed: Bitboard) {
        let (set, salt) = hashed_set(pos, c, kind);
        self.feed(c, kind, mix(set, salt) ^ mix(set ^ changed, salt));
    }

    /// The keys of `pos`, reached by `mv` (which took `captured`) from
    /// the position these are the keys of.
    fn after(mut self, pos: &Position, mv: Move, captured: Piece) -> PartialKeys {
        let mover = pos.side_to_move().flip();
        let to = Bitboard::from_square(mv.to());
        if mv.is_drop() {
            self.rehash(pos, mover, mv.drop_kind(), to);
            return self;
        }
        let from = Bitboard::from_square(mv.from());
        let kind = pos.piece_at(mv.to()).kind();
        if mv.is_promotion() {
            self.rehash(pos, mover, kind.unpromoted(), from);
            self.rehash(pos, mover, kind, to);
        } else {
            self.rehash(pos, mover, kind, from | to);
        }
        if !captured.is_empty() {
            self.rehash(pos, mover.flip(), captured.kind(), to);
        }
        self
    }
}

/// The keys of the positions on the searched line, its root's first, each
/// worked out when first asked for.
pub(super) struct KeyStack(Vec<Entry>);

#[derive(Clone, Copy)]
struct Entry {
    keys: Option<PartialKeys>,
    /// The move into the position (`Move::NONE`: a pass, or the root),
    /// and what it took.
    mv: Move,
    captured: Piece,
}

const ROOT: Entry = Entry {
    keys: None,
    mv: Move::NONE,
    captured: Piece::EMPTY,
};

impl KeyStack {
    pub(super) fn new() -> KeyStack {
        KeyStack(vec![ROOT])
    }

    /// A line from the game's position now.
    pub(super) fn reset(&mut self) {
        self.0.clear();
        self.0.push(ROOT);
    }

    /// Before `mv` is played on `pos`.
    #[inline(always)]
    pub(super) fn push(&mut self, pos: &Position, mv: Move) {
        let captured = if mv.is_drop() {
            Piece::EMPTY
        } else {
            pos.piece_at(mv.to())
        };
        self.0.push(Entry {
            keys: None,
            mv,
            captured,
        });
    }

    #[inline(always)]
    pub(super) fn push_null(&mut self) {
        self.0.push(Entry {
            keys: None,
            mv: Move::NONE,
            captured: Piece::EMPTY,
        });
    }

    #[inline(always)]
    pub(super) fn pop(&mut self) {
        self.0.pop();
    }

    /// The keys of `pos`, the line's last position.
    pub(super) fn current(&mut self, pos: &Position) -> PartialKeys {
        let n = self.0.len();
        let last = self.0[n - 1];
        if let Some(keys) = last.keys {
            return keys;
        }
        let before = n.checked_sub(2).and_then(|i| self.0[i].keys);
        let keys = match before {
            // A pass moves no piece; the root has no keys before it.
            Some(before) if last.mv == Move::NONE => before,
            Some(before) => before.after(pos, last.mv, last.captured),
            None => PartialKeys::of(pos),
        };
        debug_assert_eq!(keys, PartialKeys::of(pos), "{}", pos.to_sfen());
        self.0[n - 1].keys = Some(keys);
        keys
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use yomi_shogi::board::GamePosition;

    fn after(moves: &[&str]) -> Position {
        let line = format!("startpos moves {}", moves.join(" "));
        GamePosition::parse_line(&line).unwrap().current()
    }

    #[test]
    fn each_key_follows_its_own_pieces() {
        let start = PartialKeys::of(&after(&[]));
        // A pawn: only the pawn key changes.
        let pawn = PartialKeys::of(&after(&["7g7f"]));
        assert_ne!(pawn.pawn, start.pawn);
        assert_eq!((pawn.minor, pawn.non_pawn), (start.minor, start.non_pawn));
        // Black's silver: the minor key and Black's other pieces.
        let silver = PartialKeys::of(&after(&["3i4h"]));
        assert_eq!(silver.pawn, start.pawn);
        assert_ne!(silver.minor, start.minor);
        assert_ne!(silver.non_pawn[0], start.non_pawn[0]);
        assert_eq!(silver.non_pawn[1], start.non_pawn[1]);
        // Black's rook: not a minor piece.
        let rook = PartialKeys::of(&after(&["2h5h"]));
        assert_eq!((rook.pawn, rook.minor), (start.pawn, start.minor));
        assert_ne!(rook.non_pawn[0], start.non_pawn[0]);
        // The same pieces on the same squares by another order: the same keys.
        let a = PartialKeys::of(&after(&["7g7f", "3c3d", "2g2f"]));
        let b = PartialKeys::of(&after(&["2g2f", "3c3d", "7g7f"]));
        assert_eq!(a, b);
    }

    #[test]
    fn keys_along_a_line_are_the_keys_of_its_positions() {
        // Random games from the professional positions: drops, captures
        // (of promoted pieces too), promotions and passes, each position's
        // keys from the one before against the keys from scratch.
        use rand::{rngs::StdRng, RngExt, SeedableRng};
        let mut rng = StdRng::seed_from_u64(3);
        let (mut drops, mut captures, mut promotions) = (0, 0, 0);
        for entry in yomi_shogi::positions::pro_middlegame_32() {
            let mut pos = entry.position.clone();
            let mut stack = KeyStack::new();
            stack.current(&pos);
            for ply in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                if ply % 7 == 6 && !pos.in_check() {
                    stack.push_null();
                    pos.make_null_move();
                    assert_eq!(stack.current(&pos), PartialKeys::of(&pos));
                    stack.pop();
                    pos.unmake_null_move();
                }
                let mv = moves[rng.random_range(0..moves.len())];
                drops += usize::from(mv.is_drop());
                captures += usize::from(!mv.is_drop() && !pos.piece_at(mv.to()).is_empty());
                promotions += usize::from(mv.is_promotion());
                stack.push(&pos, mv);
                pos.make_move(mv);
                let keys = stack.current(&pos);
                assert_eq!(keys, PartialKeys::of(&pos), "{} after {mv}", pos.to_sfen());
            }
        }
        assert!(
            drops > 50 && captures > 50 && promotions > 20,
            "{drops} {captures} {promotions}"
        );
    }
}
