//! The float net rounded into the file's integers: the transformer ×127
//! (its clip at 1 becomes 127), hidden weights ×64 (the shift by 6 between
//! layers), the output scaled so that the sum over 16 is centipawns.

use super::float_net::{
    file_row, FloatNet, EVAL_SCALE, L1_B, L1_W, L2_B, L2_W, OUTPUT_WEIGHT_SCALE, OUT_B, OUT_W,
};
use crate::network::{Affine, FeatureTransformer, Network};
use crate::{FEATURES, HALF};

fn round<T: TryFrom<i64>>(x: f32, max: i64) -> T {
    let v = (x.round() as i64).clamp(-max, max);
    T::try_from(v).ok().expect("clamped into the type")
}

impl FloatNet {
    pub(crate) fn quantize(&self) -> Network {
        let d = &self.dense;
        let transformer = FeatureTransformer::new(
            d[..HALF]
                .iter()
                .map(|&b| round(b * 127.0, i16::MAX as i64))
                .collect(),
            (0..FEATURES)
                .flat_map(|f| file_row(&self.rows, f))
                .map(|w| round(w * 127.0, i16::MAX as i64))
                .collect(),
        );
        let hidden = |w: &[f32], b: &[f32]| {
            Affine::new(
                b.iter()
                    .map(|&b| round(b * 127.0 * 64.0, i32::MAX as i64))
                    .collect(),
                w.iter().map(|&w| round(w * 64.0, 127)).collect(),
            )
        };
        let first = hidden(&d[L1_W..L1_B], &d[L1_B..L2_W]);
        let second = hidden(&d[L2_W..L2_B], &d[L2_B..OUT_W]);
        let output = Affine::new(
            vec![round(d[OUT_B] * EVAL_SCALE * 16.0, i32::MAX as i64)],
            d[OUT_W..OUT_B]
                .iter()
                .map(|&w| round(w * OUTPUT_WEIGHT_SCALE, 127))
                .collect(),
        );
        Network::new(transformer, [first, second, output])
    }
}
