//! Fitting the real-score model (seed 003 §2.3): training positions get
//! their real score from alpha-beta `depth` plies deep, and an RBF search
//! from each (with the model so far) is stopped at 1, 2, 4, … expansions
//! to record what RBF knows of its root then: score, children, subtree
//! size. Per bucket of children and of size, the mean and standard
//! deviation of real − score are the model.

use super::real_score::RealScoreModel;
use super::sequential::{Rbf, RbfConfig};
use crate::baseline::AlphaBeta;
use yomi_tree::{Game, Value, INFINITE};

/// What RBF knew of a node, and its real score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Observation {
    pub score: Value,
    pub children: u16,
    /// 1 + the expansions in its subtree.
    pub size: u32,
    pub real: Value,
}

/// `game`'s current node's real score: its value `depth` plies deep.
pub fn real_score<G: Game>(game: &mut G, depth: u32) -> Value {
    AlphaBeta::new(game, u64::MAX, |_| true)
        .search(depth, -INFINITE, INFINITE)
        .expect("not aborted")
}

/// Observations of `game`'s current node, of real score `real`, with
/// subtrees of up to 2^(`model.sizes` − 1) expansions grown by RBF under
/// `model`.
pub fn observe<G: Game>(
    game: &mut G,
    model: &RealScoreModel,
    real: Value,
    seed: u64,
    out: &mut Vec<Observation>,
) {
    let config = RbfConfig {
        horizon: u32::MAX,
        pruning: true,
        seed,
    };
    let mut rbf = Rbf::new(game, model, config);
    let mut expansions = 0u32;
    for bucket in 0..model.sizes {
        let size = 1u32 << bucket;
        while expansions + 1 < size && rbf.iterate(game) {
            expansions += 1;
        }
        if expansions + 1 < size {
            break; // solved: nothing more to learn
        }
        out.push(Observation {
            score: rbf.value(),
            children: rbf.root_children(),
            size,
            real,
        });
    }
}

/// The model of `observations` in `template`'s buckets; a bucket with
/// fewer than `least` observations takes its nearest fuller size bucket's
/// figures (or, with none, those of all observations of its size).
pub fn fit(
    observations: &[Observation],
    template: &RealScoreModel,
    least: usize,
    fitted_from: String,
) -> Result<RealScoreModel, String> {
    if observations.is_empty() {
        return Err("no observations to fit an RBF model to".into());
    }
    let (rows, cols) = (template.children.len(), template.sizes);
    let mut residuals: Vec<Vec<Vec<f64>>> = vec![vec![Vec::new(); cols]; rows];
    for o in observations {
        let (k, n) = template.bucket(o.children, o.size);
        residuals[k][n].push(f64::from(o.real - o.score));
    }
    let everything: Vec<f64> = residuals.iter().flatten().flatten().copied().collect();
    let mut model = template.clone();
    let columns: Vec<Vec<f64>> = (0..cols)
        .map(|n| {
            residuals
                .iter()
                .flat_map(|row| row[n].iter().copied())
                .collect()
        })
        .collect();
    for (k, row) in residuals.iter().enumerate() {
        for (n, column) in columns.iter().enumerate() {
            let nearest = (0..cols)
                .filter(|&m| row[m].len() >= least)
                .min_by_key(|&m| m.abs_diff(n));
            let data = match nearest {
                Some(m) => &row[m],
                None if column.len() >= least => column,
                None => &everything,
            };
            (model.mean[k][n], model.sd[k][n]) = mean_sd(data);
        }
    }
    model.fitted_from = fitted_from;
    Ok(model)
}

fn mean_sd(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, var.sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;
    use yomi_tree::synthetic::Edge;
    use yomi_tree::IncrementalTree;

    /// Observations of nodes two plies below the roots of trees `seeds`.
    fn training(model: &RealScoreModel, seeds: std::ops::Range<u64>) -> Vec<Observation> {
        let mut out = Vec::new();
        for seed in seeds {
            let mut tree = IncrementalTree::new(seed, 6);
            let (a, b) = (Edge((seed % 6) as u16), Edge(0));
            tree.play(a);
            tree.play(b);
            let real = real_score(&mut tree, model.depth);
            observe(&mut tree, model, real, seed, &mut out);
        }
        out
    }

    #[test]
    fn a_fitted_model_predicts_real_scores_it_was_not_fitted_on() {
        let prior = RealScoreModel::prior(6, 1500.0, 8);
        let model = fit(&training(&prior, 0..300), &prior, 30, "test".into()).unwrap();
        // On other trees: about half the real scores under the predicted
        // mean, about 68 % within one sd of it.
        let held_out = training(&model, 1_000..1_200);
        let (mut below, mut within) = (0, 0);
        for o in &held_out {
            let mean = model.sample(o.score, o.children, o.size, 0.0);
            let sd = model.sample(o.score, o.children, o.size, 1.0) - mean;
            below += usize::from(f64::from(o.real) < mean);
            within += usize::from((f64::from(o.real) - mean).abs() <= sd);
        }
        let n = held_out.len() as f64;
        let (below, within) = (below as f64 / n, within as f64 / n);
        assert!((below - 0.5).abs() < 0.08, "{below} below the mean");
        assert!((within - 0.68).abs() < 0.08, "{within} within one sd");
        // Larger subtrees, smaller spreads.
        let (k, _) = model.bucket(4, 1);
        assert!(model.sd[k][7] < model.sd[k][0], "{:?}", model.sd[k]);
    }
}
