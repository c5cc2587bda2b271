//! Which trees a harness command runs on: shogi positions, synthetic
//! seeds, seed 002's ordered trees, seed 003's incremental random trees or
//! a plugged game's positions, with the branching limit b.

use crate::plugins::{Plugged, PluggedGame};
use clap::{Args, ValueEnum};
use std::path::Path;
use std::sync::Arc;
use yomi_shogi::board::{Position, STARTPOS};
use yomi_shogi::positions::parse_set;
use yomi_shogi_game::ShogiGame;
use yomi_tree::{
    BranchLimit, EdgeModel, IncrementalTree, OrderedTree, RootSpec, SyntheticTree, TreeOrdering,
};

/// A kind of game tree: Yomi's own, or a family plugged in (`plugins`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TreeKind {
    Shogi,
    Synthetic,
    Ordered,
    Incremental,
    Plugged(Plugged),
}

impl TreeKind {
    /// Every kind: `--tree`'s values.
    fn all() -> &'static [TreeKind] {
        static ALL: std::sync::LazyLock<Vec<TreeKind>> = std::sync::LazyLock::new(|| {
            let own = [
                TreeKind::Shogi,
                TreeKind::Synthetic,
                TreeKind::Ordered,
                TreeKind::Incremental,
            ];
            own.into_iter()
                .chain(Plugged::ALL.iter().map(|&p| TreeKind::Plugged(p)))
                .collect()
        });
        &ALL
    }

    /// `--tree`'s name for it, as records and sweep configs give it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            TreeKind::Shogi => "shogi",
            TreeKind::Synthetic => "synthetic",
            TreeKind::Ordered => "ordered",
            TreeKind::Incremental => "incremental",
            TreeKind::Plugged(p) => p.name(),
        }
    }

    fn about(self) -> &'static str {
        match self {
            TreeKind::Shogi => "Shogi positions, the top b legal moves at each node",
            TreeKind::Synthetic => "Synthetic incremental random trees (seed 000 §4.1)",
            TreeKind::Ordered => {
                "Seed 002's ordered trees (--ordering; width --b; seeds as synthetic trees \
                 take them)"
            }
            TreeKind::Incremental => {
                "Seed 003's incremental random trees: edges uniform in [−1, 1] (thousandths), \
                 1 to --b children at random (the root --b)"
            }
            TreeKind::Plugged(p) => p.about(),
        }
    }
}

impl ValueEnum for TreeKind {
    fn value_variants<'a>() -> &'a [Self] {
        TreeKind::all()
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.about()))
    }
}

impl serde::Serialize for TreeKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for TreeKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        TreeKind::from_str(&name, false).map_err(|_| {
            let names: Vec<&str> = TreeKind::all().iter().map(|k| k.name()).collect();
            serde::de::Error::custom(format!(
                "unknown tree kind {name:?}: expected one of {}",
                names.join(", ")
            ))
        })
    }
}

/// Where the best child of an ordered tree's node stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum OrderingArg {
    /// Anywhere, uniformly.
    Random,
    /// First with probability 0.8, else geometrically later.
    Strong,
    /// Always first.
    Perfect,
}

impl OrderingArg {
    pub(crate) fn ordering(self) -> TreeOrdering {
        match self {
            OrderingArg::Random => TreeOrdering::Random,
            OrderingArg::Strong => TreeOrdering::Geometric(0.8),
            OrderingArg::Perfect => TreeOrdering::Perfect,
        }
    }
}

#[derive(Args, Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct TreeArgs {
    /// The kind of game tree.
    #[arg(long, value_enum, default_value = "shogi")]
    pub tree: TreeKind,
    /// Shogi: SFEN text, `startpos`, a position file (every position), or
    /// `FILE#N` (its N-th position, from 1) or `FILE#A-B` (the A-th to the
    /// B-th); default the professional set. A plugged game: its own text
    /// (see --tree's values).
    #[arg(long)]
    pub position: Option<String>,
    /// Synthetic, ordered and incremental: one seed `S` or an inclusive range `A-B`
    /// (also `--seed`).
    #[arg(long, alias = "seed", default_value = "1-32")]
    pub seeds: String,
    /// Branching limit b: children per node (shogi: 0 keeps every legal
    /// move) [default: 5, the paper's; plugged games: 0, every child].
    #[arg(long)]
    pub b: Option<u16>,
    /// Synthetic: an edge-value model file instead of the embedded one
    /// (`engine/tree/data/edge_model.toml`).
    #[arg(long)]
    pub edge_model: Option<String>,
    /// Ordered trees: where the best child stands.
    #[arg(long, value_enum, default_value = "strong")]
    pub ordering: OrderingArg,
}

/// The professional middle-game positions, shogi's default set.
pub(crate) const DEFAULT_POSITIONS: &str = "positions/pro_middlegame_32.sfen";

/// What records call a tree: its name, and the group of comparable trees
/// it belongs to (plugged families' boards of one size), if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TreeLabel {
    /// `--tree`'s name for its kind.
    pub kind: &'static str,
    pub name: String,
    pub group: Option<String>,
}

/// One tree of a set: its label and its root.
#[derive(Clone)]
pub(crate) struct Tree {
    pub label: TreeLabel,
    pub game: TreeGame,
}

/// A tree's root, whichever kind of game it is.
#[derive(Clone)]
pub(crate) enum TreeGame {
    Shogi(Box<ShogiGame>),
    Synthetic(SyntheticTree),
    Ordered(OrderedTree),
    Incremental(IncrementalTree),
    Plugged(PluggedGame),
}

impl Tree {
    fn new(kind: TreeKind, name: String, game: TreeGame) -> Tree {
        Tree {
            label: TreeLabel {
                kind: kind.name(),
                name,
                group: None,
            },
            game,
        }
    }

    pub(crate) fn name(&self) -> &str {
        &self.label.name
    }

    pub(crate) fn kind(&self) -> TreeKind {
        match &self.game {
            TreeGame::Shogi(_) => TreeKind::Shogi,
            TreeGame::Synthetic(_) => TreeKind::Synthetic,
            TreeGame::Ordered(_) => TreeKind::Ordered,
            TreeGame::Incremental(_) => TreeKind::Incremental,
            TreeGame::Plugged(g) => TreeKind::Plugged(g.family()),
        }
    }
}

/// `$body` with `$g` bound to the root of `$game` (a [`TreeGame`], taken),
/// whichever kind of game it is.
macro_rules! with_game {
    ($game:expr, |$g:ident| $body:expr) => {
        match $game {
            $crate::trees::TreeGame::Shogi(game) => {
                let $g = *game;
                $body
            }
            $crate::trees::TreeGame::Synthetic($g) => $body,
            $crate::trees::TreeGame::Ordered($g) => $body,
            $crate::trees::TreeGame::Incremental($g) => $body,
            $crate::trees::TreeGame::Plugged(game) => {
                $crate::plugins::with_plugged!(game, |$g| $body)
            }
        }
    };
}
pub(crate) use with_game;

impl TreeArgs {
    /// Every tree the arguments name, in order.
    /// `--b`, or the kind's default: the paper's 5, or every child of a
    /// plugged game (its own order is all it knows of its moves).
    pub(crate) fn b(&self) -> u16 {
        self.b.unwrap_or(match self.tree {
            TreeKind::Plugged(_) => 0,
            _ => 5,
        })
    }

    pub(crate) fn trees(&self) -> Result<Vec<Tree>, String> {
        match self.tree {
            TreeKind::Shogi => {
                let spec = self.position.as_deref().unwrap_or(DEFAULT_POSITIONS);
                Ok(shogi_positions(spec)?
                    .into_iter()
                    .map(|(name, pos)| {
                        let game =
                            Box::new(ShogiGame::new(pos, BranchLimit::top(usize::from(self.b()))));
                        Tree::new(self.tree, name, TreeGame::Shogi(game))
                    })
                    .collect())
            }
            TreeKind::Plugged(family) => {
                let position = self.position.as_deref().ok_or_else(|| {
                    format!(
                        "--tree {} needs --position: {}",
                        family.name(),
                        family.about()
                    )
                })?;
                let spec = RootSpec {
                    position,
                    seeds: parse_seeds(&self.seeds)?,
                    b: self.b(),
                };
                Ok(family
                    .roots(&spec)?
                    .into_iter()
                    .map(|r| Tree {
                        label: TreeLabel {
                            kind: family.name(),
                            name: r.name,
                            group: r.group,
                        },
                        game: TreeGame::Plugged(r.root),
                    })
                    .collect())
            }
            TreeKind::Synthetic => {
                if self.b() == 0 {
                    return Err("synthetic trees need --b of at least 1".into());
                }
                let model = Arc::new(match &self.edge_model {
                    None => EdgeModel::embedded(),
                    Some(path) => EdgeModel::from_toml(&read(path)?)?,
                });
                Ok(parse_seeds(&self.seeds)?
                    .map(|seed| {
                        let tree = SyntheticTree::new(seed, self.b(), model.clone());
                        Tree::new(self.tree, format!("seed{seed}"), TreeGame::Synthetic(tree))
                    })
                    .collect())
            }
            TreeKind::Ordered => {
                if self.b() == 0 {
                    return Err("ordered trees need --b (their width) of at least 1".into());
                }
                let ordering = self.ordering.ordering();
                let kind = self
                    .ordering
                    .to_possible_value()
                    .map_or(String::new(), |v| v.get_name().to_string());
                Ok(parse_seeds(&self.seeds)?
                    .map(|seed| {
                        // Apart from synthetic trees' names: `strong-seed5`.
                        let tree = OrderedTree::new(seed, self.b(), ordering);
                        let name = format!("{kind}-seed{seed}");
                        Tree::new(self.tree, name, TreeGame::Ordered(tree))
                    })
                    .collect())
            }
            TreeKind::Incremental => {
                if self.b() == 0 {
                    return Err(
                        "incremental trees need --b (their most children) of at least 1".into(),
                    );
                }
                Ok(parse_seeds(&self.seeds)?
                    .map(|seed| {
                        let tree = IncrementalTree::new(seed, self.b());
                        let name = format!("incremental-seed{seed}");
                        Tree::new(self.tree, name, TreeGame::Incremental(tree))
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
pub(crate) fn shogi_positions(spec: &str) -> Result<Vec<(String, Position)>, String> {
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
