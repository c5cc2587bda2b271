//! Training a halfKP 256x2-32-32 net on positions labelled by a search's
//! value and the game's result, on the CPU, then rounding it into the
//! file's integers.
//!
//! The loss is the cross-entropy between the net's win probability,
//! `sigmoid(eval / 600)`, and the target `λ · sigmoid(value / 600) + (1 −
//! λ) · result` (the blend of YaneuraOu's learner). Mini-batches, Adam, the
//! learning rate falling each epoch; a share of the positions is held out
//! to report the loss on positions not trained on.

mod adam;
mod float_net;
mod quantize;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;
use rayon::prelude::*;
use std::time::Instant;

use adam::Adam;
use float_net::{Example, FloatNet, DENSE, EVAL_SCALE};
use yomi_shogi::board::Position;

use crate::features::{self, PIECES};
use crate::{Network, HALF};

/// A position with its labels, from the side to move's view.
pub struct Sample {
    pub position: Position,
    /// The game's result: 1 won, 0.5 drawn, 0 lost.
    pub result: f32,
    /// The search's value in centipawns.
    pub value: i32,
}

/// How to train.
#[derive(Clone, Debug)]
pub struct TrainOptions {
    pub epochs: u32,
    pub batch: usize,
    pub learning_rate: f32,
    /// Each epoch's learning rate is the last one's times this.
    pub decay: f32,
    /// The weight of the search's value against the game's result.
    pub lambda: f32,
    /// Positions held out of training, to report the loss on.
    pub validation_share: f32,
    /// Also train on every position mirrored left to right (the same
    /// value: shogi's rules are symmetric), twice the positions.
    pub mirror: bool,
    pub seed: u64,
}

impl Default for TrainOptions {
    fn default() -> TrainOptions {
        TrainOptions {
            epochs: 8,
            batch: 1024,
            learning_rate: 1e-3,
            decay: 0.75,
            lambda: 0.5,
            validation_share: 0.05,
            mirror: true,
            seed: 1,
        }
    }
}

/// One epoch's account.
#[derive(Clone, Debug)]
pub struct EpochReport {
    pub epoch: u32,
    pub learning_rate: f32,
    /// Mean loss (cross-entropy less the target's entropy: 0 is perfect).
    pub train_loss: f64,
    pub validation_loss: f64,
    /// The rounded net's mean |difference| from the float net, centipawns,
    /// on the held-out positions.
    pub rounding_cp: f64,
    pub samples_per_s: f64,
}

/// A sample as training reads it: both sides' features and the target.
struct Prepared {
    features: [[u32; PIECES]; 2],
    target: f32,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Cross-entropy of `p` against `t`, less `t`'s entropy.
fn loss(p: f32, t: f32) -> f64 {
    let p = f64::from(p).clamp(1e-7, 1.0 - 1e-7);
    let t = f64::from(t);
    let h = |q: f64| if q <= 0.0 { 0.0 } else { q * q.ln() };
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln()) + h(t) + h(1.0 - t)
}

/// `sample` (both kings on the board) as training reads it.
fn prepare(sample: &Sample, lambda: f32, mirrored: bool) -> Prepared {
    let value = sigmoid(sample.value as f32 / EVAL_SCALE);
    Prepared {
        features: features::both_sides(&sample.position, mirrored),
        target: lambda * value + (1.0 - lambda) * sample.result,
    }
}

/// Trains a net on `samples`, calling `report` after each epoch.
pub fn train(
    samples: &[Sample],
    options: &TrainOptions,
    mut report: impl FnMut(&EpochReport),
) -> Result<Network, String> {
    let mut rng = XorShiftRng::seed_from_u64(options.seed);
    let mut order: Vec<&Sample> = samples
        .iter()
        .filter(|s| crate::has_kings(&s.position))
        .collect();
    order.shuffle(&mut rng);
    // The first `held` are held out, and never trained on mirrored either.
    let held = ((order.len() as f32 * options.validation_share) as usize).min(order.len() / 2);
    // Each position's features on every core (rayon), in the same order.
    let mut prepared: Vec<Prepared> = order
        .par_iter()
        .enumerate()
        .flat_map_iter(|(i, s)| {
            let mirrored = (options.mirror && i >= held).then(|| prepare(s, options.lambda, true));
            std::iter::once(prepare(s, options.lambda, false)).chain(mirrored)
        })
        .collect();
    if prepared.len() - held < options.batch.max(1) {
        return Err(format!(
            "{} usable positions: too few to train on",
            prepared.len()
        ));
    }
    let (validation, training) = prepared.split_at_mut(held);

    let mut net = FloatNet::new(|a| {
        let u = (rng.next_u32() as f32 / u32::MAX as f32) * 2.0 - 1.0;
        a * u
    });
    let mut dense_grad = vec![0.0f32; DENSE];
    let mut row_grad = vec![0.0f32; net.rows.len()];
    let mut dense_adam = Adam::new(DENSE);
    let mut row_adam = Adam::new(net.rows.len());
    // Rows touched in the running batch (each listed once).
    let mut touched: Vec<u32> = Vec::new();
    let mut stamp = vec![0u32; net.rows.len() / HALF];
    let mut t = 0u32;
    let mut lr = options.learning_rate;
    let batch = options.batch.max(1);
    for epoch in 1..=options.epochs {
        let started = Instant::now();
        training.shuffle(&mut rng);
        let mut total = 0.0f64;
        for chunk in training.chunks(batch) {
            t += 1;
            for p in chunk {
                let ex = Example {
                    features: [&p.features[0], &p.features[1]],
                    target: p.target,
                };
                let a = net.forward(&ex);
                let prob = sigmoid(a.output);
                total += loss(prob, ex.target);
                let g = (prob - ex.target) / chunk.len() as f32;
                net.backward(&ex, &a, g, &mut dense_grad, &mut row_grad, |f| {
                    if stamp[f as usize] != t {
                        stamp[f as usize] = t;
                        touched.push(f);
                    }
                });
            }
            dense_adam.step(&mut net.dense, &mut dense_grad, 0..DENSE, t, lr);
            for &f in &touched {
                let at = f as usize * HALF;
                row_adam.step(&mut net.rows, &mut row_grad, at..at + HALF, t, lr);
            }
            touched.clear();
            net.clip_weights();
        }
        let seconds = started.elapsed().as_secs_f64();
        let (validation_loss, rounding_cp) = evaluate(&net, validation);
        report(&EpochReport {
            epoch,
            learning_rate: lr,
            train_loss: total / training.len() as f64,
            validation_loss,
            rounding_cp,
            samples_per_s: training.len() as f64 / seconds.max(1e-9),
        });
        lr *= options.decay;
    }
    Ok(net.quantize())
}

/// The mean loss on `set`, and how far the rounded net's values are from
/// the float net's (centipawns, mean of |difference|) on its positions.
/// The positions are worked on every core (rayon) and summed in order, so
/// the figures do not depend on the number of cores.
fn evaluate(net: &FloatNet, set: &[Prepared]) -> (f64, f64) {
    if set.is_empty() {
        return (0.0, 0.0);
    }
    let rounded = net.quantize();
    let each: Vec<(f64, f64)> = set
        .par_iter()
        .map(|p| {
            let ex = Example {
                features: [&p.features[0], &p.features[1]],
                target: p.target,
            };
            let out = net.forward(&ex).output;
            let int = rounded.propagate_features(&p.features);
            (
                loss(sigmoid(out), p.target),
                (f64::from(out * EVAL_SCALE) - f64::from(int)).abs(),
            )
        })
        .collect();
    let (mut total, mut diff) = (0.0, 0.0);
    for (l, d) in each {
        total += l;
        diff += d;
    }
    (total / set.len() as f64, diff / set.len() as f64)
}
