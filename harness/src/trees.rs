//! Which trees a harness command runs on: shogi positions, synthetic
//! seeds, seed 002's ordered trees or seed 003's incremental random trees,
//! with the branching limit b.

use clap::{Args, ValueEnum};
use std::path::Path;
use std::sync::Arc;
use yomi_engine::board::{Position, STARTPOS};
use yomi_engine::game::{
    EdgeModel, IncrementalTree, OrderedTree, ShogiGame, SyntheticTree, TreeOrdering,
};
use yomi_engine::positions::parse_set;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TreeKind {
    /// Shogi positions, the top b legal moves at each node.
    Shogi,
    /// Synthetic incremental random trees (seed 000 §4.1).
    Synthetic,
    /// Seed 002's ordered trees (--ordering; width --b; seeds as
    /// synthetic trees take them).
    Ordered,
    /// Seed 003's incremental random trees: edges uniform in [−1, 1]
    /// (thousandths), 1 to --b children at random (the root --b).
    Incremental,
}

/// Where the best child of an ordered tree's node stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OrderingArg {
    /// Anywhere, uniformly.
    Random,
    /// First with probability 0.8, else geometrically later.
    Strong,
    /// Always first.
    Perfect,
}

impl OrderingArg {
    pub fn ordering(self) -> TreeOrdering {
        match self {
            OrderingArg::Random => TreeOrdering::Random,
            OrderingArg::Strong => TreeOrdering::Geometric(0.8),
            OrderingArg::Perfect => TreeOrdering::Perfect,
        }
    }
}

#[derive(Args, Clone, Debug)]
pub struct TreeArgs {
    /// The kind of game tree.
    #[arg(long, value_enum, default_value = "shogi")]
    pub tree: TreeKind,
    /// Shogi: SFEN text, `startpos`, a position file (every position), or
    /// `FILE#N` (its N-th position, from 1) or `FILE#A-B` (the A-th to the B-th).
    #[arg(long, default_value = "positions/pro_middlegame_32.sfen")]
    pub position: String,
    /// Synthetic, ordered and incremental: one seed `S` or an inclusive range `A-B`
    /// (also `--seed`).
    #[arg(long, alias = "seed", default_value = "1-32")]
    pub seeds: String,
    /// Branching limit b: children per node (shogi: 0 keeps every legal move).
    #[arg(long, default_value_t = 5)]
    pub b: u16,
    /// Synthetic: an edge-value model file instead of the embedded one
    /// (`engine/data/edge_model.toml`).
    #[arg(long)]
    pub edge_model: Option<String>,
    /// Ordered trees: where the best child stands.
    #[arg(long, value_enum, default_value = "strong")]
    pub ordering: OrderingArg,
}

/// One tree of a set: a name for result records and its root.
#[derive(Clone)]
pub enum Tree {
    Shogi { name: String, game: Box<ShogiGame> },
    Synthetic { name: String, tree: SyntheticTree },
    Ordered { name: String, tree: OrderedTree },
    Incremental { name: String, tree: IncrementalTree },
}

impl Tree {
    pub fn name(&self) -> &str {
        match self {
            Tree::Shogi { name, .. }
            | Tree::Synthetic { name, .. }
            | Tree::Ordered { name, .. }
            | Tree::Incremental { name, .. } => name,
        }
    }

    pub fn kind(&self) -> TreeKind {
        match self {
            Tree::Shogi { .. } => TreeKind::Shogi,
            Tree::Synthetic { .. } => TreeKind::Synthetic,
            Tree::Ordered { .. } => TreeKind::Ordered,
            Tree::Incremental { .. } => TreeKind::Incremental,
        }
    }
}

/// `$body` with `$g` bound to the root of `$tree` (a [`Tree`], taken),
/// whichever kind of game it is.
macro_rules! with_game {
    ($tree:expr, |$g:ident| $body:expr) => {
        match $tree {
            $crate::trees::Tree::Shogi { game, .. } => {
                let $g = *game;
                $body
            }
            $crate::trees::Tree::Synthetic { tree, .. } => {
                let $g = tree;
                $body
            }
            $crate::trees::Tree::Ordered { tree, .. } => {
                let $g = tree;
                $body
            }
            $crate::trees::Tree::Incremental { tree, .. } => {
                let $g = tree;
                $body
            }
        }
    };
}
pub(crate) use with_game;

impl TreeArgs {
    /// Every tree the arguments name, in order.
    pub fn trees(&self) -> Result<Vec<Tree>, String> {
        match self.tree {
            TreeKind::Shogi => Ok(shogi_positions(&self.position)?
                .into_iter()
                .map(|(name, pos)| Tree::Shogi {
                    name,
                    game: Box::new(ShogiGame::new(pos, self.b as usize)),
                })
                .collect()),
            TreeKind::Synthetic => {
                if self.b == 0 {
                    return Err("synthetic trees need --b of at least 1".into());
                }
                let model = Arc::new(match &self.edge_model {
                    None => EdgeModel::embedded(),
                    Some(path) => EdgeModel::from_toml(&read(path)?)?,
                });
                Ok(parse_seeds(&self.seeds)?
                    .map(|seed| Tree::Synthetic {
                        name: format!("seed{seed}"),
                        tree: SyntheticTree::new(seed, self.b, model.clone()),
                    })
                    .collect())
            }
            TreeKind::Ordered => {
                if self.b == 0 {
                    return Err("ordered trees need --b (their width) of at least 1".into());
                }
                let ordering = self.ordering.ordering();
                let kind = self
                    .ordering
                    .to_possible_value()
                    .map_or(String::new(), |v| v.get_name().to_string());
                Ok(parse_seeds(&self.seeds)?
                    .map(|seed| Tree::Ordered {
                        // Apart from synthetic trees' names: `strong-seed5`.
                        name: format!("{kind}-seed{seed}"),
                        tree: OrderedTree::new(seed, self.b, ordering),
                    })
                    .collect())
            }
            TreeKind::Incremental => {
                if self.b == 0 {
                    return Err(
                        "incremental trees need --b (their most children) of at least 1".into(),
                    );
                }
                Ok(parse_seeds(&self.seeds)?
                    .map(|seed| Tree::Incremental {
                        name: format!("incremental-seed{seed}"),
                        tree: IncrementalTree::new(seed, self.b),
                    })
                    .collect())
            }
        }
    }
}

fn read(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
}

/// Positions named by a `--position` argument.
pub fn shogi_positions(spec: &str) -> Result<Vec<(String, Position)>, String> {
    let spec = spec.trim();
    let (file, range) = match spec.rsplit_once('#') {
        Some((f, i)) if Path::new(f).is_file() => {
            let bad = |_| format!("bad position number {i:?} in {spec:?}: expected N or A-B");
            let r = parse_range(i).map_err(bad)?;
            (f, Some(*r.start() as usize..=*r.end() as usize))
        }
        _ => (spec, None),
    };
    if Path::new(file).is_file() {
        let set = parse_set(&read(file)?).map_err(|e| format!("{file}: {e}"))?;
        if set.is_empty() {
            return Err(format!("{file} holds no `sfen ...` lines"));
        }
        let named = |n: usize| (format!("{file}#{n}"), set[n - 1].position.clone());
        return match range {
            None => Ok((1..=set.len()).map(named).collect()),
            Some(r) if *r.start() >= 1 && *r.end() <= set.len() => Ok(r.map(named).collect()),
            Some(_) => Err(format!(
                "{file} has positions #1-{}, not #{}",
                set.len(),
                spec.rsplit_once('#').map_or("", |(_, i)| i)
            )),
        };
    }
    let text = spec.strip_prefix("sfen ").unwrap_or(spec);
    let text = if text == "startpos" { STARTPOS } else { text };
    let pos = Position::from_sfen(text)
        .map_err(|e| format!("--position {spec:?} is neither a file nor a valid SFEN: {e}"))?;
    Ok(vec![(text.to_string(), pos)])
}

/// Seeds of `S` or `A-B`.
fn parse_seeds(spec: &str) -> Result<std::ops::RangeInclusive<u64>, String> {
    parse_range(spec).map_err(|_| format!("bad --seeds {spec:?}: expected S or A-B"))
}

/// `N` or `A-B` (A ≤ B).
fn parse_range(spec: &str) -> Result<std::ops::RangeInclusive<u64>, ()> {
    let (a, b) = spec.split_once('-').unwrap_or((spec, spec));
    let a: u64 = a.trim().parse().map_err(|_| ())?;
    let b: u64 = b.trim().parse().map_err(|_| ())?;
    if a > b {
        return Err(());
    }
    Ok(a..=b)
}
