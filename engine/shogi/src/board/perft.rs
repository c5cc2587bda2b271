//! Perft: the number of leaves of the legal move tree, the standard check of
//! a move generator. The last ply is bulk-counted: the legal moves of a node
//! one ply above the leaves are counted, not played.

use super::moves::Move;
use super::position::Position;

/// The number of leaf nodes `depth` plies below `pos`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let moves = pos.legal_moves();
            let mut nodes = 0;
            for &mv in moves.iter() {
                pos.make_move(mv);
                nodes += perft(pos, depth - 1);
                pos.unmake_move(mv);
            }
            nodes
        }
    }
}

/// Perft of each legal move's subtree (`depth` ≥ 1), in generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves();
    moves
        .iter()
        .map(|&mv| {
            pos.make_move(mv);
            let nodes = perft(pos, depth.saturating_sub(1));
            pos.unmake_move(mv);
            (mv, nodes)
        })
        .collect()
}
