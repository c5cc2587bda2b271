//! The plain binary `yomi` (whether or not the package is built with the
//! feature `mpi`, which makes `yomi-mpi`) never links MPI, and refuses to
//! run as one of several ranks of a launcher's job, saying which binary
//! can: started by `mpirun -np 2`, each copy would otherwise play alone
//! and answer the GUI on its own. (The launcher's environment stands in
//! for mpirun.)

use std::process::Command;

#[test]
fn plain_yomi_refuses_to_be_one_of_several_ranks() {
    let out = Command::new(env!("CARGO_BIN_EXE_yomi"))
        .arg("perft")
        .args(["--depth", "1"])
        .env("OMPI_COMM_WORLD_SIZE", "2")
        .output()
        .expect("yomi runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("one of 2 MPI ranks"), "{stderr}");
    assert!(stderr.contains("yomi-mpi"), "{stderr}");
    assert!(out.stdout.is_empty());
}

#[test]
fn plain_yomi_runs_as_a_job_of_one_rank() {
    let out = Command::new(env!("CARGO_BIN_EXE_yomi"))
        .arg("perft")
        .args(["--depth", "1"])
        .env("OMPI_COMM_WORLD_SIZE", "1")
        .output()
        .expect("yomi runs");
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("nodes 30"));
}

#[test]
fn plain_yomi_does_not_link_mpi() {
    let out = Command::new("ldd")
        .arg(env!("CARGO_BIN_EXE_yomi"))
        .output()
        .expect("ldd runs");
    let libraries = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{libraries}");
    assert!(!libraries.contains("libmpi"), "{libraries}");
}
