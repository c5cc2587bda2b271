//! `yomi-harness uct-match`: seed 001's measure of playing strength —
//! games of UCT-Treesplit on N ranks against itself on fewer, at equal
//! (virtual) time a move, on the virtual cluster, so that a match on one
//! machine repeats exactly. From each start position two games, each side
//! moving first once; one JSON line per game, then the contender's
//! wins, losses and draws and its Elo, log10(p / (1 − p)) · 400, with a
//! 95 % interval.

use crate::backend::sim_args::SimArgs;
use crate::backend::sim_run::SimRunner;
use crate::methods::uct::options::UctOptions;
use crate::methods::uct::plan::{engine_config, shape_from_options};
use crate::methods::uct::treesplit_plan;
use crate::trees::{with_game, TreeArgs, TreeKind};
use clap::Args;

use std::time::Duration;
use yomi_methods::uct::UctTreesplit;
use yomi_record::{GameRecord, UctShape};
use yomi_runtime::on_sim;
use yomi_runtime::sim::Model;
use yomi_tree::Game;

/// Games of UCT-Treesplit on --ranks against itself on --against ranks, at
/// equal virtual time a move (seed 001's Elo against ranks).
#[derive(Args)]
pub(crate) struct UctMatchArgs {
    /// The start positions: shogi or a plugged game (synthetic trees have
    /// no end to play to).
    #[command(flatten)]
    trees: TreeArgs,
    /// Plies below each move's root the tree may grow to (and playouts
    /// run to, unless --playout-plies stops them sooner).
    #[arg(long)]
    d: u32,
    /// Ranks of the opponent (the contender has --ranks).
    #[arg(long, default_value_t = 1)]
    against: usize,
    /// The opponent's time a move, ms, when not --time-ms (a sequential
    /// control: one rank at twice the time against one rank).
    #[arg(long)]
    against_time_ms: Option<f64>,
    /// A game this long is a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    #[command(flatten)]
    uct: UctOptions,
    #[command(flatten)]
    sim: SimArgs,
}

pub(crate) fn run(args: &UctMatchArgs) -> Result<(), String> {
    if matches!(
        args.trees.tree,
        TreeKind::Synthetic | TreeKind::Ordered | TreeKind::Incremental
    ) {
        return Err(
            "uct-match plays games to their end: give --tree shogi or a plugged game".into(),
        );
    }
    if args.uct.treesplit.time_ms.is_none() {
        return Err("uct-match needs --time-ms, each move's time on both sides".into());
    }
    let ranks = args
        .sim
        .ranks
        .ok_or("uct-match needs --ranks, the contender's")?;
    if ranks == 0 || args.against == 0 {
        return Err("--ranks and --against must be at least 1".into());
    }
    if args.d == 0 {
        return Err("--d must be at least 1".into());
    }
    let shape = shape_from_options(&args.uct, true, 1)?;
    let time_ms = shape.treesplit.and_then(|t| t.time_ms).unwrap_or_default();
    let against_ms = args.against_time_ms.unwrap_or(time_ms);
    if !(against_ms.is_finite() && against_ms > 0.0) {
        return Err(format!(
            "--against-time-ms must be a number > 0 (not {against_ms})"
        ));
    }
    let trees = args.trees.trees()?;
    let runner = SimRunner::new(&args.sim, &trees, args.d, None, 1, None)?;
    let model = runner.record.model;
    let (mut score, mut games) = (Vec::new(), 0u64);
    for tree in &trees {
        for contender_first in [true, false] {
            let game = with_game!(tree.game.clone(), |root| play(
                root,
                args,
                &shape,
                &model,
                [(ranks, time_ms), (args.against, against_ms)],
                contender_first,
                games,
            ))?;
            games += 1;
            let record = GameRecord {
                tree: tree.label.kind.to_string(),
                start: tree.name().to_string(),
                contender_ranks: ranks,
                opponent_ranks: args.against,
                time_ms,
                opponent_time_ms: against_ms,
                contender_first,
                score: game.score,
                plies: game.plies,
                contender_simulations: game.simulations[0],
                opponent_simulations: game.simulations[1],
            };
            println!(
                "{}",
                serde_json::to_string(&record).expect("records encode")
            );
            score.push(record.score);
        }
    }
    let against = match against_ms == time_ms {
        true => args.against.to_string(),
        false => format!(
            "{} at {against_ms} ms (itself at {time_ms} ms)",
            args.against
        ),
    };
    eprintln!("{}", summary(&score, ranks, &against));
    Ok(())
}

/// A game's end: the contender's score, the plies, and the mean
/// simulations a move of the contender and the opponent.
struct Played {
    score: f64,
    plies: u32,
    simulations: [f64; 2],
}

/// One game from `root`: the ranks and time a move of the contender and
/// the opponent.
fn play<G: Game + Clone + 'static>(
    mut root: G,
    args: &UctMatchArgs,
    shape: &UctShape,
    model: &Model,
    sides: [(usize, f64); 2],
    contender_first: bool,
    game: u64,
) -> Result<Played, String> {
    let mut moves = Vec::new();
    let mut simulations = [(0u64, 0u64); 2];
    let mut plies = 0;
    let mover = |ply: u32| usize::from(ply.is_multiple_of(2) != contender_first);
    let contender_score = loop {
        root.children(&mut moves);
        if moves.is_empty() {
            // The side to move is at its end.
            let value = root.end_value();
            let for_mover = match value {
                v if v > 0 => 1.0,
                0 => 0.5,
                _ => 0.0,
            };
            break match mover(plies) {
                0 => for_mover,
                _ => 1.0 - for_mover,
            };
        }
        if plies == args.max_plies {
            break 0.5;
        }
        let side = mover(plies);
        let mut config = engine_config(shape, args.d);
        config.seed ^= (game << 20 | u64::from(plies)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let (ranks, ms) = sides[side];
        let program = UctTreesplit {
            time_limit: Some(Duration::from_secs_f64(ms * 1e-3)),
            ..treesplit_plan::program(
                &shape.treesplit.expect("uct-match runs uct-treesplit"),
                config,
                shape.simulations,
            )
        };
        let (o, _) = on_sim(root.clone(), ranks, program, model)?;
        simulations[side].0 += o.simulations;
        simulations[side].1 += 1;
        let best = o
            .best
            .ok_or("a search of a position with moves found none")?;
        root.play(moves[best]);
        plies += 1;
    };
    let mean = |(n, moves): (u64, u64)| n as f64 / moves.max(1) as f64;
    Ok(Played {
        score: contender_score,
        plies,
        simulations: simulations.map(mean),
    })
}

/// Wins, losses, draws, the score and its Elo with a 95 % interval (the
/// normal approximation of the score's mean).
fn summary(scores: &[f64], ranks: usize, against: &str) -> String {
    let n = scores.len() as f64;
    let count = |s: f64| scores.iter().filter(|&&x| x == s).count();
    let p = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - p).powi(2)).sum::<f64>() / n;
    let half = 1.96 * (var / n).sqrt();
    let elo =
        |p: f64| 400.0 * (p.clamp(1e-3, 1.0 - 1e-3) / (1.0 - p.clamp(1e-3, 1.0 - 1e-3))).log10();
    format!(
        "{ranks} ranks against {against}: +{} -{} ={} of {}, score {p:.3}, Elo {:+.0} [{:+.0}, {:+.0}]",
        count(1.0),
        count(0.0),
        count(0.5),
        scores.len(),
        elo(p),
        elo(p - half),
        elo(p + half)
    )
}

#[cfg(test)]
mod tests {
    use super::summary;

    #[test]
    fn elo_of_a_score() {
        let even = summary(&[1.0, 0.0, 0.5, 0.5], 4, "1");
        assert!(
            even.contains("+1 -1 =2 of 4, score 0.500, Elo +0"),
            "{even}"
        );
        let three_quarters = summary(&[1.0, 1.0, 1.0, 0.0], 4, "1");
        assert!(three_quarters.contains("Elo +191"), "{three_quarters}");
    }
}
