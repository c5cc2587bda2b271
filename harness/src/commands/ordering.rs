//! `yomi-harness ordering`: the ordering accuracy of seed 000 Fig. 6 — of
//! the nodes whose best child a depth-d search finds, the share whose best
//! child stays the best at depth d + 2.

use crate::trees::{with_game, TreeArgs};
use clap::Args;
use yomi_search::{Limits, SearchOptions, Searcher};
use yomi_tree::Game;

/// Print, for depth pairs (d, d + 2), the share of nodes whose best child at
/// depth d is still the best at depth d + 2.
#[derive(Args)]
pub(crate) struct OrderingArgs {
    #[command(flatten)]
    trees: TreeArgs,
    /// Search depths, consecutive ones two plies apart: `14,16` or `4,6,8`.
    #[arg(long, value_delimiter = ',', default_value = "4,6")]
    depths: Vec<u32>,
    /// Nodes examined per tree: the root and every node down to this ply.
    #[arg(long, default_value_t = 1)]
    plies: u32,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 64)]
    tt_mb: usize,
}

/// For each depth pair: nodes compared, nodes whose best child stayed.
type Counts = Vec<(u64, u64)>;

pub(crate) fn run(args: &OrderingArgs) -> Result<(), String> {
    let depths = &args.depths;
    if depths.len() < 2 || depths[0] == 0 || depths.windows(2).any(|w| w[1] != w[0] + 2) {
        return Err(format!(
            "--depths needs at least two depths, each 2 plies above the last (got {depths:?})"
        ));
    }
    let mut counts: Counts = vec![(0, 0); depths.len() - 1];
    let trees = args.trees.trees()?;
    for tree in &trees {
        with_game!(tree.game.clone(), |game| measure(game, args, &mut counts));
        eprint!(".");
    }
    eprintln!();
    println!(
        "ordering accuracy: {:?} trees ({}), b = {}, nodes at plies 0..={} of each tree",
        args.trees.tree,
        trees.len(),
        args.trees.b(),
        args.plies
    );
    println!("| depths | nodes | best child unchanged | share |");
    println!("|---|---|---|---|");
    for (w, &(nodes, same)) in depths.windows(2).zip(&counts) {
        println!(
            "| {} → {} | {nodes} | {same} | {:.1} % |",
            w[0],
            w[1],
            100.0 * same as f64 / nodes.max(1) as f64
        );
    }
    Ok(())
}

/// Adds the counts of every node of `root` down to `args.plies`.
fn measure<G: Game + Clone>(root: G, args: &OrderingArgs, counts: &mut Counts) {
    let mut nodes = Vec::new();
    collect(root.clone(), args.plies, &mut nodes);
    let mut searcher = Searcher::new(root, args.tt_mb, SearchOptions::default());
    let deepest = *args.depths.last().expect("depths were checked");
    for node in nodes {
        *searcher.game_mut() = node;
        searcher.clear_tables();
        let mut best = Vec::new();
        searcher.search(Limits::depth(deepest), |it| {
            if args.depths.contains(&it.depth) {
                best.push(it.pv.first().copied());
            }
        });
        for (pair, count) in best.windows(2).zip(counts.iter_mut()) {
            if let (Some(a), Some(b)) = (pair[0], pair[1]) {
                count.0 += 1;
                count.1 += u64::from(a == b);
            }
        }
    }
}

/// The states of `game` and of its descendants down to `plies`, if not terminal.
fn collect<G: Game + Clone>(mut game: G, plies: u32, out: &mut Vec<G>) {
    let mut children = Vec::new();
    game.children(&mut children);
    if children.is_empty() {
        return;
    }
    out.push(game.clone());
    if plies == 0 {
        return;
    }
    for mv in children {
        game.play(mv);
        collect(game.clone(), plies - 1, out);
        game.undo(mv);
    }
}
