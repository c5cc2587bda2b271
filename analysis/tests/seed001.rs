//! Seed 001's measures in `yomi-analysis report`, on records of the
//! harness's own runs (`tests/fixtures/seed001.jsonl`: UCT-Treesplit on two
//! synthetic trees at 1, 5 and 10 ranks, 5 ms each on the virtual cluster,
//! and the 4 games of a `uct-match` of 5 ranks against 1 on pick): the
//! rate, work-load and time by work package against search ranks, the Elo
//! of the games, and the check of root visits against simulations.

use std::process::Command;

const FIXTURE: &str = "tests/fixtures/seed001.jsonl";

fn report(file: &str) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_yomi-analysis"))
        .args(["report", file])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("yomi-analysis runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 report");
    (stdout, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn the_tables_show_rate_time_and_elo_against_ranks() {
    let (text, _) = report(FIXTURE);
    for heading in [
        "### Simulation rate against search ranks: synthetic b 5 d 20, 6-ply playouts, 5.0 ms",
        "### Where a search rank's time goes (seed 001 Fig. 5)",
        "### Elo of more ranks against fewer, pick, 2.0 ms a move",
    ] {
        assert!(text.contains(heading), "{heading}\n{text}");
    }
    // One search rank is the yardstick (speedup 1.0); 8 search ranks beside
    // 2 broadcast ranks; the match's 4 games; every rank's time in shares.
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("| N_dup 200"))
        .collect();
    assert!(rows
        .iter()
        .any(|r| r.contains("| 1 | 0 | ") && r.contains("| 1.0 | 1.00 |")));
    assert!(rows.iter().any(|r| r.contains("| 8 | 2 | ")), "{text}");
    assert!(rows.iter().any(|r| r.ends_with(" % |")), "{text}");
    assert!(text.contains("| 5 | 1 | 4 | "), "{text}");
    assert!(!text.contains("lost or counted twice"), "{text}");
}

#[test]
fn simulations_lost_are_named() {
    let records =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE))
            .unwrap();
    let broken = records.replacen("\"root_visits\":", "\"root_visits\":1", 1);
    let path = std::env::temp_dir().join(format!("yomi-seed001-{}.jsonl", std::process::id()));
    std::fs::write(&path, broken).unwrap();
    let (text, stderr) = report(path.to_str().unwrap());
    std::fs::remove_file(&path).unwrap();
    assert!(
        text.contains("Simulations lost or counted twice: seed1: 1"),
        "{text}"
    );
    assert!(stderr.contains("lost or counted twice"), "{stderr}");
}
