//! `yomi bench` searches the same tree on every run: node counts repeat.

use std::process::Command;

fn bench_counts() -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_yomi"))
        .args([
            "bench",
            "--depth",
            "4",
            "--positions",
            "4",
            "--hash-mb",
            "4",
        ])
        .output()
        .expect("yomi runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8 output");
    // Everything but the times and rates (each a key and its value).
    text.lines()
        .map(|l| {
            let mut kept = Vec::new();
            let mut tokens = l.split_whitespace();
            while let Some(t) = tokens.next() {
                if ["time_ms", "nps", "leaves_per_s"].contains(&t) {
                    tokens.next();
                } else {
                    kept.push(t);
                }
            }
            kept.join(" ")
        })
        .collect()
}

#[test]
fn bench_node_counts_repeat() {
    let first = bench_counts();
    assert_eq!(first.len(), 7, "{first:?}");
    assert!(first[1].starts_with("startpos nodes"), "{first:?}");
    assert!(first[6].starts_with("total nodes"), "{first:?}");
    assert_eq!(first, bench_counts());
}

#[test]
fn the_play_bench_reports_how_often_the_first_move_cuts_off() {
    let out = Command::new(env!("CARGO_BIN_EXE_yomi"))
        .args([
            "bench",
            "--play",
            "--depth",
            "6",
            "--positions",
            "2",
            "--hash-mb",
            "4",
        ])
        .output()
        .expect("yomi runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("UTF-8 output");
    let line = text.lines().last().expect("output");
    // cutoffs N first_move P %
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(
        (words[0], words[2], words[4]),
        ("cutoffs", "first_move", "%")
    );
    let cutoffs: u64 = words[1].parse().expect("a count");
    let share: f64 = words[3].parse().expect("a share");
    assert!(cutoffs > 100, "{line}");
    // A search that orders its moves at all cuts most often on the first.
    assert!((50.0..=100.0).contains(&share), "{line}");
}
