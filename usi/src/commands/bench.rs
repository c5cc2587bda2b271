//! `yomi bench`: a fixed-depth search of the start position and middle-game
//! positions, for nodes per second. On one thread node counts are the same
//! on every run; only the times change.

use crate::protocol::Method;
use crate::search_choice::{Ranks, ShogiSearcher};
use clap::Args;
use std::time::Duration;
use yomi_nnue::DEFAULT_OUTPUT_SCALE;
use yomi_play::{load_net, root_text, root_with_net};
use yomi_search::{Limits, Stats};
use yomi_shogi::board::Position;
use yomi_shogi::positions::pro_middlegame_32;
use yomi_shogi_game::ShogiGame;
use yomi_tree::BranchLimit;

/// Search the start position and middle-game positions to a fixed depth
/// (research mode unless --play) and print nodes, leaves and time per
/// position and the total nodes per second.
#[derive(Args)]
pub(crate) struct BenchArgs {
    /// Search depth in plies.
    #[arg(long, default_value_t = 7)]
    depth: u32,
    /// Branching limit b: the b most promising moves (0: every legal move).
    #[arg(long, default_value_t = 0)]
    b: usize,
    /// Middle-game positions from the embedded professional set (1–32).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=32))]
    positions: u8,
    /// Transposition table size in MB (cleared before each position).
    #[arg(long, default_value_t = 64)]
    hash_mb: usize,
    /// The play search (games) instead of research mode.
    #[arg(long)]
    play: bool,
    /// Threads (node counts then vary): of the play search, shared as
    /// --method says; in research mode, the paper's worker threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: u16,
    /// How the play search's threads share the work (under mpirun,
    /// `YOMI_MPI_METHOD` chooses how the ranks do).
    #[arg(long, value_enum, default_value = "lazy-smp")]
    method: Method,
    /// The play search evaluates with this NNUE net (`nn.bin`) instead of
    /// the built-in evaluation.
    #[arg(long, requires = "play")]
    net: Option<std::path::PathBuf>,
}

/// Runs the bench; `cluster`: the other MPI ranks, under mpirun.
pub(crate) fn run(args: &BenchArgs, cluster: Option<Ranks>) -> Result<(), String> {
    let set = pro_middlegame_32();
    // Spread over the set: every 32/n-th position.
    let step = 32 / args.positions as usize;
    let mut positions = vec![("startpos".to_string(), Position::startpos())];
    positions.extend(
        set.iter()
            .step_by(step)
            .take(args.positions as usize)
            .map(|e| (format!("pro#{}", (e.line)), e.position.clone())),
    );
    let mut searcher = ShogiSearcher::new(
        args.play,
        ShogiGame::new(Position::startpos(), BranchLimit::top(args.b)),
        args.hash_mb,
        cluster,
    );
    if let Some(path) = &args.net {
        let net = load_net(path).map_err(|e| e.to_string())?;
        searcher.set_network(Some(net));
    }
    searcher.configure(args.threads.into(), args.method);
    let mut total = Stats::default();
    let mut time = Duration::ZERO;
    let mode = match (&args.net, args.play) {
        (Some(net), _) => format!("play, NNUE {}", net.display()),
        (None, true) => "play".into(),
        (None, false) => "research".into(),
    };
    println!(
        "bench: {mode}, depth {} b {} hash {} MB, {:?}",
        args.depth,
        args.b,
        args.hash_mb,
        searcher.runs()
    );
    for (name, pos) in positions {
        searcher.set_game(
            ShogiGame::new(pos.clone(), BranchLimit::top(args.b)),
            match &args.net {
                // Worker threads and ranks load the net the text names.
                Some(net) => root_with_net(
                    &root_text(BranchLimit::top(args.b), None, &pos, &[]),
                    net,
                    DEFAULT_OUTPUT_SCALE,
                ),
                None => root_text(BranchLimit::top(args.b), None, &pos, &[]),
            },
        );
        searcher.clear_tables();
        let r = searcher.search(Limits::depth(args.depth), |_| {});
        let best = r.best_move.map_or("none".to_string(), |m| m.to_string());
        println!(
            "{name:<10} nodes {:>10} leaves {:>10} time_ms {:>6} value {:>6} best {best}",
            r.stats.nodes,
            r.stats.leaves,
            r.elapsed.as_millis(),
            r.value
        );
        total += r.stats;
        time += r.elapsed;
    }
    let secs = time.as_secs_f64().max(1e-9);
    println!(
        "total nodes {} leaves {} time_ms {} nps {} leaves_per_s {}",
        total.nodes,
        total.leaves,
        time.as_millis(),
        (total.nodes as f64 / secs) as u64,
        (total.leaves as f64 / secs) as u64
    );
    if total.cutoffs > 0 {
        // How well the play search orders its moves.
        println!(
            "cutoffs {} first_move {:.1} %",
            total.cutoffs,
            100.0 * total.first_move_cutoffs as f64 / total.cutoffs as f64
        );
    }
    Ok(())
}
