//! The distribution of synthetic edge values, fitted to the parent-to-child
//! changes of the shogi evaluation: its quantile function, given at evenly
//! spaced probabilities and interpolated linearly in between.
//! `yomi-harness fit-edges` refits it and writes `engine/tree/data/edge_model.toml`.

use super::super::Value;
use serde::{Deserialize, Serialize};

/// The quantile function is tabulated finely per model: a draw is one table
/// lookup, in integers, so that every process draws the same values.
const TABLE_BITS: u32 = 12;
const TABLE_SIZE: usize = 1 << TABLE_BITS;

/// Parameters of the edge-value distribution and where they came from.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct EdgeParams {
    /// Edge values (gain for the side to move) at probabilities
    /// 0, 1/(n−1), …, 1: the minimum, the quantiles, the maximum.
    pub quantiles: Vec<f64>,
    /// How the parameters were obtained (command, position set, b, depth, samples).
    pub fitted_from: String,
}

/// An edge-value distribution ready to draw from.
#[derive(Clone, Debug)]
pub struct EdgeModel {
    params: EdgeParams,
    table: Box<[Value]>,
}

const EMBEDDED: &str = include_str!("../../data/edge_model.toml");

impl EdgeModel {
    pub fn new(params: EdgeParams) -> Result<EdgeModel, String> {
        let q = &params.quantiles;
        if q.len() < 2 || q.iter().any(|x| !x.is_finite() || x.abs() > 10_000.0) {
            return Err("edge model needs at least two finite quantiles within ±10000".into());
        }
        if q.windows(2).any(|w| w[0] > w[1]) {
            return Err("edge model quantiles must not decrease".into());
        }
        let table = (0..TABLE_SIZE)
            .map(|i| {
                let u = (i as f64 + 0.5) / TABLE_SIZE as f64 * (q.len() - 1) as f64;
                let k = (u as usize).min(q.len() - 2);
                let x = q[k] + (q[k + 1] - q[k]) * (u - k as f64);
                x.round() as Value
            })
            .collect();
        Ok(EdgeModel { params, table })
    }

    /// The model fitted to this project's shogi evaluation, kept in the repository.
    pub fn embedded() -> EdgeModel {
        Self::from_toml(EMBEDDED).expect("the embedded edge model is valid")
    }

    pub fn from_toml(text: &str) -> Result<EdgeModel, String> {
        let params: EdgeParams =
            toml::from_str(text).map_err(|e| format!("bad edge model: {e}"))?;
        Self::new(params)
    }

    pub fn params(&self) -> &EdgeParams {
        &self.params
    }

    /// The value at the quantile given by the top bits of `random`.
    #[inline]
    pub fn draw(&self, random: u64) -> Value {
        self.table[(random >> (64 - TABLE_BITS)) as usize]
    }
}
