//! `yomi-analysis model`: the §5 factors on hand-made records whose
//! answers are worked out here (r = ½, 0 and 1; a tree lacking an input;
//! factors with known trends over d carried to d = 24), and on the records
//! of `configs/smoke-model.toml` swept by the harness.

mod page_rows;
mod smoke_sweep;
mod svg_text;

use std::path::PathBuf;
use std::process::Command;

fn analysis(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_yomi-analysis"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("yomi-analysis runs")
}

fn out_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-model-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn pearson(pairs: &[(f64, f64)]) -> f64 {
    let n = pairs.len() as f64;
    let (sx, sy) = pairs
        .iter()
        .fold((0.0, 0.0), |(a, b), p| (a + p.0, b + p.1));
    let (mx, my) = (sx / n, sy / n);
    let cov: f64 = pairs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let vx: f64 = pairs.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let vy: f64 = pairs.iter().map(|p| (p.1 - my).powi(2)).sum();
    cov / (vx * vy).sqrt()
}

#[test]
fn factors_means_and_correlation_on_hand_made_records() {
    let dir = out_dir("fixture");
    let output = analysis(&[
        "model",
        "tests/fixtures/model.jsonl",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );

    // Per tree (model.csv): leaves of the baseline B, no sharing N, full
    // windows F, both NF; tasks T (last iteration), TA (every iteration);
    // parallel leaves L, tasks finished f (fw of them full-window), s
    // searches finished at any depth.
    // #1: B 100, N 200, F 400, NF 600, T 10, TA 30, L 500, f 10, fw 5, s 40.
    //   r = 0.5, t_n = 2, t_f = 1.5, w = 4: table 1.75, windows 2.5, tasks 1.
    // #2: B 200, N 300, F 400, NF 800, T 20, TA 50, L 800, f 30, fw 0, s 60.
    //   r = 0: table = t_n = 1.5, windows 1, tasks 1.5.
    // #3: B 50, N 100, F 150, NF 150, T 5, TA 10, L 400, f 5, fw 5, s 10.
    //   r = 1: table = t_f = 1, windows = w = 3, tasks 1.
    let expected = [
        ("#1", 0.5, 1.75, 2.5, 1.0, 5.0, 40.0 / 30.0),
        ("#2", 0.0, 1.5, 1.0, 1.5, 4.0, 60.0 / 50.0),
        ("#3", 1.0, 1.0, 3.0, 1.0, 8.0, 1.0),
    ];
    let csv = std::fs::read_to_string(dir.join("model.csv")).unwrap();
    let rows: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(rows.len(), 3, "tree #4 lacks an input: not modelled\n{csv}");
    let close = |cell: &str, x: f64| (cell.parse::<f64>().unwrap() - x).abs() < 1e-9;
    let mut pairs = Vec::new();
    for (row, (tree, r, table, windows, tasks, actual, every)) in rows.iter().zip(expected) {
        assert!(row[6].ends_with(tree), "{row:?}");
        let estimated = table * windows * tasks;
        for (cell, x) in [
            (row[7], r),
            (row[8], table),
            (row[9], windows),
            (row[10], tasks),
        ] {
            assert!(close(cell, x), "{tree}: {cell} ≠ {x}");
        }
        assert!(
            close(row[11], estimated) && close(row[12], actual),
            "{row:?}"
        );
        assert!(
            close(row[13], every) && close(row[14], table * windows * every),
            "{row:?}"
        );
        pairs.push((estimated, actual));
    }

    // Table 5: means of the factors, their product; actual = mean leaves
    // over mean baseline leaves; r pooled over all four trees' tasks.
    let md = std::fs::read_to_string(dir.join("model.md")).unwrap();
    let (table, windows, tasks) = ((1.75 + 1.5 + 1.0) / 3.0, (2.5 + 1.0 + 3.0) / 3.0, 3.5 / 3.0);
    let actual = (500.0 + 800.0 + 400.0) / (100.0 + 200.0 + 50.0);
    let row = format!(
        "| shogi | 5 | 24 | 12 | with-updates | 1536 | 3 of 4 | {:.3} | {table:.2} | {windows:.2} | {tasks:.2} | {:.2} | {actual:.2} | {:.2} |",
        10.0 / 55.0,
        table * windows * tasks,
        pearson(&pairs)
    );
    assert!(md.contains(&row), "{row}\nnot in\n{md}");
    assert!(
        md.contains("1.942 / 2.877 / 0.960 / 5.362 / 5.126"),
        "the paper's row beside it"
    );
    assert!(md.contains("sfen#4 lacks the sequential no-sharing full-window run"));

    for (file, expected) in [
        ("fig9.svg", "no share, full windows"),
        ("fig9.svg", "shogi b=5 d-d'=12"),
        ("fig10.svg", "shogi b=5 d=24 d'=12 with-updates"),
        ("fig11.svg", "estimated = actual"),
    ] {
        let svg = std::fs::read_to_string(dir.join(file)).unwrap();
        svg_text::assert_no_overlap(file, &svg);
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        // The legend wraps long labels at spaces.
        let texts: Vec<&str> = doc
            .descendants()
            .filter_map(|n| n.text())
            .map(str::trim)
            .collect();
        assert!(
            texts.join(" ").contains(expected),
            "{file} lacks {expected:?}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn factors_with_known_trends_are_carried_to_d_24() {
    // One tree at d = 16, 18, 20, task depth d − d′ = 10 (fixtures/model-trend.jsonl):
    // sequential t_n = 2 and t_f = 1.5 flat, w = 2, 4, 8; with updates at
    // 1,536 processes r = 0.1, 0.2, 0.3, tasks 4, 2, 1, actual 3, 4.5, 6.75,
    // speedup over the plain sequential search 10, 20, 40.
    let output = analysis(&[
        "model",
        "tests/fixtures/model-trend.jsonl",
        "--predict",
        "24",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let md = String::from_utf8_lossy(&output.stdout);
    assert!(md.contains("### The model carried to d = 24"), "{md}");
    // w doubles every two plies: 32 at d = 24.
    assert!(
        md.contains("| shogi | 5 | 10 | w | 16: 2.00, 18: 4.00, 20: 8.00 | 2.000 | 32.00 |"),
        "{md}"
    );
    // At d = 24: r = 0.5, tasks 0.25; table 0.5·2 + 0.5·1.5 = 1.75, windows
    // 0.5 + 0.5·32 = 16.5, estimated 7.22; the actual's trend 15.19. The
    // check through d = 16 and 18 carried to 20: r 0.3, w 8, tasks 1:
    // table 1.85, windows 3.1, estimated 5.735; the actual's trend 6.75.
    // The speedup doubles every two plies: 160 at d = 24.
    let row =
        "| with-updates | 1536 | 16: 0.100, 18: 0.200, 20: 0.300 | 16: 4.00, 18: 2.00, 20: 1.00 \
               | 16: 8.58, 18: 6.08, 20: 5.73 | 16: 3.00, 18: 4.50, 20: 6.75 | 20: 5.74 / 6.75 \
               | 0.500 | 1.75 | 16.50 | 0.250 | 7.22 | 15.19 \
               | 1.942 / 2.877 / 0.960 / 5.362 / 5.126 (d′ = 12) | d′ = 10: 4.97, d′ = 12: 5.13 \
               | 16: 10.00, 18: 20.00, 20: 40.00 | 160.00 | d′ = 10: 166.93, d′ = 12: 251.72 |";
    assert!(md.contains(row), "{row}\nnot in\n{md}");

    // One depth only: nothing to carry, said plainly.
    let output = analysis(&["model", "tests/fixtures/model.jsonl", "--predict", "24"]);
    assert!(output.status.success());
    let md = String::from_utf8_lossy(&output.stdout);
    assert!(md.contains("Nothing to carry"), "{md}");
}

#[test]
fn the_smoke_model_sweep_gives_finite_estimates_and_actuals() {
    let dir = out_dir("smoke");
    std::fs::create_dir_all(&dir).unwrap();
    let records = dir.join("smoke-model.jsonl");
    smoke_sweep::sweep("configs/smoke-model.toml", &records);
    let output = analysis(&["model", records.to_str().unwrap()]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let md = String::from_utf8(output.stdout).unwrap();
    let row: Vec<&str> = md
        .lines()
        .find(|l| l.starts_with("| synthetic | 5 | 10 | 4 | with-updates | 16 |"))
        .unwrap_or_else(|| panic!("no Table 5 row in\n{md}"))
        .split('|')
        .map(str::trim)
        .collect();
    assert_eq!(row[7], "3 of 3");
    // The factors, estimated and actual, the estimate with unfinished work,
    // and the other reading of tasks and its estimate.
    for i in [9, 10, 11, 12, 13, 16, 17, 18] {
        let x: f64 = row[i]
            .parse()
            .unwrap_or_else(|_| panic!("column {i}: {:?}", row[i]));
        assert!(x.is_finite() && x > 0.0, "column {i}: {x}");
    }
    // Its figures, fit to print.
    let figures = dir.join("model");
    smoke_sweep::analyse("model", &records, &figures);
    for file in ["fig9.svg", "fig10.svg", "fig11.svg"] {
        let svg = std::fs::read_to_string(figures.join(file)).unwrap();
        svg_text::assert_no_overlap(file, &svg);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The Table 5 rows of the d = 24 page come from the records shipped
/// beside it: each appears, as written, in what `yomi-analysis model`
/// makes of them.
#[test]
fn the_d24_page_rows_are_rebuilt_from_its_records() {
    let rows = page_rows::rows("2026-11-29-model-d24.md", &["| synthetic | 5 | 24 | 12 |"]);
    assert_eq!(rows.len(), 4, "the page's Table 5 rows");
    let dir = out_dir("d24-page");
    let records = [
        "2026-11-26-table1-d24/table1-b5-d24.partial.jsonl.gz",
        "2026-11-26-table1-d24/model-d24.partial.jsonl.gz",
        "2026-11-29-past-4096/past-4096-d24.jsonl.gz",
    ]
    .map(|f| format!("{}/data/{f}", page_rows::RESULTS));
    let mut args = vec!["model"];
    args.extend(records.iter().map(String::as_str));
    args.extend(["--out", dir.to_str().unwrap()]);
    let output = analysis(&args);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let md = std::fs::read_to_string(dir.join("model.md")).unwrap();
    page_rows::assert_rebuilt(&rows, &md);
    std::fs::remove_dir_all(&dir).unwrap();
}
