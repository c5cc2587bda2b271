//! A split or YBWC search on threads (one per processor) or on the
//! virtual cluster, or as one rank of an MPI run.

use super::message::SplitMessage;
use super::outcome::BaselineOutcome;
use super::splitting::{run_processor, SplitConfig};
use super::ybwc::{run_ybwc, YbwcConfig};
use crate::game::Game;
use crate::parallel::sim::{simulate, Body, Model, SimStats};
use crate::parallel::threads::network;

/// A YBWC search of `root` by `processors` threads.
pub fn ybwc_on_threads<G>(root: G, processors: usize, config: YbwcConfig) -> BaselineOutcome
where
    G: Game + Clone + Send + 'static,
{
    let mut transports = network::<SplitMessage>(processors.max(1)).into_iter();
    let rank0 = transports.next().expect("rank 0");
    let others: Vec<_> = transports
        .map(|t| {
            let root = root.clone();
            std::thread::spawn(move || run_ybwc(root, t, config))
        })
        .collect();
    let outcome = run_ybwc(root, rank0, config).expect("rank 0 has the outcome");
    for h in others {
        h.join().expect("a processor thread panicked");
    }
    outcome
}

/// A YBWC search of `root` by `processors` ranks of a virtual cluster.
pub fn ybwc_on_sim<G>(
    root: G,
    processors: usize,
    config: YbwcConfig,
    model: &Model,
) -> Result<(BaselineOutcome, SimStats), String>
where
    G: Game + Clone + 'static,
{
    let mut bodies: Vec<Body<SplitMessage, Option<BaselineOutcome>>> = Vec::new();
    for _ in 0..processors.max(1) {
        let root = root.clone();
        bodies.push(Box::new(move |t| run_ybwc(root, t, config)));
    }
    let (results, stats) = simulate(model, bodies)?;
    let outcome = results.into_iter().next().flatten();
    Ok((outcome.expect("rank 0 has the outcome"), stats))
}

/// One rank's part of a YBWC search under MPI: rank 0 returns the outcome.
#[cfg(feature = "mpi")]
pub fn ybwc_on_mpi<G: Game>(
    root: G,
    config: YbwcConfig,
    world: ::mpi::topology::SimpleCommunicator,
) -> Option<BaselineOutcome> {
    let transport = crate::parallel::mpi::MpiTransport::<SplitMessage>::new(world);
    run_ybwc(root, transport, config)
}

/// Searches `root` with one thread a processor.
pub fn split_on_threads<G>(root: G, config: SplitConfig) -> BaselineOutcome
where
    G: Game + Clone + Send + 'static,
{
    let mut transports = network::<SplitMessage>(config.processors.processors()).into_iter();
    let rank0 = transports.next().expect("rank 0");
    let others: Vec<_> = transports
        .map(|t| {
            let root = root.clone();
            std::thread::spawn(move || run_processor(root, t, config))
        })
        .collect();
    let outcome = run_processor(root, rank0, config).expect("rank 0 has the outcome");
    for h in others {
        h.join().expect("a processor thread panicked");
    }
    outcome
}

/// Searches `root` on a virtual cluster under `model`: the outcome (in
/// virtual time) and what the simulation took.
pub fn split_on_sim<G>(
    root: G,
    config: SplitConfig,
    model: &Model,
) -> Result<(BaselineOutcome, SimStats), String>
where
    G: Game + Clone + 'static,
{
    let mut bodies: Vec<Body<SplitMessage, Option<BaselineOutcome>>> = Vec::new();
    for _ in 0..config.processors.processors() {
        let root = root.clone();
        bodies.push(Box::new(move |t| run_processor(root, t, config)));
    }
    let (results, stats) = simulate(model, bodies)?;
    let outcome = results.into_iter().next().flatten();
    Ok((outcome.expect("rank 0 has the outcome"), stats))
}

/// One rank's part of a split search under MPI (as many ranks as the
/// processor tree has processors): rank 0 returns the outcome.
#[cfg(feature = "mpi")]
pub fn split_on_mpi<G: Game>(
    root: G,
    config: SplitConfig,
    world: ::mpi::topology::SimpleCommunicator,
) -> Option<BaselineOutcome> {
    let transport = crate::parallel::mpi::MpiTransport::<SplitMessage>::new(world);
    run_processor(root, transport, config)
}
