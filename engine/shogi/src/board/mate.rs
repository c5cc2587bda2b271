//! Checks and mate in one: every legal check, for the mate search; and a
//! mate-in-one test cheap enough to ask at most nodes of a search, which
//! tries only the close checks (next to the king or a knight's jump away)
//! and plays only those that may leave the king no reply.

use super::attacks;
use super::bitboard::Bitboard;
use super::checks::{CheckSquares, KNIGHT_ZONE, STEP_ZONE};
use super::movegen::{dead_squares, zone, MoveSink};
use super::moves::{Move, MoveList};
use super::position::Position;
use super::types::{Color, PieceKind, Square};

/// Collects the legal moves that give check.
struct Checks<'a> {
    pos: &'a Position,
    squares: &'a CheckSquares,
    list: &'a mut MoveList,
}

impl MoveSink for Checks<'_> {
    #[inline(always)]
    fn moves(&mut self, from: Square, to: Bitboard, promote: bool) {
        let kind = self.pos.piece_at(from).kind();
        let kind = if promote { kind.promoted() } else { kind };
        for sq in self.squares.targets(kind, from, to) {
            self.list.push(Move::normal(from, sq, promote));
        }
    }

    #[inline(always)]
    fn pawn_pushes(&mut self, us: Color, to: Bitboard, promote: bool) {
        let kind = if promote {
            PieceKind::ProPawn
        } else {
            PieceKind::Pawn
        };
        for sq in to {
            let from = match us {
                Color::Black => sq.index() + 1,
                Color::White => sq.index() - 1,
            };
            let from = Square::from_index(from as u8);
            if self
                .squares
                .targets(kind, from, Bitboard::from_square(sq))
                .any()
            {
                self.list.push(Move::normal(from, sq, promote));
            }
        }
    }

    #[inline(always)]
    fn drops(&mut self, kind: PieceKind, to: Bitboard) {
        for sq in self.squares.drop_targets(kind, to) {
            self.list.push(Move::drop(kind, sq));
        }
    }
}

impl Position {
    /// Every legal move that gives check (none when the opponent has no
    /// king).
    pub fn legal_checks(&self) -> MoveList {
        let mut list = MoveList::new();
        if let Some(squares) = CheckSquares::new(self) {
            let mut checks = Checks {
                pos: self,
                squares: &squares,
                list: &mut list,
            };
            self.generate_reaching(&mut checks, &squares);
        }
        list
    }

    /// A move that mates at once by a close check, if the side to move (not
    /// in check) has one. The position is as it was on return.
    pub fn mate_in_one(&mut self) -> Option<Move> {
        let squares = CheckSquares::new(self)?;
        self.mate_in_one_by(&squares)
    }

    /// [`Position::mate_in_one`] given this position's checks.
    ///
    /// Only close checks are tried: from a square next to the king, or a
    /// knight's jump away. A check from afar leaves the king the squares
    /// next to it that the checker does not reach and a square to block on,
    /// so it seldom mates (none did in the bench's searches), and finding
    /// those few meant generating every check, most of the test's cost; the
    /// search finds them a ply later. Next to the king, a checking piece
    /// must stand where we attack, or the king takes it.
    pub fn mate_in_one_by(&mut self, squares: &CheckSquares) -> Option<Move> {
        let us = self.side_to_move();
        let them = us.flip();
        let king = squares.king();
        let own = self.color_bb(us);
        let occ = self.occupied();
        let hand = self.hand(us);
        let guards = Guards::of(self, king);
        for to in (attacks::king(king) & guards.once).and_not(own) {
            let target = Bitboard::from_square(to);
            if !occ.contains(to) {
                // A pawn drop never mates legally; a knight's is never close.
                for kind in [
                    PieceKind::Rook,
                    PieceKind::Bishop,
                    PieceKind::Gold,
                    PieceKind::Silver,
                    PieceKind::Lance,
                ] {
                    let reaches = squares
                        .drop_targets(kind, target)
                        .and_not(dead_squares(us, kind));
                    if hand.count(kind) > 0 && reaches.any() {
                        let mv = Move::drop(kind, to);
                        if self.mates(mv, &guards) {
                            return Some(mv);
                        }
                    }
                }
            }
            // Our king never checks.
            let movers = self
                .attackers_to(us, to, occ)
                .and_not(self.pieces(us, PieceKind::King));
            for from in movers {
                if !guards.twice.contains(to) && !self.guarded_through(to, from, occ) {
                    continue;
                }
                let kind = self.piece_at(from).kind();
                let promotes =
                    kind.is_promotable() && (zone(us).contains(from) || zone(us).contains(to));
                let stays = !dead_squares(us, kind).contains(to);
                for (promote, allowed) in [(true, promotes), (false, stays)] {
                    let moved = if promote { kind.promoted() } else { kind };
                    if allowed && squares.targets(moved, from, target).any() {
                        let mv = Move::normal(from, to, promote);
                        if self.keeps_king_covered(from, to) && self.mates(mv, &guards) {
                            return Some(mv);
                        }
                    }
                }
            }
        }
        let jumps = squares.drop_targets(PieceKind::Knight, Bitboard::ALL);
        for to in jumps.and_not(own | dead_squares(us, PieceKind::Knight)) {
            if !occ.contains(to) && hand.count(PieceKind::Knight) > 0 {
                let mv = Move::drop(PieceKind::Knight, to);
                if self.mates(mv, &guards) {
                    return Some(mv);
                }
            }
            // Promoted, it steps as a gold and does not check from here.
            for from in self.pieces(us, PieceKind::Knight) & attacks::knight(them, to) {
                let mv = Move::normal(from, to, false);
                if self.keeps_king_covered(from, to) && self.mates(mv, &guards) {
                    return Some(mv);
                }
            }
        }
        None
    }

    /// Whether a slider of the side to move attacks `to` through `from`,
    /// the square of the piece about to move there.
    fn guarded_through(&self, to: Square, from: Square, occ: Bitboard) -> bool {
        let moving = Bitboard::from_square(from);
        self.attackers_to(self.side_to_move(), to, occ ^ moving)
            .and_not(moving)
            .any()
    }

    /// Whether a piece of the side to move (not in check) may go from
    /// `from` to `to` without uncovering its own king.
    fn keeps_king_covered(&self, from: Square, to: Square) -> bool {
        let us = self.side_to_move();
        match self.king_square(us) {
            Some(k) => !self.pinned_now(us).contains(from) || attacks::line(k, from).contains(to),
            None => true,
        }
    }

    /// Whether the check `mv` (legal) mates: answered first without making
    /// it where it can be.
    fn mates(&mut self, mv: Move, guards: &Guards) -> bool {
        if self.surely_escapes(mv, guards) {
            return false;
        }
        self.make_move(mv);
        let mated = !self.has_legal_move();
        self.unmake_move(mv);
        mated
    }

    /// Whether after the check `mv` the king surely has a square to step
    /// to, decided without making the move (most checks are answered so;
    /// making each was most of the test's cost). Never true of a mate.
    fn surely_escapes(&self, mv: Move, guards: &Guards) -> bool {
        let us = self.side_to_move();
        let king = guards.king;
        let to = mv.to();
        let (kind, occ) = if mv.is_drop() {
            (mv.drop_kind(), self.occupied() | Bitboard::from_square(to))
        } else {
            let from = mv.from();
            let kind = self.piece_at(from).kind();
            let kind = if mv.is_promotion() {
                kind.promoted()
            } else {
                kind
            };
            (
                kind,
                (self.occupied() ^ Bitboard::from_square(from)) | Bitboard::from_square(to),
            )
        };
        let without_king = occ ^ Bitboard::from_square(king);
        let covered = attacks::piece(us, kind, to, without_king) | Bitboard::from_square(to);
        let free = attacks::king(king).and_not(self.color_bb(us.flip()));
        let candidates = free.and_not(covered | guards.once);
        if mv.is_drop() {
            // A dropped piece only blocks lines: a square free now stays so.
            return candidates.any();
        }
        // A board move may open a line through its origin: asked after the
        // move, counting the moved piece at its origin too (only ever more
        // attacks).
        candidates
            .into_iter()
            .any(|sq| !self.is_attacked(us, sq, without_king))
    }
}

/// The squares next to the enemy king that the side to move attacks, once
/// and more than once: where a checking piece may stand guarded, and where
/// the king may not step now. Found from the few pieces near enough.
struct Guards {
    king: Square,
    once: Bitboard,
    twice: Bitboard,
}

impl Guards {
    fn of(pos: &Position, king: Square) -> Guards {
        let us = pos.side_to_move();
        let near = attacks::king(king);
        let occ = pos.occupied();
        let mut guards = Guards {
            king,
            once: Bitboard::EMPTY,
            twice: Bitboard::EMPTY,
        };
        // Each pawn attacks one square, none another's.
        guards.add(pos.pieces(us, PieceKind::Pawn).forward(us) & near);
        for from in pos.pieces(us, PieceKind::Knight) & KNIGHT_ZONE[king.index()] {
            guards.add(attacks::knight(us, from) & near);
        }
        let steppers = STEP_ZONE[king.index()];
        for from in pos.pieces(us, PieceKind::Silver) & steppers {
            guards.add(attacks::silver(us, from) & near);
        }
        for from in pos.golds(us) & steppers {
            guards.add(attacks::gold(us, from) & near);
        }
        for from in pos.pieces(us, PieceKind::King) & steppers {
            guards.add(attacks::king(from) & near);
        }
        let none = |_| Bitboard::EMPTY;
        let lance = |from| attacks::lance(us, from, occ);
        let rook = |from| attacks::rook(from, occ);
        let bishop = |from| attacks::bishop(from, occ);
        let lance_lines = |from| attacks::lance_pseudo(us, from);
        let lances = pos.pieces(us, PieceKind::Lance);
        guards.add_sliders(lances, near, lance_lines, lance, none);
        let rooks = pos.pieces(us, PieceKind::Rook);
        guards.add_sliders(rooks, near, attacks::rook_pseudo, rook, none);
        // A horse's or a dragon's steps and lines counted as one piece's.
        let dragons = pos.pieces(us, PieceKind::Dragon);
        guards.add_sliders(dragons, near, attacks::rook_pseudo, rook, attacks::king);
        let bishops = pos.pieces(us, PieceKind::Bishop);
        guards.add_sliders(bishops, near, attacks::bishop_pseudo, bishop, none);
        let horses = pos.pieces(us, PieceKind::Horse);
        guards.add_sliders(horses, near, attacks::bishop_pseudo, bishop, attacks::king);
        guards
    }

    /// Adds the attacks on `near` of the sliders on `pieces`: their
    /// `lines` on an empty board first, the lines at the occupancy
    /// (`reach`) and their `steps` only where those meet `near`.
    #[inline(always)]
    fn add_sliders(
        &mut self,
        pieces: Bitboard,
        near: Bitboard,
        lines: impl Fn(Square) -> Bitboard,
        reach: impl Fn(Square) -> Bitboard,
        steps: impl Fn(Square) -> Bitboard,
    ) {
        for from in pieces {
            let steps = steps(from);
            if ((lines(from) | steps) & near).any() {
                self.add((reach(from) | steps) & near);
            }
        }
    }

    fn add(&mut self, attacked: Bitboard) {
        self.twice |= self.once & attacked;
        self.once |= attacked;
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use rand::{rngs::StdRng, RngExt, SeedableRng};

    /// Positions from random games out of the 32 bench positions, `per_start`
    /// plies each (ended early at a mate), every one visited.
    pub(crate) fn random_positions(per_start: usize) -> Vec<Position> {
        let mut rng = StdRng::seed_from_u64(7);
        let mut out = Vec::new();
        for entry in crate::positions::pro_middlegame_32() {
            let mut pos = entry.position.clone();
            for _ in 0..per_start {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                out.push(pos.clone());
                pos.make_move(moves[rng.random_range(0..moves.len())]);
            }
        }
        out
    }

    /// Every legal move played, and the reply count after it.
    fn mates_by_brute_force(pos: &mut Position) -> Vec<Move> {
        let moves = pos.legal_moves();
        moves
            .iter()
            .copied()
            .filter(|&mv| {
                pos.make_move(mv);
                let mated = pos.in_check() && pos.count_legal_moves() == 0;
                pos.unmake_move(mv);
                mated
            })
            .collect()
    }

    /// Whether `mv` checks from next to the enemy king or as a knight.
    fn is_close(pos: &Position, mv: Move) -> bool {
        let king = pos.king_square(pos.side_to_move().flip()).unwrap();
        let knight = if mv.is_drop() {
            mv.drop_kind() == PieceKind::Knight
        } else {
            pos.piece_at(mv.from()).kind() == PieceKind::Knight && !mv.is_promotion()
        };
        knight || attacks::king(king).contains(mv.to())
    }

    #[test]
    fn finds_a_mate_wherever_brute_force_finds_a_close_one() {
        let (mut close, mut distant) = (0, 0);
        for mut pos in random_positions(200) {
            if pos.in_check() {
                continue;
            }
            let before = pos.to_sfen();
            let expected = mates_by_brute_force(&mut pos);
            let king = pos.king_square(pos.side_to_move().flip()).unwrap();
            let guards = Guards::of(&pos, king);
            for mv in pos.legal_checks().iter().copied() {
                let surely = pos.surely_escapes(mv, &guards);
                assert!(!(surely && expected.contains(&mv)), "{before}: {mv} mates");
            }
            let found = pos.mate_in_one();
            assert_eq!(pos.to_sfen(), before);
            let any_close = expected.iter().any(|&mv| is_close(&pos, mv));
            match found {
                Some(mv) => assert!(expected.contains(&mv), "{before}: {mv} does not mate"),
                None => assert!(!any_close, "{before}: missed {:?}", expected),
            }
            close += usize::from(any_close);
            distant += usize::from(!any_close && !expected.is_empty());
        }
        assert!(close > 50, "positions with a close mate: {close}");
        // Mates only from afar are rare, but the random games meet some.
        assert!(distant > 0, "positions with only a distant mate: {distant}");
    }

    #[test]
    fn guards_count_the_attackers_of_the_kings_squares() {
        let mut twice = 0;
        for pos in random_positions(100) {
            let us = pos.side_to_move();
            let king = pos.king_square(us.flip()).unwrap();
            let guards = Guards::of(&pos, king);
            for sq in attacks::king(king) {
                let count = pos.attackers_to(us, sq, pos.occupied()).count();
                assert_eq!(
                    guards.once.contains(sq),
                    count >= 1,
                    "{} {sq:?}",
                    pos.to_sfen()
                );
                assert_eq!(
                    guards.twice.contains(sq),
                    count >= 2,
                    "{} {sq:?}",
                    pos.to_sfen()
                );
                twice += usize::from(count >= 2);
            }
        }
        assert!(twice > 100, "squares attacked twice: {twice}");
    }

    #[test]
    fn legal_checks_are_the_legal_moves_that_check() {
        let mut pawn_drops = 0;
        for mut pos in random_positions(100) {
            let mut expected: Vec<Move> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|&mv| {
                    pos.make_move(mv);
                    let check = pos.in_check();
                    pos.unmake_move(mv);
                    check
                })
                .collect();
            let mut found = pos.legal_checks().as_slice().to_vec();
            expected.sort();
            found.sort();
            assert_eq!(found, expected, "{}", pos.to_sfen());
            pawn_drops += found
                .iter()
                .filter(|m| m.is_drop() && m.drop_kind() == PieceKind::Pawn)
                .count();
        }
        assert!(pawn_drops > 10, "pawn drop checks seen: {pawn_drops}");
    }

    #[test]
    fn has_legal_move_agrees_with_the_move_count() {
        let mut none = 0;
        for mut pos in random_positions(200) {
            for mv in pos.legal_moves().iter().copied() {
                pos.make_move(mv);
                let count = pos.count_legal_moves();
                assert_eq!(pos.has_legal_move(), count > 0, "{}", pos.to_sfen());
                none += usize::from(count == 0);
                pos.unmake_move(mv);
            }
        }
        assert!(none > 50, "positions without a move: {none}");
    }

    #[test]
    fn a_drop_and_a_move_mate_but_a_pawn_drop_may_not() {
        // Gold drop on 5b, protected by the pawn on 5c.
        let mut pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
        assert_eq!(
            pos.mate_in_one().map(|m| m.to_string()),
            Some("G*5b".into())
        );
        // A pawn drop on 1b would mate (the gold on 2c guards 1b and 2b,
        // the knight fills 2a), so it is illegal and there is no mate.
        let mut pos = Position::from_sfen("7nk/9/7G1/9/9/9/9/9/4K4 b P 1").unwrap();
        assert_eq!(pos.mate_in_one(), None);
        // A rook dropped on 5i mates from afar (the king's own lances hem
        // it in): left to the search, as the rook next to it on 5b is taken.
        let mut pos = Position::from_sfen("3lkl3/3l1l3/9/9/9/9/9/9/K8 b R 1").unwrap();
        assert_eq!(pos.mate_in_one(), None);
        let far = Move::from_usi("R*5i").unwrap();
        assert!(mates_by_brute_force(&mut pos).contains(&far));
        // The gold on 4c steps to 5b, or the pawn promotes there.
        let mut pos = Position::from_sfen("4k4/9/4PG3/9/9/9/9/9/4K4 b - 1").unwrap();
        let found = pos.mate_in_one().map(|m| m.to_string());
        assert!(
            matches!(found.as_deref(), Some("4c5b" | "5c5b+")),
            "{found:?}"
        );
    }
}
