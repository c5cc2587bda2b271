//! The fit: the predicted result of a position is the logistic function of
//! its evaluation, σ(k · e); the scale k is fitted first with the starting
//! weights, then the weights by Adam on the mean squared error, with a pull
//! towards the start and the best held-out error kept.

use yomi_shogi::eval::weights::{self, Weights};
use yomi_shogi::eval::Features;

/// A position: its features, merged and with zeros dropped, and Black's result.
pub(super) struct Sample {
    x: Vec<(u32, f32)>,
    result: f64,
}

impl Sample {
    pub(super) fn new(features: Features, result: f64) -> Sample {
        let mut x = features.0;
        x.sort_unstable_by_key(|&(i, _)| i);
        let mut merged: Vec<(u32, f32)> = Vec::with_capacity(x.len());
        for (i, c) in x {
            match merged.last_mut() {
                Some(last) if last.0 == i => last.1 += c,
                _ => merged.push((i, c)),
            }
        }
        merged.retain(|&(_, c)| c != 0.0);
        Sample { x: merged, result }
    }

    fn eval(&self, w: &[f64]) -> f64 {
        self.x
            .iter()
            .map(|&(i, c)| w[i as usize] * f64::from(c))
            .sum()
    }
}

pub(super) struct Settings {
    pub epochs: usize,
    pub rate: f64,
    pub l2: f64,
}

pub(super) struct Fitted {
    pub weights: Weights,
    /// The logistic scale: a result is predicted as σ(k · evaluation).
    pub k: f64,
    /// Mean squared errors (fitted, held out) with the start and the result.
    pub before: (f64, f64),
    pub after: (f64, f64),
    /// The epoch whose weights were kept.
    pub best_epoch: usize,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn loss(samples: &[Sample], w: &[f64], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| (sigmoid(k * s.eval(w)) - s.result).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The k of the least error with weights `w`: golden-section search.
fn fit_scale(samples: &[Sample], w: &[f64]) -> f64 {
    let (mut lo, mut hi) = (1e-4_f64, 2e-2_f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if loss(samples, w, a) < loss(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The gradient of the mean squared error at `w`, added to `grad`.
fn add_gradient(samples: &[Sample], w: &[f64], k: f64, grad: &mut [f64]) {
    let n = samples.len() as f64;
    for s in samples {
        let p = sigmoid(k * s.eval(w));
        let g = 2.0 * (p - s.result) * p * (1.0 - p) * k / n;
        for &(i, c) in &s.x {
            grad[i as usize] += g * f64::from(c);
        }
    }
}

/// Keeps `w[i]` where the evaluation can hold it.
fn clamp(i: usize, w: f64) -> f64 {
    if weights::is_small(i) {
        w.clamp(-128.0, 127.0)
    } else if i == weights::KING_SAFETY_INDEX {
        w.max(0.0)
    } else {
        w
    }
}

pub(super) fn fit(start: &Weights, train: &[Sample], hold_out: &[Sample], s: &Settings) -> Fitted {
    let w0: Vec<f64> = start.to_flat().into_iter().map(f64::from).collect();
    let k = fit_scale(train, &w0);
    let before = (loss(train, &w0, k), loss(hold_out, &w0, k));
    println!(
        "tune: k {k:.6}; start error {:.6} fitted, {:.6} held out",
        before.0, before.1
    );
    let mut w = w0.clone();
    let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
    let (beta1, beta2, eps) = (0.9_f64, 0.999_f64, 1e-12);
    let mut best = (before.1, w0.clone(), 0);
    let mut grad = vec![0.0; w.len()];
    for epoch in 1..=s.epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        add_gradient(train, &w, k, &mut grad);
        let t = epoch as i32;
        for i in 0..w.len() {
            let g = grad[i] + 2.0 * s.l2 * (w[i] - w0[i]);
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let step = s.rate * (m[i] / (1.0 - beta1.powi(t)))
                / ((v[i] / (1.0 - beta2.powi(t))).sqrt() + eps);
            w[i] = clamp(i, w[i] - step);
        }
        if epoch % 10 == 0 || epoch == s.epochs {
            let rounded: Vec<f64> = w.iter().map(|x| x.round()).collect();
            let held = loss(hold_out, &rounded, k);
            if held < best.0 {
                best = (held, rounded, epoch);
            }
            if epoch % 50 == 0 {
                let fitted = loss(train, &w, k);
                println!("tune: epoch {epoch}: error {fitted:.6} fitted, {held:.6} held out");
            }
        }
    }
    let (_, w, best_epoch) = best;
    let after = (loss(train, &w, k), loss(hold_out, &w, k));
    let ints: Vec<i32> = w.iter().map(|&x| x as i32).collect();
    Fitted {
        weights: Weights::from_flat(&ints).expect("the fit keeps the layout"),
        k,
        before,
        after,
        best_epoch,
    }
}
