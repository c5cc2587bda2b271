//! Pick-the-last-one-loses against its exact values: alpha-beta to the
//! full depth agrees with the memoised solver on every board of height ≤ 4,
//! YBWC and Jamboree on the virtual cluster on boards of height 5, and the
//! text format round-trips and refuses bad boards.

use yomi_methods::baseline::{AlphaBeta, Charge, YbwcConfig};
use yomi_pick::{solve, MoveOrder, Pick};
use yomi_runtime::sim::Model;
use yomi_runtime::{on_sim, on_threads};
use yomi_tree::{Game, Value, INFINITE};

/// Alpha-beta's value of `board` searched to the end (each move takes a
/// piece or more, so as many plies as pieces reach every end).
fn alpha_beta(board: &Pick) -> Value {
    let mut game = board.clone();
    let depth = board.pieces().count_ones();
    AlphaBeta::new(&mut game, u64::MAX, |_| true)
        .search(depth, -INFINITE, INFINITE)
        .unwrap()
}

#[test]
fn alpha_beta_to_the_end_wins_exactly_where_the_solver_does() {
    for height in 1..=4u32 {
        let cells = height * (height + 1) / 2;
        let (mut wins, mut losses) = (0, 0);
        for pieces in 1..1u64 << cells {
            let board = Pick::new(height, pieces).unwrap();
            let win = solve(&board);
            let value = alpha_beta(&board);
            assert_eq!(value > 0, win, "{board}: value {value}");
            if height <= 3 {
                let scan = alpha_beta(&board.clone().with_order(MoveOrder::Scan));
                assert_eq!(scan, value, "{board} in scan order");
            }
            assert_ne!(value, 0, "{board}");
            if win {
                wins += 1;
            } else {
                losses += 1;
            }
        }
        assert!(height == 1 || (wins > 0 && losses > 0), "height {height}");
    }
}

#[test]
fn small_boards_have_their_known_values() {
    for (text, win) in [
        ("1:1", false),        // the last piece must be taken
        ("2:1/11", true),      // take two, leave one
        ("2:1/01", true),      // take one, leave one
        ("2:1/10", true),      // 0 and 1 share a left diagonal
        ("3:0/00/101", true),  // two apart: take one, leave one
        ("3:1/00/101", false), // three apart: each takes one, the mover the last
        ("3:1/10/100", true),  // one column of three: take two, leave one
    ] {
        let board = Pick::parse(text).unwrap();
        assert_eq!(solve(&board), win, "{text}");
        assert_eq!(board.to_string(), text, "round trip");
    }
}

#[test]
fn bad_boards_are_refused_with_the_reason() {
    for (text, why) in [
        ("3/1/11/111", "no ':'"),
        ("x:1", "not a number"),
        ("3:1/11", "2 rows for height 3"),
        ("2:1/1", "row 2 has 1 cells"),
        ("2:1/1x", "neither 0 nor 1"),
        ("2:0/00", "at least one piece"),
        ("11:1", "must be 1 to 10"),
    ] {
        let e = Pick::parse(text).unwrap_err();
        assert!(e.contains(why), "{text}: {e}");
    }
}

#[test]
fn parallel_searches_get_the_exact_value_on_height_5() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..6 {
        // Ten random pieces of the 15 cells.
        let mut pieces = 0u64;
        while pieces.count_ones() < 10 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            pieces |= 1 << (seed % 15);
        }
        let board = Pick::new(5, pieces).unwrap();
        let exact = alpha_beta(&board);
        assert_eq!(exact > 0, solve(&board), "{board}");
        let depth = pieces.count_ones();
        for config in [
            YbwcConfig::ybwc(depth, Charge::Nodes, 1),
            YbwcConfig::jamboree(depth, Charge::Nodes, 1),
        ] {
            let (sim, _) = on_sim(board.clone(), 4, config, &Model::UNIT_COST).unwrap();
            let threads = on_threads(
                board.clone(),
                3,
                YbwcConfig {
                    poll_every: 64,
                    ..config
                },
            );
            assert_eq!((sim.value, threads.value), (exact, exact), "{board}");
        }
        let mut game = board.clone();
        let mut moves = Vec::new();
        game.children(&mut moves);
        assert!(moves.iter().all(|m| m.0 & !pieces == 0 && m.0 != pieces));
    }
}
