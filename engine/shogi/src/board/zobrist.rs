//! Zobrist keys, generated at compile time from a fixed seed so that hashes
//! are identical in every process (the parallel search relies on that).

use super::types::{Color, Piece, PieceKind, Square};

/// More pieces of one kind than a hand can ever hold (18 pawns).
const MAX_HAND: usize = 19;

const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

struct Keys {
    board: [[u64; 81]; Piece::NUM_INDICES],
    hand: [[[u64; MAX_HAND]; 8]; 2],
    side: u64,
}

const fn keys() -> Keys {
    let mut state = 0x5945_4D49_u64; // "YOMI"
    let mut k = Keys {
        board: [[0; 81]; Piece::NUM_INDICES],
        hand: [[[0; MAX_HAND]; 8]; 2],
        side: 0,
    };
    let mut p = 0;
    while p < Piece::NUM_INDICES {
        let mut sq = 0;
        while sq < 81 {
            k.board[p][sq] = splitmix64(&mut state);
            sq += 1;
        }
        p += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut kind = 0;
        while kind < 8 {
            let mut n = 1; // an empty hand contributes nothing
            while n < MAX_HAND {
                k.hand[c][kind][n] = splitmix64(&mut state);
                n += 1;
            }
            kind += 1;
        }
        c += 1;
    }
    k.side = splitmix64(&mut state);
    k
}

static KEYS: Keys = keys();

#[inline(always)]
pub(super) fn board(piece: Piece, sq: Square) -> u64 {
    KEYS.board[piece.index()][sq.index()]
}

/// The key of holding `count` pieces of `kind` in `color`'s hand.
#[inline(always)]
pub(super) fn hand(color: Color, kind: PieceKind, count: u8) -> u64 {
    KEYS.hand[color.index()][kind.index()][count as usize % MAX_HAND]
}

/// XORed in when White is to move.
#[inline(always)]
pub(super) fn side() -> u64 {
    KEYS.side
}
