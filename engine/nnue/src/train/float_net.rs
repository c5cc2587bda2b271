//! The net in floating point, as it is trained: the same layers as the
//! file's (halfKP → 256x2 → 32 → 32 → 1, clipped to 0..1 between), with the
//! gradient of one sample's loss.

use crate::features::PIECE_FEATURES;
use crate::{FEATURES, HALF, HIDDEN};

/// The output is the evaluation over this many centipawns, and a win's
/// probability is `sigmoid(output)` (YaneuraOu's learner uses 600 too).
pub(crate) const EVAL_SCALE: f32 = 600.0;

/// The largest hidden-layer weight the file's int8 holds (×64).
pub(crate) const HIDDEN_WEIGHT_MAX: f32 = 127.0 / 64.0;

/// The int8 scale of the output layer's weights: one step of the output
/// sum is 600 / (127 × 75.59) ≈ 1/16 of a centipawn, as the format divides
/// the sum by 16.
pub(crate) const OUTPUT_WEIGHT_SCALE: f32 = EVAL_SCALE * 16.0 / 127.0;

/// The largest output weight the file's int8 holds.
pub(crate) const OUTPUT_WEIGHT_MAX: f32 = 127.0 / OUTPUT_WEIGHT_SCALE;

/// Rows of [`FloatNet::rows`]: the features', then the piece-and-place ones.
pub(crate) const ROWS: usize = FEATURES + PIECE_FEATURES;

/// The piece-and-place row that feature `f` shares with every king square.
fn factor(f: u32) -> usize {
    FEATURES + f as usize % PIECE_FEATURES
}

/// The weights of feature `f` as the file holds them.
pub(crate) fn file_row(rows: &[f32], f: usize) -> impl Iterator<Item = f32> + '_ {
    let own = &rows[f * HALF..][..HALF];
    let shared = &rows[factor(f as u32) * HALF..][..HALF];
    own.iter().zip(shared).map(|(a, b)| a + b)
}

/// Offsets of the small layers in [`FloatNet::dense`].
pub(crate) const L1_W: usize = HALF; // after the transformer's biases
pub(crate) const L1_B: usize = L1_W + HIDDEN * 2 * HALF;
pub(crate) const L2_W: usize = L1_B + HIDDEN;
pub(crate) const L2_B: usize = L2_W + HIDDEN * HIDDEN;
pub(crate) const OUT_W: usize = L2_B + HIDDEN;
pub(crate) const OUT_B: usize = OUT_W + HIDDEN;
pub(crate) const DENSE: usize = OUT_B + 1;

pub(crate) struct FloatNet {
    /// The transformer's weights, a row of HALF per feature, and after them
    /// a row per piece-and-place feature whatever the king square: a
    /// feature's weights are its own row plus its piece-and-place row (the
    /// "factorizer" of YaneuraOu's learner), so that what is learnt of a
    /// piece on one king square serves all, and few positions go far.
    /// The file holds the sums.
    pub(crate) rows: Vec<f32>,
    /// Everything else: the transformer's biases, then each affine layer's
    /// weights (output by output) and biases, at the offsets above.
    pub(crate) dense: Vec<f32>,
}

/// One sample: each side's active features (side to move first) and the
/// target probability of a win for the side to move.
pub(crate) struct Example<'a> {
    pub(crate) features: [&'a [u32]; 2],
    pub(crate) target: f32,
}

/// What the forward pass keeps for the backward one.
pub(crate) struct Activations {
    sums: [[f32; HALF]; 2],
    input: [f32; 2 * HALF],
    z1: [f32; HIDDEN],
    h1: [f32; HIDDEN],
    z2: [f32; HIDDEN],
    h2: [f32; HIDDEN],
    pub(crate) output: f32,
}

fn clip(x: f32) -> f32 {
    x.clamp(0.0, 1.0)
}

/// The derivative of `clip` (0 at and beyond the clips).
fn passes(x: f32) -> bool {
    x > 0.0 && x < 1.0
}

impl FloatNet {
    /// Small random weights; the transformer's biases at 0.5, mid-range.
    pub(crate) fn new(mut uniform: impl FnMut(f32) -> f32) -> FloatNet {
        let mut rows = vec![0.0; ROWS * HALF];
        for w in &mut rows[FEATURES * HALF..] {
            *w = uniform(0.02);
        }
        let mut dense = vec![0.0; DENSE];
        dense[..HALF].fill(0.5);
        let layer = |dense: &mut Vec<f32>,
                     at: usize,
                     n: usize,
                     fan_in: usize,
                     u: &mut dyn FnMut(f32) -> f32| {
            let a = (1.0 / fan_in as f32).sqrt();
            for w in &mut dense[at..at + n] {
                *w = u(a);
            }
        };
        layer(&mut dense, L1_W, HIDDEN * 2 * HALF, 2 * HALF, &mut uniform);
        layer(&mut dense, L2_W, HIDDEN * HIDDEN, HIDDEN, &mut uniform);
        layer(&mut dense, OUT_W, HIDDEN, HIDDEN, &mut uniform);
        FloatNet { rows, dense }
    }

    /// The output (evaluation / [`EVAL_SCALE`]) and what backward needs.
    pub(crate) fn forward(&self, ex: &Example<'_>) -> Activations {
        let d = &self.dense;
        let mut a = Activations {
            sums: [[0.0; HALF]; 2],
            input: [0.0; 2 * HALF],
            z1: [0.0; HIDDEN],
            h1: [0.0; HIDDEN],
            z2: [0.0; HIDDEN],
            h2: [0.0; HIDDEN],
            output: 0.0,
        };
        for side in 0..2 {
            let sums = &mut a.sums[side];
            sums.copy_from_slice(&d[..HALF]);
            for &f in ex.features[side] {
                for r in [f as usize, factor(f)] {
                    let row = &self.rows[r * HALF..][..HALF];
                    for (s, w) in sums.iter_mut().zip(row) {
                        *s += w;
                    }
                }
            }
            for (x, &s) in a.input[side * HALF..][..HALF].iter_mut().zip(sums.iter()) {
                *x = clip(s);
            }
        }
        for o in 0..HIDDEN {
            let w = &d[L1_W + o * 2 * HALF..][..2 * HALF];
            let z = d[L1_B + o] + w.iter().zip(&a.input).map(|(w, x)| w * x).sum::<f32>();
            a.z1[o] = z;
            a.h1[o] = clip(z);
        }
        for o in 0..HIDDEN {
            let w = &d[L2_W + o * HIDDEN..][..HIDDEN];
            let z = d[L2_B + o] + w.iter().zip(&a.h1).map(|(w, x)| w * x).sum::<f32>();
            a.z2[o] = z;
            a.h2[o] = clip(z);
        }
        let w = &d[OUT_W..][..HIDDEN];
        a.output = d[OUT_B] + w.iter().zip(&a.h2).map(|(w, x)| w * x).sum::<f32>();
        a
    }

    /// Adds `scale` × the gradient of the loss at `a` (whose derivative by
    /// the output is `g`) to `grad` (dense) and `row_grad` (the rows of
    /// `ex`'s features, which `touch` is told of).
    pub(crate) fn backward(
        &self,
        ex: &Example<'_>,
        a: &Activations,
        g: f32,
        grad: &mut [f32],
        row_grad: &mut [f32],
        mut touch: impl FnMut(u32),
    ) {
        let d = &self.dense;
        let mut dz2 = [0.0f32; HIDDEN];
        for o in 0..HIDDEN {
            grad[OUT_W + o] += g * a.h2[o];
            if passes(a.z2[o]) {
                dz2[o] = g * d[OUT_W + o];
            }
        }
        grad[OUT_B] += g;
        let mut dz1 = [0.0f32; HIDDEN];
        for o in 0..HIDDEN {
            if dz2[o] == 0.0 {
                continue;
            }
            grad[L2_B + o] += dz2[o];
            let w = &d[L2_W + o * HIDDEN..][..HIDDEN];
            let gw = &mut grad[L2_W + o * HIDDEN..][..HIDDEN];
            for i in 0..HIDDEN {
                gw[i] += dz2[o] * a.h1[i];
                dz1[i] += dz2[o] * w[i];
            }
        }
        let mut dx = [0.0f32; 2 * HALF];
        for o in 0..HIDDEN {
            if !passes(a.z1[o]) || dz1[o] == 0.0 {
                continue;
            }
            let g1 = dz1[o];
            grad[L1_B + o] += g1;
            let w = &d[L1_W + o * 2 * HALF..][..2 * HALF];
            let gw = &mut grad[L1_W + o * 2 * HALF..][..2 * HALF];
            for i in 0..2 * HALF {
                gw[i] += g1 * a.input[i];
                dx[i] += g1 * w[i];
            }
        }
        for side in 0..2 {
            let mut ds = [0.0f32; HALF];
            for j in 0..HALF {
                if passes(a.sums[side][j]) {
                    ds[j] = dx[side * HALF + j];
                }
            }
            for j in 0..HALF {
                grad[j] += ds[j];
            }
            for &f in ex.features[side] {
                for r in [f as usize, factor(f)] {
                    touch(r as u32);
                    let row = &mut row_grad[r * HALF..][..HALF];
                    for (w, g) in row.iter_mut().zip(&ds) {
                        *w += g;
                    }
                }
            }
        }
    }

    /// Keeps the weights inside what the file's integers hold.
    pub(crate) fn clip_weights(&mut self) {
        for w in &mut self.dense[L1_W..L1_B] {
            *w = w.clamp(-HIDDEN_WEIGHT_MAX, HIDDEN_WEIGHT_MAX);
        }
        for w in &mut self.dense[L2_W..L2_B] {
            *w = w.clamp(-HIDDEN_WEIGHT_MAX, HIDDEN_WEIGHT_MAX);
        }
        for w in &mut self.dense[OUT_W..OUT_B] {
            *w = w.clamp(-OUTPUT_WEIGHT_MAX, OUTPUT_WEIGHT_MAX);
        }
    }
}
