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
