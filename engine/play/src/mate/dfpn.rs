//! Depth-first proof-number search (df-pn, Nagai 2002) for a mate by the
//! side to move: the attacker (OR nodes) plays only checks, the defender
//! (AND nodes) every legal reply. A position whose defender has no reply
//! is mate; an attacker without a check has failed. The move generator
//! already forbids the pawn drop that mates. A position repeated on the
//! current path counts as a failure of the attack (perpetual check loses
//! in shogi, and a repetition gains the attacker nothing).
//!
//! Thresholds follow the 1 + ε trick (Pawlewicz and Lew 2007), so the
//! search does not bounce between two children of nearly equal numbers.

use super::proof_table::{Numbers, ProofTable, INFINITE};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;
use yomi_shogi::board::{Move, Position};

/// The deepest path searched, in plies; beyond it a line counts as failed.
pub(super) const MAX_PLY: usize = 400;

/// How often (in nodes) the clock and the stop flag are read.
const POLL: u64 = 4096;

/// When the search must give up.
#[derive(Clone, Default)]
pub(super) struct Deadline {
    pub(super) at: Option<Instant>,
    pub(super) nodes: Option<u64>,
    pub(super) stop: Option<Arc<AtomicBool>>,
}

pub(super) struct Dfpn<'a> {
    pub(super) table: &'a mut ProofTable,
    pub(super) deadline: Deadline,
    pub(super) nodes: u64,
    pub(super) stopped: bool,
    /// Keys of the positions on the current path (the root first).
    path: Vec<u64>,
}

/// A move at a node, with what is known of the position after it.
struct Child {
    mv: Move,
    key: u64,
    numbers: Numbers,
    /// Repeats a position on the path: a failure, never searched.
    repeats: bool,
}

impl<'a> Dfpn<'a> {
    pub(super) fn new(table: &'a mut ProofTable, deadline: Deadline) -> Dfpn<'a> {
        Dfpn {
            table,
            deadline,
            nodes: 0,
            stopped: false,
            path: Vec::new(),
        }
    }

    /// Searches `pos` (the attacker to move when `attack`) until it is
    /// proven or disproven, or the deadline passes.
    pub(super) fn solve(&mut self, pos: &mut Position, attack: bool) -> Numbers {
        self.path.clear();
        self.path.push(pos.hash());
        let numbers = self.search(pos, attack, INFINITE, INFINITE);
        self.path.clear();
        numbers
    }

    /// Reads the limits at the first node and every `POLL` after.
    fn poll(&mut self) {
        if self.nodes % POLL != 1 {
            return;
        }
        let Deadline { at, nodes, stop } = &self.deadline;
        self.stopped = at.is_some_and(|t| Instant::now() >= t)
            || nodes.is_some_and(|n| self.nodes >= n)
            || stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
    }

    /// Expands `pos` (attacker to move when `attack`) and searches below it
    /// until its numbers reach a threshold; stores and returns them.
    fn search(&mut self, pos: &mut Position, attack: bool, th_pn: u32, th_dn: u32) -> Numbers {
        self.nodes += 1;
        self.poll();
        let key = pos.hash();
        let start_nodes = self.nodes;
        if attack && !pos.in_check() {
            if let Some(mv) = pos.mate_in_one() {
                let numbers = Numbers::proven(1);
                self.table.store(key, numbers, mv, 1);
                return numbers;
            }
        }
        let moves = if attack {
            pos.legal_checks()
        } else {
            pos.legal_moves()
        };
        let mut children: Vec<Child> = moves
            .iter()
            .map(|&mv| {
                let key = pos.key_after(mv);
                // Positions of the same side to move sit two plies apart.
                let repeats = self.path.iter().rev().skip(1).step_by(2).any(|&k| k == key);
                let numbers = match repeats {
                    true => Numbers::DISPROVEN,
                    false => self.table.numbers(key),
                };
                Child {
                    mv,
                    key,
                    numbers,
                    repeats,
                }
            })
            .collect();
        let too_deep = self.path.len() >= MAX_PLY;
        loop {
            let (numbers, best) = combine(attack, &children);
            if numbers.pn >= th_pn || numbers.dn >= th_dn || self.stopped || too_deep {
                let numbers = match too_deep && !numbers.is_final() {
                    true => Numbers::DISPROVEN,
                    false => numbers,
                };
                let mv = best.map_or(Move::NONE, |b| children[b].mv);
                if !too_deep {
                    self.table
                        .store(key, numbers, mv, self.nodes - start_nodes + 1);
                }
                return numbers;
            }
            let Some(i) = best else {
                unreachable!("a node with no moves is final")
            };
            let (child_pn, child_dn) = thresholds(attack, &children, i, numbers, th_pn, th_dn);
            let child = &children[i];
            let mv = child.mv;
            debug_assert!(!child.repeats);
            pos.make_move(mv);
            self.path.push(children[i].key);
            let found = self.search(pos, !attack, child_pn, child_dn);
            self.path.pop();
            pos.unmake_move(mv);
            children[i].numbers = found;
        }
    }
}

/// A node's numbers from its children's, and the child to search next
/// (or, once proven, the one that keeps to the mate: the shortest for
/// the attacker, the longest for the defender).
fn combine(attack: bool, children: &[Child]) -> (Numbers, Option<usize>) {
    if children.is_empty() {
        return match attack {
            true => (Numbers::DISPROVEN, None),
            false => (Numbers::proven(0), None),
        };
    }
    // The attacker needs one child proven: pn is the least, dn the sum;
    // the defender needs one disproven: dn the least, pn the sum.
    let least = |n: &Numbers| if attack { n.pn } else { n.dn };
    let summed = |n: &Numbers| if attack { n.dn } else { n.pn };
    let mut min = INFINITE;
    let mut best = 0;
    let mut sum = 0u32;
    for (i, c) in children.iter().enumerate() {
        let l = least(&c.numbers);
        if l < min {
            min = l;
            best = i;
        }
        sum = add(sum, summed(&c.numbers));
    }
    let (pn, dn) = if attack { (min, sum) } else { (sum, min) };
    if pn != 0 {
        return (Numbers { pn, dn, len: 0 }, Some(best));
    }
    // Proven: pick the child whose mate keeps the line (every child
    // of a defender is proven; of the attacker the shortest proven one).
    let proven = children
        .iter()
        .enumerate()
        .filter(|(_, c)| c.numbers.is_proven());
    let (i, len) = match attack {
        true => proven
            .map(|(i, c)| (i, c.numbers.len))
            .min_by_key(|&(_, l)| l),
        false => proven
            .map(|(i, c)| (i, c.numbers.len))
            .max_by_key(|&(_, l)| l),
    }
    .expect("a proven node has a proven child");
    (Numbers::proven(len.saturating_add(1)), Some(i))
}

/// The thresholds for searching child `i` (the one with the least
/// deciding number): it returns once it is no longer the best, with room
/// of ε = 1/4 (the 1 + ε trick), or once the node would pass its own.
fn thresholds(
    attack: bool,
    children: &[Child],
    i: usize,
    node: Numbers,
    th_pn: u32,
    th_dn: u32,
) -> (u32, u32) {
    let least = |n: &Numbers| if attack { n.pn } else { n.dn };
    let second = children
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(_, c)| least(&c.numbers))
        .min()
        .unwrap_or(INFINITE);
    let widened = add(second, 1 + second / 4);
    let c = children[i].numbers;
    if attack {
        // The child (a defender's node) must keep pn the least, and the
        // sum of dn under th_dn.
        (th_pn.min(widened), add(th_dn - node.dn, c.dn))
    } else {
        (add(th_pn - node.pn, c.pn), th_dn.min(widened))
    }
}

/// A sum that saturates one below `INFINITE` (only a proof or a disproof
/// is infinite).
fn add(a: u32, b: u32) -> u32 {
    if a == INFINITE || b == INFINITE {
        INFINITE
    } else {
        a.saturating_add(b).min(INFINITE - 1)
    }
}
