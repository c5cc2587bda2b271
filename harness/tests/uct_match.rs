//! `yomi-harness uct-match` (seed 001 Fig. 7's games of more ranks against
//! fewer): games that repeat exactly on the virtual cluster, and clear
//! errors. Their tables are `yomi-analysis report`'s (its tests).

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

const MATCH: &str = "uct-match --tree pick --position 6x12 --seeds 1-2 --d 12 --time-ms 2 \
                     --ranks 5 --network infiniband";

#[test]
fn a_match_repeats_exactly_and_names_what_it_lacks() {
    let (a, b) = (stdout(harness(MATCH)), stdout(harness(MATCH)));
    assert_eq!(a, b);
    // The games analysis's fixture holds are this match's, as written now.
    let fixture = std::fs::read_to_string(format!("{ROOT}/analysis/tests/fixtures/seed001.jsonl"))
        .expect("analysis's seed 001 fixture");
    let fixture_games: Vec<&str> = fixture
        .lines()
        .filter(|l| l.contains("\"contender_first\""))
        .collect();
    assert_eq!(a.lines().collect::<Vec<_>>(), fixture_games);
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
