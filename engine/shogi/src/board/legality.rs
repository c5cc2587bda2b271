//! The legality test for a move that comes from outside the generator (USI
//! input, a transposition table, a message): it must agree exactly with
//! [`Position::legal_moves`], which the tests check on every encodable move.

use super::attacks;
use super::bitboard::Bitboard;
use super::movegen::{dead_squares, zone};
use super::moves::{Move, MoveTextError};
use super::position::Position;
use super::types::PieceKind;

/// USI move text that is no legal move here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UsiMoveError {
    #[error(transparent)]
    Syntax(#[from] MoveTextError),
    #[error("illegal move {0} in this position")]
    Illegal(Move),
}

impl Position {
    /// The legal move that USI text names.
    pub fn parse_usi_move(&self, text: &str) -> Result<Move, UsiMoveError> {
        let mv = Move::from_usi(text)?;
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(UsiMoveError::Illegal(mv))
        }
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        if mv == Move::NONE {
            return false;
        }
        let us = self.side_to_move();
        let them = us.flip();
        let to = mv.to();
        let checkers = self.checkers();
        if mv.is_drop() {
            let kind = mv.drop_kind();
            if self.hand(us).count(kind) == 0 || !self.piece_at(to).is_empty() {
                return false;
            }
            if dead_squares(us, kind).contains(to) {
                return false;
            }
            if checkers.any() {
                let Some(k) = self.king_square(us) else {
                    return false;
                };
                if checkers.has_more_than_one() || !attacks::between(k, checkers.lsb()).contains(to)
                {
                    return false;
                }
            }
            if kind == PieceKind::Pawn {
                if (self.pieces(us, PieceKind::Pawn) & Bitboard::file(to.file())).any() {
                    return false;
                }
                if let Some(ek) = self.king_square(them) {
                    if attacks::pawn(them, ek).contains(to) && self.is_pawn_drop_mate(us, to) {
                        return false;
                    }
                }
            }
            return true;
        }

        let from = mv.from();
        let piece = self.piece_at(from);
        if piece.is_empty() || piece.color() != us || self.color_bb(us).contains(to) {
            return false;
        }
        let kind = piece.kind();
        let occ = self.occupied();
        if !attacks::piece(us, kind, from, occ).contains(to) {
            return false;
        }
        if mv.is_promotion() {
            if !kind.is_promotable() || !(zone(us).contains(from) || zone(us).contains(to)) {
                return false;
            }
        } else if dead_squares(us, kind).contains(to) {
            return false;
        }
        if kind == PieceKind::King {
            return !self.is_attacked(them, to, occ ^ Bitboard::from_square(from));
        }
        let Some(k) = self.king_square(us) else {
            return true;
        };
        if checkers.any()
            && (checkers.has_more_than_one()
                || !(attacks::between(k, checkers.lsb()) | checkers).contains(to))
        {
            return false;
        }
        !self.pinned_now(us).contains(from) || attacks::line(k, from).contains(to)
    }
}
