//! Seeds 001 and 004's tables in `yomi-analysis report`, on records of the
//! harness's own runs.
//!
//! - `tests/fixtures/seed001.jsonl`: UCT-Treesplit on two synthetic trees at
//!   1, 5 and 10 ranks, 5 ms each on the virtual cluster, and the 4 games of
//!   a `uct-match` of 5 ranks against 1 on pick: the rate, work-load and
//!   time by work package against search ranks, the Elo of the games, and
//!   the check of root visits against simulations.
//! - `tests/fixtures/seed004.jsonl`: pick boards of height 5 with 6 and 10
//!   pieces, seeds 1–3, both move orders; the grid master on 1 and 9 ranks,
//!   with bounds pushed, and YBWC, at seed 004's node cost: seed 004's
//!   published rows beside Yomi's means, every method's speedup, and the
//!   value check against plain alpha-beta.

use std::process::Command;

const SEED001: &str = "tests/fixtures/seed001.jsonl";
const SEED004: &str = "tests/fixtures/seed004.jsonl";

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
    let (text, _) = report(SEED001);
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
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(SEED001))
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

/// The cells of the first row starting with `prefix`.
fn cells(text: &str, prefix: &str) -> Vec<String> {
    let line = text.lines().find(|l| l.starts_with(prefix));
    let line = line.unwrap_or_else(|| panic!("no row {prefix}: {text}"));
    let cells = line.trim_matches(|c| c == '|' || c == ' ').split(" | ");
    cells.map(str::to_string).collect()
}

#[test]
fn the_tables_put_yomis_means_beside_seed_004s_rows() {
    let (report, _) = report(SEED004);
    let heading = "### Seed 004's Tables 1 and 2 beside Yomi's";
    let text = &report[report.find(heading).expect("the section")..];
    // Seed 004's row, then Yomi's figures in both orders where it ran.
    for prefix in ["| 5 | 10 | 1.00 | 0.40 | 2.50 |", "| 5 | 10 | 292,256 |"] {
        let yomi = &cells(text, prefix)[5..];
        assert!(yomi.iter().all(|c| c != "—"), "{yomi:?}");
    }
    assert!(cells(text, "| 5 | 9 | 0.20 |")[5..]
        .iter()
        .all(|c| c == "—"));
    // Alpha-beta's nodes on the three scan-order boards of 10 pieces, and
    // the grid master's, as means.
    let nodes = cells(text, "| 5 | 10 | 292,256 |");
    assert_eq!(
        (nodes[5].as_str(), nodes[6].as_str()),
        ("80,963", "100,753")
    );
    // Alpha-beta's time, then the grid master, pushed bounds, YBWC.
    let every = cells(text, "| scan/5x10 |");
    assert!(every[2..5].iter().all(|c| c.contains(" (")), "{every:?}");
    assert_eq!(every[5], "—", "{every:?}");
    assert!(text.contains("48 records; 0 values differ"), "{text}");
}

#[test]
fn a_value_not_alpha_betas_is_named() {
    let records =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(SEED004))
            .unwrap();
    let mut lines: Vec<String> = records.lines().map(str::to_string).collect();
    let nine = lines
        .iter()
        .position(|l| l.contains("\"processors\":9"))
        .expect("a 9-rank record");
    let v: serde_json::Value = serde_json::from_str(&lines[nine]).unwrap();
    let (value, tree) = (v["value"].as_i64().unwrap(), v["tree"].as_str().unwrap());
    let wrong = format!("\"value\":{},", if value == 0 { 1 } else { -value });
    lines[nine] = lines[nine].replace(&format!("\"value\":{value},"), &wrong);
    let path = std::env::temp_dir().join(format!("yomi-seed004-{}.jsonl", std::process::id()));
    std::fs::write(&path, lines.join("\n")).unwrap();
    let (text, stderr) = report(path.to_str().unwrap());
    std::fs::remove_file(&path).unwrap();
    assert!(
        text.contains(&format!(
            "1 values differ from alpha-beta's: grid master on {tree}"
        )),
        "{text}"
    );
    assert!(stderr.contains("differs from alpha-beta's"), "{stderr}");
}
