//! Seed 002's Tables 1–3 on the virtual cluster: mean simulated elapsed
//! time (one unit a leaf) of tree-splitting, PV-splitting and staged SSS*
//! (two plies a stage) over ordered trees of width 24 and depth 4, by
//! processor tree (L, K). As in the paper, PV-splitting needs L < 3 and
//! staged SSS* L = 1 on these trees.
//!
//!     cargo run --release -p yomi-methods --example seed002_tables -- [TREES]

use yomi_methods::baseline::{Charge, ProcessorTree, SplitConfig, Splitting};
use yomi_runtime::on_sim;
use yomi_runtime::sim::Model;
use yomi_tree::{OrderedTree, TreeOrdering};

fn main() {
    let trees: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let model = Model::UNIT_COST;
    let shapes = [
        (1, 2),
        (1, 4),
        (1, 8),
        (1, 12),
        (2, 2),
        (2, 4),
        (2, 8),
        (3, 2),
        (3, 4),
    ];
    for (name, ordering) in [
        ("random", TreeOrdering::Random),
        ("strong", TreeOrdering::Geometric(0.8)),
        ("perfect", TreeOrdering::Perfect),
    ] {
        println!("{name}: (L,K) TS PV SSS");
        for (levels, fanout) in shapes {
            let mut row = format!("({levels},{fanout})");
            for splitting in [
                Splitting::Tree,
                Splitting::Pv { pv_depth: 1 },
                Splitting::StagedSss { stage_depth: 2 },
            ] {
                let fits = match splitting {
                    Splitting::Tree => true,
                    Splitting::Pv { .. } => levels < 3,
                    Splitting::StagedSss { .. } => levels == 1,
                };
                if !fits {
                    continue;
                }
                let config = SplitConfig {
                    processors: ProcessorTree::new(levels, fanout).unwrap(),
                    depth: 4,
                    splitting,
                    charge: Charge::Leaves,
                    poll_every: 1,
                };
                let mut total = 0.0;
                for seed in 1..=trees {
                    let tree = OrderedTree::new(seed, 24, ordering);
                    let (outcome, _) =
                        on_sim(tree, config.processors.processors(), config, &model).unwrap();
                    assert_eq!(outcome.value, 0);
                    total += outcome.elapsed.as_secs_f64() * 1e6;
                }
                row += &format!(" {:.0}", total / trees as f64);
            }
            println!("{row}");
        }
    }
}
