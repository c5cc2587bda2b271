//! Under MPI (`mpirun -np 4` and `-np 8`, oversubscribed), every parallel
//! method returns the sequential root value (seed 002's split methods on
//! processor trees of 4 and 7 ranks; YBWC, Jamboree and parallel RBF on 4),
//! and every method, seed 004's grid master included, on a plugged game
//! (pick); UCT-Treesplit's visits add up on 4 ranks.
//! Built only with the `mpi` feature; `scripts/test.sh` installs OpenMPI
//! and runs it.
#![cfg(feature = "mpi")]

use std::process::Command;

/// Runs yomi-harness (a sweep may start mpirun, as root here): its records.
fn harness(args: &[&str]) -> Vec<serde_json::Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_yomi-harness-mpi"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(args)
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .output()
        .expect("yomi-harness runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    records(&out.stdout)
}

fn records(stdout: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// `yomi-harness-mpi ARGS` on `ranks` ranks: how it ended.
fn mpirun_output(ranks: &str, args: &[&str]) -> std::process::Output {
    Command::new("timeout")
        .args(["-k", "10", "120", "mpirun", "--oversubscribe", "-np", ranks])
        .arg(env!("CARGO_BIN_EXE_yomi-harness-mpi"))
        .args(args)
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .expect("mpirun runs (scripts/test.sh installs OpenMPI)")
}

/// Seed 000's with-updates on one small synthetic tree under MPI.
const WITH_UPDATES: &[&str] = &[
    "search",
    "--tree",
    "synthetic",
    "--seeds",
    "1",
    "--b",
    "3",
    "--d",
    "4",
    "--d-prime",
    "2",
    "--method",
    "with-updates",
    "--backend",
    "mpi",
];

fn mpirun(ranks: &str, args: &[&str]) -> Vec<serde_json::Value> {
    let out = mpirun_output(ranks, args);
    assert!(
        out.status.success(),
        "mpirun -np {ranks} {args:?} failed ({}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    records(&out.stdout)
}

#[test]
fn every_method_gets_the_sequential_value_under_mpi() {
    let trees: [&[&str]; 2] = [
        &[
            "--tree",
            "synthetic",
            "--seeds",
            "1-4",
            "--b",
            "4",
            "--d",
            "7",
            "--d-prime",
            "3",
        ],
        &[
            "--tree",
            "shogi",
            "--position",
            "positions/pro_middlegame_32.sfen#9",
            "--b",
            "5",
            "--d",
            "5",
            "--d-prime",
            "2",
        ],
    ];
    for tree in trees {
        let mut args = vec!["search", "--tt-mb", "4"];
        args.extend_from_slice(tree);
        let sequential: Vec<serde_json::Value> =
            harness(&args).iter().map(|r| r["value"].clone()).collect();
        for ranks in ["4", "8"] {
            for method in [
                "with-updates",
                "without-updates",
                "with-share",
                "negascout-eps",
            ] {
                let mut mpi_args = args.clone();
                mpi_args.extend_from_slice(&["--method", method, "--backend", "mpi"]);
                let recs = mpirun(ranks, &mpi_args);
                let values: Vec<serde_json::Value> =
                    recs.iter().map(|r| r["value"].clone()).collect();
                assert_eq!(values, sequential, "-np {ranks} {method} {tree:?}");
                let workers: usize = ranks.parse::<usize>().unwrap() - 1;
                assert!(recs
                    .iter()
                    .all(|r| r["workers"] == workers && r["backend"] == "mpi"));
            }
        }
    }
}

#[test]
fn baselines_get_the_sequential_value_under_mpi() {
    let args = [
        "search",
        "--tree",
        "ordered",
        "--ordering",
        "strong",
        "--seeds",
        "1-3",
        "--b",
        "6",
        "--d",
        "5",
    ];
    let sequential: Vec<serde_json::Value> =
        harness(&args).iter().map(|r| r["value"].clone()).collect();
    // Processor trees of 4 (one level of 3) and 7 (two levels of 2) ranks.
    for (ranks, levels, fanout) in [("4", "1", "3"), ("7", "2", "2")] {
        for method in ["tree-splitting", "pv-splitting", "staged-sss"] {
            let mut mpi_args = args.to_vec();
            mpi_args.extend(["--method", method, "--levels", levels, "--fanout", fanout]);
            mpi_args.extend(["--backend", "mpi"]);
            let recs = mpirun(ranks, &mpi_args);
            let values: Vec<serde_json::Value> = recs.iter().map(|r| r["value"].clone()).collect();
            assert_eq!(values, sequential, "-np {ranks} {method}");
        }
    }
    let mut rbf = args.to_vec();
    rbf[2] = "incremental";
    rbf.retain(|&a| !["--ordering", "strong"].contains(&a));
    let minimax: Vec<serde_json::Value> =
        harness(&rbf).iter().map(|r| r["value"].clone()).collect();
    rbf.extend([
        "--method",
        "parallel-rbf",
        "--rbf-nodes",
        "100000000",
        "--backend",
        "mpi",
    ]);
    let recs = mpirun("4", &rbf);
    let values: Vec<serde_json::Value> = recs.iter().map(|r| r["value"].clone()).collect();
    assert_eq!(values, minimax, "-np 4 parallel-rbf");
    assert!(recs
        .iter()
        .all(|r| r["ranks"] == 4 && r["expansions_min"].as_u64() > Some(0)));
    // Stopped early, tree after tree on the same ranks: no answer from one
    // search may reach the next.
    let stopped = "search --tree incremental --b 10 --seeds 1-8 --d 40 --method parallel-rbf \
                   --rbf-depth 16 --backend mpi";
    let recs = mpirun("4", &stopped.split_whitespace().collect::<Vec<_>>());
    assert_eq!(recs.len(), 8);
    assert!(recs.iter().all(|r| r["deepest"].as_u64() >= Some(16)));
    for method in ["ybwc", "jamboree"] {
        let mut stealing = args.to_vec();
        stealing.extend(["--method", method, "--backend", "mpi"]);
        let values: Vec<serde_json::Value> = mpirun("4", &stealing)
            .iter()
            .map(|r| r["value"].clone())
            .collect();
        assert_eq!(values, sequential, "-np 4 {method}");
    }
}

#[test]
fn a_plugged_game_gets_the_sequential_value_under_mpi() {
    let args = [
        "search",
        "--tree",
        "pick",
        "--position",
        "5x9,scan/5x8",
        "--seeds",
        "1-3",
        "--b",
        "0",
        "--d",
        "9",
    ];
    let sequential: Vec<serde_json::Value> =
        harness(&args).iter().map(|r| r["value"].clone()).collect();
    assert_eq!(sequential.len(), 6);
    for method in [
        "--method grid-master",
        "--method grid-master --push-bounds",
        "--method ybwc",
        "--method jamboree",
        "--method root-split",
        "--method tree-splitting --levels 1 --fanout 3",
        "--method pv-splitting --levels 1 --fanout 3",
        "--method staged-sss --levels 1 --fanout 3",
        "--method with-updates --d-prime 3",
        "--method without-updates --d-prime 3",
        "--method with-share --d-prime 3",
        "--method negascout-eps --eps 50 --d-prime 3",
    ] {
        let mut mpi_args = args.to_vec();
        mpi_args.extend(method.split_whitespace());
        mpi_args.extend(["--backend", "mpi"]);
        let values: Vec<serde_json::Value> = mpirun("4", &mpi_args)
            .iter()
            .map(|r| r["value"].clone())
            .collect();
        assert_eq!(values, sequential, "-np 4 {method}");
    }
}

#[test]
fn a_lone_process_is_told_to_use_mpirun() {
    let out = Command::new(env!("CARGO_BIN_EXE_yomi-harness-mpi"))
        .args(WITH_UPDATES)
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .output()
        .expect("yomi-harness runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("mpirun -np N"));
}

#[test]
fn a_sweep_runs_mpi_searches_through_its_launcher() {
    let dir = std::env::temp_dir().join(format!("yomi-mpi-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = dir.join("mpi.toml");
    std::fs::write(
        &config,
        r#"
[trees]
kind = "synthetic"
seeds = "1-2"
[[grid]]
b = [4]
d = [7]
d_prime = [3]
methods = ["sequential", "with-updates"]
ranks = [3]
[[grid]]
b = [4]
d = [7]
methods = ["tree-splitting", "staged-sss", "ybwc", "root-split"]
processor_trees = [[1, 2]]
ranks = [3]
[cluster]
backend = "mpi"
launcher = "timeout -k 10 120 mpirun --oversubscribe -np {ranks}"
"#,
    )
    .unwrap();
    let out = dir.join("mpi.jsonl");
    let args = [
        "sweep",
        config.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    let sweep = || {
        harness(&args);
        std::fs::read(&out).unwrap()
    };
    let first = sweep();
    let recs = records(&first);
    assert_eq!(recs.len(), 12, "6 runs of 2 trees");
    let seq: Vec<_> = recs
        .iter()
        .filter(|r| r["method"] == "sequential")
        .collect();
    for p in recs.iter().filter(|r| r["method"] != "sequential") {
        let s = seq.iter().find(|s| s["tree"] == p["tree"]).unwrap();
        assert_eq!(p["backend"], "mpi");
        if p["method"] == "with-updates" {
            assert_eq!(p["workers"], 2);
        } else {
            assert_eq!(p["processors"], 3, "{p}");
        }
        assert_eq!(p["value"], s["value"], "{p}");
        assert!(p["run_key"].is_string() && p["run_key"] != s["run_key"]);
    }
    assert_eq!(sweep(), first, "a rerun finds everything done");
}

#[test]
fn uct_treesplit_adds_up_its_visits_under_mpi() {
    let line = "search --tree pick --position 5x9 --seeds 1-3 --d 9 --method uct-treesplit \
                --simulations 2001 --in-flight 2 --backend mpi";
    let args: Vec<&str> = line.split_whitespace().collect();
    let records = mpirun("4", &args);
    assert_eq!(records.len(), 3);
    for r in &records {
        assert_eq!(
            (&r["root_visits"], &r["simulations"]),
            (&2001.into(), &2001.into())
        );
        assert_eq!(r["ranks"], 4);
        assert!(r["moves"].as_u64().unwrap() > 0, "{r}");
    }
    // Four search ranks and a broadcast rank, states duplicated early.
    let duplicated: Vec<&str> = args.iter().copied().chain(["--n-dup", "40"]).collect();
    for r in &mpirun("5", &duplicated) {
        assert_eq!(r["root_visits"], 2001);
        assert_eq!(
            (&r["search_ranks"], &r["broadcast_ranks"]),
            (&4.into(), &1.into())
        );
        assert!(r["duplicated"].as_u64().unwrap() > 1, "{r}");
    }
}

#[test]
fn tables_that_do_not_fit_the_machine_are_refused_before_allocation() {
    // Two ranks on this machine asking 100 TB each: a clear error on rank
    // 0 naming --tt-mb, not ranks killed by the out-of-memory killer.
    let args = [WITH_UPDATES, &["--tt-mb", "100000000"]].concat();
    let out = mpirun_output("2", &args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains("2 tables of 100000000 MB on this machine"),
        "{stderr}"
    );
    assert!(stderr.contains("lower --tt-mb (to "), "{stderr}");
    assert_eq!(
        stderr.matches("error:").count(),
        1,
        "rank 0 alone says it: {stderr}"
    );
}

/// Runs `mpirun --oversubscribe` with the launcher's arguments and stops
/// (SIGSTOP) the job's rank 1 as soon as it exists: a hung node.
const STOPPING_LAUNCHER: &str = r#"#!/bin/sh
mpirun --oversubscribe "$@" &
job=$!
while kill -0 $job 2>/dev/null; do
    for p in $(cat /proc/$job/task/$job/children 2>/dev/null); do
        if tr '\0' '\n' < /proc/$p/environ 2>/dev/null | grep -qx OMPI_COMM_WORLD_RANK=1; then
            kill -STOP $p
            wait $job
            exit $?
        fi
    done
    sleep 0.05
done
wait $job
"#;

#[test]
fn a_sweep_ends_a_hung_mpi_job_logs_it_and_goes_on() {
    let dir = std::env::temp_dir().join(format!("yomi-mpi-hung-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let launcher = dir.join("stop_rank_1.sh");
    std::fs::write(&launcher, STOPPING_LAUNCHER).unwrap();
    let config = dir.join("hung.toml");
    // Seed 000 with updates on 3 ranks, the first two synthetic trees.
    let grid = |launcher: &str| {
        let trees = "[trees]\nkind = \"synthetic\"\nseeds = \"1-2\"\n";
        let grid = "[[grid]]\nb = [4]\nd = [7]\nd_prime = [3]\nmethods = [\"with-updates\"]\nranks = [3]\n";
        format!("{trees}{grid}[cluster]\nbackend = \"mpi\"\nlauncher = \"{launcher}\"\njob_timeout_s = 5\n")
    };
    let stopping = format!("sh {} -np {{ranks}}", launcher.display());
    std::fs::write(&config, grid(&stopping)).unwrap();
    let out = dir.join("hung.jsonl");
    let failures = dir.join("hung.failures.jsonl");
    let sweep = || {
        Command::new(env!("CARGO_BIN_EXE_yomi-harness-mpi"))
            .args([
                "sweep",
                config.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
            ])
            .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
            .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
            .output()
            .expect("yomi-harness runs")
    };
    // Both trees' jobs hang: each is ended, logged, and the sweep goes on.
    let hung = sweep();
    let stderr = String::from_utf8_lossy(&hung.stderr);
    assert!(!hung.status.success(), "{stderr}");
    assert!(stderr.contains("job_timeout_s = 5"), "{stderr}");
    assert!(stderr.contains("2 run(s) failed"), "{stderr}");
    let logged = std::fs::read_to_string(&failures).unwrap();
    assert_eq!(logged.lines().count(), 2, "{logged}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "");
    // A rerun with a working launcher retries them.
    std::fs::write(
        &config,
        grid("timeout -k 10 120 mpirun --oversubscribe -np {ranks}"),
    )
    .unwrap();
    let rerun = sweep();
    assert!(
        rerun.status.success(),
        "{}",
        String::from_utf8_lossy(&rerun.stderr)
    );
    assert_eq!(records(&std::fs::read(&out).unwrap()).len(), 2);
}
