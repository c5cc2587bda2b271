//! `yomi-analysis report` on a fixture of hand-made records whose summaries
//! are known: two synthetic trees (b = 5, d = 24, the paper's Table 1 and
//! 6 configuration) and two shogi positions (b = 5, d = 24, d′ = 10 at 64
//! processes, Tables 2 and 4), a run missing, a wrong root value, a record
//! repeated and a torn last line.

mod page_rows;
mod smoke_sweep;
mod svg_text;

use std::path::PathBuf;
use std::process::Command;

const FIXTURE: &str = "tests/fixtures/records.jsonl";

fn report(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_yomi-analysis"))
        .arg("report")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("yomi-analysis runs")
}

fn out_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-analysis-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The cells of the Markdown row starting with `prefix`.
fn row<'a>(report: &'a str, prefix: &str) -> Vec<&'a str> {
    let line = report
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no row {prefix:?} in\n{report}"));
    line.trim_matches('|').split('|').map(str::trim).collect()
}

#[test]
fn tables_hold_geometric_means_speedups_and_the_papers_figures() {
    let output = report(&[FIXTURE]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let md = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("records.jsonl:19"),
        "the torn line is named: {stderr}"
    );
    assert!(md.contains("17 records"), "the repeated record counts once");

    // Sequential times 100 and 400 s: geometric mean 200; with updates 1
    // and 4 s: 2, speedup 100; leaves 2 and 4 M: mean 3; other idle 1.5
    // and 2.5: 2. The paper's Table 1 row beside it.
    let seq = row(&md, "| 1 |  | sequential | 2 | 200.00 |");
    assert_eq!(seq[6], "2.00", "mean leaves ×10⁶");
    let upd = row(&md, "| 512 | 12 | w/ updates |");
    assert_eq!(
        &upd[3..12],
        ["2", "2.00", "100.00", "3.00", "0.500", "2.00", "56.71", "343.00", "1162"]
    );
    // Without updates ran one tree: its speedup is over that tree's
    // sequential time (100 / 4).
    let wou = row(&md, "| 512 | 12 | w/o updates |");
    assert_eq!(&wou[3..6], ["1", "4.00", "25.00"]);

    // Table 2: sequential 300 and 1200 s (geometric mean 600), with
    // updates a thirtieth of that.
    let shogi = row(&md, "| 64 | 10 | w/ updates |");
    assert_eq!(&shogi[3..7], ["2", "20.00", "30.00", "4.50"]);
    assert_eq!(&shogi[9..12], ["1297.36", "23.72", "398"]);

    // Table 4: with share takes 0.9 of the time and 0.8 of the leaves;
    // the paper's 0.969.
    let share = row(&md, "| shogi | 5 | 24 | 10 | 64 |");
    assert_eq!(&share[5..10], ["2", "0.900", "0.800", "0.969", "0.965"]);

    // Table 6: ε = 200 is the fastest and marked; the paper ran ε = 200.
    let best = row(&md, "| 512 | w/ ε-windows | 200 (best) |");
    assert_eq!(&best[3..6], ["2", "1.00", "200.00"]);
    assert_eq!(&best[9..12], ["38.50", "505.00", "775"]);
    row(&md, "| 512 | w/ ε-windows | 100 | 2 | 2.00 | 100.00 |");
    row(&md, "| 512 | w/o ε-windows | — | 2 | 4.00 | 50.00 |");

    // Fig. 7: with updates over without on the one tree both ran.
    row(
        &md,
        "| synthetic | 5 | 24 | 12 | 512 | 1 | 0.250 | 0.250 | 1.12 | 1.15 |",
    );
    // Fig. 8: a speedup per configuration, the paper's beside it.
    row(&md, "| synthetic b=5 d=24 d'=12 | 512 | 100.00 | 343.00 |");

    // What is missing or wrong is said.
    assert!(md.contains(
        "synthetic b=5 d=24 d'=12 without-updates ranks=512 (virtual, 20 µs a node): 1 of 2 trees; missing seed2"
    ));
    assert!(md.contains("root value differs from the sequential search's on seed1"));
}

#[test]
fn a_folder_gets_markdown_csv_and_svg_figures_with_their_series() {
    let dir = out_dir("out");
    let output = report(&[FIXTURE, "--out", dir.to_str().unwrap()]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(md.contains("![Fig. 7](fig7.svg)") && md.contains("![Fig. 8](fig8.svg)"));

    let csv = std::fs::read_to_string(dir.join("configurations.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 1 + 9, "a header and nine configurations");
    assert!(lines[0].starts_with("trees,b,d,method,"));
    assert!(csv.contains("synthetic,5,24,with-updates,,12,,,512,"));

    let texts = |file: &str| -> Vec<String> {
        let svg = std::fs::read_to_string(dir.join(file)).unwrap();
        svg_text::assert_no_overlap(file, &svg);
        let doc = roxmltree::Document::parse(&svg).expect("the figure is well-formed XML");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        doc.descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text().map(|t| t.trim().to_string()))
            .collect()
    };
    let fig7 = texts("fig7.svg");
    for expected in [
        "this input (b, d, processes)",
        "paper, shogi (b, d, processes)",
        "(5, 24, 512)",
        "(5, 24, 1536)",
    ] {
        assert!(
            fig7.iter().any(|t| t == expected),
            "fig7 lacks {expected:?}: {fig7:?}"
        );
    }
    let fig8 = texts("fig8.svg");
    for expected in [
        "ideal",
        "synthetic b=5 d=24 d'=12",
        "paper, synthetic b=5 d=24 d'=12",
        "shogi b=5 d=24 d'=10",
        "paper, shogi b=5 d=24 d'=10",
    ] {
        assert!(
            fig8.iter().any(|t| t == expected),
            "fig8 lacks {expected:?}: {fig8:?}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_records_is_an_error() {
    let dir = out_dir("empty");
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "not json\n").unwrap();
    let output = report(&[empty.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no records in"));
    let output = report(&["/nonexistent/records.jsonl"]);
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("cannot read /nonexistent/records.jsonl")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn baselines_get_their_own_tables_with_seed_002s_figures_beside() {
    // Harness records: seed 002's setting (perfect trees, width 24, depth
    // 4, a leaf one unit) and YBWC and staged SSS* beside the sequential
    // search on synthetic trees.
    let output = report(&["tests/fixtures/baselines.jsonl"]);
    assert!(output.status.success());
    let md = String::from_utf8(output.stdout).unwrap();
    assert!(md.contains("### Baselines: perfect ordered trees, b = 24, d = 4"));
    // Mean time in units, then the paper's.
    let ts = row(&md, "| tree-splitting | (2,4) | 21 | 2 |");
    assert_eq!((ts[7], ts[10], ts[11]), ("3.99", "287", "287"));
    let pv = row(&md, "| pv-splitting | (2,4), PV depth 1 |");
    assert_eq!((pv[5], pv[10], pv[11]), ("—", "185", "190"));
    let sss = row(&md, "| staged-sss | (1,4), stage 2 | 5 |");
    assert_eq!((sss[10], sss[11]), ("426", "497"));
    // On synthetic trees: speedups over the sequential search.
    assert!(md.contains("### Baselines: synthetic trees, b = 4, d = 6"));
    let ybwc = row(&md, "| ybwc |  | 4 | 2 |");
    assert!(ybwc[5].parse::<f64>().unwrap() > 1.0, "{ybwc:?}");
    // Nowhere else, and every value the sequential one.
    let others = md.split("### Other configurations").nth(1).unwrap_or("");
    assert!(!others.contains("ybwc") && !others.contains("splitting"));
    assert!(md.contains("every root value equals the sequential one"));
}

#[test]
fn seed_003_tables_hold_shares_at_equal_nodes_and_speedups_by_ranks() {
    // Harness records: rbf against alpha-beta at depth 3 (with and without
    // the pruning rule), parallel RBF to depth 8 and Jamboree on 1 and 4
    // ranks of the virtual cluster, 4 incremental trees each.
    let fixture = "tests/fixtures/seed003.jsonl";
    let output = report(&[fixture]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    let runs: Vec<serde_json::Value> =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(fixture))
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
    let share = |pruning: bool, key: &str| {
        let picked: Vec<_> = runs
            .iter()
            .filter(|r| r["method"] == "rbf" && r["pruning"] == pruning)
            .collect();
        let right = picked.iter().filter(|r| r[key] == true).count();
        format!("{:.3}", right as f64 / picked.len() as f64)
    };
    let cells = row(&text, "| 5 | 6 | 6 | 3 |");
    assert_eq!(cells[4], "4");
    assert_eq!(cells[6], share(true, "alpha_beta_correct"));
    assert_eq!(cells[7], share(true, "correct"));
    assert_eq!(cells[8], share(false, "correct"));
    for (method, d) in [("parallel-rbf", 12), ("jamboree", 6)] {
        let total = |ranks: u64| -> f64 {
            runs.iter()
                .filter(|r| r["method"] == method && r["virtual_cluster"]["ranks"] == ranks)
                .map(|r| r["time_s"].as_f64().unwrap())
                .sum()
        };
        let section = &text[text
            .find(&format!("§4.2: {method}, b = 5, d = {d}"))
            .unwrap()..];
        assert_eq!(row(section, "| 1 |")[3], "1.00");
        let speedup: f64 = row(section, "| 4 |")[3].parse().unwrap();
        assert!(
            (speedup - total(1) / total(4)).abs() < 0.01,
            "{method}: {speedup}"
        );
    }
}

/// UCT's records (a sweep of 6 pick boards at 10 and 10,000 simulations,
/// made by the harness) give its table of decisions by simulations, and
/// stay out of the alpha-beta tables.
#[test]
fn uct_records_give_decisions_by_simulations() {
    let output = report(&["tests/fixtures/uct.jsonl"]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("### UCT on pick: b = 0, d = 9, playouts to the horizon"));
    assert_eq!(
        row(&text, "| 10 |")[..6],
        ["10", "uct", "1", "wall", "6", "0.500"]
    );
    assert_eq!(
        row(&text, "| 10000 |")[..6],
        ["10000", "uct", "1", "wall", "6", "1.000"]
    );
    assert!(!text.contains("Other configurations"), "{text}");
}

#[test]
fn the_smoke_sweeps_figures_are_fit_to_print() {
    let dir = out_dir("smoke");
    std::fs::create_dir_all(&dir).unwrap();
    let records = dir.join("smoke.jsonl");
    smoke_sweep::sweep("configs/smoke.toml", &records);
    let figures = dir.join("report");
    smoke_sweep::analyse("report", &records, &figures);
    let md = std::fs::read_to_string(figures.join("report.md")).unwrap();
    // The smoke sweep has no run without updates: Fig. 7 says why it is missing.
    assert!(
        md.contains("*Fig. 7 is not drawn: no configuration was run both with and without updates"),
        "{md}"
    );
    let svg = std::fs::read_to_string(figures.join("fig8.svg")).unwrap();
    svg_text::assert_no_overlap("fig8.svg", &svg);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The book's example of a method plugged in (`configs/root-split.toml`):
/// swept and reported like the paper's baselines, in their table.
#[test]
fn a_plugged_method_is_swept_and_reported_beside_the_baselines() {
    let dir = out_dir("root-split");
    std::fs::create_dir_all(&dir).unwrap();
    let records = dir.join("root-split.jsonl");
    smoke_sweep::sweep("configs/root-split.toml", &records);
    let figures = dir.join("report");
    smoke_sweep::analyse("report", &records, &figures);
    let md = std::fs::read_to_string(figures.join("report.md")).unwrap();
    assert!(
        md.contains("### Baselines: synthetic trees, b = 5, d = 10"),
        "{md}"
    );
    // Alone it is plain alpha-beta; five root children keep a sixth
    // worker and more idle.
    let alone = row(&md, "| root-split |  | 1 |");
    assert_eq!(alone[3..4], ["8"]);
    assert_eq!(alone[7], "1.00");
    let six = row(&md, "| root-split |  | 6 |");
    let eleven = row(&md, "| root-split |  | 11 |");
    assert_eq!(six[4..8], eleven[4..8], "{md}");
    assert!(
        md.contains("every root value equals the sequential one"),
        "{md}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_masters_pace_is_shown_where_every_run_recorded_it() {
    // Two trees at 512 ranks: the master waited 0.05 of 1 s and 0.6 of
    // 4 s (5 % and 15 %: a mean of 10 %), the workers 0.6 of 1 s and 1.0
    // of 4 s (60 % and 25 %), messages 300,000 and 200,000 a second.
    let output = report(&["tests/fixtures/master_pace.jsonl"]);
    assert!(output.status.success());
    let md = String::from_utf8(output.stdout).unwrap();
    let pace = row(&md, "| synthetic | 5 | 24 | 12 | with-updates |");
    assert_eq!(&pace[6..], ["512", "2", "10.0 %", "42.5 %", "250000"]);
    // Records from before the master's waiting was kept: no such table.
    let older = String::from_utf8(report(&[FIXTURE]).stdout).unwrap();
    assert!(!older.contains("The master's pace"));
}

#[test]
fn efficiency_splits_into_leaves_and_idle_and_other_tables_are_named_apart() {
    // Sequential: 512 and 2,048 s (geometric mean 1,024), 1 M leaves each.
    // With updates at 512 ranks on 16 MB tables: 2 and 8 s (speedup 256,
    // efficiency 0.5), 1.5 M leaves (0.667), idle 0.2 of 2 s and 0.8 of
    // 8 s (0.9 busy): 0.6 explained. On 1 MB tables twice the time and
    // 2 M leaves.
    let output = report(&["tests/fixtures/efficiency.jsonl"]);
    assert!(output.status.success());
    let md = String::from_utf8(output.stdout).unwrap();
    let big = row(
        &md,
        "| synthetic | 5 | 24 | 12 | with-updates | (16 MB tables) |",
    );
    assert_eq!(&big[6..], ["512", "2", "0.500", "0.667", "0.900", "0.833"]);
    let small = row(
        &md,
        "| synthetic | 5 | 24 | 12 | with-updates | (1 MB tables) |",
    );
    assert_eq!(
        &small[6..],
        ["512", "2", "0.250", "0.500", "0.900", "0.556"]
    );
    // Not merged as repeats, and named in Table 1's rows and Fig. 8's series.
    row(
        &md,
        "| 512 | 12 | w/ updates (1 MB tables) | 2 | 8.00 | 128.00 |",
    );
    row(
        &md,
        "| synthetic b=5 d=24 d'=12 (16 MB tables) | 512 | 256.00 |",
    );
    // One table size a configuration: the rows are named as always.
    let one = String::from_utf8(report(&["tests/fixtures/master_pace.jsonl"]).stdout).unwrap();
    assert!(!one.contains("MB tables"), "{one}");
}

/// The tables of Table 1 at the paper's size, measured again with its
/// records kept, come from those records: every table row of the page
/// appears, as written, in what `yomi-analysis report` makes of them.
#[test]
fn the_table1_d24_page_is_rebuilt_from_its_records() {
    let prefixes = [
        "| 1 |",
        "| 512 |",
        "| 1536 |",
        "| synthetic |",
        "| synthetic b=",
    ];
    // Table 1's five rows, Table 6's two, Fig. 7's two and Fig. 8's two.
    let md = assert_page_rebuilt(
        "2026-11-30-table1-d24-records.md",
        &prefixes,
        11,
        &["2026-11-30-table1-d24/table1-b5-d24.jsonl.gz"],
    );
    assert!(
        md.contains("every root value equals the sequential one"),
        "{md}"
    );
}

/// Fails unless `yomi-analysis report` on `records` (paths under the
/// results' `data/`) makes every row of the results page `page` that starts
/// with one of `prefixes`, of which there must be `expected`; returns the
/// report.
fn assert_page_rebuilt(page: &str, prefixes: &[&str], expected: usize, records: &[&str]) -> String {
    let rows = page_rows::rows(page, prefixes);
    assert_eq!(rows.len(), expected, "{page}: the report rows");
    let paths: Vec<String> = records
        .iter()
        .map(|path| format!("{}/data/{path}", page_rows::RESULTS))
        .collect();
    let output = report(&paths.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let md = String::from_utf8(output.stdout).unwrap();
    page_rows::assert_rebuilt(&rows, &md);
    md
}

/// The speedup from 64 to 4,096 ranks: Fig. 8's points and where the
/// efficiency goes, rebuilt from the records of three pages.
#[test]
fn the_speedup_page_is_rebuilt_from_its_records() {
    let prefixes = [
        "| synthetic b=5 d=24 d'=12 |",
        "| synthetic | 5 | 24 | 12 | with-updates |",
        "| synthetic | 5 | 24 | 13 | with-updates |",
        "| synthetic | 5 | 24 | 14 | with-updates |",
        "| synthetic | 5 | 24 | 12 | without-updates |",
    ];
    // Fig. 8's six points, the efficiency's six rows and the master's pace
    // three at d' = 12; the efficiency and the pace at d' = 13 and 14; the
    // efficiency without updates at 64, 512 and 1,536 ranks.
    assert_page_rebuilt(
        "2026-12-01-speedup-64-to-4096.md",
        &prefixes,
        22,
        &[
            "2026-11-30-table1-d24/table1-b5-d24.jsonl.gz",
            "2026-11-29-past-4096/past-4096-d24.jsonl.gz",
            "2026-12-01-speedup-64-to-4096/speedup-d24-with-updates.jsonl.gz",
            "2026-12-01-speedup-64-to-4096/dprime-4096-d24.jsonl.gz",
            "2026-12-01-speedup-64-to-4096/floor-d24.jsonl.gz",
        ],
    );
}

/// Signature-first workers at d = 24: the efficiency, the master's pace
/// and the times, rebuilt from the page's records beside Table 1's
/// sequential searches.
#[test]
fn the_signature_first_page_is_rebuilt_from_its_records() {
    let prefixes = [
        "| synthetic | 5 | 24 | 12 | with-updates | signature first |",
        "| synthetic | 5 | 24 | with-updates | signature first |",
    ];
    // Six sizes, 64 to 4,096 ranks, in each of the three tables.
    assert_page_rebuilt(
        "2026-12-01-signature-first-workers.md",
        &prefixes,
        18,
        &[
            "2026-11-30-table1-d24/table1-b5-d24.jsonl.gz",
            "2026-12-01-signature-first-workers/signature-first-d24.jsonl.gz",
        ],
    );
}
