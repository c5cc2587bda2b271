//! Legal move generation, written once and generic over a [`MoveSink`]: a
//! [`MoveList`] receives every move, a [`MoveCounter`] only adds up the sizes
//! of the target sets (bulk counting for perft).
//!
//! Every rule is applied here: pins, check evasions, the king never moving
//! into check, drops with the two-pawn rule and the pawn-drop-mate rule,
//! forced promotion of pieces that could never move again, and optional
//! promotion (with the non-promotions of pawns, bishops and rooks) elsewhere.

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::{Move, MoveList};
use super::position::Position;
use super::types::{Color, PieceKind, Square};

/// Receives target sets from the generator.
pub trait MoveSink {
    /// Moves of the piece on `from` to each square of `to`.
    fn moves(&mut self, from: Square, to: Bitboard, promote: bool);
    /// Pawn pushes of `us` onto each square of `to`.
    fn pawn_pushes(&mut self, us: Color, to: Bitboard, promote: bool);
    /// Drops of `kind` onto each square of `to`.
    fn drops(&mut self, kind: PieceKind, to: Bitboard);
    /// Whether drops of `kind` are wanted at all (telling the one pawn drop
    /// that would mate, and is illegal, costs a look at the king's escapes).
    fn wants_drops(&self, _kind: PieceKind) -> bool {
        true
    }
}

/// Hands each move to a closure: a caller that keeps only some moves, or
/// scores them, without a list in between.
pub struct EachMove<F: FnMut(Move)>(pub F);

impl<F: FnMut(Move)> MoveSink for EachMove<F> {
    #[inline(always)]
    fn moves(&mut self, from: Square, to: Bitboard, promote: bool) {
        to.for_each(
            #[inline(always)]
            |sq| (self.0)(Move::normal(from, sq, promote)),
        );
    }

    #[inline(always)]
    fn pawn_pushes(&mut self, us: Color, to: Bitboard, promote: bool) {
        to.for_each(
            #[inline(always)]
            |sq| {
                let from = match us {
                    Color::Black => sq.index() + 1,
                    Color::White => sq.index() - 1,
                };
                (self.0)(Move::normal(Square::from_index(from as u8), sq, promote));
            },
        );
    }

    #[inline(always)]
    fn drops(&mut self, kind: PieceKind, to: Bitboard) {
        to.for_each(
            #[inline(always)]
            |sq| (self.0)(Move::drop(kind, sq)),
        );
    }
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn moves(&mut self, from: Square, to: Bitboard, promote: bool) {
        EachMove(|mv| self.push(mv)).moves(from, to, promote);
    }

    #[inline(always)]
    fn pawn_pushes(&mut self, us: Color, to: Bitboard, promote: bool) {
        EachMove(|mv| self.push(mv)).pawn_pushes(us, to, promote);
    }

    #[inline(always)]
    fn drops(&mut self, kind: PieceKind, to: Bitboard) {
        EachMove(|mv| self.push(mv)).drops(kind, to);
    }
}

/// Where the generator looks: every destination, or only those a caller
/// can use (the squares that give check, see [`CheckSquares`]), so that a
/// piece with none costs no more than a mask.
///
/// [`CheckSquares`]: super::checks::CheckSquares
pub(super) trait Reach {
    /// The destinations wanted of the piece of `kind` on `from` (moves
    /// outside them may be left out; the sink still sees only legal moves).
    fn squares(&self, kind: PieceKind, from: Square) -> Bitboard;
    /// The destinations wanted of pawn pushes, for pawns not in `singled`.
    #[inline(always)]
    fn push_squares(&self) -> Bitboard {
        Bitboard::ALL
    }
    /// Pieces whose moves `push_squares` does not describe: asked one by one.
    #[inline(always)]
    fn singled(&self) -> Bitboard {
        Bitboard::EMPTY
    }
    /// The squares of the knights, silvers and gold-movers that may have a
    /// wanted move (others may be skipped without asking `squares`).
    #[inline(always)]
    fn movers(&self, _kind: PieceKind) -> Bitboard {
        Bitboard::ALL
    }
    /// Which non-promotions are wanted where the piece could promote.
    #[inline(always)]
    fn non_promotions(&self) -> NonPromotions {
        NonPromotions::All
    }
}

/// Which moves that could promote but do not a generator hands out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NonPromotions {
    /// Every legal one.
    All,
    /// Not those of pawns, bishops and rooks, nor a lance's onto the
    /// second rank: promoted, each keeps every move it had (YaneuraOu's
    /// search generates no others). A search that leaves them out loses
    /// next to nothing; the rules still allow them.
    Useful,
}

/// Every destination: the whole legal move list.
pub(super) struct Everywhere;

impl Reach for Everywhere {
    #[inline(always)]
    fn squares(&self, _kind: PieceKind, _from: Square) -> Bitboard {
        Bitboard::ALL
    }
}

/// Counts moves without listing them.
#[derive(Default)]
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn moves(&mut self, _from: Square, to: Bitboard, _promote: bool) {
        self.0 += to.count() as u64;
    }

    #[inline(always)]
    fn pawn_pushes(&mut self, _us: Color, to: Bitboard, _promote: bool) {
        self.0 += to.count() as u64;
    }

    #[inline(always)]
    fn drops(&mut self, _kind: PieceKind, to: Bitboard) {
        self.0 += to.count() as u64;
    }
}

/// The promotion zone of `c`.
#[inline(always)]
pub(super) fn zone(c: Color) -> Bitboard {
    match c {
        Color::Black => Bitboard::ranks(1, 3),
        Color::White => Bitboard::ranks(7, 9),
    }
}

/// Where a pawn or lance of `c` could never move again.
#[inline(always)]
fn last_rank(c: Color) -> Bitboard {
    match c {
        Color::Black => Bitboard::ranks(1, 1),
        Color::White => Bitboard::ranks(9, 9),
    }
}

/// Where a knight of `c` could never move again.
#[inline(always)]
fn last_two_ranks(c: Color) -> Bitboard {
    match c {
        Color::Black => Bitboard::ranks(1, 2),
        Color::White => Bitboard::ranks(8, 9),
    }
}

/// Where a pawn's or a lance's non-promotion is left out under
/// [`NonPromotions::Useful`] (a bishop's and a rook's wherever they could
/// promote, which [`emit`] works out from the origin too).
#[inline(always)]
fn useless_stays(c: Color, kind: PieceKind) -> Bitboard {
    match (kind, c) {
        (PieceKind::Pawn, _) => zone(c),
        (PieceKind::Lance, Color::Black) => Bitboard::ranks(1, 2),
        (PieceKind::Lance, Color::White) => Bitboard::ranks(8, 9),
        _ => Bitboard::EMPTY,
    }
}

/// Where a piece of `kind` of `c` could never move again, so may not stand:
/// it must promote on a move there and may not be dropped there.
#[inline(always)]
pub(super) fn dead_squares(c: Color, kind: PieceKind) -> Bitboard {
    match kind {
        PieceKind::Pawn | PieceKind::Lance => last_rank(c),
        PieceKind::Knight => last_two_ranks(c),
        _ => Bitboard::EMPTY,
    }
}

/// Hands the moves of one piece to the sink, split into promotions and
/// non-promotions by the kind's rules, the non-promotions as `stays` wants.
#[inline(always)]
fn emit<S: MoveSink>(
    sink: &mut S,
    us: Color,
    kind: PieceKind,
    from: Square,
    to: Bitboard,
    stays: NonPromotions,
) {
    let zone = zone(us);
    let useful = stays == NonPromotions::Useful;
    match kind {
        PieceKind::Pawn | PieceKind::Lance | PieceKind::Knight => {
            sink.moves(from, to & zone, true);
            let mut kept = to.and_not(dead_squares(us, kind));
            if useful {
                kept = kept.and_not(useless_stays(us, kind));
            }
            sink.moves(from, kept, false);
        }
        PieceKind::Silver | PieceKind::Bishop | PieceKind::Rook => {
            let promoting = if zone.contains(from) { to } else { to & zone };
            sink.moves(from, promoting, true);
            let kept = if useful && kind != PieceKind::Silver {
                to.and_not(promoting)
            } else {
                to
            };
            sink.moves(from, kept, false);
        }
        _ => sink.moves(from, to, false),
    }
}

impl Position {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// The number of legal moves, without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter::default();
        self.generate_legal(&mut counter);
        counter.0
    }

    /// Whether the side to move has a legal move: a king step first, which
    /// settles most checks without generating the rest.
    pub fn has_legal_move(&self) -> bool {
        let us = self.side_to_move();
        if let Some(k) = self.king_square(us) {
            let without_king = self.occupied() ^ Bitboard::from_square(k);
            let steps = attacks::king(k).and_not(self.color_bb(us));
            if steps
                .into_iter()
                .any(|to| !self.is_attacked(us.flip(), to, without_king))
            {
                return true;
            }
            if self.checkers().has_more_than_one() {
                return false;
            }
        }
        self.count_legal_moves() > 0
    }

    /// Hands every legal move to `sink`.
    pub fn generate_legal<S: MoveSink>(&self, sink: &mut S) {
        self.generate_reaching(sink, &Everywhere);
    }

    /// Hands to `sink` the legal moves, of those `reach` wants (and maybe
    /// others).
    #[inline(always)]
    pub(super) fn generate_reaching<S: MoveSink, R: Reach>(&self, sink: &mut S, reach: &R) {
        let us = self.side_to_move();
        let them = us.flip();
        let own = self.color_bb(us);
        let occ = self.occupied();
        let checkers = self.checkers();
        let king = self.king_square(us);

        if let Some(k) = king {
            let without_king = occ ^ Bitboard::from_square(k);
            let mut safe = Bitboard::EMPTY;
            for to in attacks::king(k).and_not(own) & reach.squares(PieceKind::King, k) {
                if !self.is_attacked(them, to, without_king) {
                    safe |= Bitboard::from_square(to);
                }
            }
            sink.moves(k, safe, false);
            if checkers.has_more_than_one() {
                return;
            }
        }

        // Where non-king moves and drops may go: anywhere, or, in check, onto
        // the checker or between it and the king.
        let (targets, drop_targets) = match king {
            Some(k) if checkers.any() => {
                let block = attacks::between(k, checkers.lsb());
                (block | checkers, block)
            }
            _ => (!own, !occ),
        };
        let pinned = self.pinned_now(us);
        // Only consulted for pinned pieces, which exist only with a king.
        let king_sq = king.unwrap_or(Square::from_index(0));
        let pin_line = |from: Square| {
            // Most positions pin nothing: one test for all the pieces.
            if pinned.any() && pinned.contains(from) {
                attacks::line(king_sq, from)
            } else {
                Bitboard::ALL
            }
        };

        let stays = reach.non_promotions();
        let pawns = self.pieces(us, PieceKind::Pawn);
        let singled = pawns & (pinned | reach.singled());
        let pushes = pawns.and_not(singled).forward(us) & targets & reach.push_squares();
        sink.pawn_pushes(us, pushes & zone(us), true);
        let mut pawn_stays = pushes.and_not(dead_squares(us, PieceKind::Pawn));
        if stays == NonPromotions::Useful {
            pawn_stays = pawn_stays.and_not(useless_stays(us, PieceKind::Pawn));
        }
        sink.pawn_pushes(us, pawn_stays, false);
        // What a piece of `kind` on `from` may do: legal and wanted.
        let allowed = |kind, from| targets & pin_line(from) & reach.squares(kind, from);
        for from in singled {
            let to = attacks::pawn(us, from) & allowed(PieceKind::Pawn, from);
            emit(sink, us, PieceKind::Pawn, from, to, stays);
        }
        // A slider whose lines miss every wanted square, even on an empty
        // board, is passed over before its attacks are worked out.
        let reaches = |kind, from, lines: Bitboard| (lines & reach.squares(kind, from)).any();
        for from in self.pieces(us, PieceKind::Lance) {
            if !reaches(PieceKind::Lance, from, attacks::lance_pseudo(us, from)) {
                continue;
            }
            let to = attacks::lance(us, from, occ) & allowed(PieceKind::Lance, from);
            emit(sink, us, PieceKind::Lance, from, to, stays);
        }
        // A pinned knight can never stay on its pin line.
        for from in
            self.pieces(us, PieceKind::Knight).and_not(pinned) & reach.movers(PieceKind::Knight)
        {
            emit(
                sink,
                us,
                PieceKind::Knight,
                from,
                attacks::knight(us, from) & allowed(PieceKind::Knight, from),
                stays,
            );
        }
        for from in self.pieces(us, PieceKind::Silver) & reach.movers(PieceKind::Silver) {
            let to = attacks::silver(us, from) & allowed(PieceKind::Silver, from);
            emit(sink, us, PieceKind::Silver, from, to, stays);
        }
        for from in self.golds(us) & reach.movers(PieceKind::Gold) {
            let to = attacks::gold(us, from) & allowed(PieceKind::Gold, from);
            sink.moves(from, to, false);
        }
        for from in self.pieces(us, PieceKind::Bishop) {
            if !reaches(PieceKind::Bishop, from, attacks::bishop_pseudo(from)) {
                continue;
            }
            let to = attacks::bishop(from, occ) & allowed(PieceKind::Bishop, from);
            emit(sink, us, PieceKind::Bishop, from, to, stays);
        }
        for from in self.pieces(us, PieceKind::Rook) {
            if !reaches(PieceKind::Rook, from, attacks::rook_pseudo(from)) {
                continue;
            }
            let to = attacks::rook(from, occ) & allowed(PieceKind::Rook, from);
            emit(sink, us, PieceKind::Rook, from, to, stays);
        }
        for from in self.pieces(us, PieceKind::Horse) {
            let steps = attacks::king(from);
            if !reaches(PieceKind::Horse, from, attacks::bishop_pseudo(from) | steps) {
                continue;
            }
            let to = (attacks::bishop(from, occ) | steps) & allowed(PieceKind::Horse, from);
            sink.moves(from, to, false);
        }
        for from in self.pieces(us, PieceKind::Dragon) {
            let steps = attacks::king(from);
            if !reaches(PieceKind::Dragon, from, attacks::rook_pseudo(from) | steps) {
                continue;
            }
            let to = (attacks::rook(from, occ) | steps) & allowed(PieceKind::Dragon, from);
            sink.moves(from, to, false);
        }

        if drop_targets.any() && !self.hand(us).is_empty() {
            self.generate_drops(sink, us, drop_targets);
        }
    }

    fn generate_drops<S: MoveSink>(&self, sink: &mut S, us: Color, targets: Bitboard) {
        let hand = self.hand(us);
        if hand.count(PieceKind::Pawn) > 0 && sink.wants_drops(PieceKind::Pawn) {
            let mut to = targets
                .and_not(dead_squares(us, PieceKind::Pawn))
                .and_not(self.pieces(us, PieceKind::Pawn).file_fill());
            if let Some(ek) = self.king_square(us.flip()) {
                let check = attacks::pawn(us.flip(), ek) & to;
                if check.any() && self.is_pawn_drop_mate(us, check.lsb()) {
                    to ^= check;
                }
            }
            sink.drops(PieceKind::Pawn, to);
        }
        for kind in [
            PieceKind::Lance,
            PieceKind::Knight,
            PieceKind::Silver,
            PieceKind::Gold,
            PieceKind::Bishop,
            PieceKind::Rook,
        ] {
            if hand.count(kind) > 0 && sink.wants_drops(kind) {
                sink.drops(kind, targets.and_not(dead_squares(us, kind)));
            }
        }
    }
}
