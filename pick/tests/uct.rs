//! UCT with true playouts (random moves to the game's end) on pick: on
//! winning boards its root choice comes to be a winning move as
//! simulations grow, judged by the exact solver.

use yomi_methods::uct::{Playout, Uct, UctConfig};
use yomi_pick::{solve, Pick};
use yomi_tree::Game;

#[test]
fn uct_with_true_playouts_comes_to_choose_winning_moves() {
    let budgets = [10, 100, 1_000, 10_000, 100_000];
    let mut right = [0; 5];
    let mut boards = 0;
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    while boards < 40 {
        // Seven to ten random pieces on the 15 cells of height 5.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let pieces = seed & 0x7FFF;
        if !(7..=10).contains(&pieces.count_ones()) {
            continue;
        }
        let mut board = Pick::new(5, pieces).unwrap();
        if !solve(&board) {
            continue; // every move loses: nothing to choose
        }
        boards += 1;
        let mut moves = Vec::new();
        board.children(&mut moves);
        let config = UctConfig {
            c: UctConfig::UCB1,
            horizon: pieces.count_ones(),
            playout: Playout::TO_THE_END,
            seed,
        };
        let mut uct = Uct::new(config);
        let mut done = 0;
        for (k, &budget) in budgets.iter().enumerate() {
            let best = uct.run(&mut board, budget - done).best.unwrap();
            done = budget;
            let mut after = board.clone();
            after.play(moves[best]);
            right[k] += usize::from(!solve(&after));
        }
    }
    assert!(
        right.windows(2).all(|w| w[0] <= w[1]),
        "{right:?} of {boards}"
    );
    assert!(
        right[0] < boards && right[4] * 100 >= boards * 95,
        "{right:?} of {boards}"
    );
}
