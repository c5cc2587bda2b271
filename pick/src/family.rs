//! Pick-the-last-one-loses as the harness names it: `--tree pick`, with
//! `--position` a board (`3:1/01/110`) or boards drawn at random as seed
//! 004 §4 did (`6x9` — height 6, nine pieces — one per `--seeds` seed;
//! `5-6x6-14` every height and count of those ranges); `scan/` before
//! either lists children in scan order (see [`MoveOrder`]); several such
//! texts joined by `,` name all their boards.

use crate::{MoveOrder, Pick};
use std::ops::RangeInclusive;
use yomi_tree::{GameFamily, Root, RootSpec};

pub struct PickFamily;

impl GameFamily for PickFamily {
    type Game = Pick;
    const NAME: &'static str = "pick";
    const ABOUT: &'static str = "Seed 004's pick-the-last-one-loses (yomi-pick): --position \
                                 H:ROWS (a board) or HxN (N pieces at random on height H, \
                                 one board per seed; ranges as 5-6x6-14); scan/ before \
                                 either: children in scan order, not longest first; \
                                 several joined by ,";
    /// Seed 004's Pentium III 1 GHz: 44.4 M nodes in 166 s over its four
    /// largest sequential cells (Tables 1 and 2), 3.7 µs a node.
    const PAPER_NODE_US: f64 = 3.7;

    fn roots(spec: &RootSpec) -> Result<Vec<Root<Pick>>, String> {
        let mut roots = Vec::new();
        for part in spec.position.split(',') {
            roots.extend(roots_of(part, spec)?);
        }
        Ok(roots)
    }
}

/// The roots of one `,`-separated part of a position text.
fn roots_of(whole: &str, spec: &RootSpec) -> Result<Vec<Root<Pick>>, String> {
    let whole = whole.trim();
    let (prefix, text, order) = match whole.strip_prefix("scan/") {
        Some(rest) => ("scan/", rest, MoveOrder::Scan),
        None => ("", whole, MoveOrder::Longest),
    };
    let prepare = |board: Pick| board.with_order(order).with_branching(spec.b);
    if text.contains(':') {
        let board = Pick::parse(text)?;
        return Ok(vec![Root {
            name: format!("{prefix}{board}"),
            group: None,
            root: prepare(board),
        }]);
    }
    let bad = |why: String| {
        format!(
            "bad pick position {text:?}: {why} (expected a board H:ROWS, HxN or \
             ranges as 5-6x6-14, optionally -seedS)"
        )
    };
    let (sizes, seeds) = match text.rsplit_once("-seed") {
        Some((sizes, seed)) => {
            let seed: u64 = seed.parse().map_err(|_| bad(format!("seed {seed:?}")))?;
            (sizes, seed..=seed)
        }
        None => (text, spec.seeds.clone()),
    };
    let (heights, counts) = sizes
        .split_once('x')
        .ok_or_else(|| bad("no 'x' between height and pieces".into()))?;
    let heights = range(heights).map_err(|e| bad(format!("height {e}")))?;
    let counts = range(counts).map_err(|e| bad(format!("pieces {e}")))?;
    let mut roots = Vec::new();
    for height in heights {
        let cells = height * (height + 1) / 2;
        for n in counts.clone() {
            if !(1..=cells).contains(&n) {
                return Err(bad(format!(
                    "{n} pieces on the {cells} cells of height {height}"
                )));
            }
            let group = format!("{prefix}{height}x{n}");
            for seed in seeds.clone() {
                let board = Pick::new(height as u32, random_pieces(cells, n, seed)).map_err(bad)?;
                roots.push(Root {
                    name: format!("{group}-seed{seed}"),
                    group: Some(group.clone()),
                    root: prepare(board),
                });
            }
        }
    }
    Ok(roots)
}

/// `N` or `A-B` (A ≤ B).
fn range(text: &str) -> Result<RangeInclusive<u64>, String> {
    let (a, b) = text.split_once('-').unwrap_or((text, text));
    let parse = |s: &str| s.trim().parse::<u64>().map_err(|_| format!("{text:?}"));
    let (a, b) = (parse(a)?, parse(b)?);
    if a > b {
        return Err(format!("{text:?} runs backwards"));
    }
    Ok(a..=b)
}

/// `n` of `cells` cells, drawn uniformly by `seed` (a partial
/// Fisher–Yates shuffle on SplitMix64), as a mask.
fn random_pieces(cells: u64, n: u64, seed: u64) -> u64 {
    let mut state = seed ^ (cells << 32) ^ (n << 48);
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut order: Vec<u64> = (0..cells).collect();
    for i in 0..n as usize {
        let j = i + (next() % (cells - i as u64)) as usize;
        order.swap(i, j);
    }
    order[..n as usize].iter().fold(0, |mask, &c| mask | 1 << c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roots(position: &str, seeds: RangeInclusive<u64>) -> Result<Vec<Root<Pick>>, String> {
        PickFamily::roots(&RootSpec {
            position,
            seeds,
            b: 0,
        })
    }

    #[test]
    fn random_boards_have_their_size_and_names_that_find_them_again() {
        let set = roots("5-6x6-14", 1..=20).unwrap();
        assert_eq!(set.len(), 2 * 9 * 20);
        for r in &set {
            let group = r.group.as_deref().unwrap();
            let (h, n) = group.split_once('x').unwrap();
            assert_eq!(r.root.height().to_string(), h);
            assert_eq!(r.root.pieces().count_ones().to_string(), n);
            let again = roots(&r.name, 1..=1).unwrap();
            assert_eq!(again.len(), 1);
            assert_eq!(again[0].root.pieces(), r.root.pieces(), "{}", r.name);
        }
        let distinct: std::collections::HashSet<_> = set
            .iter()
            .map(|r| (r.root.height(), r.root.pieces()))
            .collect();
        // Height 5 has only 15 boards of 14 pieces.
        assert!(distinct.len() > 340, "{} distinct boards", distinct.len());
    }

    #[test]
    fn a_board_names_itself() {
        let set = roots(" 3:1/01/110 ", 1..=5).unwrap();
        assert_eq!(set.len(), 1);
        assert_eq!(set[0].name, "3:1/01/110");
        let scan = roots("scan/3:1/01/110", 1..=1).unwrap();
        assert_eq!(scan[0].name, "scan/3:1/01/110");
        let again = roots(&scan[0].name, 1..=1).unwrap();
        assert_eq!(again[0].root.pieces(), set[0].root.pieces());
    }

    #[test]
    fn scan_sets_are_the_same_boards_in_their_own_groups() {
        let (longest, scan) = (
            roots("6x9", 1..=3).unwrap(),
            roots("scan/6x9", 1..=3).unwrap(),
        );
        for (l, s) in longest.iter().zip(&scan) {
            assert_eq!(l.root.pieces(), s.root.pieces());
            assert_eq!(s.name, format!("scan/{}", l.name));
            assert_eq!(s.group.as_deref(), Some("scan/6x9"));
            assert_eq!(roots(&s.name, 1..=1).unwrap()[0].name, s.name);
        }
        let both = roots("scan/5x6-12, scan/6x6-14", 1..=2).unwrap();
        assert_eq!(both.len(), (7 + 9) * 2);
        assert_eq!(both.last().unwrap().name, "scan/6x14-seed2");
    }

    #[test]
    fn bad_specs_say_why() {
        for (spec, why) in [
            ("5", "no 'x'"),
            ("5x", "pieces"),
            ("0x3", "height 0"),
            ("3x7", "7 pieces on the 6 cells"),
            ("5x9-6", "backwards"),
            ("5x6-seedX", "seed"),
            ("3:1/01", "rows"),
        ] {
            let e = roots(spec, 1..=2).err().unwrap();
            assert!(e.contains(why), "{spec}: {e}");
        }
    }
}
