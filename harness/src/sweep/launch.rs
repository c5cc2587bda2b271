//! A sweep's MPI searches: each tree's run started as its own MPI job
//! through the sweep's launcher (`mpirun -np {ranks}`, `srun -n {ranks}`,
//! …) running this binary's `search --backend mpi`, its record read back.

use crate::sweep::plan::Run;
use crate::trees::TreeKind;
use clap::ValueEnum;
use std::process::Command;
use yomi_record::TableSharing;

/// The record line of `tree`'s search under `run`, keyed `key`.
pub(crate) fn search(run: &Run, tree: &str, key: &str) -> Result<String, String> {
    let mut words = run.launcher.split_whitespace();
    let launcher = words.next().ok_or("cluster.launcher is empty")?;
    let exe = std::env::current_exe().map_err(|e| format!("cannot find yomi-harness: {e}"))?;
    let args = search_args(run, tree, key);
    let out = Command::new(launcher)
        .args(words)
        .arg(&exe)
        .args(&args)
        .output()
        .map_err(|e| format!("cannot start `{}`: {e}", run.launcher))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
        return Err(format!(
            "`{} yomi-harness {}` failed ({}): {}",
            run.launcher,
            args.join(" "),
            out.status,
            tail.into_iter().rev().collect::<Vec<_>>().join(" / ")
        ));
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    stdout
        .lines()
        .find(|l| l.contains(&format!("\"run_key\":\"{key}\"")))
        .map(str::to_string)
        .ok_or_else(|| format!("`{}` wrote no record for {tree}", run.launcher))
}

/// `search` arguments for one tree of `run` over MPI.
fn search_args(run: &Run, tree: &str, key: &str) -> Vec<String> {
    let p = &run.plan;
    let name = |v: Option<clap::builder::PossibleValue>| v.map(|v| v.get_name().to_string());
    let mut a: Vec<String> = vec!["search".into(), "--tree".into()];
    match run.trees.tree {
        TreeKind::Synthetic => {
            a.push("synthetic".into());
            a.push("--seeds".into());
            a.push(tree.trim_start_matches("seed").into());
            if let Some(model) = &run.trees.edge_model {
                a.extend(["--edge-model".into(), model.clone()]);
            }
        }
        TreeKind::Ordered => {
            let ordering = name(run.trees.ordering.to_possible_value()).unwrap_or_default();
            a.extend([
                "ordered".into(),
                "--seeds".into(),
                tree.rsplit_once("seed").map_or(tree, |(_, s)| s).into(),
            ]);
            a.extend(["--ordering".into(), ordering]);
        }
        TreeKind::Incremental => a.extend([
            "incremental".into(),
            "--seeds".into(),
            tree.trim_start_matches("incremental-seed").into(),
        ]),
        // A shogi or plugged tree's name is its position.
        TreeKind::Shogi | TreeKind::Plugged(_) => a.extend([
            run.trees.tree.name().into(),
            "--position".into(),
            tree.into(),
        ]),
    }
    a.extend(["--b".into(), p.b.to_string(), "--d".into(), p.d.to_string()]);
    if let Some(method) = name(p.method.to_possible_value()) {
        a.extend(["--method".into(), method]);
    }
    if let Some(dp) = p.d_prime {
        a.extend(["--d-prime".into(), dp.to_string()]);
    }
    if let Some(eps) = p.eps {
        a.extend(["--eps".into(), eps.to_string()]);
    }
    if let Some(k) = p.share_plies {
        a.extend(["--share-plies".into(), k.to_string()]);
    }
    if let Some(sharing) = p.sharing.filter(|&s| s != TableSharing::Full) {
        a.extend([
            "--sharing".into(),
            name(sharing.to_possible_value()).unwrap_or_default(),
        ]);
    }
    if p.confirmed_deepening {
        a.push("--confirmed-deepening".into());
    }
    if let Some(mb) = p.tt_mb {
        a.extend(["--tt-mb".into(), mb.to_string()]);
    }
    if let Some(shape) = p.baseline {
        for (flag, value) in [
            ("--levels", shape.levels.map(|l| l.to_string())),
            ("--fanout", shape.fanout.map(|k| k.to_string())),
            ("--pv-depth", shape.pv_depth.map(|p| p.to_string())),
            ("--stage-depth", shape.stage_depth.map(|s| s.to_string())),
        ] {
            if let Some(v) = value {
                a.extend([flag.into(), v]);
            }
        }
        if shape.static_order {
            a.push("--static-order".into());
        }
        if shape.push_bounds {
            a.push("--push-bounds".into());
        }
    }
    if let Some(u) = p.uct {
        for (name, value) in crate::methods::uct::plan::settings(&u) {
            a.push(format!("--{}", name.replace('_', "-")));
            a.extend((!value.is_empty()).then_some(value));
        }
    }
    if let Some(r) = p.rbf {
        for (name, value) in crate::methods::rbf::plan::settings(&r) {
            a.extend([format!("--{}", name.replace('_', "-")), value.to_string()]);
        }
        if !r.pruning {
            a.push("--no-pruning".into());
        }
    }
    a.extend([
        "--backend".into(),
        "mpi".into(),
        "--run-key".into(),
        key.into(),
    ]);
    a
}
