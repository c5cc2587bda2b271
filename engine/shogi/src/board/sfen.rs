//! SFEN text in and out. Parsing reports what is wrong and where; it never
//! panics, and it refuses positions the move generator cannot stand on
//! (pieces that could never move, two pawns on a file, the side not to move
//! in check, more pieces than a set has).

use super::movegen::dead_squares;
use super::position::Position;
use super::types::{Color, Piece, PieceKind, Square};
use core::fmt::Write;

pub const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SfenError {
    #[error("empty SFEN")]
    Empty,
    #[error("the board has {0} ranks; expected 9 separated by '/'")]
    RankCount(usize),
    #[error("rank {rank} describes {squares} squares; expected 9")]
    RankLength { rank: u8, squares: usize },
    #[error("unknown piece letter {letter:?} in rank {rank}")]
    UnknownPiece { letter: char, rank: u8 },
    #[error("'+' in rank {rank} must be followed by one of P L N S B R (either case)")]
    BadPromotion { rank: u8 },
    #[error("the side to move is missing; expected 'b' or 'w' after the board")]
    MissingSide,
    #[error("side to move {0:?} is neither 'b' nor 'w'")]
    BadSide(String),
    #[error("the pieces in hand are missing; expected '-' or e.g. '2Pb' after the side to move")]
    MissingHand,
    #[error("bad pieces in hand {hand:?}: {reason}")]
    BadHand { hand: String, reason: &'static str },
    #[error("move number {0:?} is not a positive integer")]
    BadMoveNumber(String),
    #[error("unexpected text after the move number: {0:?}")]
    TrailingText(String),
    #[error("{count} pieces of kind {letter} on the board and in hand; a set has {max}")]
    TooManyPieces { letter: char, count: u32, max: u32 },
    #[error("{0:?} has two kings")]
    TwoKings(Color),
    #[error("{0:?}'s piece on {1} could never move again")]
    DeadPiece(Color, String),
    #[error("{0:?} has two unpromoted pawns on file {1}")]
    TwoPawns(Color, u8),
    #[error("the side not to move is in check")]
    OpponentInCheck,
}

/// A position as read from text or from another library, before validation.
pub(super) struct Setup {
    pub board: [Option<Piece>; 81],
    pub hands: [[u8; 8]; 2],
    pub side: Color,
    pub ply: u32,
}

fn square_name(sq: Square) -> String {
    format!("{}{}", sq.file(), (b'a' + sq.rank() - 1) as char)
}

impl Setup {
    /// Checks everything the move generator relies on and builds the position.
    pub(super) fn into_position(self) -> Result<Position, SfenError> {
        const LIMITS: [(PieceKind, u32); 8] = [
            (PieceKind::Pawn, 18),
            (PieceKind::Lance, 4),
            (PieceKind::Knight, 4),
            (PieceKind::Silver, 4),
            (PieceKind::Gold, 4),
            (PieceKind::Bishop, 2),
            (PieceKind::Rook, 2),
            (PieceKind::King, 2),
        ];
        let mut counts = [0u32; 9];
        let mut kings = [0u32; 2];
        let mut pawn_files = [[false; 10]; 2];
        for (i, piece) in self.board.iter().enumerate() {
            let Some(piece) = *piece else { continue };
            let sq = Square::from_index(i as u8);
            let (c, kind) = (piece.color(), piece.kind());
            counts[kind.unpromoted().index()] += 1;
            if dead_squares(c, kind).contains(sq) {
                return Err(SfenError::DeadPiece(c, square_name(sq)));
            }
            if kind == PieceKind::King {
                kings[c.index()] += 1;
                if kings[c.index()] > 1 {
                    return Err(SfenError::TwoKings(c));
                }
            }
            if kind == PieceKind::Pawn {
                let seen = &mut pawn_files[c.index()][sq.file() as usize];
                if *seen {
                    return Err(SfenError::TwoPawns(c, sq.file()));
                }
                *seen = true;
            }
        }
        for hand in &self.hands {
            for (kind, n) in hand.iter().enumerate() {
                counts[kind] += *n as u32;
            }
        }
        for (kind, max) in LIMITS {
            if counts[kind.index()] > max {
                return Err(SfenError::TooManyPieces {
                    letter: kind.sfen_letter(),
                    count: counts[kind.index()],
                    max,
                });
            }
        }

        let mut pos = Position::empty(self.side, self.ply);
        for (i, piece) in self.board.iter().enumerate() {
            if let Some(piece) = *piece {
                pos.setup_put(piece, Square::from_index(i as u8));
            }
        }
        for c in Color::BOTH {
            for kind in PieceKind::HAND_SFEN_ORDER {
                pos.setup_hand(c, kind, self.hands[c.index()][kind.index()]);
            }
        }
        pos.finish_setup();
        let them = self.side.flip();
        if let Some(k) = pos.king_square(them) {
            if pos.is_attacked(self.side, k, pos.occupied()) {
                return Err(SfenError::OpponentInCheck);
            }
        }
        Ok(pos)
    }
}

fn parse_board(text: &str) -> Result<[Option<Piece>; 81], SfenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 9 {
        return Err(SfenError::RankCount(ranks.len()));
    }
    let mut board = [None; 81];
    for (r, rank_text) in ranks.iter().enumerate() {
        let rank = r as u8 + 1;
        let mut column = 0usize; // squares described so far, from file 9
        let mut promoted = false;
        for ch in rank_text.chars() {
            if promoted && !matches!(ch.to_ascii_uppercase(), 'P' | 'L' | 'N' | 'S' | 'B' | 'R') {
                return Err(SfenError::BadPromotion { rank });
            }
            match ch {
                '1'..='9' => column += ch as usize - '0' as usize,
                '+' => promoted = true,
                _ => {
                    let kind = PieceKind::from_sfen_letter(ch)
                        .ok_or(SfenError::UnknownPiece { letter: ch, rank })?;
                    let kind = if promoted { kind.promoted() } else { kind };
                    promoted = false;
                    let color = if ch.is_ascii_uppercase() {
                        Color::Black
                    } else {
                        Color::White
                    };
                    if column < 9 {
                        let sq =
                            Square::new(9 - column as u8, rank).expect("file and rank in 1..=9");
                        board[sq.index()] = Some(Piece::new(color, kind));
                    }
                    column += 1;
                }
            }
        }
        if promoted {
            return Err(SfenError::BadPromotion { rank });
        }
        if column != 9 {
            return Err(SfenError::RankLength {
                rank,
                squares: column,
            });
        }
    }
    Ok(board)
}

fn parse_hands(text: &str) -> Result<[[u8; 8]; 2], SfenError> {
    let mut hands = [[0u8; 8]; 2];
    if text == "-" {
        return Ok(hands);
    }
    let bad = |reason| SfenError::BadHand {
        hand: text.chars().take(40).collect(),
        reason,
    };
    let mut count: Option<u32> = None;
    for ch in text.chars() {
        if let Some(d) = ch.to_digit(10) {
            let n = count.unwrap_or(0) * 10 + d;
            if n > 18 {
                return Err(bad("a count above 18"));
            }
            count = Some(n);
            continue;
        }
        let kind = match PieceKind::from_sfen_letter(ch) {
            Some(PieceKind::King) => return Err(bad("a king cannot be held")),
            Some(kind) => kind,
            None if ch == '+' => return Err(bad("promoted pieces cannot be held")),
            None => return Err(bad("an unknown piece letter")),
        };
        let n = count.take().unwrap_or(1);
        if n == 0 {
            return Err(bad("a count of zero"));
        }
        let color = if ch.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        let slot = &mut hands[color.index()][kind.index()];
        if *slot != 0 {
            return Err(bad("a piece kind listed twice"));
        }
        *slot = n as u8;
    }
    if count.is_some() {
        return Err(bad("a count without a piece"));
    }
    Ok(hands)
}

impl Position {
    /// The start position.
    pub fn startpos() -> Position {
        Position::from_sfen(STARTPOS).expect("the start position is valid")
    }

    /// Parses SFEN text: board, side to move, hands, and an optional move number.
    pub fn from_sfen(text: &str) -> Result<Position, SfenError> {
        let mut fields = text.split_ascii_whitespace();
        let board = parse_board(fields.next().ok_or(SfenError::Empty)?)?;
        let side = match fields.next() {
            None => return Err(SfenError::MissingSide),
            Some("b") => Color::Black,
            Some("w") => Color::White,
            Some(other) => return Err(SfenError::BadSide(other.chars().take(20).collect())),
        };
        let hands = parse_hands(fields.next().ok_or(SfenError::MissingHand)?)?;
        let ply = match fields.next() {
            None => 1,
            Some(n) => match n.parse::<u32>() {
                Ok(p) if p >= 1 => p,
                _ => return Err(SfenError::BadMoveNumber(n.chars().take(20).collect())),
            },
        };
        if let Some(extra) = fields.next() {
            return Err(SfenError::TrailingText(extra.chars().take(20).collect()));
        }
        Setup {
            board,
            hands,
            side,
            ply,
        }
        .into_position()
    }

    /// The position as SFEN text.
    pub fn to_sfen(&self) -> String {
        let mut out = String::with_capacity(96);
        for rank in 1..=9 {
            let mut empty = 0;
            for file in (1..=9).rev() {
                let piece = self.piece_at(Square::new(file, rank).expect("valid square"));
                if piece.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    let _ = write!(out, "{empty}");
                    empty = 0;
                }
                if piece.kind() as u8 > 8 {
                    out.push('+');
                }
                let letter = piece.kind().sfen_letter();
                out.push(match piece.color() {
                    Color::Black => letter,
                    Color::White => letter.to_ascii_lowercase(),
                });
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            if rank < 9 {
                out.push('/');
            }
        }
        out.push_str(match self.side_to_move() {
            Color::Black => " b ",
            Color::White => " w ",
        });
        let start = out.len();
        for c in Color::BOTH {
            for kind in PieceKind::HAND_SFEN_ORDER {
                let n = self.hand(c).count(kind);
                if n > 1 {
                    let _ = write!(out, "{n}");
                }
                if n > 0 {
                    let letter = kind.sfen_letter();
                    out.push(match c {
                        Color::Black => letter,
                        Color::White => letter.to_ascii_lowercase(),
                    });
                }
            }
        }
        if out.len() == start {
            out.push('-');
        }
        let _ = write!(out, " {}", self.ply());
        out
    }
}
