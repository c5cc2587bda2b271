//! Adam (Kingma and Ba) for the small layers, and for the transformer's
//! rows updated only where a batch touched them (the rest of 32 million
//! weights would only decay their moments).

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

pub(crate) struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Adam {
    pub(crate) fn new(len: usize) -> Adam {
        Adam {
            m: vec![0.0; len],
            v: vec![0.0; len],
        }
    }

    /// One step on `params[range]` with `grad[range]` (zeroed after), at
    /// step `t` (from 1) and learning rate `lr`.
    pub(crate) fn step(
        &mut self,
        params: &mut [f32],
        grad: &mut [f32],
        range: std::ops::Range<usize>,
        t: u32,
        lr: f32,
    ) {
        let c1 = 1.0 - BETA1.powi(t as i32);
        let c2 = 1.0 - BETA2.powi(t as i32);
        let rate = lr * c2.sqrt() / c1;
        for i in range {
            let g = grad[i];
            grad[i] = 0.0;
            let m = BETA1 * self.m[i] + (1.0 - BETA1) * g;
            let v = BETA2 * self.v[i] + (1.0 - BETA2) * g * g;
            self.m[i] = m;
            self.v[i] = v;
            params[i] -= rate * m / (v.sqrt() + EPSILON);
        }
    }
}
