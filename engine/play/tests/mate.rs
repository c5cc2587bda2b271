//! The mate search against brute force: on positions from random games it
//! finds every mate that an exhaustive search of checks finds within five
//! plies, every line it returns is legal and ends in mate, and what it
//! calls no mate has none within five plies.

use rand::{rngs::StdRng, RngExt, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use yomi_play::{Mate, MateLimits, MateSearch};
use yomi_shogi::board::{Move, Position};
use yomi_shogi::positions::pro_middlegame_32;

/// Whether the side to move mates within `plies` (odd) by checks.
fn mates_within(pos: &mut Position, plies: u32) -> bool {
    for &check in pos.legal_checks().iter() {
        pos.make_move(check);
        let replies = pos.legal_moves();
        let mated = replies.iter().all(|&reply| {
            plies > 2 && {
                pos.make_move(reply);
                let mated = mates_within(pos, plies - 2);
                pos.unmake_move(reply);
                mated
            }
        });
        pos.unmake_move(check);
        if mated {
            return true;
        }
    }
    false
}

/// Why `line` is no mating line from `pos`, if it is not.
fn refute(pos: &Position, line: &[Move]) -> Option<String> {
    let mut pos = pos.clone();
    for (i, &mv) in line.iter().enumerate() {
        if !pos.is_legal(mv) {
            return Some(format!("ply {}: {mv} is illegal", i + 1));
        }
        pos.make_move(mv);
        if i % 2 == 0 && !pos.in_check() {
            return Some(format!("ply {}: {mv} does not check", i + 1));
        }
    }
    (line.len().is_multiple_of(2) || pos.has_legal_move())
        .then(|| "the line does not end in mate".into())
}

/// Positions along random games from the professional positions, where
/// the side to move is not in check: mates come up as material falls.
fn positions() -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(11);
    let mut out = Vec::new();
    for entry in pro_middlegame_32() {
        let mut pos = entry.position.clone();
        for ply in 0..160 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if ply % 4 == 0 && !pos.in_check() {
                out.push(pos.clone());
            }
            pos.make_move(moves[rng.random_range(0..moves.len())]);
        }
    }
    out
}

#[test]
fn finds_every_mate_that_brute_force_finds_and_every_line_mates() {
    let limits = MateLimits {
        nodes: Some(200_000),
        ..MateLimits::default()
    };
    let mut search = MateSearch::new(16);
    let (mut mates, mut nomates, mut longer) = (0, 0, 0);
    for mut pos in positions() {
        let expected = mates_within(&mut pos, 5);
        let report = search.solve(&pos, &limits);
        let sfen = pos.to_sfen();
        match &report.mate {
            Mate::Mate(line) => {
                assert_eq!(refute(&pos, line), None, "{sfen}: {line:?}");
                mates += 1;
                longer += usize::from(!expected);
            }
            Mate::NoMate => {
                assert!(!expected, "{sfen}: a mate within 5 plies was missed");
                nomates += 1;
            }
            Mate::Unknown => assert!(!expected, "{sfen}: undecided, brute force mates"),
        }
    }
    assert!(
        mates > 100 && nomates > 100,
        "mates {mates}, no mates {nomates}"
    );
    assert!(longer > 0, "no mate longer than brute force's reach");
}

#[test]
fn a_drop_pawn_mate_is_no_mate_and_a_perpetual_check_no_mate() {
    let mut search = MateSearch::new(1);
    let limits = MateLimits::default();
    // The only mating move would be the pawn drop on 1b (forbidden).
    let pos = Position::from_sfen("7nk/9/7G1/9/9/9/9/9/4K4 b P 1").unwrap();
    assert_eq!(search.solve(&pos, &limits).mate, Mate::NoMate);
    // A lone rook checks forever but never mates.
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/R3K4 b - 1").unwrap();
    assert_eq!(search.solve(&pos, &limits).mate, Mate::NoMate);
    // Gold drop on 5b, protected by the pawn: mate in one.
    let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    let Mate::Mate(line) = search.solve(&pos, &limits).mate else {
        panic!("mate in one missed");
    };
    assert_eq!(
        line.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        ["G*5b"]
    );
}

#[test]
fn a_stopped_search_is_undecided() {
    // A stop already asked for, in a mate in three: the search ends at
    // the first position.
    let pos = Position::from_sfen(
        "4+S2k1/2P3gs1/l1n1p+B1pP/p1r4gp/1pp3pPl/PP1p2P2/L4PN1L/2NGP1S2/1NBK4R b GSPp 111",
    )
    .unwrap();
    let stop = Arc::new(AtomicBool::new(true));
    let limits = MateLimits {
        stop: Some(stop),
        ..MateLimits::default()
    };
    let report = MateSearch::new(1).solve(&pos, &limits);
    assert_eq!((report.mate, report.nodes), (Mate::Unknown, 1));
    let report = MateSearch::new(1).solve(&pos, &MateLimits::default());
    assert!(matches!(report.mate, Mate::Mate(line) if line.len() == 3));
}
