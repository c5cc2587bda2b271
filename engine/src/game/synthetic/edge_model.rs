//! The distribution of synthetic edge values: a Laplace distribution fitted
//! to the parent-to-child differences of the shogi evaluation
//! (`yomi-harness fit-edges` refits it and writes `engine/data/edge_model.toml`).

use super::super::Value;
use serde::{Deserialize, Serialize};

/// Quantiles tabulated per model: a draw is one table lookup, in integers, so
/// that every process draws the same values.
const TABLE_BITS: u32 = 12;
const TABLE_SIZE: usize = 1 << TABLE_BITS;

/// Parameters of the edge-value distribution and where they came from.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct EdgeParams {
    /// Median edge value for the side to move.
    pub location: f64,
    /// Laplace scale: the mean absolute deviation from the median.
    pub scale: f64,
    /// How the parameters were obtained (command, position set, b, depth, samples).
    pub fitted_from: String,
}

/// An edge-value distribution ready to draw from.
#[derive(Clone, Debug)]
pub struct EdgeModel {
    params: EdgeParams,
    quantiles: Box<[Value]>,
}

const EMBEDDED: &str = include_str!("../../../data/edge_model.toml");

impl EdgeModel {
    pub fn new(params: EdgeParams) -> Result<EdgeModel, String> {
        if !(params.scale.is_finite() && params.scale > 0.0 && params.location.is_finite()) {
            return Err(format!(
                "edge model needs a finite location and a positive scale, got {params:?}"
            ));
        }
        let quantiles = (0..TABLE_SIZE)
            .map(|i| {
                let u = (i as f64 + 0.5) / TABLE_SIZE as f64;
                let x = if u < 0.5 {
                    params.location + params.scale * (2.0 * u).ln()
                } else {
                    params.location - params.scale * (2.0 * (1.0 - u)).ln()
                };
                x.round() as Value
            })
            .collect();
        Ok(EdgeModel { params, quantiles })
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

    /// The value whose quantile is given by the top bits of `random`.
    #[inline]
    pub fn draw(&self, random: u64) -> Value {
        self.quantiles[(random >> (64 - TABLE_BITS)) as usize]
    }
}
