//! A sweep's MPI searches: each tree's run started as its own MPI job
//! through the sweep's launcher (`mpirun -np {ranks}`, `srun -n {ranks}`,
//! …) running this binary's `job` with the job itself (the validated plan,
//! as JSON), its record read back.

use crate::sweep::grid::Run;
use crate::sweep::job::Job;
use std::process::Command;

/// The record line of `tree`'s search under `run`, keyed `key`.
pub(crate) fn search(run: &Run, tree: &str, key: &str) -> Result<String, String> {
    let mut words = run.launcher.split_whitespace();
    let launcher = words.next().ok_or("cluster.launcher is empty")?;
    let exe = std::env::current_exe().map_err(|e| format!("cannot find yomi-harness: {e}"))?;
    let job = serde_json::to_string(&Job::of(run, tree, key)).map_err(|e| e.to_string())?;
    let out = Command::new(launcher)
        .args(words)
        .arg(&exe)
        .args(["job", &job])
        .output()
        .map_err(|e| format!("cannot start `{}`: {e}", run.launcher))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
        return Err(format!(
            "`{} yomi-harness job` ({} on {tree}) failed ({}): {}",
            run.launcher,
            run.describe(),
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
