//! The net's parameters and its forward pass after the feature transformer:
//! 512 clipped inputs → 32 → 32 → 1, in the integer arithmetic of the
//! format (int8 weights, int32 sums, a right shift by 6 and a clip to
//! 0..=127 between layers, the output divided by 16).

use std::sync::atomic::{AtomicI32, Ordering};
use yomi_shogi::board::Color;

use crate::features::PIECES;
use crate::kernel::Kernel;
use crate::{FEATURES, HALF, HIDDEN};

/// The right shift between layers (YaneuraOu's `kWeightScaleBits`).
const WEIGHT_SCALE_BITS: u32 = 6;

/// The output's default divisor (YaneuraOu's `FV_SCALE`, its default).
pub const DEFAULT_OUTPUT_SCALE: i32 = 16;

/// YaneuraOu clips the evaluation to its `VALUE_MAX_EVAL`.
pub const MAX_EVAL: i32 = 31_753;

/// The first layer: a 256-wide int16 row per feature, summed per side.
pub(crate) struct FeatureTransformer {
    biases: Vec<i16>,
    weights: Vec<i16>,
}

impl FeatureTransformer {
    pub(crate) fn new(biases: Vec<i16>, weights: Vec<i16>) -> FeatureTransformer {
        debug_assert_eq!(biases.len(), HALF);
        debug_assert_eq!(weights.len(), HALF * FEATURES);
        FeatureTransformer { biases, weights }
    }

    pub(crate) fn biases(&self) -> &[i16] {
        &self.biases
    }

    pub(crate) fn biases_row(&self) -> &[i16; HALF] {
        self.biases[..].try_into().expect("HALF biases")
    }

    pub(crate) fn weights(&self) -> &[i16] {
        &self.weights
    }

    /// The weights of feature `index`.
    #[inline(always)]
    pub(crate) fn row(&self, index: usize) -> &[i16; HALF] {
        self.weights[index * HALF..(index + 1) * HALF]
            .try_into()
            .expect("a row is HALF wide")
    }
}

/// An affine layer: int32 biases, int8 weights stored output by output.
pub(crate) struct Affine {
    biases: Vec<i32>,
    weights: Vec<i8>,
}

impl Affine {
    pub(crate) fn new(biases: Vec<i32>, weights: Vec<i8>) -> Affine {
        Affine { biases, weights }
    }

    pub(crate) fn biases(&self) -> &[i32] {
        &self.biases
    }

    pub(crate) fn weights(&self) -> &[i8] {
        &self.weights
    }
}

/// One side's sums of the feature transformer.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub(crate) struct Half(pub(crate) [i16; HALF]);

/// A halfKP 256x2-32-32 net, as in YaneuraOu's `nn.bin`.
pub struct Network {
    transformer: FeatureTransformer,
    layers: [Affine; 3],
    kernel: Kernel,
    /// The divisor of the output (YaneuraOu's `FV_SCALE`): a setting of the
    /// net as used, like YaneuraOu's option, read at every evaluation.
    output_scale: AtomicI32,
    /// The two hidden layers' weights grouped by four inputs (for inputs
    /// 4j..4j + 4, each output's four weights in turn), for the vector
    /// code, which skips the groups of inputs that are all zero.
    by_inputs: [Vec<i8>; 2],
}

/// A layer's weights (output by output, `inputs` each) grouped by four
/// inputs, as [`Kernel::affine_sparse`] reads them.
pub(crate) fn grouped_by_inputs(weights: &[i8], inputs: usize) -> Vec<i8> {
    (0..weights.len())
        .map(|k| {
            let (group, o, i) = (k / (4 * HIDDEN), k / 4 % HIDDEN, k % 4);
            weights[o * inputs + 4 * group + i]
        })
        .collect()
}

impl Network {
    pub(crate) fn new(transformer: FeatureTransformer, layers: [Affine; 3]) -> Network {
        let by_inputs = [
            grouped_by_inputs(&layers[0].weights, 2 * HALF),
            grouped_by_inputs(&layers[1].weights, HIDDEN),
        ];
        Network {
            transformer,
            layers,
            kernel: Kernel::detect(),
            output_scale: AtomicI32::new(DEFAULT_OUTPUT_SCALE),
            by_inputs,
        }
    }

    pub(crate) fn transformer(&self) -> &FeatureTransformer {
        &self.transformer
    }

    pub(crate) fn layers(&self) -> &[Affine; 3] {
        &self.layers
    }

    pub(crate) fn kernel(&self) -> Kernel {
        self.kernel
    }

    /// The same net computed with the scalar code only (for tests and for
    /// machines without AVX2, which are detected on their own).
    pub fn scalar(mut self) -> Network {
        self.kernel = Kernel::Scalar;
        self
    }

    /// Divides the output by `scale` (1 to 128) from now on, for every
    /// thread using the net: YaneuraOu's `FV_SCALE` (16 by default; some
    /// public nets are meant for another, 24 for example).
    pub fn set_output_scale(&self, scale: i32) {
        self.output_scale
            .store(scale.clamp(1, 128), Ordering::Relaxed);
    }

    /// The divisor of the output.
    pub fn output_scale(&self) -> i32 {
        self.output_scale.load(Ordering::Relaxed)
    }

    /// Whether the vector code (AVX2) computes this net.
    pub fn uses_simd(&self) -> bool {
        self.kernel != Kernel::Scalar
    }

    /// The value of a position given by its features' indices (the side to
    /// move's first).
    pub(crate) fn propagate_features(&self, features: &[[u32; PIECES]; 2]) -> i32 {
        let mut sums = [Half([0; HALF]); 2];
        for (side, list) in features.iter().enumerate() {
            let rows: [&[i16; HALF]; PIECES] =
                std::array::from_fn(|k| self.transformer.row(list[k] as usize));
            self.kernel
                .sums(self.transformer.biases_row(), &rows, &[], &mut sums[side].0);
        }
        self.propagate(&sums, Color::Black)
    }

    /// The value from the side to move's view, given both sides' sums.
    pub(crate) fn propagate(&self, sums: &[Half; 2], side_to_move: Color) -> i32 {
        let mut input = [0u8; 2 * HALF];
        let own = &sums[side_to_move.index()].0;
        let other = &sums[side_to_move.flip().index()].0;
        let k = self.kernel;
        k.clip_sums(own, &mut input[..HALF]);
        k.clip_sums(other, &mut input[HALF..]);
        let mut hidden1 = [0u8; HIDDEN];
        let [first, second, out] = &self.layers;
        k.affine_sparse(
            &first.biases,
            &first.weights,
            &self.by_inputs[0],
            &input,
            &mut hidden1,
            WEIGHT_SCALE_BITS,
        );
        let mut hidden2 = [0u8; HIDDEN];
        k.affine_sparse(
            &second.biases,
            &second.weights,
            &self.by_inputs[1],
            &hidden1,
            &mut hidden2,
            WEIGHT_SCALE_BITS,
        );
        let sum = out.biases[0] + k.dot(&out.weights, &hidden2);
        (sum / self.output_scale()).clamp(-MAX_EVAL, MAX_EVAL)
    }
}
