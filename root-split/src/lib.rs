//! Root splitting, the book's example of a parallel method
//! (`docs/method-plugin.md`): rank 0 deals the root's children out to the
//! other ranks one at a time, each searched with plain alpha-beta in the
//! window the best value so far leaves it, and keeps the best. The first
//! child goes out alone: its value, usually the best, bounds the others.
//!
//! The simplest parallel alpha-beta there is: its speedup is bounded by
//! the root's width, and a child dealt out before a good bound is known
//! is searched with a wide window (its search overhead). Seed 004's grid
//! master (`yomi_methods::baseline::GridMasterConfig`) is the same idea
//! carried down the tree's top until there is a node for every worker.

use yomi_methods::baseline::{AlphaBeta, BaselineOutcome, Charge, Counts, Ledger, SplitMessage};
use yomi_runtime::{Program, Rank, Transport};
use yomi_tree::{play_path, take_back, Game, INFINITE};

/// A root splitting search, as every rank runs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootSplit {
    /// Plies from the root.
    pub depth: u32,
    /// What the virtual cluster's clock charges for.
    pub charge: Charge,
}

impl<G: Game> Program<G> for RootSplit {
    type Message = SplitMessage;
    type Output = BaselineOutcome;

    fn run<T: Transport<SplitMessage>>(self, root: G, t: T) -> Option<BaselineOutcome> {
        if t.rank() == 0 {
            Some(master(root, t, self))
        } else {
            worker(root, t, self);
            None
        }
    }
}

/// Rank 0: the root's value, once every worker has reported.
fn master<G: Game, T: Transport<SplitMessage>>(
    mut game: G,
    mut t: T,
    config: RootSplit,
) -> BaselineOutcome {
    let mut ledger = Ledger::new(0);
    let mut moves = Vec::new();
    game.children(&mut moves);
    let children = moves.len();
    let value = if t.size() == 1 || children == 0 || config.depth == 0 {
        // No one to deal to, or nothing to deal: alone, as alpha-beta.
        let mut ab = AlphaBeta::new(&mut game, u64::MAX, |_| true);
        let value = ab.search(config.depth, -INFINITE, INFINITE);
        charge(&mut t, &mut ledger, config.charge, ab.counts());
        value.expect("nothing stops it")
    } else {
        charge(
            &mut t,
            &mut ledger,
            config.charge,
            Counts {
                nodes: 1,
                leaves: 0,
            },
        );
        // Child i goes out as task i; `best` is the root's best so far.
        let (mut next, mut answered, mut best) = (0, 0, -INFINITE);
        let mut idle: Vec<Rank> = (1..t.size()).rev().collect();
        while answered < children {
            // The first child alone, the others once its value bounds them.
            while next < children && (next == 0 || answered > 0) {
                let Some(worker) = idle.pop() else { break };
                let assign = SplitMessage::Assign {
                    id: next as u64,
                    path: vec![next as u16],
                    depth: config.depth - 1,
                    alpha: -INFINITE,
                    beta: -best,
                    type2: false,
                };
                t.send(worker, assign);
                next += 1;
            }
            match t.poll() {
                Some((worker, SplitMessage::Done { value, .. })) => {
                    best = best.max(-value);
                    answered += 1;
                    idle.push(worker);
                }
                Some(_) => {}
                None => ledger.idle(&mut t, None),
            }
        }
        best
    };
    let elapsed = t.now();
    for worker in 1..t.size() {
        t.send(worker, SplitMessage::Quit);
    }
    let own = ledger.report(&t);
    BaselineOutcome::gather(&mut t, value, elapsed, own)
}

/// Any other rank: children of the root from rank 0 until it says quit.
fn worker<G: Game, T: Transport<SplitMessage>>(mut game: G, mut t: T, config: RootSplit) {
    let mut ledger = Ledger::new(t.rank());
    loop {
        match t.poll() {
            Some((
                _,
                SplitMessage::Assign {
                    id,
                    path,
                    depth,
                    alpha,
                    beta,
                    ..
                },
            )) => {
                ledger.task_arrived(t.now());
                let played = play_path(&mut game, &path);
                let mut ab = AlphaBeta::new(&mut game, u64::MAX, |_| true);
                let value = ab.search(depth, alpha, beta).expect("nothing stops it");
                let counts = ab.counts();
                take_back(&mut game, played);
                charge(&mut t, &mut ledger, config.charge, counts);
                t.send(0, SplitMessage::Done { id, value });
            }
            Some((_, SplitMessage::Quit)) => break,
            Some(_) => {}
            None => ledger.idle(&mut t, None),
        }
    }
    let report = ledger.report(&t);
    t.send(0, SplitMessage::Report(report));
}

/// Counts `counts` of work done, and moves the virtual clock by them.
fn charge<T: Transport<SplitMessage>>(t: &mut T, ledger: &mut Ledger, by: Charge, counts: Counts) {
    ledger.counts += counts;
    t.work(by.units(Counts::default(), counts));
}

/// The book's chapter on adding a method (`docs/method-plugin.md`): its
/// Rust blocks, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/method-plugin.md")]
pub struct MethodGuideExamples;
