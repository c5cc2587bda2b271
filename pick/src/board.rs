//! The board, its segments and the game's moves.

use std::fmt;
use yomi_tree::{Game, Value, LOSS};

/// The largest height whose cells fit in a 64-bit mask (h(h+1)/2 ≤ 64).
const MAX_HEIGHT: u32 = 10;

/// The heuristic's magnitude: a guess, far from a proven result.
const GUESS: Value = 100;

/// A move: the cells of the segment it removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PickMove(pub u64);

impl fmt::Display for PickMove {
    /// The removed cells' indices joined by `-` (row by row from the top).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<String> = (0..64)
            .filter(|i| self.0 >> i & 1 == 1)
            .map(|i| i.to_string())
            .collect();
        write!(f, "{}", cells.join("-"))
    }
}

/// The order of a node's children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveOrder {
    /// Longest segments first (taking more is the likelier good move):
    /// Yomi's prediction.
    Longest,
    /// As a plain generator lists them: by first cell, then along the row
    /// and the two diagonals, shorter first (seed 004 gives no order; its
    /// node counts are of this kind, far above those of `Longest`).
    Scan,
}

/// A position: the height, the cells that hold pieces, and every segment
/// of the board (a run of cells along a row or either diagonal).
#[derive(Clone, Debug)]
pub struct Pick {
    height: u32,
    pieces: u64,
    /// In scan order.
    segments: std::sync::Arc<Vec<u64>>,
    order: MoveOrder,
    /// Children kept at each node, the first in `order` (0: every one).
    branching: u16,
}

impl Pick {
    /// Height `height` (1 to 10) with pieces on the cells of `pieces`
    /// (cell `r(r+1)/2 + c` is row r's c-th from the left, rows from the
    /// top).
    pub fn new(height: u32, pieces: u64) -> Result<Pick, String> {
        if !(1..=MAX_HEIGHT).contains(&height) {
            return Err(format!("height {height}: must be 1 to {MAX_HEIGHT}"));
        }
        let cells = height * (height + 1) / 2;
        if cells < 64 && pieces >> cells != 0 {
            return Err(format!(
                "pieces beyond the {cells} cells of height {height}"
            ));
        }
        if pieces == 0 {
            return Err("a board needs at least one piece".into());
        }
        Ok(Pick {
            height,
            pieces,
            segments: std::sync::Arc::new(segments(height)),
            order: MoveOrder::Longest,
            branching: 0,
        })
    }

    /// The same board with its children in `order`.
    pub fn with_order(self, order: MoveOrder) -> Pick {
        Pick { order, ..self }
    }

    /// The same board with only the first `b` segments offered at each
    /// node (0: every one). Values are then those of a smaller game.
    pub fn with_branching(self, b: u16) -> Pick {
        Pick {
            branching: b,
            ..self
        }
    }

    /// `H:ROWS`, rows from the top as `0`/`1` joined by `/`, e.g.
    /// `3:1/01/110` (height 3, pieces on 4 of its 6 cells).
    pub fn parse(text: &str) -> Result<Pick, String> {
        let bad =
            |why: &str| format!("bad board {text:?}: {why} (expected H:ROWS, e.g. 3:1/01/110)");
        let (h, rows) = text.trim().split_once(':').ok_or_else(|| bad("no ':'"))?;
        let height: u32 = h.parse().map_err(|_| bad("the height is not a number"))?;
        if !(1..=MAX_HEIGHT).contains(&height) {
            return Err(bad(&format!("height {height} must be 1 to {MAX_HEIGHT}")));
        }
        let rows: Vec<&str> = rows.split('/').collect();
        if rows.len() != height as usize {
            return Err(bad(&format!("{} rows for height {height}", rows.len())));
        }
        let mut pieces = 0;
        let mut cell = 0;
        for (r, row) in rows.iter().enumerate() {
            if row.len() != r + 1 {
                return Err(bad(&format!(
                    "row {} has {} cells, not {}",
                    r + 1,
                    row.len(),
                    r + 1
                )));
            }
            for c in row.chars() {
                match c {
                    '1' => pieces |= 1 << cell,
                    '0' => {}
                    _ => return Err(bad(&format!("{c:?} is neither 0 nor 1"))),
                }
                cell += 1;
            }
        }
        Pick::new(height, pieces)
    }

    pub fn pieces(&self) -> u64 {
        self.pieces
    }

    pub fn height(&self) -> u32 {
        self.height
    }
}

impl fmt::Display for Pick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rows = Vec::new();
        let mut cell = 0;
        for r in 0..self.height {
            let row: String = (0..=r)
                .map(|_| {
                    cell += 1;
                    if self.pieces >> (cell - 1) & 1 == 1 {
                        '1'
                    } else {
                        '0'
                    }
                })
                .collect();
            rows.push(row);
        }
        write!(f, "{}:{}", self.height, rows.join("/"))
    }
}

/// Every segment of a board of `height` (runs of one or more cells along
/// rows, left diagonals — same column — and right diagonals — column and
/// row both rising), in scan order: by first cell, then direction, then
/// length; a single cell once.
fn segments(height: u32) -> Vec<u64> {
    let index = |r: u32, c: u32| r * (r + 1) / 2 + c;
    let cells = index(height, 0);
    // Each direction's lines, cells in rising order.
    let directions: [Vec<Vec<u32>>; 3] = [
        (0..height)
            .map(|r| (0..=r).map(|c| index(r, c)).collect())
            .collect(),
        (0..height)
            .map(|c| (c..height).map(|r| index(r, c)).collect())
            .collect(),
        (0..height)
            .map(|d| (d..height).map(|r| index(r, r - d)).collect())
            .collect(),
    ];
    let mut out = Vec::new();
    for cell in 0..cells {
        for (direction, lines) in directions.iter().enumerate() {
            for line in lines {
                let Some(start) = line.iter().position(|&c| c == cell) else {
                    continue;
                };
                let mut mask = 0u64;
                for (length, &c) in line[start..].iter().enumerate() {
                    mask |= 1 << c;
                    if length > 0 || direction == 0 {
                        out.push(mask);
                    }
                }
            }
        }
    }
    out
}

impl Game for Pick {
    type Move = PickMove;

    /// The segments made only of pieces, in the board's move order,
    /// except those that would empty the board.
    fn children(&mut self, out: &mut Vec<PickMove>) {
        out.clear();
        out.extend(
            self.segments
                .iter()
                .filter(|&&s| s & self.pieces == s && s != self.pieces)
                .map(|&s| PickMove(s)),
        );
        if self.order == MoveOrder::Longest {
            out.sort_by_key(|m| std::cmp::Reverse(m.0.count_ones()));
        }
        if self.branching > 0 {
            out.truncate(self.branching.into());
        }
    }

    fn play(&mut self, mv: PickMove) {
        self.pieces &= !mv.0;
    }

    fn undo(&mut self, mv: PickMove) {
        self.pieces |= mv.0;
    }

    /// One piece left: lost. Otherwise a guess from single-piece play
    /// (each move one piece, an odd count loses for the side to move).
    fn evaluate(&mut self) -> Value {
        match self.pieces.count_ones() {
            1 => LOSS,
            n if n % 2 == 1 => -GUESS,
            _ => GUESS,
        }
    }

    fn hash(&self) -> u64 {
        // SplitMix64 of the pieces and the height.
        let mut z = self.pieces ^ (u64::from(self.height) << 58) ^ 0x9E37_79B9_7F4A_7C15;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_segment_is_listed_once() {
        for height in 1..=MAX_HEIGHT {
            let list = segments(height);
            let mut set = list.clone();
            set.sort_unstable();
            set.dedup();
            assert_eq!(set.len(), list.len(), "height {height}");
            // Each direction has lines of 1 to h cells, L(L+1)/2 runs each;
            // a single cell lies on three lines.
            let runs: u32 = (1..=height).map(|l| l * (l + 1) / 2).sum();
            let cells = height * (height + 1) / 2;
            assert_eq!(list.len() as u32, 3 * runs - 2 * cells, "height {height}");
        }
    }

    #[test]
    fn both_orders_offer_the_same_children() {
        let board = Pick::parse("4:1/11/101/1111").unwrap();
        let (mut longest, mut scan) = (Vec::new(), Vec::new());
        board.clone().children(&mut longest);
        board.with_order(MoveOrder::Scan).children(&mut scan);
        assert!(longest[0].0.count_ones() == 4 && scan[0].0.count_ones() == 1);
        let key = |v: &mut Vec<PickMove>| {
            v.sort_by_key(|m| m.0);
            v.clone()
        };
        assert_eq!(key(&mut longest), key(&mut scan));
    }
}
