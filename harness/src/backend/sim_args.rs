//! The virtual cluster's command-line model: ranks, network and the
//! processor time of a node (measured here, the paper's rate, or given).

use crate::trees::TreeKind;
use clap::{Args, ValueEnum};
use serde::{Deserialize, Serialize};
use std::str::FromStr;
use yomi_record::NodeCostSource;
use yomi_runtime::sim::{Interconnect, Model};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum NetworkPreset {
    /// 10 Gb Ethernet, MPI over TCP (the paper's cluster): 25 µs latency,
    /// 10 Gb/s, 2 µs to handle a message.
    Ethernet10g,
    /// InfiniBand QDR 4×: 1.5 µs latency, 32 Gb/s, 0.5 µs per message.
    Infiniband,
    /// All ranks on one machine (shared-memory MPI, threads): 0.5 µs
    /// latency, 80 Gb/s, 0.2 µs per message.
    SharedMemory,
}

/// Processor time per searched node: `measured`, `paper` or microseconds,
/// on the command line and in a sweep's TOML (a string or a number).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "NodeCostText", into = "NodeCostText")]
pub(crate) enum NodeCost {
    /// This machine's sequential rate on the first tree of the set.
    Measured,
    /// The paper's machines (seed 000 §4.2–4.3): shogi 7,500 nodes/s (it
    /// reports 5,000–10,000); synthetic 50,000 nodes/s (Table 1's
    /// sequential run: 790 M leaves in 19,439 s, about 1.25 nodes a leaf at b = 5).
    Paper,
    Given(f64),
}

impl FromStr for NodeCost {
    type Err = String;

    fn from_str(s: &str) -> Result<NodeCost, String> {
        match s {
            "measured" => Ok(NodeCost::Measured),
            "paper" => Ok(NodeCost::Paper),
            _ => match s.parse::<f64>() {
                Ok(us) if us.is_finite() && us > 0.0 => Ok(NodeCost::Given(us)),
                _ => Err(format!(
                    "`{s}` is not a node cost: give `measured`, `paper` or microseconds > 0"
                )),
            },
        }
    }
}

/// A node cost as written: `"paper"`, `"measured"`, `"20"` or `20`.
#[derive(Clone, Serialize, Deserialize)]
#[serde(untagged)]
enum NodeCostText {
    Name(String),
    Us(f64),
}

impl TryFrom<NodeCostText> for NodeCost {
    type Error = String;

    fn try_from(text: NodeCostText) -> Result<NodeCost, String> {
        match text {
            NodeCostText::Name(s) => s.parse(),
            NodeCostText::Us(us) => format!("{us}").parse(),
        }
    }
}

impl From<NodeCost> for NodeCostText {
    fn from(cost: NodeCost) -> NodeCostText {
        match cost {
            NodeCost::Measured => NodeCostText::Name("measured".into()),
            NodeCost::Paper => NodeCostText::Name("paper".into()),
            NodeCost::Given(us) => NodeCostText::Us(us),
        }
    }
}

impl NodeCost {
    /// How records name the source of the cost.
    pub(crate) fn source(self) -> NodeCostSource {
        match self {
            NodeCost::Measured => NodeCostSource::Measured,
            NodeCost::Paper => NodeCostSource::Paper,
            NodeCost::Given(_) => NodeCostSource::Given,
        }
    }

    /// The paper's time per node for a kind of tree, µs.
    pub(crate) fn paper_us(kind: TreeKind) -> f64 {
        match kind {
            TreeKind::Shogi => 1e6 / 7_500.0,
            TreeKind::Synthetic => 1e6 / 50_000.0,
            // Seeds 002 and 003 give none; their trees are synthetic ones too.
            TreeKind::Ordered | TreeKind::Incremental => 1e6 / 50_000.0,
            TreeKind::Plugged(p) => p.paper_node_us(),
        }
    }
}

#[derive(Args, Clone, Debug, Serialize, Deserialize)]
pub(crate) struct SimArgs {
    /// --backend sim: ranks of the virtual cluster, the master included
    /// (instead of --workers).
    #[arg(long)]
    pub ranks: Option<usize>,
    /// --backend sim: the network [default: ethernet10g].
    #[arg(long, value_enum)]
    pub network: Option<NetworkPreset>,
    /// --backend sim: the preset's latency replaced, µs.
    #[arg(long)]
    pub latency_us: Option<f64>,
    /// --backend sim: the preset's bandwidth per rank replaced, Gb/s.
    #[arg(long)]
    pub bandwidth_gbps: Option<f64>,
    /// --backend sim: the preset's processor time per message sent or received replaced, µs.
    #[arg(long)]
    pub message_cost_us: Option<f64>,
    /// --backend sim: processor time per searched node: `paper` (the
    /// paper's machines; fixed, so a run repeats exactly), `measured` (this
    /// machine's sequential rate on the first tree), or µs [default: paper].
    #[arg(long)]
    pub node_cost_us: Option<NodeCost>,
    /// --backend sim: processor time of the master's revisit of a node it
    /// keeps in memory, µs [default: with a measured node cost, this
    /// machine's passes over the first tree's master tree; else 0.2].
    #[arg(long)]
    pub visit_cost_us: Option<f64>,
    /// Not an option: sweeps, which show their own progress, keep the
    /// per-run summaries off stderr.
    #[arg(skip)]
    pub quiet: bool,
}

impl SimArgs {
    /// Whether any of these options was given (they need --backend sim).
    pub(crate) fn any(&self) -> bool {
        self.ranks.is_some()
            || self.network.is_some()
            || self.latency_us.is_some()
            || self.bandwidth_gbps.is_some()
            || self.message_cost_us.is_some()
            || self.node_cost_us.is_some()
            || self.visit_cost_us.is_some()
    }

    /// The model with `node_cost_us` per node and `visit_cost_us` per
    /// master revisit, checked.
    pub(crate) fn model(&self, node_cost_us: f64, visit_cost_us: f64) -> Result<Model, String> {
        let preset = match self.network.unwrap_or(NetworkPreset::Ethernet10g) {
            NetworkPreset::Ethernet10g => Interconnect::ETHERNET_10G,
            NetworkPreset::Infiniband => Interconnect::INFINIBAND,
            NetworkPreset::SharedMemory => Interconnect::SHARED_MEMORY,
        };
        let model = Model {
            node_cost_us,
            visit_cost_us,
            network: Interconnect {
                latency_us: self.latency_us.unwrap_or(preset.latency_us),
                bandwidth_gbps: self.bandwidth_gbps.unwrap_or(preset.bandwidth_gbps),
                message_cost_us: self.message_cost_us.unwrap_or(preset.message_cost_us),
            },
        };
        model.check()?;
        Ok(model)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_costs_parse() {
        assert_eq!("paper".parse(), Ok(NodeCost::Paper));
        assert_eq!("measured".parse(), Ok(NodeCost::Measured));
        assert_eq!("0.25".parse(), Ok(NodeCost::Given(0.25)));
        for bad in ["0", "-1", "fast", "NaN", "inf"] {
            assert!(bad.parse::<NodeCost>().is_err(), "{bad}");
        }
        // A sweep's TOML gives a name or a number; both go through `parse`.
        let toml = |text: &str| {
            toml::from_str::<toml::Table>(&format!("c = {text}")).unwrap()["c"]
                .clone()
                .try_into::<NodeCost>()
        };
        assert_eq!(toml("\"paper\""), Ok(NodeCost::Paper));
        assert_eq!(toml("20"), Ok(NodeCost::Given(20.0)));
        assert_eq!(toml("0.5"), Ok(NodeCost::Given(0.5)));
        assert!(toml("-3")
            .unwrap_err()
            .to_string()
            .contains("not a node cost"));
        let json = serde_json::to_string(&NodeCost::Given(0.5)).unwrap();
        assert_eq!(
            serde_json::from_str::<NodeCost>(&json).unwrap(),
            NodeCost::Given(0.5)
        );
    }
}
