//! Under MPI (`mpirun -np 4` and `-np 8`, oversubscribed), every parallel
//! method returns the sequential root value. Built only with the `mpi`
//! feature; `scripts/test.sh` installs OpenMPI and runs it.
#![cfg(feature = "mpi")]

use std::process::Command;

fn harness(args: &[&str]) -> Vec<serde_json::Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_yomi-harness"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(args)
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

fn mpirun(ranks: &str, args: &[&str]) -> Vec<serde_json::Value> {
    let out = Command::new("timeout")
        .args(["-k", "10", "120", "mpirun", "--oversubscribe", "-np", ranks])
        .arg(env!("CARGO_BIN_EXE_yomi-harness"))
        .args(args)
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .expect("mpirun runs (scripts/test.sh installs OpenMPI)");
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
fn a_lone_process_is_told_to_use_mpirun() {
    let out = Command::new(env!("CARGO_BIN_EXE_yomi-harness"))
        .args([
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
        ])
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .output()
        .expect("yomi-harness runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("mpirun -np N"));
}
