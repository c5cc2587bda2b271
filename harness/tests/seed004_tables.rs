//! `scripts/seed004_tables.py` on the harness's own records of pick boards:
//! seed 004's published rows beside Yomi's means, every method's speedup,
//! and a failure when a record's value differs from alpha-beta's.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// The records of one search of boards of 6 and 10 pieces on height 5, both
/// orders, on the virtual cluster at seed 004's node cost.
fn search(method: &str) -> String {
    let mut args = vec![
        "search",
        "--tree",
        "pick",
        "--position",
        "5x6, 5x10, scan/5x6, scan/5x10",
        "--seeds",
        "1-3",
        "--b",
        "0",
        "--d",
        "14",
        "--backend",
        "sim",
        "--node-cost-us",
        "paper",
    ];
    args.extend(method.split_whitespace());
    let out = Command::new(env!("CARGO_BIN_EXE_yomi-harness"))
        .current_dir(ROOT)
        .args(&args)
        .output()
        .expect("yomi-harness runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 records")
}

fn tables(records: &Path) -> Output {
    Command::new("python3")
        .current_dir(ROOT)
        .arg("scripts/seed004_tables.py")
        .arg(records)
        .output()
        .expect("python3 runs")
}

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("yomi-seed004-{}-{name}", std::process::id()))
}

#[test]
fn the_tables_put_yomis_means_beside_seed_004s_rows() {
    let records = [
        "--method grid-master --ranks 1",
        "--method grid-master --ranks 9",
        "--method grid-master --ranks 9 --push-bounds",
        "--method ybwc --ranks 9",
    ]
    .map(search)
    .concat();
    let path = scratch("records.jsonl");
    std::fs::write(&path, &records).unwrap();
    let out = tables(&path);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Seed 004's row, then Yomi's figures in both orders where it ran.
    let cells = |prefix: &str| {
        let line = text.lines().find(|l| l.starts_with(prefix));
        let line = line.unwrap_or_else(|| panic!("no row {prefix}: {text}"));
        let cells = line.trim_matches(|c| c == '|' || c == ' ').split(" | ");
        cells.map(str::to_string).collect::<Vec<_>>()
    };
    for prefix in ["| 5 | 10 | 1.00 | 0.40 | 2.50 |", "| 5 | 10 | 292,256 |"] {
        let yomi = &cells(prefix)[5..];
        assert!(yomi.iter().all(|c| c != "—"), "{yomi:?}");
    }
    assert!(cells("| 5 | 9 | 0.20 |")[5..].iter().all(|c| c == "—"));
    // alpha-beta's time, then the grid master, pushed bounds, YBWC.
    let every = cells("| scan/5x10 |");
    assert!(every[2..5].iter().all(|c| c.contains(" (")), "{every:?}");
    assert_eq!(every[5], "—", "{every:?}");
    assert!(text.contains("records; 0 values differ"), "{text}");

    // A record whose value is not alpha-beta's fails the check.
    let first_9_rank = records
        .lines()
        .position(|l| l.contains("\"processors\":9"))
        .unwrap();
    let mut lines: Vec<String> = records.lines().map(str::to_string).collect();
    let value = |l: &str| {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        v["value"].as_i64().unwrap()
    };
    let v = value(&lines[first_9_rank]);
    lines[first_9_rank] =
        lines[first_9_rank].replace(&format!("\"value\":{v},"), &format!("\"value\":{},", -v));
    std::fs::write(&path, lines.join("\n")).unwrap();
    let out = tables(&path);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("differs from alpha-beta's"));
    std::fs::remove_file(&path).unwrap();
}
