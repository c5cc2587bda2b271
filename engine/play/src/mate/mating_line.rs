//! The mating line, read from the proof table: from each proven position
//! the move stored with its proof (the attacker's shortest mate, the
//! defender's longest resistance), until the defender has no reply.

use super::dfpn::MAX_PLY;
use super::proof_table::ProofTable;
use yomi_shogi::board::{Move, Position};

/// Where reading the line stopped short: the position whose proof is no
/// longer in the table (replaced), and the moves up to it.
pub(super) struct Gap {
    pub(super) line: Vec<Move>,
    pub(super) at: Position,
    /// Whether the attacker is to move there.
    pub(super) attack: bool,
}

/// The line from `root` (proven; the attacker to move when `attack`), or
/// where it breaks.
pub(super) fn read(
    table: &ProofTable,
    root: &Position,
    mut attack: bool,
) -> Result<Vec<Move>, Box<Gap>> {
    let mut pos = root.clone();
    let mut line = Vec::new();
    let mut seen = Vec::new();
    loop {
        if !attack && !pos.has_legal_move() {
            return Ok(line);
        }
        let next = table
            .get(pos.hash())
            .filter(|(numbers, _)| numbers.is_proven())
            .and_then(|(_, best)| best)
            .filter(|&mv| pos.is_legal(mv))
            .filter(|_| line.len() < 2 * MAX_PLY && !seen.contains(&pos.hash()));
        let Some(mv) = next else {
            return Err(Box::new(Gap {
                line,
                at: pos,
                attack,
            }));
        };
        seen.push(pos.hash());
        pos.make_move(mv);
        line.push(mv);
        attack = !attack;
    }
}
