//! The virtual cluster a run's times come from.

use serde::{Deserialize, Serialize};
use yomi_measure::Model;

/// The model of a run on the virtual cluster, as its records show it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClusterRecord {
    pub ranks: usize,
    /// Where the node cost came from.
    pub node_cost: NodeCostSource,
    /// Each worker's table.
    pub table_mb: usize,
    #[serde(flatten)]
    pub model: Model,
}

/// Where a virtual cluster's time per node came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NodeCostSource {
    /// The paper's figure for the kind of tree.
    Paper,
    /// Measured on this machine.
    Measured,
    /// Given in microseconds.
    Given,
}
