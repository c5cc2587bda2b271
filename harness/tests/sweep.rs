//! `yomi-harness sweep` end to end: repeatable records, resumption after a
//! kill, a torn last line, a second sweep on the same file, bad configs.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const SMOKE: &str = "configs/smoke.toml";

fn sweep_command(config: &str, out: &Path, jobs: &str) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_yomi-harness"));
    c.current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(["sweep", config, "--jobs", jobs, "--out"])
        .arg(out);
    c
}

fn sweep(config: &str, out: &Path, jobs: &str) -> Output {
    sweep_command(config, out, jobs)
        .output()
        .expect("yomi-harness runs")
}

fn ok(output: Output) {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-sweep-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The records of a sweep of `config` (TOML text) in a scratch folder of
/// its own, run with two jobs.
fn sweep_records(name: &str, config: &str) -> Vec<serde_json::Value> {
    let dir = scratch(name);
    let (file, out) = (dir.join("sweep.toml"), dir.join("sweep.jsonl"));
    std::fs::write(&file, config).unwrap();
    ok(sweep(file.to_str().unwrap(), &out, "2"));
    lines(&out)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn keys(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["run_key"].as_str().unwrap().to_string()
        })
        .collect()
}

#[test]
fn the_smoke_sweep_repeats_byte_for_byte_whatever_the_jobs() {
    let dir = scratch("repeat");
    // The second file's folder does not exist yet: the sweep makes it.
    let (a, b) = (dir.join("a.jsonl"), dir.join("new/folder/b.jsonl"));
    ok(sweep(SMOKE, &a, "1"));
    ok(sweep(SMOKE, &b, "2"));
    let first = std::fs::read(&a).unwrap();
    assert_eq!(first, std::fs::read(&b).unwrap());
    let records = lines(&a);
    assert_eq!(records.len(), 15, "5 runs of 3 trees");
    let unique: HashSet<String> = keys(&records).into_iter().collect();
    assert_eq!(unique.len(), 15);
    // A rerun finds everything done and writes nothing.
    ok(sweep(SMOKE, &a, "2"));
    assert_eq!(std::fs::read(&a).unwrap(), first);
}

/// Starts the smoke sweep with `jobs`, kills it once its file holds
/// `records` lines (or a partial one), and returns.
fn kill_after(out: &Path, records: usize, jobs: &str) {
    let mut child: Child = sweep_command(SMOKE, out, jobs)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        let n = std::fs::read_to_string(out).map_or(0, |t| t.lines().count());
        if n >= records || child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().ok();
    child.wait().unwrap();
}

#[test]
fn a_killed_sweep_resumes_to_the_same_records() {
    let dir = scratch("kill");
    let whole = dir.join("whole.jsonl");
    ok(sweep(SMOKE, &whole, "1"));
    let expected: HashSet<String> = lines(&whole).into_iter().collect();
    // With two jobs records are written as runs finish, in any order.
    for jobs in ["1", "2"] {
        let resumed = dir.join(format!("resumed-{jobs}.jsonl"));
        kill_after(&resumed, 4, jobs);
        let partial = lines(&resumed).len();
        assert!(partial < expected.len(), "killed before the end: {partial}");
        ok(sweep(SMOKE, &resumed, jobs));
        let got = lines(&resumed);
        assert_eq!(got.len(), expected.len(), "no record twice");
        assert_eq!(got.into_iter().collect::<HashSet<_>>(), expected);
    }
}

#[test]
fn a_torn_last_line_is_repaired() {
    let dir = scratch("torn");
    let whole = dir.join("whole.jsonl");
    ok(sweep(SMOKE, &whole, "1"));
    let text = std::fs::read_to_string(&whole).unwrap();
    let torn = dir.join("torn.jsonl");
    // Three records and half of the fourth.
    let cut: usize = text.lines().take(3).map(|l| l.len() + 1).sum::<usize>() + 40;
    std::fs::write(&torn, &text[..cut]).unwrap();
    let out = sweep(SMOKE, &torn, "1");
    assert!(String::from_utf8_lossy(&out.stderr).contains("torn"));
    ok(out);
    assert_eq!(std::fs::read_to_string(&torn).unwrap(), text);
}

#[test]
fn a_second_sweep_on_the_same_file_is_refused() {
    let dir = scratch("lock");
    let out = dir.join("locked.jsonl");
    let mut first = sweep_command(SMOKE, &out, "1")
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the first sweep holds the file.
    let start = Instant::now();
    while !out.exists() && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(5));
    }
    let second = sweep(SMOKE, &out, "1");
    let finished_first = first.try_wait().unwrap().is_some();
    first.kill().ok();
    first.wait().unwrap();
    if finished_first {
        return; // too quick to overlap on this machine: nothing to check
    }
    assert_eq!(second.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&second.stderr).contains("another sweep"));
}

#[test]
fn bad_configs_are_refused_before_anything_runs() {
    let dir = scratch("bad");
    let smoke = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../configs/smoke.toml"
    ))
    .unwrap();
    let cases = [
        (
            smoke.replace("seeds = \"1-3\"", "seeds = \"1-3\"\ncolour = 1"),
            "colour",
        ),
        (smoke.replace("d_prime = [4]", "d_prime = [10]"), "d-prime"),
        (
            smoke.replace("ranks = [4, 16]", "ranks = [4, 100000]"),
            "tables",
        ),
        (smoke.replace("\"paper\"", "\"quick\""), "node_cost_us"),
        (
            smoke.replace("seeds = \"1-3\"", "seeds = \"1-3\"\nordering = \"perfect\""),
            "ordering is for ordered trees",
        ),
    ];
    for (i, (text, expected)) in cases.into_iter().enumerate() {
        let config = dir.join(format!("bad{i}.toml"));
        std::fs::write(&config, text).unwrap();
        let out_file = dir.join(format!("bad{i}.jsonl"));
        let out = sweep(config.to_str().unwrap(), &out_file, "1");
        assert_eq!(out.status.code(), Some(2), "{expected}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expected), "{expected:?} not in {err}");
        assert!(!out_file.exists(), "nothing ran, nothing written");
    }
}

#[test]
fn a_sweep_of_ordered_trees_runs_each_ordering_apart() {
    let dir = scratch("ordered");
    let config = dir.join("ordered.toml");
    let out = dir.join("ordered.jsonl");
    let text = |ordering: &str| {
        format!(
            "[trees]\nkind = \"ordered\"\nseeds = \"1-2\"\nordering = \"{ordering}\"\n\n\
             [[grid]]\nb = [6]\nd = [5]\nd_prime = [2]\nmethods = [\"sequential\", \"with-updates\"]\n\
             ranks = [3]\n\n[cluster]\nbackend = \"sim\"\nnode_cost_us = \"paper\"\n"
        )
    };
    std::fs::write(&config, text("perfect")).unwrap();
    ok(sweep(config.to_str().unwrap(), &out, "1"));
    std::fs::write(&config, text("random")).unwrap();
    ok(sweep(config.to_str().unwrap(), &out, "1"));
    let records: Vec<serde_json::Value> = lines(&out)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 8, "2 runs of 2 trees, for each ordering");
    let trees: HashSet<&str> = records
        .iter()
        .map(|r| r["tree"].as_str().unwrap())
        .collect();
    let expected: HashSet<&str> = [
        "perfect-seed1",
        "perfect-seed2",
        "random-seed1",
        "random-seed2",
    ]
    .into();
    assert_eq!(trees, expected);
    assert!(
        records.iter().all(|r| r["value"] == 0),
        "an ordered tree's root is worth 0"
    );
}

#[test]
fn a_sweep_runs_the_baselines_on_their_processor_trees() {
    let records = sweep_records(
        "baselines",
        "[trees]\nkind = \"synthetic\"\nseeds = \"1-2\"\n\n\
         [[grid]]\nb = [4]\nd = [6]\nmethods = [\"sequential\"]\n\n\
         [[grid]]\nb = [4]\nd = [6]\n\
         methods = [\"tree-splitting\", \"pv-splitting\", \"staged-sss\", \"ybwc\", \
         \"root-split\"]\n\
         processor_trees = [[1, 3], [2, 2]]\nstage_depth = [1, 2]\nranks = [5]\n\
         charge = \"leaves\"\n",
    );
    // sequential; TS and PV on 2 trees; staged SSS* on 2 × 2; YBWC and
    // root splitting (the book's plugged method) once.
    assert_eq!(records.len(), 2 * (1 + 2 + 2 + 4 + 1 + 1));
    let value = |tree: &str| {
        records
            .iter()
            .find(|r| r["tree"] == tree && r["method"] == "sequential")
            .unwrap()["value"]
            .clone()
    };
    for r in &records {
        assert_eq!(r["value"], value(r["tree"].as_str().unwrap()), "{r}");
        if r["method"] == "ybwc" || r["method"] == "root-split" {
            assert_eq!(r["processors"], 5);
        } else if r["method"] != "sequential" {
            assert_eq!(r["charge"], "leaves");
            let processors = if r["levels"] == 1 { 4 } else { 7 };
            assert_eq!(r["processors"], processors, "{r}");
        }
    }
    let staged: HashSet<String> = records
        .iter()
        .filter(|r| r["method"] == "staged-sss")
        .map(|r| format!("{}{}", r["levels"], r["stage_depth"]))
        .collect();
    assert_eq!(staged.len(), 4, "{staged:?}");
}

/// The book's plugged method (root splitting) in a sweep on threads (on
/// the virtual cluster above, on MPI ranks in `mpi.rs`).
#[test]
fn a_sweep_runs_a_plugged_method_on_threads() {
    let records = sweep_records(
        "plugged",
        "[trees]\nkind = \"synthetic\"\nseeds = \"1-2\"\n\n\
         [[grid]]\nb = [4]\nd = [6]\nmethods = [\"sequential\", \"root-split\"]\nranks = [1, 3]\n\n\
         [cluster]\nbackend = \"threads\"\n",
    );
    assert_eq!(records.len(), 2 * (1 + 2));
    for r in records.iter().filter(|r| r["method"] == "root-split") {
        let sequential = records
            .iter()
            .find(|s| s["tree"] == r["tree"] && s["method"] == "sequential")
            .unwrap();
        assert_eq!(r["value"], sequential["value"], "{r}");
        assert_eq!(r["backend"], "threads", "{r}");
        assert!(r["processors"] == 1 || r["processors"] == 3, "{r}");
    }
}

#[test]
fn a_sweep_runs_rbf_sequentially_and_parallel_rbf_at_its_ranks() {
    let records = sweep_records(
        "rbf",
        "[trees]\nkind = \"incremental\"\nseeds = \"1-2\"\n\n\
         [[grid]]\nb = [5]\nd = [5]\nmethods = [\"sequential\"]\n\n\
         [[grid]]\nb = [5]\nd = [5]\nmethods = [\"rbf\", \"parallel-rbf\", \"jamboree\"]\n\
         match_depth = [3]\nrbf_nodes = [100000000]\nranks = [1, 4]\n",
    );
    // sequential; rbf at 2 stops; parallel-rbf at 2 stops × 2 ranks; jamboree at 2.
    assert_eq!(records.len(), 2 * (1 + 2 + 4 + 2));
    let value = |tree: &serde_json::Value| {
        records
            .iter()
            .find(|r| &r["tree"] == tree && r["method"] == "sequential")
            .unwrap()["value"]
            .clone()
    };
    for r in &records {
        let solved = r["rbf_nodes"].is_u64() || r["method"] == "jamboree";
        if solved {
            assert_eq!(r["value"], value(&r["tree"]), "{r}");
        }
        if r["method"] == "rbf" {
            assert!(
                r["backend"].is_null(),
                "sequential RBF runs on threads: {r}"
            );
        }
        if r["method"] == "parallel-rbf" {
            assert_eq!(r["backend"], "sim");
            assert!(r["ranks"] == 1 || r["ranks"] == 4, "{r}");
        }
        if r["match_depth"] == 3 {
            assert!(r["alpha_beta_correct"].is_boolean(), "{r}");
        }
    }
}
