//! Moves: a 16-bit encoding, USI move text, and a fixed-capacity move list.

use super::types::{PieceKind, Square};
use arrayvec::ArrayVec;
use core::fmt;

/// A move in 16 bits: destination in bits 0–6; origin square (0–80), or
/// 81 + kind − 1 for a drop, in bits 7–13; promotion in bit 14.
/// Zero is [`Move::NONE`] (origin equal to destination is never a move).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Move(u16);

const PROMOTE: u16 = 1 << 14;
const DROP_BASE: u16 = 81;

impl Move {
    pub const NONE: Move = Move(0);

    #[inline(always)]
    pub const fn normal(from: Square, to: Square, promote: bool) -> Move {
        Move(to.index() as u16 | (from.index() as u16) << 7 | if promote { PROMOTE } else { 0 })
    }

    /// A drop of `kind`, which must be a kind a hand can hold.
    #[inline(always)]
    pub const fn drop(kind: PieceKind, to: Square) -> Move {
        Move(to.index() as u16 | (DROP_BASE + kind as u16 - 1) << 7)
    }

    /// The raw 16 bits, for tables and messages.
    #[inline(always)]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// A move from raw bits, if they are well formed. Whether it is legal in a
    /// position is [`super::Position::is_legal`]'s question.
    pub const fn from_bits(bits: u16) -> Option<Move> {
        let to = bits & 127;
        let from = bits >> 7 & 127;
        let promote = bits & PROMOTE != 0;
        let ok = bits >> 15 == 0
            && to < 81
            && (from < 81 && from != to || from >= DROP_BASE && from < DROP_BASE + 7 && !promote);
        if ok {
            Some(Move(bits))
        } else {
            None
        }
    }

    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index((self.0 & 127) as u8)
    }

    #[inline(always)]
    pub const fn is_drop(self) -> bool {
        (self.0 >> 7 & 127) >= DROP_BASE
    }

    /// The origin square of a board move.
    #[inline(always)]
    pub const fn from(self) -> Square {
        debug_assert!(!self.is_drop());
        Square::from_index((self.0 >> 7 & 127) as u8)
    }

    /// The dropped kind of a drop move.
    #[inline(always)]
    pub const fn drop_kind(self) -> PieceKind {
        debug_assert!(self.is_drop());
        match PieceKind::from_u8(((self.0 >> 7 & 127) - DROP_BASE + 1) as u8) {
            Some(k) => k,
            None => PieceKind::Pawn,
        }
    }

    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 & PROMOTE != 0
    }

    /// Parses USI move text (`7g7f`, `8h2b+`, `P*5e`). Checks the syntax only.
    pub fn from_usi(text: &str) -> Result<Move, MoveTextError> {
        let err = || MoveTextError(text.chars().take(16).collect());
        let b = text.as_bytes();
        let square = |f: u8, r: u8| -> Option<Square> {
            Square::new(f.checked_sub(b'0')?, r.checked_sub(b'a')?.checked_add(1)?)
        };
        match b {
            [p, b'*', f, r] => {
                let kind = PieceKind::from_sfen_letter(*p as char)
                    .filter(|k| p.is_ascii_uppercase() && *k != PieceKind::King)
                    .ok_or_else(err)?;
                Ok(Move::drop(kind, square(*f, *r).ok_or_else(err)?))
            }
            [f1, r1, f2, r2, rest @ ..] => {
                let promote = match rest {
                    [] => false,
                    [b'+'] => true,
                    _ => return Err(err()),
                };
                let from = square(*f1, *r1).ok_or_else(err)?;
                let to = square(*f2, *r2).ok_or_else(err)?;
                if from == to {
                    return Err(err());
                }
                Ok(Move::normal(from, to, promote))
            }
            _ => Err(err()),
        }
    }
}

/// Text that is not a USI move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a USI move: {0:?} (expected e.g. 7g7f, 8h2b+ or P*5e)")]
pub struct MoveTextError(pub String);

fn write_square(f: &mut fmt::Formatter<'_>, sq: Square) -> fmt::Result {
    write!(f, "{}{}", sq.file(), (b'a' + sq.rank() - 1) as char)
}

impl fmt::Display for Move {
    /// USI move text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Move::NONE {
            return f.write_str("none");
        }
        if self.is_drop() {
            write!(f, "{}*", self.drop_kind().sfen_letter())?;
            write_square(f, self.to())
        } else {
            write_square(f, self.from())?;
            write_square(f, self.to())?;
            if self.is_promotion() {
                f.write_str("+")?;
            }
            Ok(())
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// More than the most legal moves any shogi position has (593).
pub const MAX_MOVES: usize = 600;

/// A list of moves on the stack, its storage left unwritten until used
/// (a search makes several a node: filling 1.2 KB each cost more than
/// generating the moves).
pub struct MoveList(ArrayVec<Move, MAX_MOVES>);

impl MoveList {
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList(ArrayVec::new())
    }

    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        self.0.push(mv);
    }

    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        self.0.as_slice()
    }

    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        self.0.as_mut_slice()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usi_text_round_trips() {
        for text in ["7g7f", "8h2b+", "P*5e", "R*1a", "1a9i", "9i1a+"] {
            let mv = Move::from_usi(text).unwrap();
            assert_eq!(mv.to_string(), text);
            assert_eq!(Move::from_bits(mv.to_bits()), Some(mv));
        }
    }

    #[test]
    fn bad_usi_text_is_an_error() {
        for text in [
            "", "7g7", "7g7f++", "K*5e", "p*5e", "0a1a", "7j7f", "7g7g", "P*5e+", "+*5e", "7g7f ",
        ] {
            assert!(Move::from_usi(text).is_err(), "{text}");
        }
    }
}
