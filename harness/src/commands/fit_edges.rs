//! `yomi-harness fit-edges`: fits the synthetic trees' edge-value
//! distribution to the shogi evaluation's parent-to-child differences.

use crate::trees::shogi_positions;
use clap::Args;
use yomi_shogi_game::ShogiGame;
use yomi_tree::{BranchLimit, EdgeModel, EdgeParams, Game, LOSS};

/// Walk the top-b subtrees of shogi positions, collect every
/// parent-to-child change of the static evaluation for the side to move,
/// and write their quantile function (at --quantiles evenly spaced
/// probabilities) as the synthetic trees' edge model.
#[derive(Args)]
pub(crate) struct FitEdgesArgs {
    /// Positions whose subtrees are walked (a file, `FILE#N`, `FILE#A-B`, or an SFEN).
    #[arg(long, default_value = "positions/pro_middlegame_32.sfen")]
    position: String,
    /// Branching limit of the walked subtrees.
    #[arg(long, default_value_t = 5)]
    b: usize,
    /// Depth of the walked subtrees.
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Points of the quantile function written (minimum to maximum).
    #[arg(long, default_value_t = 65, value_parser = clap::value_parser!(u32).range(2..=1025))]
    quantiles: u32,
    /// Where to write the model.
    #[arg(long, default_value = "engine/tree/data/edge_model.toml")]
    out: String,
}

pub(crate) fn run(args: &FitEdgesArgs) -> Result<(), String> {
    let positions = shogi_positions(&args.position)?;
    let mut diffs = Vec::new();
    for (_, pos) in &positions {
        walk(
            &mut ShogiGame::new(pos.clone(), BranchLimit::top(args.b)),
            args.depth,
            &mut diffs,
        );
    }
    if diffs.len() < 100 {
        return Err(format!("only {} differences: too few to fit", diffs.len()));
    }
    diffs.sort_unstable();
    let at = |q: f64| diffs[((diffs.len() - 1) as f64 * q).round() as usize];
    let points = args.quantiles - 1;
    let params = EdgeParams {
        quantiles: (0..=points).map(|i| f64::from(at(f64::from(i) / f64::from(points)))).collect(),
        fitted_from: format!(
            "yomi-harness fit-edges --position {} --b {} --depth {}: {} differences from {} positions",
            args.position,
            args.b,
            args.depth,
            diffs.len(),
            positions.len()
        ),
    };
    let model = EdgeModel::new(params.clone())?;
    println!("{}", params.fitted_from);
    println!("| quantile | shogi | fitted |");
    println!("|---|---|---|");
    for q in [0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99] {
        let observed = at(q);
        let fitted = model.draw(((q * (1u64 << 63) as f64) as u64) << 1);
        println!("| {q} | {observed} | {fitted} |");
    }
    let text = format!(
        "# Edge values of the synthetic trees for the side to move: the\n\
         # quantile function fitted to the shogi evaluation's parent-to-child changes.\n\
         # Refit with `yomi-harness fit-edges` (see docs/research-search.md).\n{}",
        toml::to_string(&params).map_err(|e| e.to_string())?
    );
    std::fs::write(&args.out, text).map_err(|e| format!("cannot write {}: {e}", args.out))?;
    println!("wrote {}", args.out);
    Ok(())
}

/// Collects the mover's evaluation change along every edge down to `depth`;
/// edges into mated positions are left out (they are not evaluation steps).
fn walk(game: &mut ShogiGame, depth: u32, out: &mut Vec<i32>) {
    if depth == 0 {
        return;
    }
    let parent = game.evaluate();
    if parent == LOSS {
        return;
    }
    let mut children = Vec::new();
    game.children(&mut children);
    for mv in children {
        game.play(mv);
        let child = game.evaluate();
        if child != LOSS {
            out.push(-child - parent);
        }
        walk(game, depth - 1, out);
        game.undo(mv);
    }
}
