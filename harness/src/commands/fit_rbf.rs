//! `yomi-harness fit-rbf-model`: fits RBF's real-score model (seed 003
//! §2.3) on training nodes of a tree set and writes it as TOML.

use crate::trees::{with_game, TreeArgs, TreeGame, TreeKind, DEFAULT_POSITIONS};
use clap::Args;
use yomi_methods::random::Random;
use yomi_methods::rbf::{fit, observe, real_score, Observation, RealScoreModel};
use yomi_play::SearchedLeaves;
use yomi_tree::Game;

/// Fit RBF's real-score model: training nodes are reached from each tree's
/// root by random walks of 0 to --walk plies; each gets its real score
/// (alpha-beta --depth plies deep), and RBF searches from it are stopped at
/// 1, 2, 4, … expansions to record its score, children and subtree size.
/// Per bucket of children and of ⌊log₂ size⌋, the mean and standard
/// deviation of real − score are the model. The first pass grows its
/// searches under a prior (the residuals' spread at size 1, shrinking as
/// 1/√size), each further pass under the last fit.
#[derive(Args)]
pub(crate) struct FitRbfArgs {
    #[command(flatten)]
    trees: TreeArgs,
    /// Training nodes per tree.
    #[arg(long, default_value_t = 4)]
    nodes_per_tree: usize,
    /// The longest walk from a root to a training node.
    #[arg(long, default_value_t = 6)]
    walk: u32,
    /// The depth whose value is the real score (the paper's 10).
    #[arg(long, default_value_t = 10)]
    depth: u32,
    /// Size buckets: searches of up to 2^(sizes − 1) expansions.
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=24))]
    sizes: u32,
    /// Shogi: nodes are evaluated by the play search to this depth
    /// (RBF's leaf evaluator, as `rbf-shogi --leaf-depth`; 0: statically).
    #[arg(long, default_value_t = 0)]
    leaf_depth: u32,
    /// Fitting passes after the prior.
    #[arg(long, default_value_t = 2)]
    passes: u32,
    /// The fewest observations a bucket is fitted on (fewer: the nearest
    /// fuller size bucket's).
    #[arg(long, default_value_t = 50)]
    least: usize,
    /// Where to write the model.
    #[arg(long)]
    out: String,
}

pub(crate) fn run(args: &FitRbfArgs) -> Result<(), String> {
    if args.leaf_depth > 0 && args.trees.tree != TreeKind::Shogi {
        return Err("--leaf-depth is for shogi trees".into());
    }
    let mut nodes = Vec::new();
    for tree in args.trees.trees()? {
        let found = match tree.game {
            TreeGame::Shogi(game) if args.leaf_depth > 0 => {
                training_nodes(SearchedLeaves::new(*game, args.leaf_depth), args)
            }
            game => with_game!(game, |game| training_nodes(game, args)),
        };
        nodes.extend(found);
    }
    let statics: Vec<f64> = nodes.iter().map(|n| f64::from(n.real - n.score)).collect();
    let spread = sd(&statics);
    let mut model = RealScoreModel::prior(args.depth, spread, args.sizes as usize);
    let mut observations = Vec::new();
    for pass in 1..=args.passes {
        observations.clear();
        for (i, node) in nodes.iter_mut().enumerate() {
            (node.observe)(
                &model,
                i as u64 + (u64::from(pass) << 32),
                &mut observations,
            );
        }
        let from = format!(
            "yomi-harness fit-rbf-model {}: {} training nodes, {} observations, pass {pass} of {}",
            describe(args),
            nodes.len(),
            observations.len(),
            args.passes
        );
        model = fit(&observations, &model, args.least, from)?;
        println!("{}", model.fitted_from);
    }
    report(&model, &observations);
    let text = format!(
        "# RBF's real-score model (seed 003 §2.3): mean and sd of real − score by\n\
         # bucket of children and of log2 subtree size. Refit with\n\
         # `yomi-harness fit-rbf-model` (see docs/seed003.md).\n{}",
        model.to_toml()
    );
    std::fs::write(&args.out, text).map_err(|e| format!("cannot write {}: {e}", args.out))?;
    println!("wrote {}", args.out);
    Ok(())
}

/// Observes RBF's searches from a training node under a model.
type Observer = Box<dyn FnMut(&RealScoreModel, u64, &mut Vec<Observation>)>;

/// A training node: its static score and real score, and its observer.
struct TrainingNode {
    score: i32,
    real: i32,
    observe: Observer,
}

fn training_nodes<G: Game + Clone + 'static>(root: G, args: &FitRbfArgs) -> Vec<TrainingNode> {
    let mut random = Random::new(root.hash());
    let mut children = Vec::new();
    let mut nodes = Vec::new();
    for _ in 0..args.nodes_per_tree {
        let mut game = root.clone();
        let plies = (random.next_u64() % u64::from(args.walk + 1)) as u32;
        for _ in 0..plies {
            game.children(&mut children);
            if children.is_empty() {
                break;
            }
            game.play(children[(random.next_u64() % children.len() as u64) as usize]);
        }
        let real = real_score(&mut game, args.depth);
        let score = game.evaluate();
        nodes.push(TrainingNode {
            score,
            real,
            observe: Box::new(move |model, seed, out| observe(&mut game, model, real, seed, out)),
        });
    }
    nodes
}

fn describe(args: &FitRbfArgs) -> String {
    let t = &args.trees;
    let position = t.position.as_deref().unwrap_or(DEFAULT_POSITIONS);
    let which = match t.tree {
        TreeKind::Shogi if args.leaf_depth > 0 => {
            format!("--position {position} --leaf-depth {}", args.leaf_depth)
        }
        TreeKind::Shogi => format!("--position {position}"),
        _ => format!("--seeds {}", t.seeds),
    };
    let kind = t.tree.name();
    format!(
        "--tree {kind} {which} --b {} --nodes-per-tree {} --walk {} --depth {} --sizes {} --passes {} --least {}",
        t.b(), args.nodes_per_tree, args.walk, args.depth, args.sizes, args.passes, args.least
    )
}

fn sd(xs: &[f64]) -> f64 {
    let n = xs.len().max(1) as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// How well the model fits its own observations: the share within one
/// sd of the predicted mean, by size bucket.
fn report(model: &RealScoreModel, observations: &[Observation]) {
    println!("| size | observations | mean sd | within 1 sd |");
    println!("|---|---|---|---|");
    for n in 0..model.sizes {
        let at: Vec<&Observation> = observations
            .iter()
            .filter(|o| model.bucket(o.children, o.size).1 == n)
            .collect();
        if at.is_empty() {
            continue;
        }
        let (mut within, mut sds) = (0, 0.0);
        for o in &at {
            let mean = model.sample(o.score, o.children, o.size, 0.0);
            let sd = model.sample(o.score, o.children, o.size, 1.0) - mean;
            within += usize::from((f64::from(o.real) - mean).abs() <= sd);
            sds += sd;
        }
        let count = at.len() as f64;
        println!(
            "| {} | {} | {:.0} | {:.2} |",
            1u32 << n,
            at.len(),
            sds / count,
            within as f64 / count
        );
    }
}
