//! The mate search (`go mate`): df-pn over checks and replies, a proof
//! table, and the mating line read from it.

mod dfpn;
mod mating_line;
mod proof_table;

use dfpn::{Deadline, Dfpn};
use proof_table::ProofTable;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use yomi_shogi::board::{Move, Position};

/// How long a mate search may run.
#[derive(Clone, Default)]
pub struct MateLimits {
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
    /// Set from outside to end the search (`stop`).
    pub stop: Option<Arc<AtomicBool>>,
}

/// What a mate search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mate {
    /// The side to move mates: the whole line, ending in a position
    /// whose defender has no legal move.
    Mate(Vec<Move>),
    /// No mate by checks exists.
    NoMate,
    /// Undecided when a limit came.
    Unknown,
}

/// A finished mate search.
#[derive(Clone, Debug)]
pub struct MateReport {
    pub mate: Mate,
    /// Positions expanded (counting the re-searches that fill in the line).
    pub nodes: u64,
    pub elapsed: Duration,
}

/// A mate solver with its table (kept between searches, so a position
/// asked again starts from what is known).
pub struct MateSearch {
    table: ProofTable,
}

impl MateSearch {
    /// A solver whose table takes about `table_mb` megabytes.
    pub fn new(table_mb: usize) -> MateSearch {
        MateSearch {
            table: ProofTable::new(table_mb),
        }
    }

    /// Whether the side to move in `root` mates by checks.
    pub fn solve(&mut self, root: &Position, limits: &MateLimits) -> MateReport {
        let start = Instant::now();
        let deadline = Deadline {
            at: limits.time.map(|t| start + t),
            nodes: limits.nodes,
            stop: limits.stop.clone(),
        };
        let mut dfpn = Dfpn::new(&mut self.table, deadline);
        let mut pos = root.clone();
        let numbers = dfpn.solve(&mut pos, true);
        let mate = if numbers.is_proven() {
            // A proof the table has since replaced is proven again from
            // where the line breaks (each time one ply or more further on).
            let mut line = Vec::new();
            let (mut from, mut attack) = (root.clone(), true);
            loop {
                match mating_line::read(dfpn.table, &from, attack) {
                    Ok(rest) => {
                        line.extend(rest);
                        break Mate::Mate(line);
                    }
                    Err(gap) => {
                        let stuck = gap.line.is_empty() && line.len() + 1 >= 2 * dfpn::MAX_PLY;
                        line.extend(gap.line);
                        (from, attack) = (gap.at, gap.attack);
                        let mut pos = from.clone();
                        if stuck || dfpn.stopped || !dfpn.solve(&mut pos, attack).is_proven() {
                            break Mate::Unknown;
                        }
                    }
                }
            }
        } else if numbers.dn == 0 {
            Mate::NoMate
        } else {
            Mate::Unknown
        };
        MateReport {
            mate,
            nodes: dfpn.nodes,
            elapsed: start.elapsed(),
        }
    }
}
