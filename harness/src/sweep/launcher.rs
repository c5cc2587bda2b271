//! A sweep's MPI searches: each tree's run started as its own MPI job
//! through the sweep's launcher (`mpirun -np {ranks}`, `srun -n {ranks}`,
//! …) running this binary's `job` with the job itself (the validated plan,
//! as JSON), its record read back. A job still running after the run's
//! `job_timeout` (a rank that hangs: its master waits for it forever) is
//! ended, and its run fails with the reason.

use crate::sweep::job::Job;
use crate::sweep::run::Run;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// How long an ended job's launcher gets to end its ranks (mpirun sends
/// them SIGTERM, then SIGKILL) before the whole process group is killed.
const GRACE: Duration = Duration::from_secs(10);

/// How often a running job is looked at.
const POLL: Duration = Duration::from_millis(100);

/// The record line of `tree`'s search under `run`, keyed `key`.
pub(crate) fn search(run: &Run, tree: &str, key: &str) -> Result<String, String> {
    let mut words = run.launcher.split_whitespace();
    let launcher = words.next().ok_or("cluster.launcher is empty")?;
    let exe = std::env::current_exe().map_err(|e| format!("cannot find yomi-harness: {e}"))?;
    let job = serde_json::to_string(&Job::of(run, tree, key)).map_err(|e| e.to_string())?;
    let mut child = Command::new(launcher)
        .args(words)
        .arg(&exe)
        .args(["job", &job])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // Its own process group, so that ending it ends what it started.
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot start `{}`: {e}", run.launcher))?;
    let stdout = read_all(child.stdout.take());
    let stderr = read_all(child.stderr.take());
    let ended = wait_or_end(&mut child, run.job_timeout);
    // A rank outside the group may still hold the pipes: wait a while only.
    let stdout = stdout.recv_timeout(GRACE).unwrap_or_default();
    let stderr = stderr.recv_timeout(GRACE).unwrap_or_default();
    let status = match ended {
        Ok(status) => status,
        Err(why) => return Err(format!("`{}` ({}): {why}", run.launcher, run.describe())),
    };
    if !status.success() {
        let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
        return Err(format!(
            "`{} yomi-harness job` ({} on {tree}) failed ({status}): {}",
            run.launcher,
            run.describe(),
            tail.into_iter().rev().collect::<Vec<_>>().join(" / ")
        ));
    }
    stdout
        .lines()
        .find(|l| l.contains(&format!("\"run_key\":\"{key}\"")))
        .map(str::to_string)
        .ok_or_else(|| format!("`{}` wrote no record for {tree}", run.launcher))
}

/// A thread reading `pipe` to its end (so that the job never blocks on a
/// full pipe while it is waited for), the text sent when it ends.
fn read_all(pipe: Option<impl Read + Send + 'static>) -> Receiver<String> {
    let (text, received) = channel();
    std::thread::spawn(move || {
        let mut all = String::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_string(&mut all);
        }
        let _ = text.send(all);
    });
    received
}

/// The job's exit status, or, once `timeout` has passed, why it was ended.
fn wait_or_end(child: &mut Child, timeout: Duration) -> Result<ExitStatus, String> {
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Ok(status),
            Ok(None) if start.elapsed() < timeout => std::thread::sleep(POLL),
            Ok(None) => break,
            Err(e) => return Err(format!("cannot wait for it: {e}")),
        }
    }
    let group = child.id() as libc::pid_t;
    // SAFETY: kill(2) on the job's own process group (made at spawn).
    unsafe { libc::kill(-group, libc::SIGTERM) };
    let asked = Instant::now();
    while asked.elapsed() < GRACE {
        if let Ok(Some(_)) = child.try_wait() {
            break;
        }
        std::thread::sleep(POLL);
    }
    // SAFETY: as above; whatever of the group is left (a stopped rank).
    unsafe { libc::kill(-group, libc::SIGKILL) };
    let _ = child.wait();
    Err(format!(
        "still running after job_timeout_s = {} (a rank hung?): ended",
        timeout.as_secs()
    ))
}
