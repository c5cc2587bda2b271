//! Legal moves by class: the tactical ones (captures and promotions, what a
//! quiescence search tries and a staged move picker tries first) and the
//! quiet rest. Each class is generated alone, and the generator looks only
//! where its moves can go: the king's steps onto empty squares, say, are
//! never tested for safety when only captures are wanted.

use super::attacks;
use super::bitboard::Bitboard;
use super::movegen::{MoveSink, NonPromotions, Reach};
use super::moves::Move;
use super::position::Position;
use super::types::{Color, PieceKind, Square};

/// Keeps the captures and promotions.
struct Tactical<'a, S> {
    inner: &'a mut S,
    enemies: Bitboard,
}

impl<S: MoveSink> MoveSink for Tactical<'_, S> {
    #[inline(always)]
    fn moves(&mut self, from: Square, to: Bitboard, promote: bool) {
        let to = if promote { to } else { to & self.enemies };
        self.inner.moves(from, to, promote);
    }

    #[inline(always)]
    fn pawn_pushes(&mut self, us: Color, to: Bitboard, promote: bool) {
        let to = if promote { to } else { to & self.enemies };
        self.inner.pawn_pushes(us, to, promote);
    }

    #[inline(always)]
    fn drops(&mut self, _kind: PieceKind, _to: Bitboard) {}

    #[inline(always)]
    fn wants_drops(&self, _kind: PieceKind) -> bool {
        false
    }
}

/// Where captures and promotions of `us` go: onto the enemy pieces given,
/// or anywhere for a piece that may promote.
struct TacticalReach {
    us: Color,
    enemies: Bitboard,
    stays: NonPromotions,
}

impl Reach for TacticalReach {
    #[inline(always)]
    fn non_promotions(&self) -> NonPromotions {
        self.stays
    }

    #[inline(always)]
    fn squares(&self, kind: PieceKind, _from: Square) -> Bitboard {
        if kind.is_promotable() {
            Bitboard::ALL
        } else {
            self.enemies
        }
    }

    /// The step pieces that attack an enemy piece, and the silvers and
    /// knights near enough to the promotion zone to enter it: most of a
    /// side's step pieces capture nothing, and are passed over for one
    /// set of shifts a kind.
    #[inline(always)]
    fn movers(&self, kind: PieceKind) -> Bitboard {
        let near_zone = match (kind, self.us) {
            (PieceKind::Silver, Color::Black) => Bitboard::ranks(1, 4),
            (PieceKind::Silver, Color::White) => Bitboard::ranks(6, 9),
            (PieceKind::Knight, Color::Black) => Bitboard::ranks(1, 5),
            (PieceKind::Knight, Color::White) => Bitboard::ranks(5, 9),
            _ => Bitboard::EMPTY,
        };
        attacks::step_sources(self.us, kind, self.enemies) | near_zone
    }
}

/// Keeps the rest: moves that neither capture nor promote, and drops.
struct Quiet<'a, S> {
    inner: &'a mut S,
    enemies: Bitboard,
}

impl<S: MoveSink> MoveSink for Quiet<'_, S> {
    #[inline(always)]
    fn moves(&mut self, from: Square, to: Bitboard, promote: bool) {
        if !promote {
            self.inner.moves(from, to.and_not(self.enemies), false);
        }
    }

    #[inline(always)]
    fn pawn_pushes(&mut self, us: Color, to: Bitboard, promote: bool) {
        if !promote {
            self.inner.pawn_pushes(us, to.and_not(self.enemies), false);
        }
    }

    #[inline(always)]
    fn drops(&mut self, kind: PieceKind, to: Bitboard) {
        self.inner.drops(kind, to);
    }
}

/// Quiet moves go anywhere but onto the enemy pieces given.
struct QuietReach {
    enemies: Bitboard,
    stays: NonPromotions,
}

impl Reach for QuietReach {
    #[inline(always)]
    fn squares(&self, _kind: PieceKind, _from: Square) -> Bitboard {
        !self.enemies
    }

    #[inline(always)]
    fn push_squares(&self) -> Bitboard {
        !self.enemies
    }

    #[inline(always)]
    fn non_promotions(&self) -> NonPromotions {
        self.stays
    }
}

impl Position {
    /// Whether a legal move changes material: a capture or a promotion.
    #[inline]
    pub fn is_tactical(&self, mv: Move) -> bool {
        mv.is_promotion() || self.is_capture(mv)
    }

    /// Whether a legal move takes a piece.
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        !mv.is_drop() && !self.piece_at(mv.to()).is_empty()
    }

    /// [`Position::generate_reaching`] with the reach `reach` makes for
    /// `stays`, chosen once so that each choice is compiled apart (a test
    /// at every piece cost the search 0.7 %).
    #[inline(always)]
    fn generate_choosing<S: MoveSink, R: Reach>(
        &self,
        sink: &mut S,
        stays: NonPromotions,
        reach: impl Fn(NonPromotions) -> R,
    ) {
        match stays {
            NonPromotions::All => self.generate_reaching(sink, &reach(NonPromotions::All)),
            NonPromotions::Useful => self.generate_reaching(sink, &reach(NonPromotions::Useful)),
        }
    }

    /// The legal captures and promotions, into `sink`; the captures that
    /// could promote but do not as `stays` says.
    pub fn tactical_moves<S: MoveSink>(&self, sink: &mut S, stays: NonPromotions) {
        let us = self.side_to_move();
        let enemies = self.color_bb(us.flip());
        let mut tactical = Tactical {
            inner: sink,
            enemies,
        };
        self.generate_choosing(&mut tactical, stays, |stays| TacticalReach {
            us,
            enemies,
            stays,
        });
    }

    /// The legal moves that neither capture nor promote, drops included,
    /// into `sink`; those that could promote as `stays` says.
    pub fn quiet_moves<S: MoveSink>(&self, sink: &mut S, stays: NonPromotions) {
        let enemies = self.color_bb(self.side_to_move().flip());
        let mut quiet = Quiet {
            inner: sink,
            enemies,
        };
        self.generate_choosing(&mut quiet, stays, |stays| QuietReach { enemies, stays });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Bitboard, MoveList};

    /// The two classes split the legal moves, and the tactical ones are
    /// those [`Position::is_tactical`] names.
    #[test]
    fn tactical_and_quiet_moves_split_the_legal_moves() {
        let (mut tactical_seen, mut in_check) = (0, 0);
        for pos in crate::board::mate::tests::random_positions(200) {
            let (mut tactical, mut quiet) = (MoveList::new(), MoveList::new());
            pos.tactical_moves(&mut tactical, NonPromotions::All);
            pos.quiet_moves(&mut quiet, NonPromotions::All);
            let mut split: Vec<Move> = tactical.iter().chain(quiet.iter()).copied().collect();
            let mut legal = pos.legal_moves().as_slice().to_vec();
            split.sort();
            legal.sort();
            assert_eq!(split, legal, "{}", pos.to_sfen());
            assert!(tactical.iter().all(|&m| pos.is_tactical(m)));
            assert!(quiet.iter().all(|&m| !pos.is_tactical(m)));
            tactical_seen += tactical.len();
            in_check += usize::from(pos.in_check());
        }
        assert!(
            tactical_seen > 1000 && in_check > 20,
            "{tactical_seen} {in_check}"
        );
    }

    /// With only the useful non-promotions, the classes split the legal
    /// moves but those a promotion on the same squares dominates: a pawn's,
    /// a bishop's or a rook's, or a lance's onto the second rank.
    #[test]
    fn useful_non_promotions_leave_out_only_the_dominated_ones() {
        let mut left_out = 0;
        for pos in crate::board::mate::tests::random_positions(200) {
            let us = pos.side_to_move();
            let (mut tactical, mut quiet) = (MoveList::new(), MoveList::new());
            pos.tactical_moves(&mut tactical, NonPromotions::Useful);
            pos.quiet_moves(&mut quiet, NonPromotions::Useful);
            let mut split: Vec<Move> = tactical.iter().chain(quiet.iter()).copied().collect();
            let legal = pos.legal_moves();
            let dominated = |mv: Move| {
                if mv.is_drop() || mv.is_promotion() {
                    return false;
                }
                let promoted = Move::normal(mv.from(), mv.to(), true);
                let second_rank = match us {
                    Color::Black => Bitboard::ranks(2, 2),
                    Color::White => Bitboard::ranks(8, 8),
                };
                legal.contains(&promoted)
                    && match pos.piece_at(mv.from()).kind() {
                        PieceKind::Pawn | PieceKind::Bishop | PieceKind::Rook => true,
                        PieceKind::Lance => second_rank.contains(mv.to()),
                        _ => false,
                    }
            };
            let mut kept: Vec<Move> = legal.iter().copied().filter(|&m| !dominated(m)).collect();
            left_out += legal.len() - kept.len();
            split.sort();
            kept.sort();
            assert_eq!(split, kept, "{}", pos.to_sfen());
        }
        assert!(left_out > 100, "{left_out}");
    }
}
