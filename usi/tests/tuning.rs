//! `yomi selfplay` and `yomi tune`: the positions are quiet and labelled,
//! the same seed plays the same games on any number of threads, the fit lowers the error and writes
//! weights, and bad data gets a clear error.

mod yomi_command;

use std::path::{Path, PathBuf};
use yomi_command::yomi;
use yomi_shogi::board::Position;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-tuning-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// Runs `yomi` with `args` and `--out out`, which must succeed, and
/// returns its standard output and what it wrote to `out`.
fn written(args: &[&str], out: &Path) -> (String, String) {
    let mut args = args.to_vec();
    args.extend(["--out", out.to_str().unwrap()]);
    let run = yomi(&args);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    (
        stdout,
        std::fs::read_to_string(out).expect("a file written"),
    )
}

fn selfplay(out: &Path) -> String {
    selfplay_on(1, out)
}

fn selfplay_on(threads: usize, out: &Path) -> String {
    written(
        &[
            "selfplay",
            "--games",
            "3",
            "--nodes",
            "1500",
            "--hash-mb",
            "2",
            "--threads",
            &threads.to_string(),
        ],
        out,
    )
    .1
}

#[test]
fn selfplay_writes_quiet_labelled_positions_and_repeats_itself() {
    let first = selfplay(&scratch("a.tsv"));
    let lines: Vec<&str> = first.lines().collect();
    assert!(lines.len() > 30, "{} positions", lines.len());
    for line in &lines {
        let fields: Vec<&str> = line.split('\t').collect();
        let [sfen, result, value] = fields[..] else {
            panic!("not SFEN<TAB>result<TAB>value: {line}");
        };
        let pos = Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(!pos.in_check(), "{line}");
        assert!(["0", "0.5", "1"].contains(&result), "{line}");
        // The search's value; decided positions (beyond 2,000) are left out.
        let value: i32 = value.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(value.abs() < 2000, "{line}");
    }
    // Fixed node budgets: the same seed plays the same games, written in
    // their order whatever the threads.
    assert_eq!(first, selfplay(&scratch("b.tsv")));
    assert_eq!(first, selfplay_on(3, &scratch("c.tsv")));
}

#[test]
fn tune_lowers_the_error_and_writes_weights() {
    let data = scratch("fit.tsv");
    selfplay(&data);
    let (stdout, source) = written(
        &[
            "tune",
            data.to_str().unwrap(),
            "--epochs",
            "30",
            "--hold-out-every",
            "4",
        ],
        &scratch("weights.rs"),
    );
    assert!(source.contains("pub(super) const WEIGHTS: Weights = Weights {"));
    // "squared error fitted A -> B": the fit never ends above its start.
    let errors: Vec<f64> = stdout
        .split("fitted ")
        .last()
        .expect("an error summary")
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter_map(|t| t.parse().ok())
        .take(2)
        .collect();
    assert!(errors.len() == 2 && errors[1] <= errors[0], "{stdout}");
}

#[test]
fn the_fit_does_not_depend_on_the_order_of_lines() {
    let data = scratch("ordered.tsv");
    let text = selfplay(&data);
    let reversed = scratch("reversed.tsv");
    let lines: Vec<&str> = text.lines().rev().collect();
    std::fs::write(&reversed, lines.join("\n") + "\n").unwrap();
    let fit = |data: &Path, name: &str| {
        written(
            &["tune", data.to_str().unwrap(), "--epochs", "20"],
            &scratch(name),
        )
        .1
    };
    assert_eq!(fit(&data, "w1.rs"), fit(&reversed, "w2.rs"));
}

#[test]
fn tune_names_the_bad_line() {
    let data = scratch("bad.tsv");
    std::fs::write(
        &data,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t1\nnot a position\t0\n",
    )
    .unwrap();
    let run = yomi(&["tune", data.to_str().unwrap(), "--out", "/dev/null"]);
    assert_eq!(run.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("bad.tsv:2"), "{stderr}");
    let data = scratch("result.tsv");
    std::fs::write(
        &data,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t2\n",
    )
    .unwrap();
    let run = yomi(&["tune", data.to_str().unwrap(), "--out", "/dev/null"]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("result.tsv:1: result"), "{stderr}");
}
