//! `scripts/seed001_tables.py` on the harness's own records: UCT-Treesplit's
//! rate, work-load and time by work package against search ranks, the Elo
//! of `uct-match` games, and a failure when a record's root visits differ
//! from its simulations. `uct-match` itself: games that repeat exactly on
//! the virtual cluster, and clear errors.

use std::path::PathBuf;
use std::process::{Command, Output};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

fn harness(args: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_yomi-harness"))
        .current_dir(ROOT)
        .args(args.split_whitespace())
        .output()
        .expect("yomi-harness runs")
}

fn stdout(out: Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 records")
}

fn tables(text: &str, name: &str) -> Output {
    let path = scratch(name);
    std::fs::write(&path, text).unwrap();
    let out = Command::new("python3")
        .current_dir(ROOT)
        .arg("scripts/seed001_tables.py")
        .arg(&path)
        .output()
        .expect("python3 runs");
    std::fs::remove_file(&path).ok();
    out
}

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("yomi-seed001-{}-{name}", std::process::id()))
}

const MATCH: &str = "uct-match --tree pick --position 6x12 --seeds 1-2 --d 12 --time-ms 2 \
                     --ranks 5 --network infiniband";

#[test]
fn the_tables_show_rate_time_and_elo_against_ranks() {
    let mut records = String::new();
    for ranks in [1, 5, 10] {
        records += &stdout(harness(&format!(
            "search --tree synthetic --seeds 1-2 --b 5 --d 20 --method uct-treesplit \
             --playout-plies 6 --time-ms 5 --n-dup 200 --backend sim --network infiniband \
             --ranks {ranks}"
        )));
    }
    records += &stdout(harness(MATCH));
    let out = tables(&records, "good");
    let text = stdout(out);
    for heading in [
        "### Simulation rate against search ranks: synthetic b 5 d 20, 6-ply playouts, 5.0 ms",
        "### Where a search rank's time goes",
        "### Elo of more ranks against fewer, pick, 2.0 ms a move",
    ] {
        assert!(text.contains(heading), "{heading}\n{text}");
    }
    // One search rank is the yardstick; 8 search ranks beside 2 broadcast
    // ranks; the match's 4 games.
    assert!(text.contains("| 1 | 0 | "), "{text}");
    assert!(text.contains("| 8 | 2 | "), "{text}");
    assert!(text.contains("| 5 | 1 | 4 | "), "{text}");

    let broken = records.replacen("\"root_visits\":", "\"root_visits\":1", 1);
    let out = tables(&broken, "broken");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("lost or counted twice"));
}

#[test]
fn a_match_repeats_exactly_and_names_what_it_lacks() {
    let (a, b) = (stdout(harness(MATCH)), stdout(harness(MATCH)));
    assert_eq!(a, b);
    let games: Vec<serde_json::Value> = a
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 4);
    for g in &games {
        assert_eq!(
            (&g["contender_ranks"], &g["opponent_ranks"]),
            (&5.into(), &1.into())
        );
        assert!(g["contender_simulations"].as_f64().unwrap() > 0.0, "{g}");
    }
    for (args, says) in [
        (
            "uct-match --tree synthetic --d 4 --time-ms 1 --ranks 2",
            "plays games to their end",
        ),
        (
            "uct-match --tree pick --position 5x9 --d 9 --ranks 2",
            "needs --time-ms",
        ),
        (
            "uct-match --tree pick --position 5x9 --d 9 --time-ms 1",
            "needs --ranks",
        ),
    ] {
        let out = harness(args);
        assert!(!out.status.success());
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(says),
            "{args}"
        );
    }
}
