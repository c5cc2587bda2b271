//! A sweep's `[cluster]`: where its runs run (the backend, the virtual
//! cluster's network and costs, the tables' size) and how MPI starts them.

use crate::backend::sim_args::{NetworkPreset, NodeCost};
use serde::Deserialize;
use yomi_record::Backend;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ClusterConfig {
    pub backend: Option<Backend>,
    pub network: Option<NetworkPreset>,
    pub latency_us: Option<f64>,
    pub bandwidth_gbps: Option<f64>,
    pub message_cost_us: Option<f64>,
    /// `paper` (the default), `measured` or µs.
    pub node_cost_us: Option<NodeCost>,
    pub visit_cost_us: Option<f64>,
    pub tt_mb: Option<usize>,
    /// MPI: how a search is started, `{ranks}` replaced by its ranks.
    #[serde(default = "default_launcher")]
    pub launcher: String,
    /// MPI: seconds a search's job may take before it is ended.
    #[serde(default = "default_job_timeout_s")]
    pub job_timeout_s: u64,
}

impl Default for ClusterConfig {
    fn default() -> ClusterConfig {
        toml::from_str("").expect("every field has a default")
    }
}

fn default_launcher() -> String {
    "mpirun -np {ranks}".into()
}

/// An hour: far beyond any search this project's configs hold, short of
/// losing a night to a hung rank.
fn default_job_timeout_s() -> u64 {
    3600
}

impl ClusterConfig {
    /// The keys checked against each other and what this binary can run.
    pub(crate) fn check(&self) -> Result<(), String> {
        if self.backend == Some(Backend::Mpi) && !crate::backend::mpi_ranks::available() {
            return Err(
                "cluster.backend = \"mpi\" is swept by yomi-harness-mpi, not the plain \
                 yomi-harness: `cargo build --release -p yomi-harness --features mpi`"
                    .into(),
            );
        }
        if !self.launcher.contains("{ranks}") {
            return Err(format!(
                "cluster.launcher = {:?} has no {{ranks}} for the number of ranks",
                self.launcher
            ));
        }
        if self.job_timeout_s == 0 {
            return Err("cluster.job_timeout_s must be at least 1".into());
        }
        Ok(())
    }
}
