//! Nets with seeded random weights: for tests, for checking other programs
//! against Yomi, and as a trainer's starting point. The ranges put the
//! clipped sums of every layer in 0..=127 most of the time and at both
//! clips some of the time, so a comparison exercises all of the arithmetic.

use rand::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;

use crate::network::{Affine, FeatureTransformer, Network};
use crate::{FEATURES, HALF, HIDDEN};

/// Uniform integers in `lo..=hi` from a generator with a documented,
/// version-stable output (xorshift), so a seed gives the same net forever.
struct Draw(XorShiftRng);

impl Draw {
    fn int(&mut self, lo: i32, hi: i32) -> i32 {
        lo + (self.0.next_u64() % (hi - lo + 1) as u64) as i32
    }
}

impl Network {
    /// A net with weights drawn from `seed`.
    pub fn random(seed: u64) -> Network {
        let mut d = Draw(XorShiftRng::seed_from_u64(seed));
        let biases = (0..HALF).map(|_| d.int(0, 128) as i16).collect();
        let weights = (0..HALF * FEATURES)
            .map(|_| d.int(-24, 24) as i16)
            .collect();
        let transformer = FeatureTransformer::new(biases, weights);
        let mut affine = |inputs: usize, outputs: usize, w: i32, b: i32| {
            let biases = (0..outputs).map(|_| d.int(-b, b)).collect();
            let weights = (0..inputs * outputs).map(|_| d.int(-w, w) as i8).collect();
            Affine::new(biases, weights)
        };
        let hidden1 = affine(2 * HALF, HIDDEN, 8, 2000);
        let hidden2 = affine(HIDDEN, HIDDEN, 32, 2000);
        let output = affine(HIDDEN, 1, 16, 500);
        Network::new(transformer, [hidden1, hidden2, output])
    }
}
