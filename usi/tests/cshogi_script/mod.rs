//! Runs one of the repository's cshogi scripts (`scripts/*.py`) against the
//! `yomi` binary, streaming its report, and fails when the script does.
//!
//! Needs `python3` with the `cshogi` package; `scripts/test.sh` installs it.
//! Without it the test fails on purpose instead of being skipped.

// Each test crate uses only part of this module.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::thread;

pub(crate) fn run(script: &str, args: &[&str]) {
    run_engine(script, env!("CARGO_BIN_EXE_yomi"), args);
}

/// [`run`] with `yomi` as the engine (a wrapper script, say).
pub(crate) fn run_engine(script: &str, yomi: &str, args: &[&str]) {
    let repo = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let script = repo.join("scripts").join(script);

    let probe = Command::new("python3")
        .args(["-c", "import cshogi"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output();
    match probe {
        Ok(out) if out.status.success() => {}
        Ok(out) => panic!(
            "python3 cannot import cshogi ({}), so {} cannot run.\n\
             Run the test suite with the README test command `scripts/test.sh`, \
             which installs cshogi.",
            String::from_utf8_lossy(&out.stderr).trim(),
            script.display()
        ),
        Err(e) => panic!(
            "could not run python3 ({e}), so {} cannot run.\n\
             Run the test suite with the README test command `scripts/test.sh`, \
             which installs cshogi.",
            script.display()
        ),
    }

    let mut child = Command::new("python3")
        .arg(&script)
        .arg("--yomi")
        .arg(yomi)
        .args(args)
        .current_dir(&repo)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("failed to start python3 {}: {e}", script.display()));

    let stderr = child.stderr.take().expect("piped stderr");
    let err_thread = thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            match line {
                Ok(l) => eprintln!("{l}"),
                Err(_) => break,
            }
        }
    });
    let stdout = child.stdout.take().expect("piped stdout");
    let mut last = String::new();
    for line in BufReader::new(stdout).lines() {
        match line {
            Ok(l) => {
                println!("{l}");
                last = l;
            }
            Err(_) => break,
        }
    }
    let status = child.wait().expect("waiting for the script");
    let _ = err_thread.join();

    assert!(
        status.success(),
        "{} failed ({status}); summary: {last}\n\
         (run `python3 {} --yomi {yomi} {}` for the full report)",
        script.display(),
        script.display(),
        args.join(" ")
    );
}
