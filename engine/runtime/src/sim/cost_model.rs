//! The virtual cluster's time model as the simulator charges it: in whole
//! picoseconds (the model itself, as given and recorded, is
//! `yomi_measure`'s).

pub use yomi_measure::{Interconnect, Model};

/// Virtual time in picoseconds: integers, so that a run repeats exactly.
pub type Ps = u64;

/// [`Model`] in picoseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Costs {
    pub node: Ps,
    pub visit: Ps,
    pub message: Ps,
    pub latency: Ps,
    pub byte: Ps,
}

impl Costs {
    /// `model` in whole picoseconds, as the simulation charges it.
    pub(super) fn of(model: &Model) -> Costs {
        let ps = |us: f64| (us * 1e6).round() as Ps;
        Costs {
            node: ps(model.node_cost_us),
            visit: ps(model.visit_cost_us),
            message: ps(model.network.message_cost_us),
            latency: ps(model.network.latency_us),
            // 8 bits at bandwidth_gbps × 10⁹ bits per second.
            byte: (8_000.0 / model.network.bandwidth_gbps).round() as Ps,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs_are_whole_picoseconds() {
        let model = Model {
            node_cost_us: 0.2125,
            visit_cost_us: 0.05,
            network: Interconnect::ETHERNET_10G,
        };
        assert_eq!(
            Costs::of(&model),
            Costs {
                node: 212_500,
                visit: 50_000,
                message: 2_000_000,
                latency: 25_000_000,
                byte: 800,
            }
        );
        assert!(model.check().is_ok());
        let broken = Model {
            network: Interconnect {
                bandwidth_gbps: 0.0,
                ..Interconnect::INFINIBAND
            },
            ..model
        };
        assert!(broken.check().unwrap_err().contains("bandwidth"));
        let negative = Model {
            node_cost_us: -1.0,
            ..model
        };
        assert!(negative.check().unwrap_err().contains("node cost"));
    }
}
