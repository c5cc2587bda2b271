//! The virtual cluster's time model: what a searched node, a message's
//! handling and its trip over the network cost in virtual time (the
//! simulator charges it in picoseconds; records keep it as given).

use serde::{Deserialize, Serialize};

/// The network between the ranks.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Interconnect {
    /// From a message's last byte leaving its sender to its arrival, µs.
    pub latency_us: f64,
    /// Each rank's link; a rank's messages leave one after another, Gb/s.
    pub bandwidth_gbps: f64,
    /// Processor time to send, and again to receive, one message, µs.
    pub message_cost_us: f64,
}

impl Interconnect {
    /// 10 Gb Ethernet with MPI over TCP, the paper's cluster (seed 000 §4.3).
    pub const ETHERNET_10G: Interconnect = Interconnect {
        latency_us: 25.0,
        bandwidth_gbps: 10.0,
        message_cost_us: 2.0,
    };

    /// Ranks on one machine, MPI through shared memory (or threads over
    /// channels): to compare with runs on this machine.
    pub const SHARED_MEMORY: Interconnect = Interconnect {
        latency_us: 0.5,
        bandwidth_gbps: 80.0,
        message_cost_us: 0.2,
    };

    /// InfiniBand (QDR 4×) with MPI over verbs.
    pub const INFINIBAND: Interconnect = Interconnect {
        latency_us: 1.5,
        bandwidth_gbps: 32.0,
        message_cost_us: 0.5,
    };
}

/// The whole model: the network and the processor time of one node.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Model {
    /// Processor time of one searched node (workers' nodes, and the
    /// master's nodes that generate children or evaluate), µs.
    pub node_cost_us: f64,
    /// Processor time of the master's revisit of a node it keeps in
    /// memory (seed 000 §3: moves are generated once; later passes only
    /// sort children and look up results), µs.
    pub visit_cost_us: f64,
    #[serde(flatten)]
    pub network: Interconnect,
}

impl Model {
    /// Seed 002's simulated concurrency (with the baselines charging
    /// leaves only): one time unit, here a microsecond, a node; messages
    /// free and instant.
    pub const UNIT_COST: Model = Model {
        node_cost_us: 1.0,
        visit_cost_us: 0.0,
        network: Interconnect {
            latency_us: 0.0,
            bandwidth_gbps: 1e9,
            message_cost_us: 0.0,
        },
    };

    /// Every figure finite and not negative, the bandwidth positive.
    pub fn check(&self) -> Result<(), String> {
        let n = &self.network;
        for (name, v) in [
            ("node cost", self.node_cost_us),
            ("visit cost", self.visit_cost_us),
            ("latency", n.latency_us),
            ("message cost", n.message_cost_us),
        ] {
            if !v.is_finite() || v < 0.0 {
                return Err(format!(
                    "the virtual cluster's {name} must be ≥ 0 µs, not {v}"
                ));
            }
        }
        if !n.bandwidth_gbps.is_finite() || n.bandwidth_gbps <= 0.0 {
            return Err(format!(
                "the virtual cluster's bandwidth must be > 0 Gb/s, not {}",
                n.bandwidth_gbps
            ));
        }
        Ok(())
    }
}
