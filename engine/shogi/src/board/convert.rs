//! Conversions to and from shogi_core, the shogi types at the project's API
//! boundary. The engine's own representation stays internal.

use super::moves::Move;
use super::position::Position;
use super::sfen::{Setup, SfenError};
use super::types::{Color, Piece, PieceKind, Square};

impl From<Color> for shogi_core::Color {
    fn from(c: Color) -> Self {
        match c {
            Color::Black => shogi_core::Color::Black,
            Color::White => shogi_core::Color::White,
        }
    }
}

impl From<shogi_core::Color> for Color {
    fn from(c: shogi_core::Color) -> Self {
        match c {
            shogi_core::Color::Black => Color::Black,
            shogi_core::Color::White => Color::White,
        }
    }
}

impl From<Square> for shogi_core::Square {
    fn from(sq: Square) -> Self {
        shogi_core::Square::new(sq.file(), sq.rank()).expect("file and rank in 1..=9")
    }
}

impl From<shogi_core::Square> for Square {
    fn from(sq: shogi_core::Square) -> Self {
        Square::new(sq.file(), sq.rank()).expect("file and rank in 1..=9")
    }
}

impl From<PieceKind> for shogi_core::PieceKind {
    fn from(k: PieceKind) -> Self {
        shogi_core::PieceKind::from_u8(k as u8).expect("same numbering")
    }
}

impl From<shogi_core::PieceKind> for PieceKind {
    fn from(k: shogi_core::PieceKind) -> Self {
        PieceKind::from_u8(k as u8).expect("same numbering")
    }
}

impl From<Move> for shogi_core::Move {
    fn from(mv: Move) -> Self {
        if mv.is_drop() {
            shogi_core::Move::Drop {
                piece: shogi_core::Piece::new(mv.drop_kind().into(), shogi_core::Color::Black),
                to: mv.to().into(),
            }
        } else {
            shogi_core::Move::Normal {
                from: mv.from().into(),
                to: mv.to().into(),
                promote: mv.is_promotion(),
            }
        }
    }
}

impl Move {
    /// The engine's move for a shogi_core move; `None` for a drop of a king
    /// or a move onto its own square. Legality is [`Position::is_legal`]'s.
    pub fn from_core(mv: shogi_core::Move) -> Option<Move> {
        match mv {
            shogi_core::Move::Normal { from, to, promote } => {
                (from != to).then(|| Move::normal(from.into(), to.into(), promote))
            }
            shogi_core::Move::Drop { piece, to } => {
                let kind = PieceKind::from(piece.piece_kind());
                (kind as u8 <= 7).then(|| Move::drop(kind, to.into()))
            }
        }
    }
}

impl Position {
    /// The position as a shogi_core `PartialPosition`.
    pub fn to_core(&self) -> shogi_core::PartialPosition {
        let mut p = shogi_core::PartialPosition::empty();
        for sq in Square::all() {
            let piece = self.piece_at(sq);
            if !piece.is_empty() {
                p.piece_set(
                    sq.into(),
                    Some(shogi_core::Piece::new(
                        piece.kind().into(),
                        piece.color().into(),
                    )),
                );
            }
        }
        for c in Color::BOTH {
            let hand = p.hand_of_a_player_mut(c.into());
            for kind in PieceKind::HAND_SFEN_ORDER {
                for _ in 0..self.hand(c).count(kind) {
                    *hand = hand.added(kind.into()).expect("a hand kind");
                }
            }
        }
        p.side_to_move_set(self.side_to_move().into());
        // Refused only for zero, and a position's move number is at least 1.
        let accepted = p.ply_set(self.ply().min(u16::MAX as u32) as u16);
        debug_assert!(accepted);
        p
    }

    /// A position from a shogi_core `PartialPosition`, validated like SFEN.
    pub fn from_core(p: &shogi_core::PartialPosition) -> Result<Position, SfenError> {
        let mut setup = Setup {
            board: [None; 81],
            hands: [[0; 8]; 2],
            side: p.side_to_move().into(),
            ply: (p.ply() as u32).max(1),
        };
        for sq in Square::all() {
            if let Some(piece) = p.piece_at(sq.into()) {
                setup.board[sq.index()] =
                    Some(Piece::new(piece.color().into(), piece.piece_kind().into()));
            }
        }
        for c in Color::BOTH {
            let hand = p.hand_of_a_player(c.into());
            for kind in PieceKind::HAND_SFEN_ORDER {
                setup.hands[c.index()][kind.index()] = hand.count(kind.into()).unwrap_or(0);
            }
        }
        setup.into_position()
    }
}
