//! A message-passing search written once against `Transport` (a
//! baseline, parallel RBF, …), run on threads (one a rank), on the virtual
//! cluster, or as one rank of an MPI run.

use super::byte_link::{ByteLink, LinkTransport};
use super::sim::{simulate, Body, Model, SimStats};
use super::threads::thread_transports;
use super::transport::Transport;
use serde::de::DeserializeOwned;
use serde::Serialize;
use yomi_tree::Game;

/// What every rank of a search of a `G` tree runs.
pub trait Program<G: Game>: Clone + Send + 'static {
    type Message: Serialize + DeserializeOwned + Send + 'static;
    /// What rank 0 returns.
    type Output: Send + 'static;

    /// Rank `transport.rank()`'s part of a search of `root`: rank 0
    /// returns the output.
    fn run<T: Transport<Self::Message>>(self, root: G, t: T) -> Option<Self::Output>;
}

/// Searches `root` with `ranks` threads.
pub fn on_threads<G, P>(root: G, ranks: usize, program: P) -> P::Output
where
    G: Game + Clone + Send + 'static,
    P: Program<G>,
{
    let mut transports = thread_transports::<P::Message>(ranks.max(1)).into_iter();
    let rank0 = transports.next().expect("rank 0");
    let others: Vec<_> = transports
        .map(|t| {
            let (root, program) = (root.clone(), program.clone());
            std::thread::spawn(move || program.run(root, t))
        })
        .collect();
    let output = program.run(root, rank0).expect("rank 0 has the output");
    for h in others {
        h.join().expect("a rank's thread panicked");
    }
    output
}

/// Searches `root` on a virtual cluster of `ranks` ranks under `model`:
/// the output (in virtual time) and what the simulation took.
pub fn on_sim<G, P>(
    root: G,
    ranks: usize,
    program: P,
    model: &Model,
) -> Result<(P::Output, SimStats), String>
where
    G: Game + Clone + 'static,
    P: Program<G>,
{
    let mut bodies: Vec<Body<P::Message, Option<P::Output>>> = Vec::new();
    for _ in 0..ranks.max(1) {
        let (root, program) = (root.clone(), program.clone());
        bodies.push(Box::new(move |t| program.run(root, t)));
    }
    let (results, stats) = simulate(model, bodies)?;
    let output = results.into_iter().next().flatten();
    Ok((output.expect("rank 0 has the output"), stats))
}

/// One rank's part of a search over `link` (MPI's, in the MPI build):
/// rank 0 returns the output.
pub fn on_link<G: Game, P: Program<G>>(
    root: G,
    program: P,
    link: Box<dyn ByteLink>,
) -> Option<P::Output> {
    program.run(root, LinkTransport::<P::Message>::new(link))
}
