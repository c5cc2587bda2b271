//! Attack tables, computed at compile time, and slider attacks.
//!
//! Sliders use one ray per direction: the first blocker of a ray that runs
//! towards higher square indices is its lowest set bit (`b ^ (b - 1)`), of a
//! ray towards lower indices its highest (a leading-zero count). Eight small
//! ray tables stay in L1 cache, which beats large magic tables here.

use super::bitboard::Bitboard;
use super::types::{Color, PieceKind, Square};

/// (file step, rank step) of the eight directions; the first four run towards
/// higher square indices.
const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (-1, 1),
];
const DOWN: usize = 0; // towards rank 9: White's forward
const LEFT: usize = 1;
const DOWN_LEFT: usize = 2;
const UP_LEFT: usize = 3;
const UP: usize = 4; // towards rank 1: Black's forward
const RIGHT: usize = 5;
const UP_RIGHT: usize = 6;
const DOWN_RIGHT: usize = 7;

const fn offset(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let file = (sq / 9) as i8 + df;
    let rank = (sq % 9) as i8 + dr;
    if file < 0 || file > 8 || rank < 0 || rank > 8 {
        None
    } else {
        Some(file as usize * 9 + rank as usize)
    }
}

/// Step attacks from every square for Black; White's steps have the rank
/// step negated.
const fn steps(deltas: &[(i8, i8)], color: Color) -> [Bitboard; 81] {
    let mut table = [Bitboard::EMPTY; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut b = 0u128;
        let mut i = 0;
        while i < deltas.len() {
            let dr = match color {
                Color::Black => deltas[i].1,
                Color::White => -deltas[i].1,
            };
            if let Some(to) = offset(sq, deltas[i].0, dr) {
                b |= 1u128 << to;
            }
            i += 1;
        }
        table[sq] = Bitboard(b);
        sq += 1;
    }
    table
}

const PAWN_STEPS: [(i8, i8); 1] = [(0, -1)];
const KNIGHT_STEPS: [(i8, i8); 2] = [(-1, -2), (1, -2)];
const SILVER_STEPS: [(i8, i8); 5] = [(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)];
const GOLD_STEPS: [(i8, i8); 6] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
const KING_STEPS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

static PAWN: [[Bitboard; 81]; 2] = [
    steps(&PAWN_STEPS, Color::Black),
    steps(&PAWN_STEPS, Color::White),
];
static KNIGHT: [[Bitboard; 81]; 2] = [
    steps(&KNIGHT_STEPS, Color::Black),
    steps(&KNIGHT_STEPS, Color::White),
];
static SILVER: [[Bitboard; 81]; 2] = [
    steps(&SILVER_STEPS, Color::Black),
    steps(&SILVER_STEPS, Color::White),
];
static GOLD: [[Bitboard; 81]; 2] = [
    steps(&GOLD_STEPS, Color::Black),
    steps(&GOLD_STEPS, Color::White),
];
static KING: [Bitboard; 81] = steps(&KING_STEPS, Color::Black);

const fn rays() -> [[u128; 81]; 8] {
    let mut table = [[0u128; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 81 {
            let mut b = 0u128;
            let mut cur = sq;
            while let Some(next) = offset(cur, DIRECTIONS[d].0, DIRECTIONS[d].1) {
                b |= 1u128 << next;
                cur = next;
            }
            table[d][sq] = b;
            sq += 1;
        }
        d += 1;
    }
    table
}

static RAYS: [[u128; 81]; 8] = rays();

/// The union of four rays from every square: a slider's squares on an
/// empty board, asked before its attacks are worked out (one load, not four).
const fn ray_unions(dirs: [usize; 4]) -> [Bitboard; 81] {
    let rays = rays();
    let mut table = [Bitboard::EMPTY; 81];
    let mut sq = 0;
    while sq < 81 {
        table[sq] =
            Bitboard(rays[dirs[0]][sq] | rays[dirs[1]][sq] | rays[dirs[2]][sq] | rays[dirs[3]][sq]);
        sq += 1;
    }
    table
}

static BISHOP_PSEUDO: [Bitboard; 81] = ray_unions([DOWN_LEFT, UP_LEFT, UP_RIGHT, DOWN_RIGHT]);
static ROOK_PSEUDO: [Bitboard; 81] = ray_unions([DOWN, LEFT, UP, RIGHT]);

/// `BETWEEN[a][b]`: the squares strictly between two squares on one line;
/// `LINE[a][b]`: the whole line through both. Empty when not aligned.
const fn lines(strictly_between: bool) -> [[Bitboard; 81]; 81] {
    let rays = rays();
    let mut table = [[Bitboard::EMPTY; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let mut cur = a;
            while let Some(b) = offset(cur, DIRECTIONS[d].0, DIRECTIONS[d].1) {
                table[a][b] = if strictly_between {
                    // The ray from a, cut where the ray from b the other way begins.
                    Bitboard(rays[d][a] & rays[(d + 4) % 8][b])
                } else {
                    Bitboard(rays[d][a] | rays[(d + 4) % 8][a] | 1u128 << a)
                };
                cur = b;
            }
            d += 1;
        }
        a += 1;
    }
    table
}

static BETWEEN: [[Bitboard; 81]; 81] = lines(true);
static LINE: [[Bitboard; 81]; 81] = lines(false);

#[inline(always)]
fn ray_up(dir: usize, sq: Square, occ: Bitboard) -> u128 {
    let ray = RAYS[dir][sq.index()];
    let b = ray & occ.0;
    ray & (b ^ b.wrapping_sub(1))
}

#[inline(always)]
fn ray_down(dir: usize, sq: Square, occ: Bitboard) -> u128 {
    let ray = RAYS[dir][sq.index()];
    let b = ray & occ.0 | 1;
    ray & (!0u128 << (127 - b.leading_zeros()))
}

#[inline(always)]
pub fn pawn(c: Color, sq: Square) -> Bitboard {
    PAWN[c.index()][sq.index()]
}

#[inline(always)]
pub fn knight(c: Color, sq: Square) -> Bitboard {
    KNIGHT[c.index()][sq.index()]
}

#[inline(always)]
pub fn silver(c: Color, sq: Square) -> Bitboard {
    SILVER[c.index()][sq.index()]
}

#[inline(always)]
pub fn gold(c: Color, sq: Square) -> Bitboard {
    GOLD[c.index()][sq.index()]
}

#[inline(always)]
pub fn king(sq: Square) -> Bitboard {
    KING[sq.index()]
}

#[inline(always)]
pub fn lance(c: Color, sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(match c {
        Color::Black => ray_down(UP, sq, occ),
        Color::White => ray_up(DOWN, sq, occ),
    })
}

#[inline(always)]
pub fn bishop(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(
        ray_up(DOWN_LEFT, sq, occ)
            | ray_up(UP_LEFT, sq, occ)
            | ray_down(UP_RIGHT, sq, occ)
            | ray_down(DOWN_RIGHT, sq, occ),
    )
}

#[inline(always)]
pub fn rook(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(
        ray_up(DOWN, sq, occ)
            | ray_up(LEFT, sq, occ)
            | ray_down(UP, sq, occ)
            | ray_down(RIGHT, sq, occ),
    )
}

/// The squares along the rays `up` (towards higher indices) and `down`
/// from `sq` among `toward`, working out only the rays that meet `toward`
/// on an empty board (for a few squares far from the piece, mostly one).
#[inline(always)]
fn rays_toward(
    sq: Square,
    occ: Bitboard,
    toward: Bitboard,
    up: [usize; 2],
    down: [usize; 2],
) -> Bitboard {
    let meets = |dir: usize| RAYS[dir][sq.index()] & toward.0 != 0;
    let mut b = 0;
    for dir in up {
        if meets(dir) {
            b |= ray_up(dir, sq, occ);
        }
    }
    for dir in down {
        if meets(dir) {
            b |= ray_down(dir, sq, occ);
        }
    }
    Bitboard(b) & toward
}

/// [`rook`]'s squares among `toward`, only the rays that reach them
/// worked out.
#[inline(always)]
pub fn rook_toward(sq: Square, occ: Bitboard, toward: Bitboard) -> Bitboard {
    rays_toward(sq, occ, toward, [DOWN, LEFT], [UP, RIGHT])
}

/// [`bishop`]'s squares among `toward`, as [`rook_toward`] works them out.
#[inline(always)]
pub fn bishop_toward(sq: Square, occ: Bitboard, toward: Bitboard) -> Bitboard {
    rays_toward(
        sq,
        occ,
        toward,
        [DOWN_LEFT, UP_LEFT],
        [UP_RIGHT, DOWN_RIGHT],
    )
}

/// A lance's squares on an empty board.
#[inline(always)]
pub fn lance_pseudo(c: Color, sq: Square) -> Bitboard {
    Bitboard(match c {
        Color::Black => RAYS[UP][sq.index()],
        Color::White => RAYS[DOWN][sq.index()],
    })
}

/// A bishop's squares on an empty board.
#[inline(always)]
pub fn bishop_pseudo(sq: Square) -> Bitboard {
    BISHOP_PSEUDO[sq.index()]
}

/// A rook's squares on an empty board.
#[inline(always)]
pub fn rook_pseudo(sq: Square) -> Bitboard {
    ROOK_PSEUDO[sq.index()]
}

#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index()][b.index()]
}

#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINE[a.index()][b.index()]
}

/// Where a piece of `c` stepping as `kind` (a gold, silver or knight)
/// must stand to attack some square of `targets`: the targets' own steps
/// as the other colour's piece (a step reversed is the other colour's), for
/// all of them at once by shifts, where a table would take one look-up a
/// target.
#[inline(always)]
pub fn step_sources(c: Color, kind: PieceKind, targets: Bitboard) -> Bitboard {
    const RANK_1: u128 = Bitboard::ranks(1, 1).0;
    const RANK_9: u128 = Bitboard::ranks(9, 9).0;
    let t = targets.0;
    // A rank towards rank 9 (index + 1) or rank 1 (index - 1), no bit
    // crossing into the next file.
    let down = |b: u128| (b & !RANK_9) << 1;
    let up = |b: u128| (b & !RANK_1) >> 1;
    let sideways = |b: u128| ((b << 9) | (b >> 9)) & Bitboard::ALL.0;
    // `behind`: a rank towards `c`'s own side, where its attackers stand.
    let (behind, ahead) = match c {
        Color::Black => (down(t), up(t)),
        Color::White => (up(t), down(t)),
    };
    Bitboard(match kind {
        PieceKind::Silver => behind | sideways(behind | ahead),
        PieceKind::Knight => sideways(match c {
            Color::Black => down(down(t)),
            Color::White => up(up(t)),
        }),
        _ => behind | ahead | sideways(t | behind),
    })
}

/// The squares a piece of `color` and `kind` on `sq` attacks.
#[inline]
pub fn piece(color: Color, kind: PieceKind, sq: Square, occ: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Pawn => pawn(color, sq),
        PieceKind::Lance => lance(color, sq, occ),
        PieceKind::Knight => knight(color, sq),
        PieceKind::Silver => silver(color, sq),
        PieceKind::Gold
        | PieceKind::ProPawn
        | PieceKind::ProLance
        | PieceKind::ProKnight
        | PieceKind::ProSilver => gold(color, sq),
        PieceKind::Bishop => bishop(sq, occ),
        PieceKind::Rook => rook(sq, occ),
        PieceKind::King => king(sq),
        PieceKind::Horse => bishop(sq, occ) | king(sq),
        PieceKind::Dragon => rook(sq, occ) | king(sq),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slider attacks by walking the board square by square.
    fn walk(sq: Square, occ: Bitboard, dirs: &[usize]) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for &d in dirs {
            let mut cur = sq.index();
            while let Some(next) = offset(cur, DIRECTIONS[d].0, DIRECTIONS[d].1) {
                out |= Bitboard(1u128 << next);
                if occ.contains(Square::from_index(next as u8)) {
                    break;
                }
                cur = next;
            }
        }
        out
    }

    /// The next state of a xorshift generator: the tests' random boards.
    fn xorshift(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    #[test]
    fn step_sources_are_the_squares_whose_steps_reach_the_targets() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..500 {
            let seed = xorshift(&mut state);
            let bits = (seed as u128 | (seed.rotate_left(23) as u128) << 64) & Bitboard::ALL.0;
            // Sparse and dense target sets.
            let targets = Bitboard(bits & (bits >> 3) & (bits >> 7));
            for c in [Color::Black, Color::White] {
                for kind in [PieceKind::Gold, PieceKind::Silver, PieceKind::Knight] {
                    let by_table = (0..81u8)
                        .map(Square::from_index)
                        .filter(|&s| (piece(c, kind, s, Bitboard::EMPTY) & targets).any())
                        .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(s));
                    assert!(
                        step_sources(c, kind, targets) == by_table,
                        "{c:?} {kind:?} {:x}",
                        targets.0
                    );
                }
            }
        }
    }

    #[test]
    fn sliders_match_a_square_by_square_walk() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            let seed = xorshift(&mut state);
            let occ =
                Bitboard((seed as u128 | (seed.rotate_left(17) as u128) << 64) & Bitboard::ALL.0)
                    & Bitboard(
                        (seed.rotate_left(5) as u128 | (seed.rotate_left(29) as u128) << 64)
                            & Bitboard::ALL.0,
                    );
            for sq in Square::all() {
                assert_eq!(rook(sq, occ), walk(sq, occ, &[DOWN, LEFT, UP, RIGHT]));
                assert_eq!(
                    bishop(sq, occ),
                    walk(sq, occ, &[DOWN_LEFT, UP_LEFT, UP_RIGHT, DOWN_RIGHT])
                );
                let toward = occ.and_not(Bitboard(seed as u128 >> 7));
                assert_eq!(rook_toward(sq, occ, toward), rook(sq, occ) & toward);
                assert_eq!(bishop_toward(sq, occ, toward), bishop(sq, occ) & toward);
                assert_eq!(lance(Color::Black, sq, occ), walk(sq, occ, &[UP]));
                assert_eq!(lance(Color::White, sq, occ), walk(sq, occ, &[DOWN]));
            }
        }
    }

    #[test]
    fn pseudo_attacks_are_the_attacks_on_an_empty_board() {
        for sq in Square::all() {
            assert_eq!(rook_pseudo(sq), rook(sq, Bitboard::EMPTY));
            assert_eq!(bishop_pseudo(sq), bishop(sq, Bitboard::EMPTY));
        }
    }

    #[test]
    fn between_and_line() {
        let a = Square::new(5, 5).unwrap();
        let b = Square::new(2, 2).unwrap();
        assert_eq!(between(a, b).count(), 2);
        assert_eq!(line(a, b).count(), 9);
        assert!(between(a, Square::new(4, 3).unwrap()).is_empty());
        assert!(line(a, Square::new(4, 3).unwrap()).is_empty());
        assert_eq!(between(a, Square::new(5, 9).unwrap()).count(), 3);
    }

    #[test]
    fn step_tables() {
        let e = Square::new(5, 5).unwrap();
        assert_eq!(
            pawn(Color::Black, e),
            Bitboard::from_square(Square::new(5, 4).unwrap())
        );
        assert_eq!(
            pawn(Color::White, e),
            Bitboard::from_square(Square::new(5, 6).unwrap())
        );
        assert_eq!(knight(Color::Black, e).count(), 2);
        assert_eq!(silver(Color::White, e).count(), 5);
        assert_eq!(gold(Color::Black, e).count(), 6);
        assert_eq!(king(Square::new(1, 1).unwrap()).count(), 3);
    }
}
