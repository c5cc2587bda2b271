//! The shogi position: board, bitboards, hands, incremental hash, make and
//! unmake, check and pin detection.

use super::attacks;
use super::bitboard::Bitboard;
use super::blocker_cache::BlockerCache;
use super::hand::Hand;
use super::moves::Move;
use super::types::{Color, Piece, PieceKind, Square};
use super::zobrist;

/// What [`Position::unmake_move`] needs to restore.
#[derive(Clone, Copy, Debug)]
struct Undo {
    captured: Piece,
    hash: u64,
    checkers: Bitboard,
}

#[derive(Clone, Debug)]
pub struct Position {
    board: [Piece; 81],
    by_color: [Bitboard; 2],
    /// Indexed by [`PieceKind`]; slot 0 unused.
    by_kind: [Bitboard; 15],
    /// Every piece that moves like a gold, both colors.
    golds: Bitboard,
    hands: [Hand; 2],
    side: Color,
    /// The SFEN move number.
    ply: u32,
    kings: [Option<Square>; 2],
    hash: u64,
    /// Pieces giving check to the side to move.
    checkers: Bitboard,
    /// [`Position::line_blockers`] of each color at this occupancy, worked
    /// out when first asked.
    blockers: BlockerCache,
    history: Vec<Undo>,
}

impl Position {
    /// An empty board with empty hands; the caller fills it and then calls
    /// [`Position::finish_setup`].
    pub(super) fn empty(side: Color, ply: u32) -> Position {
        Position {
            board: [Piece::EMPTY; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 15],
            golds: Bitboard::EMPTY,
            hands: [Hand::default(); 2],
            side,
            ply,
            kings: [None; 2],
            hash: 0,
            checkers: Bitboard::EMPTY,
            blockers: BlockerCache::default(),
            history: Vec::with_capacity(256),
        }
    }

    /// Places a piece during setup (no legality checks, no hash).
    pub(super) fn setup_put(&mut self, piece: Piece, sq: Square) {
        if piece.kind() == PieceKind::King {
            self.kings[piece.color().index()] = Some(sq);
        }
        self.put(piece, sq);
    }

    pub(super) fn setup_hand(&mut self, color: Color, kind: PieceKind, count: u8) {
        self.hands[color.index()].set(kind, count);
    }

    /// Computes the hash and checkers from scratch after setup.
    pub(super) fn finish_setup(&mut self) {
        self.hash = self.compute_hash();
        self.checkers = self.compute_checkers();
        self.blockers.clear();
    }

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The SFEN move number.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Piece {
        self.board[sq.index()]
    }

    #[inline(always)]
    pub fn hand(&self, c: Color) -> Hand {
        self.hands[c.index()]
    }

    #[inline(always)]
    pub fn color_bb(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }

    /// Pieces of one kind, both colors.
    #[inline(always)]
    pub fn kind_bb(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    #[inline(always)]
    pub fn pieces(&self, c: Color, kind: PieceKind) -> Bitboard {
        self.by_color[c.index()] & self.by_kind[kind.index()]
    }

    /// Pieces of `c` that move like a gold.
    #[inline(always)]
    pub fn golds(&self, c: Color) -> Bitboard {
        self.by_color[c.index()] & self.golds
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline(always)]
    pub fn king_square(&self, c: Color) -> Option<Square> {
        self.kings[c.index()]
    }

    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    #[inline(always)]
    fn put(&mut self, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.board[sq.index()] = piece;
        self.by_color[piece.color().index()] |= bb;
        self.by_kind[piece.kind().index()] |= bb;
        if piece.kind().moves_like_gold() {
            self.golds |= bb;
        }
    }

    #[inline(always)]
    fn remove(&mut self, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.board[sq.index()] = Piece::EMPTY;
        self.by_color[piece.color().index()] ^= bb;
        self.by_kind[piece.kind().index()] ^= bb;
        if piece.kind().moves_like_gold() {
            self.golds ^= bb;
        }
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.occupied() {
            h ^= zobrist::board(self.piece_at(sq), sq);
        }
        for c in Color::BOTH {
            for kind in PieceKind::HAND_SFEN_ORDER {
                h ^= zobrist::hand(c, kind, self.hand(c).count(kind));
            }
        }
        if self.side == Color::White {
            h ^= zobrist::side();
        }
        h
    }

    fn compute_checkers(&self) -> Bitboard {
        match self.king_square(self.side) {
            Some(k) => self.attackers_to(self.side.flip(), k, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// The key of the position after `mv`, without making it (for
    /// prefetching the transposition table slot it will read).
    #[inline(always)]
    pub fn key_after(&self, mv: Move) -> u64 {
        let us = self.side;
        let to = mv.to();
        let mut hash = self.hash ^ zobrist::side();
        if mv.is_drop() {
            let kind = mv.drop_kind();
            let n = self.hands[us.index()].count(kind);
            hash ^= zobrist::hand(us, kind, n)
                ^ zobrist::hand(us, kind, n - 1)
                ^ zobrist::board(Piece::new(us, kind), to);
        } else {
            let from = mv.from();
            let piece = self.board[from.index()];
            let captured = self.board[to.index()];
            if !captured.is_empty() {
                let kind = captured.kind().unpromoted();
                let n = self.hands[us.index()].count(kind);
                hash ^= zobrist::board(captured, to)
                    ^ zobrist::hand(us, kind, n)
                    ^ zobrist::hand(us, kind, n + 1);
            }
            hash ^= zobrist::board(piece, from) ^ zobrist::board(moved_piece(piece, mv), to);
        }
        hash
    }

    /// Plays a legal move.
    pub fn make_move(&mut self, mv: Move) {
        self.make_move_keyed(mv, true, self.key_after(mv));
    }

    /// [`Position::make_move`] for a caller that knows whether `mv` gives
    /// check (a search, from [`super::CheckSquares`]: the checkers are
    /// looked for only if it does; `true` when not known) and the key after
    /// it ([`Position::key_after`], at hand from prefetching its table
    /// slot).
    pub fn make_move_keyed(&mut self, mv: Move, gives_check: bool, key: u64) {
        debug_assert_eq!(key, self.key_after(mv), "{mv}");
        let us = self.side;
        let mut undo = Undo {
            captured: Piece::EMPTY,
            hash: self.hash,
            checkers: self.checkers,
        };
        let to = mv.to();
        if mv.is_drop() {
            let kind = mv.drop_kind();
            self.hands[us.index()].remove(kind);
            self.put(Piece::new(us, kind), to);
        } else {
            let from = mv.from();
            let piece = self.board[from.index()];
            let captured = self.board[to.index()];
            if !captured.is_empty() {
                self.hands[us.index()].add(captured.kind().unpromoted());
                self.remove(captured, to);
                undo.captured = captured;
            }
            self.remove(piece, from);
            let moved = moved_piece(piece, mv);
            self.put(moved, to);
            if moved.kind() == PieceKind::King {
                self.kings[us.index()] = Some(to);
            }
        }
        self.history.push(undo);
        self.blockers.clear();
        self.hash = key;
        self.side = us.flip();
        self.ply += 1;
        self.checkers = if gives_check {
            self.compute_checkers()
        } else {
            Bitboard::EMPTY
        };
        debug_assert_eq!(self.checkers, self.compute_checkers(), "{mv} gives check");
    }

    /// Passes the turn (a null move, for null-move pruning); the side to
    /// move must not be in check.
    pub fn make_null_move(&mut self) {
        debug_assert!(!self.in_check());
        self.history.push(Undo {
            captured: Piece::EMPTY,
            hash: self.hash,
            checkers: self.checkers,
        });
        self.hash ^= zobrist::side();
        self.side = self.side.flip();
        self.ply += 1;
        // The board is unchanged: the blockers stay as they are.
        // The mover was not giving check, or the position was illegal.
        self.checkers = Bitboard::EMPTY;
    }

    /// Takes back the last null move.
    pub fn unmake_null_move(&mut self) {
        let undo = self
            .history
            .pop()
            .expect("unmake_null_move without make_null_move");
        self.side = self.side.flip();
        self.ply -= 1;
        self.hash = undo.hash;
        self.checkers = undo.checkers;
    }

    /// Takes back `mv`, which must be the last move made.
    pub fn unmake_move(&mut self, mv: Move) {
        let undo = self.history.pop().expect("unmake_move without make_move");
        self.blockers.clear();
        let us = self.side.flip();
        self.side = us;
        self.ply -= 1;
        self.hash = undo.hash;
        self.checkers = undo.checkers;
        let to = mv.to();
        if mv.is_drop() {
            let kind = mv.drop_kind();
            self.remove(Piece::new(us, kind), to);
            self.hands[us.index()].add(kind);
        } else {
            let from = mv.from();
            let moved = self.board[to.index()];
            self.remove(moved, to);
            let piece = if mv.is_promotion() {
                Piece::new(us, moved.kind().unpromoted())
            } else {
                moved
            };
            self.put(piece, from);
            if piece.kind() == PieceKind::King {
                self.kings[us.index()] = Some(from);
            }
            if !undo.captured.is_empty() {
                self.put(undo.captured, to);
                self.hands[us.index()].remove(undo.captured.kind().unpromoted());
            }
        }
    }

    /// Pieces of either color standing where a stepping piece of `by` would
    /// attack `sq` from: the step-attackers of `sq` once masked by color.
    #[inline(always)]
    fn step_attackers(&self, by: Color, sq: Square) -> Bitboard {
        let opp = by.flip();
        let k = &self.by_kind;
        (attacks::pawn(opp, sq) & k[PieceKind::Pawn as usize])
            | (attacks::knight(opp, sq) & k[PieceKind::Knight as usize])
            | (attacks::silver(opp, sq) & k[PieceKind::Silver as usize])
            | (attacks::gold(opp, sq) & self.golds)
            | (attacks::king(sq)
                & (k[PieceKind::King as usize]
                    | k[PieceKind::Horse as usize]
                    | k[PieceKind::Dragon as usize]))
    }

    /// Pieces of `by` that attack `sq`, with `occ` as the occupancy.
    pub fn attackers_to(&self, by: Color, sq: Square, occ: Bitboard) -> Bitboard {
        let k = &self.by_kind;
        let theirs = self.by_color[by.index()];
        let mut found = self.step_attackers(by, sq) & theirs;
        // A slider's rays only towards the sliders on their lines (mostly
        // none).
        let lances = attacks::lance_pseudo(by.flip(), sq) & k[PieceKind::Lance as usize] & theirs;
        if lances.any() {
            found |= attacks::lance(by.flip(), sq, occ) & lances;
        }
        let rooks = (k[PieceKind::Rook as usize] | k[PieceKind::Dragon as usize]) & theirs;
        let rooks = attacks::rook_pseudo(sq) & rooks;
        if rooks.any() {
            found |= attacks::rook_toward(sq, occ, rooks);
        }
        let bishops = (k[PieceKind::Bishop as usize] | k[PieceKind::Horse as usize]) & theirs;
        let bishops = attacks::bishop_pseudo(sq) & bishops;
        if bishops.any() {
            found |= attacks::bishop_toward(sq, occ, bishops);
        }
        found
    }

    /// Whether any piece of `by` attacks `sq`, with `occ` as the occupancy.
    /// Cheap tests first; a slider's rays only when one stands on its lines.
    pub fn is_attacked(&self, by: Color, sq: Square, occ: Bitboard) -> bool {
        let opp = by.flip();
        let k = &self.by_kind;
        let theirs = self.by_color[by.index()];
        if (self.step_attackers(by, sq) & theirs).any() {
            return true;
        }
        let rooks = (k[PieceKind::Rook as usize] | k[PieceKind::Dragon as usize]) & theirs;
        let rooks = attacks::rook_pseudo(sq) & rooks;
        if rooks.any() && attacks::rook_toward(sq, occ, rooks).any() {
            return true;
        }
        let bishops = (k[PieceKind::Bishop as usize] | k[PieceKind::Horse as usize]) & theirs;
        let bishops = attacks::bishop_pseudo(sq) & bishops;
        if bishops.any() && attacks::bishop_toward(sq, occ, bishops).any() {
            return true;
        }
        let lances = k[PieceKind::Lance as usize] & theirs;
        (attacks::lance_pseudo(opp, sq) & lances).any()
            && (attacks::lance(opp, sq, occ) & lances).any()
    }

    /// Pieces of `c` pinned to `c`'s king by an enemy slider, with `occ` as
    /// the occupancy.
    pub fn pinned(&self, c: Color, occ: Bitboard) -> Bitboard {
        self.line_blockers(c, occ) & self.by_color[c.index()]
    }

    /// [`Position::line_blockers`] at the present occupancy, remembered
    /// until the board changes.
    #[inline]
    pub(super) fn blockers(&self, c: Color) -> Bitboard {
        if let Some(b) = self.blockers.get(c) {
            return b;
        }
        let b = self.line_blockers(c, self.occupied());
        self.blockers.set(c, b);
        b
    }

    /// [`Position::pinned`] at the present occupancy.
    #[inline]
    pub(super) fn pinned_now(&self, c: Color) -> Bitboard {
        self.blockers(c) & self.by_color[c.index()]
    }

    /// Pieces of either color that alone stand between `c`'s king and an
    /// enemy slider aimed at it: `c`'s are pinned, the enemy's uncover a
    /// check when they step off the line.
    pub fn line_blockers(&self, c: Color, occ: Bitboard) -> Bitboard {
        let Some(k) = self.king_square(c) else {
            return Bitboard::EMPTY;
        };
        let kinds = &self.by_kind;
        let snipers = ((attacks::rook_pseudo(k)
            & (kinds[PieceKind::Rook as usize] | kinds[PieceKind::Dragon as usize]))
            | (attacks::bishop_pseudo(k)
                & (kinds[PieceKind::Bishop as usize] | kinds[PieceKind::Horse as usize]))
            | (attacks::lance_pseudo(c, k) & kinds[PieceKind::Lance as usize]))
            & self.by_color[c.flip().index()];
        let mut single = Bitboard::EMPTY;
        for s in snipers {
            let blockers = attacks::between(k, s) & occ;
            if blockers.any() && !blockers.has_more_than_one() {
                single |= blockers;
            }
        }
        single
    }

    /// Whether dropping a pawn of `us` on `sq`, which checks the enemy king,
    /// would mate it (uchifuzume, an illegal move).
    pub(super) fn is_pawn_drop_mate(&self, us: Color, sq: Square) -> bool {
        let them = us.flip();
        let Some(ek) = self.king_square(them) else {
            return false;
        };
        let occ = self.occupied() | Bitboard::from_square(sq);
        let capturers = self
            .attackers_to(them, sq, occ)
            .and_not(Bitboard::from_square(ek));
        if capturers.any() {
            let pinned = self.pinned(them, occ);
            if capturers
                .into_iter()
                .any(|c| !pinned.contains(c) || attacks::line(ek, c).contains(sq))
            {
                return false;
            }
        }
        let without_king = occ ^ Bitboard::from_square(ek);
        !attacks::king(ek)
            .and_not(self.color_bb(them))
            .into_iter()
            .any(|to| !self.is_attacked(us, to, without_king))
    }
}

/// The piece that lands on a board move's destination.
#[inline]
fn moved_piece(piece: Piece, mv: Move) -> Piece {
    if mv.is_promotion() {
        Piece::new(piece.color(), piece.kind().promoted())
    } else {
        piece
    }
}
