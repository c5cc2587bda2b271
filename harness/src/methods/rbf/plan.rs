//! `--method rbf|parallel-rbf`'s options, validated: when RBF stops (a
//! number of generated nodes, as many as plain alpha-beta generates at a
//! depth — seed 003 §3's comparison — or a depth reached: §4.2's "RBF to
//! depth 26"), the depth its move is judged at, its random seed and the
//! pruning rule.

use yomi_record::{Backend, Method};

use crate::methods::judge::DEFAULT_JUDGE_DEPTH;
use crate::plan::options::Options;
use yomi_record::{RbfForm, RbfShape};

/// The settings a sweep's listing shows, as option names without their
/// dashes (`rbf_nodes` is `--rbf-nodes`) and numbers; the pruning rule
/// is the switch `no_pruning` when off.
pub(crate) fn settings(shape: &RbfShape) -> Vec<(&'static str, u64)> {
    [
        ("rbf_nodes", shape.rbf_nodes),
        ("match_depth", shape.match_depth.map(u64::from)),
        ("rbf_depth", shape.rbf_depth.map(u64::from)),
        ("judge_depth", Some(u64::from(shape.judge_depth))),
        ("rbf_seed", Some(shape.rbf_seed)),
        // One iteration a leaf is the default.
        ("rbf_chunk", shape.chunk.filter(|&c| c > 1).map(u64::from)),
    ]
    .into_iter()
    .filter_map(|(name, value)| Some((name, value?)))
    .collect()
}

/// An RBF run's shape as a sweep's listing shows it.
pub(crate) fn listing(shape: &RbfShape) -> String {
    let mut s = String::new();
    for (key, value) in settings(shape) {
        s += &format!(" {key}={value}");
    }
    if !shape.pruning {
        s += " no_pruning";
    }
    s
}

/// The shape of `o`'s RBF run, `None` for other methods, or why the
/// options do not fit.
pub(crate) fn shape(o: &Options) -> Result<Option<RbfShape>, String> {
    let r = &o.rbf;
    if !o.method.is_rbf() {
        if r.given() {
            return Err(
                "--rbf-nodes, --match-depth, --rbf-depth and --no-pruning are for rbf \
                 and parallel-rbf"
                    .into(),
            );
        }
        if r.judge_depth.is_some() && !o.method.is_uct() {
            return Err("--judge-depth is for rbf, parallel-rbf, uct and uct-treesplit".into());
        }
        return Ok(None);
    }
    if o.d_prime.is_some() || o.negascout || o.full_windows || o.confirmed_deepening || o.extension
    {
        return Err(
            "--d-prime, --negascout, --full-windows, --confirmed-deepening and --extend are not for rbf"
                .into(),
        );
    }
    if o.method == Method::Rbf && o.backend != Backend::Threads {
        return Err(
            "rbf is sequential: it runs on --backend threads (the default); \
                    parallel-rbf runs on every backend (one rank: sequential RBF)"
                .into(),
        );
    }
    if o.method == Method::ParallelRbf && o.backend == Backend::Threads && o.workers == 0 {
        return Err("--workers must be at least 1".into());
    }
    if r.shared_tree && (o.method != Method::ParallelRbf || o.backend != Backend::Threads) {
        return Err(
            "--shared-tree is parallel-rbf's form for --backend threads (one memory)".into(),
        );
    }
    let master_slave = o.method == Method::ParallelRbf && !r.shared_tree;
    match r.rbf_chunk {
        Some(_) if !master_slave => {
            return Err("--rbf-chunk is for parallel-rbf's master–slave form".into())
        }
        Some(0) => return Err("--rbf-chunk must be at least 1".into()),
        _ => {}
    }
    let stops = [
        r.rbf_nodes.is_some(),
        r.match_depth.is_some(),
        r.rbf_depth.is_some(),
    ];
    if stops.iter().filter(|&&s| s).count() != 1 {
        return Err("rbf needs one of --rbf-nodes N, --match-depth K and --rbf-depth D".into());
    }
    let within = |name: &str, depth: Option<u32>| match depth {
        Some(k) if k == 0 || k > o.d => Err(format!(
            "{name} must be between 1 and --d = {} (the tree's depth)",
            o.d
        )),
        _ => Ok(()),
    };
    within("--match-depth", r.match_depth)?;
    within("--rbf-depth", r.rbf_depth)?;
    within("--judge-depth", r.judge_depth)?;
    if r.rbf_nodes == Some(0) {
        return Err("--rbf-nodes must be at least 1".into());
    }
    Ok(Some(RbfShape {
        rbf_nodes: r.rbf_nodes,
        match_depth: r.match_depth,
        rbf_depth: r.rbf_depth,
        judge_depth: r.judge_depth.unwrap_or(o.d.min(DEFAULT_JUDGE_DEPTH)),
        rbf_seed: r.rbf_seed,
        pruning: !r.no_pruning,
        form: (o.method == Method::ParallelRbf).then_some(if r.shared_tree {
            RbfForm::SharedTree
        } else {
            RbfForm::MasterSlave
        }),
        chunk: master_slave.then_some(r.rbf_chunk.unwrap_or(1)),
    }))
}
