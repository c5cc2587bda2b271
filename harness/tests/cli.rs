//! The harness commands end to end: records, tables, model files, errors.

use std::process::{Command, Output};

fn harness(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_yomi-harness"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(args)
        .output()
        .expect("yomi-harness runs")
}

fn stdout_ok(args: &[&str]) -> String {
    let out = harness(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The command fails with exit code 2 and an error that says `expected`.
fn fails_with(args: &[&str], expected: &str) {
    let out = harness(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(expected), "{args:?}: {err}");
}

/// The records of `base` followed by `extra`.
fn search_records(base: &[&str], extra: &[&str]) -> Vec<serde_json::Value> {
    let args: Vec<&str> = base.iter().chain(extra).copied().collect();
    records(&stdout_ok(&args))
}

/// The root values of the records of `base` followed by `extra`.
fn root_values(base: &[&str], extra: &[&str]) -> Vec<serde_json::Value> {
    search_records(base, extra)
        .iter()
        .map(|r| r["value"].clone())
        .collect()
}

fn records(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn search_writes_one_record_per_tree() {
    let args = [
        "search",
        "--tree",
        "synthetic",
        "--seeds",
        "3-5",
        "--b",
        "4",
        "--d",
        "6",
        "--tt-mb",
        "1",
    ];
    let text = stdout_ok(&args);
    let recs = records(&text);
    assert_eq!(recs.len(), 3);
    assert_eq!(recs[0]["tree"], "seed3");
    for r in &recs {
        assert_eq!(r["method"], "sequential");
        assert!(r["leaves"].as_u64().unwrap() > 0);
        assert!(r["nodes"].as_u64().unwrap() >= r["leaves"].as_u64().unwrap());
        assert_eq!(r["pv"].as_str().unwrap().split(' ').count(), 6);
    }
    // Same tree, same counts.
    let again = records(&stdout_ok(&args));
    for (a, b) in recs.iter().zip(&again) {
        assert_eq!((&a["nodes"], &a["value"]), (&b["nodes"], &b["value"]));
    }
}

#[test]
fn split_variants_agree_with_the_plain_search_on_shogi() {
    let base = [
        "search",
        "--tree",
        "shogi",
        "--position",
        "positions/pro_middlegame_32.sfen#7",
        "--b",
        "5",
        "--d",
        "5",
        "--tt-mb",
        "4",
    ];
    let plain = records(&stdout_ok(&base))[0]["value"].clone();
    for extra in [
        &["--d-prime", "2"][..],
        &["--d-prime", "2", "--sharing", "none"],
        &[
            "--d-prime",
            "2",
            "--sharing",
            "partial",
            "--share-plies",
            "1",
        ],
        &["--d-prime", "3", "--full-windows", "--negascout"],
    ] {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let rec = &records(&stdout_ok(&args))[0];
        assert_eq!(rec["value"], plain, "{extra:?}");
        assert!(rec["task_searches"].as_u64().unwrap() > 0, "{extra:?}");
    }
}

#[test]
fn ordering_prints_a_table() {
    let text = stdout_ok(&[
        "ordering",
        "--tree",
        "synthetic",
        "--seeds",
        "1-4",
        "--b",
        "5",
        "--depths",
        "2,4,6",
        "--tt-mb",
        "1",
    ]);
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("| 2 → 4") || l.starts_with("| 4 → 6"))
        .collect();
    assert_eq!(rows.len(), 2, "{text}");
    // Root and 5 children per tree.
    assert!(rows[0].contains("| 24 |"), "{text}");
}

#[test]
fn fit_edges_writes_a_model_the_synthetic_trees_load() {
    let dir = std::env::temp_dir().join(format!("yomi-fit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let model = dir.join("edges.toml");
    let model = model.to_str().unwrap();
    stdout_ok(&[
        "fit-edges",
        "--position",
        "positions/pro_middlegame_32.sfen#1",
        "--b",
        "3",
        "--depth",
        "5",
        "--out",
        model,
    ]);
    let text = stdout_ok(&[
        "search",
        "--tree",
        "synthetic",
        "--seeds",
        "1",
        "--b",
        "3",
        "--d",
        "4",
        "--edge-model",
        model,
    ]);
    assert_eq!(records(&text).len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_get_clear_errors() {
    for (args, expected) in [
        (
            &["search", "--position", "nonsense", "--d", "3"][..],
            "neither a file nor a valid SFEN",
        ),
        (
            &[
                "search",
                "--position",
                "positions/pro_middlegame_32.sfen#33",
                "--d",
                "3",
            ],
            "not #33",
        ),
        (
            &[
                "search",
                "--position",
                "positions/pro_middlegame_32.sfen#30-34",
                "--d",
                "3",
            ],
            "not #30-34",
        ),
        (
            &[
                "search",
                "--tree",
                "synthetic",
                "--seeds",
                "9-2",
                "--d",
                "3",
            ],
            "bad --seeds",
        ),
        (
            &["search", "--d", "4", "--d-prime", "4"],
            "--d-prime must be",
        ),
        (
            &["search", "--d", "4", "--sharing", "none"],
            "need --d-prime",
        ),
        (&["ordering", "--depths", "4,5"], "--depths"),
    ] {
        fails_with(args, expected);
    }
}

#[test]
fn parallel_methods_write_their_measurements_and_the_sequential_value() {
    let base = [
        "search",
        "--tree",
        "synthetic",
        "--seeds",
        "4-5",
        "--b",
        "4",
        "--d",
        "7",
        "--d-prime",
        "3",
        "--tt-mb",
        "1",
    ];
    let sequential = records(&stdout_ok(&base));
    for method in [
        "with-updates",
        "without-updates",
        "with-share",
        "negascout-eps",
    ] {
        let args: Vec<&str> = base
            .iter()
            .copied()
            .chain(["--method", method, "--workers", "3"])
            .collect();
        let recs = records(&stdout_ok(&args));
        assert_eq!(recs.len(), 2);
        for (r, s) in recs.iter().zip(&sequential) {
            assert_eq!(r["value"], s["value"], "{method}");
            assert_eq!(r["method"], method);
            assert_eq!(r["backend"], "threads");
            assert_eq!(r["workers"], 3);
            for key in [
                "passes",
                "tasks_sent",
                "tasks_finished",
                "messages",
                "bytes",
                "leaves",
            ] {
                assert!(r[key].as_u64().unwrap() > 0, "{key} in {r}");
            }
            assert!(r["startup_idle_s"].as_f64().unwrap() >= 0.0);
        }
    }
    fails_with(
        &["search", "--d", "5", "--method", "with-updates"],
        "need --d-prime",
    );
}

#[test]
fn the_virtual_cluster_writes_identical_records_in_virtual_time() {
    let args = [
        "search",
        "--tree",
        "synthetic",
        "--seeds",
        "4-5",
        "--b",
        "4",
        "--d",
        "8",
        "--d-prime",
        "3",
        "--method",
        "with-updates",
        "--backend",
        "sim",
        "--ranks",
        "32",
        "--node-cost-us",
        "0.5",
        "--network",
        "infiniband",
        "--latency-us",
        "3",
    ];
    let first = harness(&args);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let err = String::from_utf8_lossy(&first.stderr);
    assert!(err.contains("32 ranks; 31 worker tables"), "{err}");
    assert!(err.contains("cost ratio"), "{err}");
    // A second run: byte for byte the same records.
    assert_eq!(first.stdout, stdout_ok(&args).into_bytes());
    let recs = records(&String::from_utf8(first.stdout).unwrap());
    let sequential = records(&stdout_ok(&args[..9]));
    for (r, s) in recs.iter().zip(&sequential) {
        assert_eq!(r["value"], s["value"]);
        assert_eq!((&r["backend"], &r["workers"]), (&"sim".into(), &31.into()));
        let model = &r["virtual_cluster"];
        assert_eq!(model["ranks"], 32);
        assert_eq!(model["node_cost_us"], 0.5);
        assert_eq!(model["node_cost"], "given");
        assert_eq!(
            model["visit_cost_us"], 0.2,
            "a given node cost: a fixed revisit cost"
        );
        assert_eq!(model["latency_us"], 3.0);
        assert_eq!(model["bandwidth_gbps"], 32.0);
        // Virtual time: at least the critical path of one task's nodes.
        let time = r["time_s"].as_f64().unwrap();
        assert!(time > 0.0 && time < r["nodes"].as_f64().unwrap() * 0.5e-6);
        // The master waits for results some of that time, never longer.
        let master_idle = r["master_idle_s"].as_f64().unwrap();
        assert!(master_idle > 0.0 && master_idle < time, "{master_idle}");
        // When: by stretches of the search, the master's waits adding up to
        // that, the workers' to their mean idle time (counted alike but
        // for the messages a worker reads before its first task).
        let waited = |rank: &str| {
            let p = &r[rank];
            let span = p["span_s"].as_f64().unwrap();
            let idle: Vec<f64> = serde_json::from_value(p["idle_s"].clone()).unwrap();
            assert!(idle.iter().all(|&s| (0.0..=span * 1.000_001).contains(&s)));
            (span * (idle.len() - 1) as f64, idle.iter().sum::<f64>())
        };
        let (last, master_waited) = waited("master_waited");
        assert!(last <= time, "the master's last wait starts before the end");
        assert!((master_waited - master_idle).abs() < 1e-6 * time);
        let workers_idle =
            r["startup_idle_s"].as_f64().unwrap() + r["other_idle_s"].as_f64().unwrap();
        // (Workers wait on past the last pass, for the master's `Stop`.)
        let (_, workers_waited) = waited("workers_waited");
        assert!(
            workers_waited <= workers_idle + 1e-9 && workers_waited > 0.95 * workers_idle,
            "{workers_waited} {workers_idle}"
        );
    }
    // The sequential search's virtual time is its nodes at the node cost.
    let seq_args: Vec<&str> = args[..9]
        .iter()
        .copied()
        .chain(["--backend", "sim", "--node-cost-us", "2"])
        .collect();
    for r in records(&stdout_ok(&seq_args)) {
        let expected = r["nodes"].as_f64().unwrap() * 2e-6;
        assert!(
            (r["time_s"].as_f64().unwrap() - expected).abs() < 1e-9,
            "{r}"
        );
        assert_eq!(r["virtual_cluster"]["ranks"], 1);
    }
}

#[test]
fn virtual_cluster_options_are_checked() {
    let base = [
        "search",
        "--d",
        "4",
        "--d-prime",
        "2",
        "--method",
        "with-updates",
    ];
    for (extra, expected) in [
        (&["--ranks", "8"][..], "need --backend sim"),
        (&["--backend", "sim", "--ranks", "1"], "at least 2"),
        (
            &["--backend", "sim", "--node-cost-us", "fast"],
            "not a node cost",
        ),
        (
            &[
                "--backend",
                "sim",
                "--bandwidth-gbps",
                "0",
                "--node-cost-us",
                "1",
            ],
            "bandwidth must be > 0",
        ),
        (
            &["--backend", "sim", "--ranks", "1000", "--tt-mb", "1000000"],
            "lower --tt-mb",
        ),
        // Even the smallest default tables do not fit.
        (
            &["--backend", "sim", "--ranks", "100000000"],
            "--ranks (tables of 1 MB, the least, do not fit either)",
        ),
    ] {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        fails_with(&args, expected);
    }
}

#[test]
fn the_virtual_cluster_defaults_to_the_papers_node_cost_and_repeats_exactly() {
    let args = [
        "search",
        "--tree",
        "synthetic",
        "--seeds",
        "1-2",
        "--b",
        "4",
        "--d",
        "8",
        "--d-prime",
        "4",
        "--method",
        "with-updates",
        "--backend",
        "sim",
        "--ranks",
        "8",
    ];
    let first = stdout_ok(&args);
    assert_eq!(
        first,
        stdout_ok(&args),
        "the same command, the same records"
    );
    for r in records(&first) {
        let model = &r["virtual_cluster"];
        assert_eq!(model["node_cost"], "paper");
        assert_eq!(
            model["node_cost_us"], 20.0,
            "synthetic trees at 50,000 nodes/s"
        );
    }
}

/// Synthetic trees on threads, for the baselines' values and errors.
const BASELINE_TREES: [&str; 9] = [
    "search",
    "--tree",
    "synthetic",
    "--seeds",
    "1-3",
    "--b",
    "4",
    "--d",
    "6",
];

#[test]
fn baselines_write_seed002s_figures() {
    // Seed 002's setting: a perfectly ordered tree of width 24, depth 4,
    // one time unit (1 µs) a leaf, free messages: Table 3's times.
    let seed002 = [
        "search",
        "--tree",
        "ordered",
        "--ordering",
        "perfect",
        "--b",
        "24",
        "--d",
        "4",
        "--seeds",
        "1-2",
        "--backend",
        "sim",
        "--charge",
        "leaves",
        "--node-cost-us",
        "1",
        "--latency-us",
        "0",
        "--message-cost-us",
        "0",
        "--bandwidth-gbps",
        "1000000",
    ];
    // (method, L, processors and searchers, elapsed µs, the sequential
    // reference's leaves): the paper's TS and PV (2,4); staged SSS* (1,4) is ours (the
    // paper's 497), against sequential staged SSS*'s 24·47 + 23·24 leaves.
    for (method, levels, ranks, time_us, sequential) in [
        ("tree-splitting", "2", (21, 16), 287.0, 1151),
        ("pv-splitting", "2", (21, 16), 185.0, 1151),
        ("staged-sss", "1", (5, 4), 426.0, 1680),
    ] {
        let mut args = seed002.to_vec();
        args.extend(["--method", method, "--levels", levels, "--fanout", "4"]);
        for r in records(&stdout_ok(&args)) {
            assert_eq!(r["value"], 0);
            let us = r["time_s"].as_f64().unwrap() * 1e6;
            assert!((us - time_us).abs() < 0.5, "{method}: {us} µs");
            assert_eq!(
                (&r["processors"], &r["searchers"]),
                (&ranks.0.into(), &ranks.1.into())
            );
            assert_eq!(r["sequential_leaves"], sequential);
            let overhead = r["leaves"].as_f64().unwrap() / sequential as f64;
            assert!((r["search_overhead"].as_f64().unwrap() - overhead).abs() < 1e-9);
        }
    }
}

#[test]
fn baselines_return_the_sequential_value() {
    let values = |extra: &[&str]| root_values(&BASELINE_TREES, extra);
    let sequential = values(&[]);
    for method in ["tree-splitting", "pv-splitting", "staged-sss"] {
        assert_eq!(
            values(&["--method", method, "--levels", "2", "--fanout", "2"]),
            sequential
        );
    }
    // Sequential SSS*: one stage the whole depth.
    let sss = ["--method", "staged-sss", "--levels", "0", "--fanout", "1"];
    assert_eq!(
        values(&[&sss[..], &["--stage-depth", "6"]].concat()),
        sequential
    );
    // YBWC on 4 threads and on a virtual cluster of 9 ranks.
    assert_eq!(values(&["--method", "ybwc", "--workers", "3"]), sequential);
    let ybwc = ["--method", "ybwc", "--backend", "sim", "--ranks", "9"];
    assert_eq!(values(&ybwc), sequential);
    // Jamboree likewise.
    assert_eq!(
        values(&["--method", "jamboree", "--workers", "3"]),
        sequential
    );
    let jamboree = ["--method", "jamboree", "--backend", "sim", "--ranks", "9"];
    assert_eq!(values(&jamboree), sequential);
}

#[test]
fn baselines_refuse_options_that_do_not_fit() {
    for (args, expected) in [
        (
            &["--method", "tree-splitting"][..],
            "need --levels L and --fanout K",
        ),
        (
            &[
                "--method",
                "with-updates",
                "--d-prime",
                "2",
                "--levels",
                "1",
            ],
            "are for tree-splitting",
        ),
        (
            &[
                "--method",
                "pv-splitting",
                "--levels",
                "1",
                "--fanout",
                "2",
                "--d-prime",
                "2",
            ],
            "not for the baselines",
        ),
        (
            &[
                "--method",
                "tree-splitting",
                "--levels",
                "1",
                "--fanout",
                "2",
                "--backend",
                "sim",
                "--ranks",
                "5",
            ],
            "has 3 processors",
        ),
        (
            &["--method", "staged-sss", "--levels", "3", "--fanout", "2"],
            "needs --d above 3 × --stage-depth 2",
        ),
    ] {
        let args: Vec<&str> = BASELINE_TREES.iter().chain(args).copied().collect();
        fails_with(&args, expected);
    }
}

#[test]
fn incremental_trees_get_one_value_from_every_method() {
    let base = [
        "search",
        "--tree",
        "incremental",
        "--seeds",
        "1-3",
        "--b",
        "6",
        "--d",
        "6",
    ];
    let names: Vec<String> = records(&stdout_ok(&base))
        .iter()
        .map(|r| r["tree"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        names,
        [
            "incremental-seed1",
            "incremental-seed2",
            "incremental-seed3"
        ]
    );
    let values = |extra: &[&str]| root_values(&base, extra);
    let sequential = values(&[]);
    let words = |line: &'static str| line.split_whitespace().collect::<Vec<_>>();
    for method in [
        "--method with-updates --d-prime 3 --workers 3",
        "--method ybwc --backend sim --ranks 5",
        "--method jamboree --static-order --backend sim --ranks 5",
    ] {
        assert_eq!(values(&words(method)), sequential, "{method}");
    }
    let split = words("--method tree-splitting --levels 1 --fanout 2");
    let args = [&base[..], &split, &["--static-order"]].concat();
    fails_with(&args, "--static-order is for ybwc and jamboree");
    fails_with(
        &["search", "--tree", "incremental", "--b", "0", "--d", "4"],
        "at least 1",
    );
}

#[test]
fn fit_rbf_model_writes_a_model_with_its_command() {
    let out = std::env::temp_dir().join(format!("yomi-rbf-model-{}.toml", std::process::id()));
    let fit = |extra: &str, out: &str| -> Vec<String> {
        let words = format!("fit-rbf-model --tree incremental --b 6 {extra} --out {out}");
        words.split_whitespace().map(str::to_string).collect()
    };
    let args = fit(
        "--seeds 1-30 --depth 4 --sizes 6 --least 20",
        out.to_str().unwrap(),
    );
    let text = stdout_ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(text.contains("| 32 | 120 |"), "{text}");
    let model: toml::Value = toml::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(model["sizes"].as_integer(), Some(6));
    assert!(model["fitted_from"]
        .as_str()
        .unwrap()
        .contains("--seeds 1-30 --b 6"));
    // A fitted model runs RBF on other trees; to exhaustion, minimax.
    let base: Vec<&str> = "search --tree synthetic --seeds 1-3 --b 4 --d 4"
        .split_whitespace()
        .collect();
    let synthetic = |extra: &[&str]| search_records(&base, extra);
    let exact: Vec<_> = synthetic(&[]).iter().map(|r| r["value"].clone()).collect();
    let model = out.to_str().unwrap();
    let solved = ["--method", "parallel-rbf", "--rbf-nodes", "1000000"];
    let rbf = synthetic(&[&solved[..], &["--rbf-model", model]].concat());
    let values: Vec<_> = rbf.iter().map(|r| r["value"].clone()).collect();
    assert_eq!(values, exact);
    std::fs::write(&out, "sizes = \"many\"").unwrap();
    let bad = [&solved[..], &["--rbf-model", model]].concat();
    let args = [&["search", "--tree", "synthetic", "--d", "4"][..], &bad].concat();
    fails_with(&args, "bad RBF model");
    std::fs::remove_file(&out).unwrap();
    let args = fit("--seeds 1", "/nonexistent/m.toml");
    fails_with(
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
        "cannot write /nonexistent/m.toml",
    );
}

#[test]
fn rbf_is_judged_against_the_exact_move_at_alpha_betas_nodes() {
    let base: Vec<&str> = "search --tree incremental --b 6 --seeds 1-6 --d 6"
        .split_whitespace()
        .collect();
    let run = |extra: &[&str]| search_records(&base, extra);
    let exact: Vec<serde_json::Value> = run(&[]).iter().map(|r| r["value"].clone()).collect();
    for r in run(&["--method", "rbf", "--match-depth", "3"]) {
        let (rbf, ab) = (
            r["generated"].as_u64().unwrap(),
            r["alpha_beta_nodes"].as_u64().unwrap(),
        );
        assert!(rbf >= ab && rbf < ab + 7, "{r}");
        assert!(r["correct"].is_boolean() && r["alpha_beta_correct"].is_boolean());
        assert_eq!(r["match_depth"], 3);
    }
    // Budget enough to solve the tree: the exact value, a best move.
    let solved = run(&[
        "--method",
        "rbf",
        "--rbf-nodes",
        "100000000",
        "--no-pruning",
    ]);
    for (r, value) in solved.iter().zip(&exact) {
        assert_eq!(
            (&r["value"], &r["judged_value"], &r["correct"]),
            (value, value, &true.into())
        );
        assert_eq!(r["pruning"], false);
    }
    for (extra, expected) in [
        (
            &["--method", "rbf"][..],
            "one of --rbf-nodes N, --match-depth K and --rbf-depth D",
        ),
        (
            &["--method", "rbf", "--rbf-nodes", "9", "--match-depth", "2"],
            "one of",
        ),
        (
            &["--method", "rbf", "--match-depth", "7"],
            "between 1 and --d = 6",
        ),
        (
            &["--method", "rbf", "--rbf-nodes", "9", "--backend", "sim"],
            "rbf is sequential",
        ),
        (
            &["--method", "rbf", "--rbf-depth", "3", "--judge-depth", "8"],
            "--judge-depth must be between 1 and --d = 6",
        ),
        (
            &[
                "--method",
                "parallel-rbf",
                "--rbf-depth",
                "3",
                "--workers",
                "0",
            ],
            "at least 1",
        ),
        (&["--rbf-nodes", "9"], "are for rbf and parallel-rbf"),
        (
            &["--method", "rbf", "--rbf-nodes", "9", "--shared-tree"],
            "--shared-tree is parallel-rbf's form for --backend threads",
        ),
        (
            &["--method", "rbf", "--rbf-nodes", "9", "--rbf-chunk", "4"],
            "--rbf-chunk is for parallel-rbf's master–slave form",
        ),
        (
            &[
                "--method",
                "parallel-rbf",
                "--rbf-nodes",
                "9",
                "--rbf-chunk",
                "0",
            ],
            "--rbf-chunk must be at least 1",
        ),
    ] {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        fails_with(&args, expected);
    }
    fails_with(
        &[
            "search",
            "--tree",
            "synthetic",
            "--seeds",
            "1",
            "--d",
            "4",
            "--method",
            "rbf",
            "--rbf-nodes",
            "9",
        ],
        "give it as --rbf-model",
    );
}

#[test]
fn parallel_rbf_alone_is_rbf_and_on_any_backend_finds_the_minimax_value() {
    let base: Vec<&str> = "search --tree incremental --b 5 --seeds 1-4 --d 5 --method"
        .split_whitespace()
        .collect();
    let run = |extra: &[&str]| search_records(&base, extra);
    let fields = |r: &serde_json::Value| {
        ["value", "best_move", "generated", "deepest", "correct"].map(|k| r[k].clone())
    };
    let budget = ["--rbf-nodes", "300"];
    let rbf: Vec<_> = run(&[&["rbf"][..], &budget].concat())
        .iter()
        .map(fields)
        .collect();
    let alone = run(&[
        &["parallel-rbf", "--backend", "sim", "--ranks", "1"][..],
        &budget,
    ]
    .concat());
    assert_eq!(alone.iter().map(fields).collect::<Vec<_>>(), rbf);
    assert!(alone
        .iter()
        .all(|r| r["ranks"] == 1 && r["time_s"].as_f64() > Some(0.0)));
    // Run to exhaustion on threads and on the virtual cluster: minimax.
    let exact: Vec<_> = run(&["sequential"])
        .iter()
        .map(|r| r["value"].clone())
        .collect();
    let solve = ["--rbf-nodes", "100000000"];
    for backend in [
        &["--workers", "3"][..],
        &["--workers", "3", "--shared-tree"],
        &["--backend", "sim", "--ranks", "6"],
        &["--backend", "sim", "--ranks", "6", "--rbf-chunk", "4"],
    ] {
        let recs = run(&[&["parallel-rbf"][..], &solve, backend].concat());
        let values: Vec<_> = recs.iter().map(|r| r["value"].clone()).collect();
        assert_eq!(values, exact, "{backend:?}");
        let form = if backend.contains(&"--shared-tree") {
            "shared-tree"
        } else {
            "master-slave"
        };
        assert!(recs
            .iter()
            .all(|r| r["correct"] == true && r["form"] == form));
    }
    // A depth stop: the deepest node is that deep.
    for r in run(&[
        "parallel-rbf",
        "--rbf-depth",
        "4",
        "--backend",
        "sim",
        "--ranks",
        "4",
    ]) {
        assert_eq!(
            (r["deepest"].as_u64(), r["rbf_depth"].as_u64()),
            (Some(4), Some(4))
        );
    }
}

#[test]
fn rbf_shogi_judges_both_searchers_moves_at_equal_time() {
    let text = stdout_ok(&[
        "rbf-shogi",
        "--position",
        "positions/pro_middlegame_32.sfen#17-18",
        "--time-ms",
        "50",
        "--judge-ms",
        "100",
    ]);
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("| positions/"))
        .collect();
    assert_eq!(rows.len(), 2, "{text}");
    for row in rows {
        let cells: Vec<&str> = row.split(" | ").collect();
        // A move each, and losses that are numbers (0 for the judge's move).
        assert!(cells[1].len() >= 4 && cells[4].len() >= 4, "{row}");
        let rbf_loss = cells[9].trim_end_matches(" |");
        assert!(rbf_loss.parse::<i32>().is_ok(), "{row}");
    }
    assert!(text.contains("of 2."), "{text}");
    fails_with(
        &["rbf-shogi", "--rbf-model", "/nonexistent.toml"],
        "cannot read --rbf-model /nonexistent.toml",
    );
    fails_with(
        &[
            "fit-rbf-model",
            "--tree",
            "synthetic",
            "--leaf-depth",
            "1",
            "--out",
            "/tmp/x",
        ],
        "--leaf-depth is for shogi trees",
    );
}

#[test]
fn a_plugged_game_gets_its_exact_value_from_every_method() {
    use yomi_pick::{solve, PickFamily};
    use yomi_tree::{GameFamily, RootSpec};
    let base = [
        "search",
        "--tree",
        "pick",
        "--position",
        "5x9",
        "--seeds",
        "1-4",
        "--b",
        "0",
        "--d",
        "9",
    ];
    let recs = search_records(&base, &[]);
    let sequential: Vec<serde_json::Value> = recs.iter().map(|r| r["value"].clone()).collect();
    for r in &recs {
        let name = r["tree"].as_str().unwrap();
        assert_eq!(r["tree_group"], "5x9");
        let spec = RootSpec {
            position: name,
            seeds: 1..=1,
            b: 0,
        };
        let board = &PickFamily::roots(&spec).unwrap()[0].root;
        assert_eq!(r["value"].as_i64().unwrap() > 0, solve(board), "{name}");
    }
    // Every method on threads and on the virtual cluster: those on
    // processor trees take their shape, the others a rank count.
    for (method, ranked) in [
        ("--method with-updates --d-prime 4", true),
        ("--method without-updates --d-prime 4", true),
        ("--method with-share --d-prime 4", true),
        ("--method negascout-eps --eps 50 --d-prime 4", true),
        ("--method tree-splitting --levels 1 --fanout 3", false),
        ("--method pv-splitting --levels 2 --fanout 2", false),
        ("--method staged-sss --levels 1 --fanout 3", false),
        ("--method ybwc", true),
        ("--method jamboree", true),
        ("--method grid-master", true),
        ("--method grid-master --push-bounds", true),
        ("--method root-split", true),
    ] {
        for backend in ["threads", "sim"] {
            let ranks = match (ranked, backend) {
                (false, _) => "",
                (true, "threads") => "--workers 3",
                (true, _) => "--ranks 9",
            };
            let line = format!("{method} --backend {backend} {ranks}");
            let args: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(root_values(&base, &args), sequential, "{line}");
        }
    }
    let alone: Vec<&str> = "--method grid-master --backend sim --ranks 1"
        .split_whitespace()
        .collect();
    assert_eq!(root_values(&base, &alone), sequential, "alone");
    // Seed 004's grid master under its name of before its rename.
    let old_name: Vec<&str> = "--method master-worker --backend sim --ranks 1"
        .split_whitespace()
        .collect();
    let old = search_records(&base, &old_name);
    assert!(old.iter().all(|r| r["method"] == "grid-master"), "{old:?}");
    let values: Vec<serde_json::Value> = old.iter().map(|r| r["value"].clone()).collect();
    assert_eq!(values, sequential, "old name");
    // Without --b a plugged game keeps every child: the exact value.
    let all = [
        "search",
        "--tree",
        "pick",
        "--position",
        "5x9",
        "--seeds",
        "1",
        "--d",
        "9",
    ];
    let rec = &search_records(&all, &[])[0];
    assert_eq!((&rec["b"], &rec["value"]), (&0.into(), &sequential[0]));
    fails_with(
        &["search", "--tree", "pick", "--d", "4"],
        "--tree pick needs --position",
    );
    fails_with(
        &["search", "--tree", "pick", "--position", "3x9", "--d", "4"],
        "9 pieces on the 6 cells",
    );
    fails_with(
        &[
            "search",
            "--tree",
            "pick",
            "--position",
            "5x9",
            "--d",
            "4",
            "--push-bounds",
        ],
        "--push-bounds is for grid-master",
    );
}

#[test]
fn uct_is_judged_against_the_exact_move() {
    let base = [
        "search",
        "--tree",
        "pick",
        "--position",
        "5x9",
        "--seeds",
        "1-12",
        "--d",
        "9",
        "--method",
        "uct",
    ];
    let correct = |simulations: &str| {
        let recs = search_records(&base, &["--simulations", simulations]);
        assert_eq!(recs.len(), 12);
        for r in &recs {
            assert_eq!(r["simulations"].as_u64().unwrap().to_string(), simulations);
            assert_eq!((&r["judge_depth"], &r["uct_seed"]), (&9.into(), &1.into()));
            assert!(r["states"].as_u64().unwrap() > 0, "{r}");
            assert!(r["simulations_per_s"].as_f64().unwrap() > 0.0, "{r}");
        }
        recs.iter().filter(|r| r["correct"] == true).count()
    };
    // A run repeats for its seed; more simulations, more exact moves.
    assert_eq!(
        search_records(&base, &["--simulations", "300"])[3]["best_move"],
        search_records(&base, &["--simulations", "300"])[3]["best_move"]
    );
    let (few, many) = (correct("10"), correct("100000"));
    assert!(few < 12 && many == 12, "{few} then {many} of 12");
    fails_with(&base, "uct needs --simulations");
    fails_with(
        &[
            "search",
            "--tree",
            "pick",
            "--position",
            "5x9",
            "--d",
            "9",
            "--simulations",
            "5",
        ],
        "are for uct",
    );
    let sim: Vec<&str> = base
        .iter()
        .copied()
        .chain(["--simulations", "5", "--backend", "sim"])
        .collect();
    fails_with(&sim, "uct is sequential");
}

#[test]
fn uct_treesplit_runs_every_simulation_through_the_root_on_threads_and_the_virtual_cluster() {
    let line = "search --tree pick --position 5x9 --seeds 1-3 --d 9 --method uct-treesplit";
    let base: Vec<&str> = line
        .split_whitespace()
        .chain(["--simulations", "3001"])
        .collect();
    // Plain TDS; seed 001's defaults; duplication early enough to matter,
    // with 2 broadcast ranks of 10, and without broadcast ranks.
    for (extra, search_ranks, broadcast_ranks) in [
        ("--workers 3 --n-dup 0 --forward-k 0", 4, 0),
        ("--backend sim --ranks 8 --in-flight 2", 7, 1),
        ("--backend sim --ranks 10 --n-dup 40", 8, 2),
        ("--workers 4 --n-dup 40 --per-broadcast 0", 5, 0),
        ("--backend sim --ranks 1", 1, 0),
    ] {
        let args: Vec<&str> = extra.split_whitespace().collect();
        for r in search_records(&base, &args) {
            assert_eq!(
                (&r["root_visits"], &r["simulations"]),
                (&3001.into(), &3001.into()),
                "{extra}"
            );
            assert_eq!(
                (&r["search_ranks"], &r["broadcast_ranks"]),
                (&search_ranks.into(), &broadcast_ranks.into()),
                "{extra}"
            );
            let ranks = r["ranks"].as_u64().unwrap();
            assert_eq!(ranks > 1, r["moves"].as_u64().unwrap() > 0, "{extra}: {r}");
            let duplicated = r["duplicated"].as_u64().unwrap();
            assert_eq!(extra.contains("n-dup 40"), duplicated > 1, "{extra}: {r}");
            let workload = r["workload"].as_f64().unwrap();
            assert!(workload > 0.0 && workload <= 1.0 + 1e-9, "{extra}: {r}");
        }
    }
    // One rank is sequential UCT.
    let one: Vec<&str> = "--backend sim --ranks 1".split_whitespace().collect();
    let mut sequential = base.to_vec();
    sequential[10] = "uct";
    let (a, b) = (
        search_records(&base, &one),
        search_records(&sequential, &[]),
    );
    for (a, b) in a.iter().zip(&b) {
        assert_eq!(
            (&a["best_move"], &a["mean_reward"]),
            (&b["best_move"], &b["mean_reward"])
        );
    }
    fails_with(
        &[&base[..], &["--in-flight", "0"]].concat(),
        "--in-flight must be at least 1",
    );
    let uct_in_flight: Vec<&str> = sequential
        .iter()
        .copied()
        .chain(["--in-flight", "2"])
        .collect();
    fails_with(&uct_in_flight, "are for uct-treesplit");
    for (bad, says) in [
        ("--forward-k 0.9", "--forward-k must be above 1"),
        (
            "--sync-min 9 --sync-max 4",
            "--sync-max at least --sync-min",
        ),
    ] {
        let args: Vec<&str> = base.iter().copied().chain(bad.split_whitespace()).collect();
        fails_with(&args, says);
    }
}

/// The plain `yomi-harness` never links MPI, whether or not the package
/// is built with the feature `mpi` (which makes `yomi-harness-mpi`), and
/// sends `--backend mpi` to the MPI binary.
#[test]
fn the_plain_harness_has_no_mpi() {
    let out = Command::new("ldd")
        .arg(env!("CARGO_BIN_EXE_yomi-harness"))
        .output()
        .expect("ldd runs");
    let libraries = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{libraries}");
    assert!(!libraries.contains("libmpi"), "{libraries}");
    fails_with(
        &[
            "search",
            "--b",
            "3",
            "--d",
            "4",
            "--d-prime",
            "2",
            "--method",
            "with-updates",
            "--backend",
            "mpi",
        ],
        "run yomi-harness-mpi",
    );
    let config = std::env::temp_dir().join(format!("yomi-plain-mpi-{}.toml", std::process::id()));
    std::fs::write(
        &config,
        "[trees]\nkind = \"synthetic\"\nseeds = \"1\"\n[[grid]]\nb = [3]\nd = [4]\n\
         d_prime = [2]\nmethods = [\"with-updates\"]\nranks = [3]\n[cluster]\nbackend = \"mpi\"\n",
    )
    .unwrap();
    fails_with(
        &[
            "sweep",
            config.to_str().unwrap(),
            "--out",
            "/dev/null",
            "--dry-run",
        ],
        "is swept by yomi-harness-mpi",
    );
    let _ = std::fs::remove_file(config);
}
