//! `yomi-harness rbf-shogi`: seed 003's RBF as a shogi searcher against
//! Yomi's alpha-beta (the play search, one thread) at equal time on each
//! position: RBF's nodes are evaluated by a shallow play search (as seed
//! 003 evaluates chess nodes by Crafty's depth-3 search) under a real-score
//! model fitted for them; a judge (the play search given many times as
//! long) values both moves. Prints a Markdown table, a row a position and a
//! summary.

use crate::trees::shogi_positions;
use clap::Args;
use std::time::{Duration, Instant};
use yomi_methods::rbf::{Rbf, RbfConfig, RealScoreModel};
use yomi_play::{PlaySearcher, SearchedLeaves, MAX_PLY};
use yomi_search::Limits;
use yomi_shogi::board::Move;
use yomi_shogi_game::ShogiGame;
use yomi_tree::{BranchLimit, Game, Value};

/// RBF against the play search at equal time on shogi positions.
#[derive(Args)]
pub(crate) struct RbfShogiArgs {
    /// Positions: a file, `FILE#N`, `FILE#A-B`, an SFEN or `startpos`
    /// [default: the professional set's 17th to 32nd; the shipped model
    /// was fitted on the 1st to 16th].
    #[arg(long, default_value = "positions/pro_middlegame_32.sfen#17-32")]
    position: String,
    /// Time each search is given, ms.
    #[arg(long, default_value_t = 1000)]
    time_ms: u64,
    /// Plies of the play search that evaluates RBF's nodes.
    #[arg(long, default_value_t = 1)]
    leaf_depth: u32,
    /// RBF's real-score model, fitted with the same --leaf-depth
    /// (`fit-rbf-model --tree shogi --leaf-depth …`).
    #[arg(long, default_value = "engine/methods/data/rbf_model_shogi.toml")]
    rbf_model: String,
    /// The judge: the play search given this long (ms) on the position
    /// gives the best move and its value, and as long on a move's position
    /// its value; a move's loss is the difference [default: 16 × --time-ms].
    #[arg(long)]
    judge_ms: Option<u64>,
    /// The seed of RBF's walks.
    #[arg(long, default_value_t = 1)]
    rbf_seed: u64,
    /// The play searches' table, MB.
    #[arg(long, default_value_t = 64)]
    tt_mb: usize,
}

/// One position's two searches and their judgement.
struct Row {
    name: String,
    /// Move, depth, nodes searched.
    alpha_beta: (Option<Move>, u32, u64),
    /// Move, deepest node, nodes generated, nodes their evaluations searched.
    rbf: (Option<Move>, u32, u64, u64),
    judge: Option<Move>,
    losses: (Value, Value),
}

pub(crate) fn run(args: &RbfShogiArgs) -> Result<(), String> {
    if args.leaf_depth == 0 {
        return Err("--leaf-depth must be at least 1".into());
    }
    let text = std::fs::read_to_string(&args.rbf_model)
        .map_err(|e| format!("cannot read --rbf-model {}: {e}", args.rbf_model))?;
    let model = RealScoreModel::from_toml(&text)?;
    let time = Duration::from_millis(args.time_ms);
    let judge_ms = args.judge_ms.unwrap_or(16 * args.time_ms);
    println!(
        "RBF (leaf evaluation: the play search to depth {}) against the play search, {} ms \
         each; judged by the play search, {judge_ms} ms a position; losses in the judge's \
         units (a pawn ≈ 100).\n",
        args.leaf_depth, args.time_ms
    );
    println!(
        "| position | α-β move | α-β depth | α-β nodes | RBF move | RBF depth | RBF nodes \
         (searched) | judge's move | α-β loss | RBF loss |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut rows = Vec::new();
    for (name, pos) in shogi_positions(&args.position)? {
        let game = ShogiGame::new(pos, BranchLimit::ALL);
        let row = compare(name, &game, args, &model, time, judge_ms);
        let show = |m: Option<Move>| m.map_or("none".to_string(), |m| m.to_string());
        println!(
            "| {} | {} | {} | {} | {} | {} | {} ({}) | {} | {} | {} |",
            row.name,
            show(row.alpha_beta.0),
            row.alpha_beta.1,
            row.alpha_beta.2,
            show(row.rbf.0),
            row.rbf.1,
            row.rbf.2,
            row.rbf.3,
            show(row.judge),
            row.losses.0,
            row.losses.1
        );
        rows.push(row);
    }
    summary(&rows);
    Ok(())
}

/// Both searches of `game` and the judge's values of their moves.
fn compare(
    name: String,
    game: &ShogiGame,
    args: &RbfShogiArgs,
    model: &RealScoreModel,
    time: Duration,
    judge_ms: u64,
) -> Row {
    let timed = |time| Limits {
        time: Some(time),
        ..Limits::depth(MAX_PLY as u32 - 1)
    };
    let mut searcher = PlaySearcher::new(game.clone(), args.tt_mb);
    let ab = searcher.search(timed(time), |_| {});
    let mut leaves = SearchedLeaves::new(game.clone(), args.leaf_depth);
    let config = RbfConfig {
        horizon: MAX_PLY as u32,
        pruning: true,
        seed: args.rbf_seed,
    };
    let start = Instant::now();
    let mut rbf = Rbf::new(&mut leaves, model, config);
    rbf.run(&mut leaves, |_| start.elapsed() >= time);
    let judging = timed(Duration::from_millis(judge_ms));
    let mut judge = PlaySearcher::new(game.clone(), args.tt_mb);
    let best = judge.search(judging.clone(), |_| {});
    let mut loss = |mv: Option<Move>| match mv {
        Some(mv) if Some(mv) != best.best_move => {
            let mut child = game.clone();
            child.play(mv);
            *judge.game_mut() = child;
            let value = -judge.search(judging.clone(), |_| {}).value;
            best.value - value
        }
        _ => 0,
    };
    let losses = (loss(ab.best_move), loss(rbf.decision()));
    Row {
        name,
        alpha_beta: (ab.best_move, ab.depth, ab.stats.nodes),
        rbf: (
            rbf.decision(),
            rbf.deepest(),
            rbf.generated(),
            leaves.searched(),
        ),
        judge: best.best_move,
        losses,
    }
}

fn summary(rows: &[Row]) {
    let n = rows.len().max(1) as f64;
    let agree = |pick: fn(&Row) -> Option<Move>| {
        rows.iter().filter(|r| pick(r) == r.judge).count() as f64 / n
    };
    let mean = |pick: fn(&Row) -> f64| rows.iter().map(pick).sum::<f64>() / n;
    let (better, worse) = rows.iter().fold((0, 0), |(b, w), r| {
        (
            b + usize::from(r.losses.1 < r.losses.0),
            w + usize::from(r.losses.1 > r.losses.0),
        )
    });
    println!(
        "\n| searcher | judge's move | mean loss | mean nodes searched |\n|---|---|---|---|\n\
         | α-β (play search) | {:.2} | {:.0} | {:.0} |\n| RBF | {:.2} | {:.0} | {:.0} |\n\n\
         RBF's move lost less than α-β's on {better} positions, more on {worse}, of {}.",
        agree(|r| r.alpha_beta.0),
        mean(|r| f64::from(r.losses.0)),
        mean(|r| r.alpha_beta.2 as f64),
        agree(|r| r.rbf.0),
        mean(|r| f64::from(r.losses.1)),
        mean(|r| r.rbf.3 as f64),
        rows.len()
    );
}
