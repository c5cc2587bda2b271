//! One run's options as given on the command line or by a sweep, before
//! validation.

use crate::methods::rbf::options::RbfOptions;
use crate::methods::uct::options::UctOptions;
use yomi_record::{Backend, Method, NodeCharge, TableSharing};

/// The options of one run as given, before validation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Options {
    pub b: u16,
    pub d: u32,
    pub method: Method,
    pub negascout: bool,
    pub d_prime: Option<u32>,
    pub sharing: TableSharing,
    pub share_plies: u32,
    pub full_windows: bool,
    pub tt_mb: Option<usize>,
    pub eps: i32,
    pub confirmed_deepening: bool,
    /// With confirmed deepening: idle workers deepen their held tasks.
    pub idle_deepening: bool,
    /// Methods with d′: workers run tasks in signature order first.
    pub signature_first: bool,
    pub extension: bool,
    pub fail_soft: bool,
    /// Methods with d′: nodes between a worker's looks at its messages
    /// (`None`: the searcher's default).
    pub poll_nodes: Option<u64>,
    pub workers: usize,
    pub backend: Backend,
    /// Whether any virtual-cluster option was given.
    pub cluster_options: bool,
    /// Split methods: the processor tree's levels and fan-out, the PV's
    /// split plies, what the virtual cluster charges.
    pub levels: Option<u32>,
    pub fanout: Option<usize>,
    pub pv_depth: u32,
    pub stage_depth: u32,
    pub charge: NodeCharge,
    /// YBWC and Jamboree: children in static order.
    pub static_order: bool,
    /// Seed 004's grid master: windows pushed to busy workers.
    pub push_bounds: bool,
    /// RBF: its stop, judge, seed and pruning rule.
    pub rbf: RbfOptions,
    /// UCT: its simulations, constant, playouts and seed.
    pub uct: UctOptions,
}

impl Options {
    /// `method` at `b` and `d` on `backend`, every other option at the
    /// command line's default (no d′, one worker).
    pub(crate) fn new(b: u16, d: u32, method: Method, backend: Backend) -> Options {
        Options {
            b,
            d,
            method,
            negascout: false,
            d_prime: None,
            sharing: TableSharing::Full,
            share_plies: 4,
            full_windows: false,
            tt_mb: None,
            eps: 100,
            confirmed_deepening: false,
            idle_deepening: false,
            signature_first: false,
            extension: false,
            fail_soft: false,
            poll_nodes: None,
            workers: 1,
            backend,
            cluster_options: false,
            levels: None,
            fanout: None,
            pv_depth: 1,
            stage_depth: 2,
            rbf: RbfOptions::default(),
            uct: UctOptions::default(),
            charge: NodeCharge::Nodes,
            static_order: false,
            push_bounds: false,
        }
    }
}

#[cfg(test)]
impl Options {
    /// Tests' options: `method` at b = 5, d = 8, d′ = 4 on 4 threads,
    /// the command line's defaults besides.
    pub(crate) fn example(method: Method) -> Options {
        Options {
            d_prime: Some(4),
            workers: 4,
            ..Options::new(5, 8, method, Backend::Threads)
        }
    }
}
