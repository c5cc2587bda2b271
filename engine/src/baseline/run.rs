//! A baseline search on threads (one per processor), on the virtual
//! cluster, or as one rank of an MPI run.

use super::message::SplitMessage;
use super::outcome::BaselineOutcome;
use super::splitting::{run_processor, SplitConfig};
use super::ybwc::{run_ybwc, YbwcConfig};
use crate::game::Game;
use crate::parallel::sim::{simulate, Body, Model, SimStats};
use crate::parallel::threads::network;
use crate::parallel::transport::Transport;

/// What every processor of a baseline runs.
pub trait Baseline: Copy + Send + 'static {
    /// Processor `transport.rank()`'s part of a search of `root`: rank 0
    /// returns the outcome.
    fn run<G: Game, T: Transport<SplitMessage>>(self, root: G, t: T) -> Option<BaselineOutcome>;
}

impl Baseline for SplitConfig {
    fn run<G: Game, T: Transport<SplitMessage>>(self, root: G, t: T) -> Option<BaselineOutcome> {
        run_processor(root, t, self)
    }
}

impl Baseline for YbwcConfig {
    fn run<G: Game, T: Transport<SplitMessage>>(self, root: G, t: T) -> Option<BaselineOutcome> {
        run_ybwc(root, t, self)
    }
}

/// Searches `root` with `processors` threads.
pub fn on_threads<G, B>(root: G, processors: usize, baseline: B) -> BaselineOutcome
where
    G: Game + Clone + Send + 'static,
    B: Baseline,
{
    let mut transports = network::<SplitMessage>(processors.max(1)).into_iter();
    let rank0 = transports.next().expect("rank 0");
    let others: Vec<_> = transports
        .map(|t| {
            let root = root.clone();
            std::thread::spawn(move || baseline.run(root, t))
        })
        .collect();
    let outcome = baseline.run(root, rank0).expect("rank 0 has the outcome");
    for h in others {
        h.join().expect("a processor thread panicked");
    }
    outcome
}

/// Searches `root` on a virtual cluster of `processors` ranks under
/// `model`: the outcome (in virtual time) and what the simulation took.
pub fn on_sim<G, B>(
    root: G,
    processors: usize,
    baseline: B,
    model: &Model,
) -> Result<(BaselineOutcome, SimStats), String>
where
    G: Game + Clone + 'static,
    B: Baseline,
{
    let mut bodies: Vec<Body<SplitMessage, Option<BaselineOutcome>>> = Vec::new();
    for _ in 0..processors.max(1) {
        let root = root.clone();
        bodies.push(Box::new(move |t| baseline.run(root, t)));
    }
    let (results, stats) = simulate(model, bodies)?;
    let outcome = results.into_iter().next().flatten();
    Ok((outcome.expect("rank 0 has the outcome"), stats))
}

/// One rank's part of a search under MPI: rank 0 returns the outcome.
#[cfg(feature = "mpi")]
pub fn on_mpi<G: Game, B: Baseline>(
    root: G,
    baseline: B,
    world: ::mpi::topology::SimpleCommunicator,
) -> Option<BaselineOutcome> {
    let transport = crate::parallel::mpi::MpiTransport::<SplitMessage>::new(world);
    baseline.run(root, transport)
}
