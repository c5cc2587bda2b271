//! Mate in one: every checking move is tried, and mates when the opponent
//! is left without a legal reply. Cheap enough to ask at most nodes of a
//! search (the generator hands over target sets; only checks are played).

use super::attacks;
use super::bitboard::Bitboard;
use super::checks::CheckSquares;
use super::movegen::MoveSink;
use super::moves::{Move, MoveList};
use super::position::Position;
use super::types::{Color, PieceKind, Square};

/// Collects the legal moves that give check.
struct Checks<'a> {
    pos: &'a Position,
    squares: &'a CheckSquares,
    /// Filled in place: a list handed back by value is a 1.2 KB copy.
    list: &'a mut MoveList,
    /// Whether pawn drops are wanted (the generator has already left out
    /// the drop that would mate; a mate-in-one test needs none).
    pawn_drops: bool,
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
    fn wants_drops(&self, kind: PieceKind) -> bool {
        kind != PieceKind::Pawn || self.pawn_drops
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
        self.checks(true)
    }

    fn checks(&self, pawn_drops: bool) -> MoveList {
        let mut list = MoveList::new();
        if let Some(squares) = CheckSquares::new(self) {
            self.checks_to(&squares, pawn_drops, &mut list);
        }
        list
    }

    /// Adds to `list` the legal checks `squares` (this position's) lead to.
    fn checks_to(&self, squares: &CheckSquares, pawn_drops: bool, list: &mut MoveList) {
        let mut checks = Checks {
            pos: self,
            squares,
            list,
            pawn_drops,
        };
        self.generate_reaching(&mut checks, squares);
    }

    /// A move that mates at once, if the side to move (not in check) has
    /// one. The position is as it was on return.
    pub fn mate_in_one(&mut self) -> Option<Move> {
        let squares = CheckSquares::new(self)?;
        self.mate_in_one_by(&squares)
    }

    /// [`Position::mate_in_one`] given this position's checks.
    pub fn mate_in_one_by(&mut self, squares: &CheckSquares) -> Option<Move> {
        // A legal pawn drop never mates: the generator refuses the one that would.
        let mut list = MoveList::new();
        self.checks_to(squares, false, &mut list);
        if list.is_empty() {
            return None;
        }
        let mut steps = KingSteps::of(self)?;
        list.iter().copied().find(|&mv| {
            if self.surely_escapes(mv, &mut steps) {
                return false;
            }
            self.make_move(mv);
            let mated = !self.has_legal_move();
            self.unmake_move(mv);
            mated
        })
    }

    /// Whether after the check `mv` the king surely has a square to step
    /// to, decided without making the move (most checks are answered so;
    /// making each was most of the test's cost). Never true of a mate.
    fn surely_escapes(&self, mv: Move, steps: &mut KingSteps) -> bool {
        let us = self.side_to_move();
        let king = steps.king;
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
        let candidates = steps.free.and_not(covered | steps.attacked);
        if mv.is_drop() {
            // A dropped piece only blocks lines: a square free now stays so.
            return steps.safe_now(self, candidates);
        }
        // A board move may open a line through its origin: asked after the
        // move, counting the moved piece at its origin too (only ever more
        // attacks).
        candidates
            .into_iter()
            .any(|sq| !self.is_attacked(us, sq, without_king))
    }
}

/// The squares next to the opponent's king, and what the mate test has
/// learnt of them so far: each is asked at most once whether the side to
/// move attacks it now, and only when a check needs to know.
struct KingSteps {
    king: Square,
    /// Free of the king's own pieces.
    free: Bitboard,
    /// Found attacked now, and found not.
    attacked: Bitboard,
    safe: Bitboard,
}

impl KingSteps {
    /// `None` when the opponent has no king.
    fn of(pos: &Position) -> Option<KingSteps> {
        let them = pos.side_to_move().flip();
        let king = pos.king_square(them)?;
        Some(KingSteps {
            king,
            free: attacks::king(king).and_not(pos.color_bb(them)),
            attacked: Bitboard::EMPTY,
            safe: Bitboard::EMPTY,
        })
    }

    /// Whether one of `squares` (next to the king) is not attacked now.
    fn safe_now(&mut self, pos: &Position, squares: Bitboard) -> bool {
        if (squares & self.safe).any() {
            return true;
        }
        let without_king = pos.occupied() ^ Bitboard::from_square(self.king);
        for sq in squares {
            if pos.is_attacked(pos.side_to_move(), sq, without_king) {
                self.attacked |= Bitboard::from_square(sq);
            } else {
                self.safe |= Bitboard::from_square(sq);
                return true;
            }
        }
        false
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

    #[test]
    fn finds_a_mate_exactly_where_brute_force_does() {
        let mut mates = 0;
        for mut pos in random_positions(200) {
            if pos.in_check() {
                continue;
            }
            let before = pos.to_sfen();
            let expected = mates_by_brute_force(&mut pos);
            // What the king's squares teach one check is kept for the next.
            let mut steps = KingSteps::of(&pos).unwrap();
            for mv in pos.legal_checks().iter().copied() {
                let surely = pos.surely_escapes(mv, &mut steps);
                assert!(!(surely && expected.contains(&mv)), "{before}: {mv} mates");
            }
            let found = pos.mate_in_one();
            assert_eq!(pos.to_sfen(), before);
            match found {
                Some(mv) => assert!(expected.contains(&mv), "{before}: {mv} does not mate"),
                None => assert!(expected.is_empty(), "{before}: missed {:?}", expected),
            }
            mates += usize::from(found.is_some());
        }
        assert!(mates > 50, "mates seen: {mates}");
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
        // The gold on 4c steps to 5b, or the pawn promotes there.
        let mut pos = Position::from_sfen("4k4/9/4PG3/9/9/9/9/9/4K4 b - 1").unwrap();
        let found = pos.mate_in_one().map(|m| m.to_string());
        assert!(
            matches!(found.as_deref(), Some("4c5b" | "5c5b+")),
            "{found:?}"
        );
    }
}
