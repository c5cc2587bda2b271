//! RBF's estimate of a node's real score (seed 003 §2.3: its value
//! searched 10 plies deep, `depth` here) from what the search tree knows of
//! it: its current negamax score s, the size n of its subtree (the
//! extensions made in it: a larger subtree means a smaller variance) and
//! its number of children k (more children, a higher expected score). The
//! real score is taken as normal, s + mean(k, n) + sd(k, n) · Z, with the
//! mean and standard deviation tabulated by buckets of k and of log₂ n,
//! fitted on training positions by `yomi-harness fit-rbf-model`.

use serde::{Deserialize, Serialize};
use yomi_tree::Value;

/// The fitted tables and where they came from.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct RealScoreModel {
    /// The depth whose value is the real score (the paper's 10).
    pub depth: u32,
    /// Upper bounds of the buckets of the number of children, increasing;
    /// the last bucket takes every larger number.
    pub children: Vec<u16>,
    /// Buckets of ⌊log₂ n⌋: 0 (a leaf) to `sizes − 1` (and larger).
    pub sizes: usize,
    /// mean[k bucket][size bucket] of real − score.
    pub mean: Vec<Vec<f64>>,
    /// sd[k bucket][size bucket] of real − score.
    pub sd: Vec<Vec<f64>>,
    /// How the tables were obtained (command, trees or positions, samples).
    pub fitted_from: String,
}

/// The model fitted to seed 003's incremental trees (b = 10), kept in the
/// repository with the command that produced it.
const INCREMENTAL: &str = include_str!("../../data/rbf_model_incremental.toml");

impl RealScoreModel {
    /// The model of seed 003's incremental random trees.
    pub fn incremental() -> RealScoreModel {
        Self::from_toml(INCREMENTAL).expect("the embedded RBF model is valid")
    }

    /// A model of `sizes` size buckets with mean 0 and the sd `sd` shrinking
    /// as 1/√n: a prior to grow the first training trees with.
    pub fn prior(depth: u32, sd: f64, sizes: usize) -> RealScoreModel {
        let children = vec![1, 2, 3, 4, 6, 8, 12, 16, 24, 32];
        let sizes = sizes.max(1);
        let row: Vec<f64> = (0..sizes).map(|b| sd / 2f64.powf(b as f64 / 2.0)).collect();
        RealScoreModel {
            depth,
            sd: vec![row; children.len()],
            mean: vec![vec![0.0; sizes]; children.len()],
            children,
            sizes,
            fitted_from: format!("prior: mean 0, sd {sd} / sqrt(n)"),
        }
    }

    pub fn from_toml(text: &str) -> Result<RealScoreModel, String> {
        let model: RealScoreModel =
            toml::from_str(text).map_err(|e| format!("bad RBF model: {e}"))?;
        model.check()?;
        Ok(model)
    }

    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("a model serialises")
    }

    fn check(&self) -> Result<(), String> {
        let rows = self.children.len();
        if rows == 0 || self.sizes == 0 {
            return Err("an RBF model needs buckets of children and of sizes".into());
        }
        if self.children.windows(2).any(|w| w[0] >= w[1]) {
            return Err("an RBF model's children buckets must increase".into());
        }
        for table in [&self.mean, &self.sd] {
            if table.len() != rows || table.iter().any(|r| r.len() != self.sizes) {
                return Err(format!(
                    "an RBF model's tables must be {rows} × {} (children × sizes)",
                    self.sizes
                ));
            }
        }
        if self.mean.iter().flatten().any(|x| !x.is_finite())
            || self.sd.iter().flatten().any(|x| !x.is_finite() || *x < 0.0)
        {
            return Err("an RBF model's means must be finite and its sds finite and ≥ 0".into());
        }
        Ok(())
    }

    /// The buckets of `children` children and a subtree of `size` nodes.
    pub fn bucket(&self, children: u16, size: u32) -> (usize, usize) {
        let k = self
            .children
            .iter()
            .position(|&edge| children <= edge)
            .unwrap_or(self.children.len() - 1);
        let n = (size.max(1).ilog2() as usize).min(self.sizes - 1);
        (k, n)
    }

    /// A draw of the real score of a node of negamax `score`, `children`
    /// children and a subtree of `size`, given a standard normal `z`.
    pub fn sample(&self, score: Value, children: u16, size: u32, z: f64) -> f64 {
        let (k, n) = self.bucket(children, size);
        f64::from(score) + self.mean[k][n] + self.sd[k][n] * z
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_model_expects_more_of_nodes_with_more_children() {
        let m = RealScoreModel::incremental();
        assert_eq!(m.depth, 10);
        let leaf = |children| m.sample(0, children, 1, 0.0);
        assert!(
            leaf(1) < leaf(4) && leaf(4) < leaf(10),
            "{} {} {}",
            leaf(1),
            leaf(4),
            leaf(10)
        );
        let (k, _) = m.bucket(5, 1);
        assert!(m.sd[k][8] < m.sd[k][0], "larger subtrees, smaller spreads");
        assert!(m.fitted_from.starts_with("yomi-harness fit-rbf-model"));
    }

    #[test]
    fn buckets_samples_and_a_round_trip() {
        let mut m = RealScoreModel::prior(10, 800.0, 12);
        assert_eq!(m.bucket(1, 1), (0, 0));
        assert_eq!(m.bucket(5, 9), (4, 3));
        assert_eq!(m.bucket(500, 1 << 30), (9, 11));
        m.mean[4][3] = 50.0;
        assert_eq!(m.sample(100, 5, 9, 0.0), 150.0);
        assert!((m.sample(100, 5, 9, 1.0) - 150.0 - 800.0 / 2f64.powf(1.5)).abs() < 1e-9);
        let back = RealScoreModel::from_toml(&m.to_toml()).unwrap();
        assert_eq!(back, m);
        m.sd[0].pop();
        assert!(RealScoreModel::from_toml(&m.to_toml()).is_err());
    }
}
