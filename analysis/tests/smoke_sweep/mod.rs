//! A smoke sweep of the repository's configs run by the harness binary
//! (built beside this crate's by `cargo test --workspace`), its records
//! in a fresh file, and what `yomi-analysis` draws from them.

// Each test crate uses only part of this module.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The harness binary beside this test's.
fn harness() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().and_then(|deps| deps.parent()).unwrap();
    let harness = dir.join("yomi-harness");
    assert!(
        harness.exists(),
        "{} is missing: run the workspace's tests (cargo test --workspace builds it)",
        harness.display()
    );
    harness
}

/// Sweeps `config` (relative to the repository) into `out`.
pub(crate) fn sweep(config: &str, out: &Path) {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let sweep = Command::new(harness())
        .args(["sweep", config, "--out"])
        .arg(out)
        .current_dir(root)
        .output()
        .unwrap();
    assert!(
        sweep.status.success(),
        "{}",
        String::from_utf8_lossy(&sweep.stderr)
    );
}

/// `yomi-analysis COMMAND RECORDS --out OUT` (report or model), which must
/// succeed.
pub(crate) fn analyse(command: &str, records: &Path, out: &Path) {
    let output = Command::new(env!("CARGO_BIN_EXE_yomi-analysis"))
        .arg(command)
        .arg(records)
        .arg("--out")
        .arg(out)
        .output()
        .expect("yomi-analysis runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
