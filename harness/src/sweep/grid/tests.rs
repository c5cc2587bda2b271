//! The grid's expansion, keys, listings and refusals.

use super::*;
use crate::plan::Settings;
use yomi_record::TableSharing;

const SMALL: &str = r#"
    [trees]
    kind = "synthetic"
    seeds = "1-2"
    [[grid]]
    b = [5]
    d = [8]
    d_prime = [4]
    methods = ["sequential", "with-updates", "negascout-eps"]
    ranks = [4, 8]
    eps = [50, 100]
"#;

#[test]
fn a_grid_expands_into_its_runs() {
    let runs = parse(SMALL, "small").unwrap();
    // sequential once; with updates at 2 rank counts; NegaScout at 2 × 2.
    assert_eq!(runs.len(), 1 + 2 + 4);
    let keys: std::collections::HashSet<String> = runs.iter().map(|r| r.key("seed1")).collect();
    assert_eq!(keys.len(), runs.len(), "every run has its own key");
    assert_eq!(
        runs[0].key("seed1"),
        parse(SMALL, "again").unwrap()[0].key("seed1")
    );
    assert_ne!(runs[0].key("seed1"), runs[0].key("seed2"));
}

#[test]
fn the_switches_beyond_the_paper_double_the_parallel_runs_and_keep_the_other_keys() {
    let plain = parse(SMALL, "small").unwrap();
    type Switch = fn(&Settings) -> bool;
    let extension: Switch = |s| s.extension;
    let fail_soft: Switch = |s| s.fail_soft;
    let signature_first: Switch = |s| s.signature_first;
    for (switch, on) in [
        ("extension", extension),
        ("fail_soft", fail_soft),
        ("signature_first", signature_first),
    ] {
        let both = SMALL.replace(
            "ranks = [4, 8]",
            &format!("ranks = [4, 8]\n{switch} = [false, true]"),
        );
        let runs = parse(&both, "small").unwrap();
        assert_eq!(runs.len(), 1 + 2 * (2 + 4), "{switch}");
        let switched = runs.iter().filter(|r| on(&r.plan.settings())).count();
        assert_eq!(switched, 2 + 4, "{switch}");
        // Runs without it keep the keys they had before the option existed.
        let keys: std::collections::HashSet<String> = runs.iter().map(|r| r.key("seed1")).collect();
        assert!(
            plain.iter().all(|r| keys.contains(&r.key("seed1"))),
            "{switch}"
        );
    }
}

#[test]
fn idle_deepening_doubles_only_the_runs_with_confirmed_deepening() {
    let confirmed = SMALL.replace(
        "ranks = [4, 8]",
        "ranks = [4, 8]\nconfirmed_deepening = [false, true]",
    );
    let plain = parse(&confirmed, "small").unwrap();
    let idle = confirmed.replace(
        "confirmed_deepening = [false, true]",
        "confirmed_deepening = [false, true]\nidle_deepening = [false, true]",
    );
    let runs = parse(&idle, "small").unwrap();
    // With updates and NegaScout (2 + 4 runs) without confirmed deepening,
    // and with it, with and without idle deepening.
    assert_eq!(runs.len(), 1 + 3 * (2 + 4));
    let settings: Vec<Settings> = runs.iter().map(|r| r.plan.settings()).collect();
    assert!(settings
        .iter()
        .all(|s| !s.idle_deepening || s.confirmed_deepening));
    assert_eq!(settings.iter().filter(|s| s.idle_deepening).count(), 2 + 4);
    let keys: std::collections::HashSet<String> = runs.iter().map(|r| r.key("seed1")).collect();
    assert!(plain.iter().all(|r| keys.contains(&r.key("seed1"))));
}

#[test]
fn a_second_poll_interval_doubles_the_parallel_runs_and_the_default_keeps_its_keys() {
    let plain = parse(SMALL, "small").unwrap();
    let both = SMALL.replace("ranks = [4, 8]", "ranks = [4, 8]\npoll_nodes = [1024, 128]");
    let runs = parse(&both, "small").unwrap();
    assert_eq!(runs.len(), 1 + 2 * (2 + 4));
    let often = runs
        .iter()
        .filter(|r| r.plan.settings().poll_nodes == Some(128));
    assert_eq!(often.count(), 2 + 4);
    let keys: std::collections::HashSet<String> = runs.iter().map(|r| r.key("seed1")).collect();
    assert!(plain.iter().all(|r| keys.contains(&r.key("seed1"))));
    let zero = SMALL.replace("ranks = [4, 8]", "ranks = [4, 8]\npoll_nodes = [0]");
    assert!(parse(&zero, "small").is_err());
}

#[test]
fn runs_that_two_grids_name_run_once() {
    let two = format!("{SMALL}\n[[grid]]\nb = [5]\nd = [8, 10]\nmethods = [\"sequential\"]");
    let runs = parse(&two, "two").unwrap();
    // The second grid adds only the sequential run at d = 10.
    assert_eq!(runs.len(), 7 + 1);
}

#[test]
fn sequential_variants_expand_at_each_task_depth() {
    let text = "[trees]\nkind = \"synthetic\"\nseeds = \"1\"\n[[grid]]\nb = [5]\n\
                d = [8, 10]\ntask_depth = [6]\nmethods = [\"sequential\"]\n\
                sharing = [\"full\", \"none\", \"partial\"]\nfull_windows = [false, true]\n\
                share_plies = [2, 4]";
    let runs = parse(text, "fig9").unwrap();
    // Per d: (full + none + partial at two plies) × two window kinds.
    assert_eq!(runs.len(), 2 * 4 * 2);
    let (p, s) = (&runs[0].plan, runs[0].plan.settings());
    assert_eq!(
        (p.d, s.d_prime, s.sharing),
        (8, Some(2), Some(TableSharing::Full))
    );
    assert!(runs
        .iter()
        .all(|r| r.plan.d - r.plan.d_prime().unwrap() == 6));
    assert!(runs.iter().any(|r| {
        let s = r.plan.settings();
        s.full_windows && s.share_plies == Some(4)
    }));
}

#[test]
fn baselines_expand_on_their_processor_trees_and_ranks() {
    let text = "[trees]\nkind = \"synthetic\"\nseeds = \"1\"\n[[grid]]\nb = [5]\nd = [8]\n\
                d_prime = [4]\nmethods = [\"tree-splitting\", \"staged-sss\", \"ybwc\", \
                \"with-updates\"]\nprocessor_trees = [[1, 3], [2, 4]]\nstage_depth = [1, 3]\n\
                ranks = [4, 8]";
    let runs = parse(text, "baselines").unwrap();
    // TS on 2 trees, staged SSS* on 2 × 2, YBWC and with-updates at 2 ranks.
    assert_eq!(runs.len(), 2 + 4 + 2 + 2);
    let ranks: Vec<usize> = runs.iter().map(|r| r.ranks).collect();
    assert_eq!(ranks, [4, 21, 4, 4, 21, 21, 4, 8, 4, 8]);
    assert!(runs[..8]
        .iter()
        .all(|r| r.plan.d_prime().is_none() && r.table_total_mb == 0));
    let Family::Baseline { shape, .. } = runs[3].plan.family else {
        panic!("a baseline");
    };
    assert_eq!(shape.stage_depth, Some(3));
    assert!(runs[3]
        .describe()
        .contains("processor_tree=(1,3) stage_depth=3"));
    let keys: std::collections::HashSet<String> = runs.iter().map(|r| r.key("seed1")).collect();
    assert_eq!(keys.len(), runs.len());
}

#[test]
fn rbf_expands_over_its_stops_seeds_and_ranks() {
    let grid = "[trees]\nkind = \"incremental\"\nseeds = \"1\"\n[[grid]]\nb = [10]\nd = [8]\n\
                methods = [\"rbf\", \"parallel-rbf\", \"jamboree\"]\nmatch_depth = [2, 4]\n\
                rbf_depth = [6]\npruning = [true, false]\nranks = [1, 16]";
    let runs = parse(grid, "rbf").unwrap();
    // rbf: 3 stops × 2 rules; parallel-rbf: those at 2 rank counts; jamboree: 2.
    assert_eq!(runs.len(), 6 + 12 + 2);
    let chunked = parse(&format!("{grid}\nrbf_chunks = [1, 8]"), "rbf").unwrap();
    assert_eq!(chunked.len(), 6 + 24 + 2, "parallel-rbf at each chunk");
    assert!(chunked.iter().any(|r| r.describe().contains("rbf_chunk=8")));
    assert!(runs[..6]
        .iter()
        .all(|r| r.plan.backend == Backend::Threads && r.ranks == 1));
    assert!(runs[6..].iter().all(|r| r.plan.backend == Backend::Sim));
    assert_eq!(runs[6].sim.ranks, Some(1));
    assert!(runs[1].describe().contains("match_depth=2 judge_depth=8"));
    assert!(runs[1].describe().ends_with("no_pruning"));
    let keys: std::collections::HashSet<String> = runs.iter().map(|r| r.key("s")).collect();
    assert_eq!(keys.len(), runs.len());
    for (from, to, error) in [
        (
            "match_depth = [2, 4]\nrbf_depth = [6]\n",
            "",
            "rbf needs one of --rbf-nodes",
        ),
        (
            "kind = \"incremental\"",
            "kind = \"synthetic\"",
            "incremental trees only",
        ),
        (", \"parallel-rbf\", \"jamboree\"", "", "ranks is for"),
        (
            "\"rbf\", \"parallel-rbf\", ",
            "",
            "are for rbf and parallel-rbf",
        ),
        ("ranks = [1, 16]", "ranks = [0]", "ranks: 0"),
    ] {
        let text = grid.replace(from, to);
        let e = parse(&text, "rbf").map(|_| ()).unwrap_err();
        assert!(e.contains(error), "{from} → {to}: {e}");
    }
}

#[test]
fn uct_expands_over_its_simulations_plies_and_seeds() {
    let grid = "[trees]\nkind = \"pick\"\npositions = \"5x9\"\nseeds = \"1-2\"\n[[grid]]\n\
                b = [0]\nd = [9]\nmethods = [\"uct\"]\nsimulations = [100, 1000]\n\
                uct_seeds = [1, 2]\njudge_depth = 5";
    let runs = parse(grid, "uct").unwrap();
    assert_eq!(runs.len(), 4);
    assert!(runs
        .iter()
        .all(|r| r.plan.backend == Backend::Threads && r.ranks == 1));
    assert!(
        runs[1].describe().contains("simulations=100 uct_seed=2"),
        "{}",
        runs[1].describe()
    );
    let Family::Uct { shape, .. } = runs[3].plan.family else {
        panic!("uct");
    };
    assert_eq!(shape.judge_depth, 5);
    let plies = parse(&format!("{grid}\nplayout_plies = [2, 4]"), "uct").unwrap();
    assert_eq!(plies.len(), 8);
    assert!(plies[1].describe().contains("playout_plies=2"));
    let keys: std::collections::HashSet<String> = plies.iter().map(|r| r.key("s")).collect();
    assert_eq!(keys.len(), plies.len());
    let split = grid.replace(
        "[\"uct\"]",
        "[\"uct\", \"uct-treesplit\"]\nranks = [4, 8]\nin_flight = 2",
    );
    let split_text_with = |extra: &str| format!("{split}\n{extra}");
    let split = parse(&split, "uct").unwrap();
    // uct: 4 runs; uct-treesplit: those at 2 rank counts, on the cluster.
    assert_eq!(split.len(), 4 + 8);
    assert!(split[4..].iter().all(|r| r.plan.backend == Backend::Sim));
    assert!(
        split[5].describe().contains("in_flight=2"),
        "{}",
        split[5].describe()
    );
    assert_eq!(split[5].sim.ranks, Some(8));
    // Seed 001's settings as lists multiply the treesplit runs.
    let settings = split_text_with("n_dup = [0, 512]\nper_broadcast = [0, 4]\nforward_k = 1.5");
    let runs = parse(&settings, "uct").unwrap();
    assert_eq!(runs.len(), 4 + 8 * 4);
    let described: std::collections::HashSet<String> =
        runs[4..].iter().map(|r| r.describe()).collect();
    assert_eq!(described.len(), 32);
    assert!(runs[4..]
        .iter()
        .all(|r| r.describe().contains("forward_k=1.5")));
    assert!(parse(&format!("{grid}\nn_dup = 5"), "uct")
        .unwrap_err()
        .contains("for uct-treesplit"));
    let sequential = grid.replace("\"uct\"", "\"sequential\"");
    for (text, error) in [
        (
            grid.replace("simulations = [100, 1000]", ""),
            "uct needs --simulations",
        ),
        (sequential.replace("judge_depth = 5", ""), "are for uct"),
        (
            sequential.replace("simulations = [100, 1000]\nuct_seeds = [1, 2]\n", ""),
            "judge_depth is for",
        ),
    ] {
        let e = parse(&text, "uct").map(|_| ()).unwrap_err();
        assert!(e.contains(error), "{text}: {e}");
    }
}

#[test]
fn the_grid_masters_runs_keep_their_keys_from_before_its_rename() {
    // A run of configs/reference/seed004.toml, keyed when seed 004's
    // grid master was named master-worker; both names key it the same.
    let config = |method: &str| {
        format!(
            r#"
            [trees]
            kind = "pick"
            positions = "scan/5x6-10, 5x6-10"
            seeds = "1-3"
            [cluster]
            backend = "sim"
            node_cost_us = "paper"
            latency_us = 100
            bandwidth_gbps = 0.1
            message_cost_us = 10
            [[grid]]
            b = [0]
            d = [14]
            methods = ["{method}"]
            ranks = [1]
        "#
        )
    };
    for method in ["grid-master", "master-worker"] {
        let runs = parse(&config(method), method).unwrap();
        assert_eq!(runs.len(), 1, "{method}");
        assert_eq!(runs[0].plan.method(), Method::GridMaster, "{method}");
        assert_eq!(
            runs[0].key("scan/5x6-seed1"),
            "bb39ba14bee527ef",
            "{method}"
        );
    }
}

#[test]
fn every_shipped_config_parses() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../configs");
    let mut files = vec![std::path::PathBuf::from(root)];
    let mut parsed = 0;
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
        } else if path.extension().is_some_and(|e| e == "toml") {
            let text = std::fs::read_to_string(&path).unwrap();
            parse(&text, &path.display().to_string()).unwrap();
            parsed += 1;
        }
    }
    assert!(parsed >= 20, "{parsed} configs");
}

#[test]
fn bad_configs_name_the_key() {
    let cases = [
        (
            SMALL.replace("seeds = \"1-2\"", "seeds = \"1-2\"\nsedes = 3"),
            "sedes",
        ),
        (
            SMALL.replace("eps = [50, 100]", "eps = [50, 100]\nepsilon = [1]"),
            "grid 1: unknown key `epsilon`",
        ),
        (SMALL.replace("d_prime = [4]", "d_prime = [8]"), "--d-prime"),
        (
            SMALL.replace("d_prime = [4]", ""),
            "grid 1: the parallel methods need --d-prime",
        ),
        (
            SMALL.replace("ranks = [4, 8]", "ranks = [1]"),
            "grid 1: ranks",
        ),
        (
            SMALL.replace("methods = [", "methods = [\"fastest\", "),
            "fastest",
        ),
        (
            format!("{SMALL}\n[cluster]\nnode_cost_us = \"cheap\""),
            "node_cost_us",
        ),
        (format!("{SMALL}\n[cluster]\nlatency_us = -1.0"), "cluster"),
        (format!("{SMALL}\n[cluster]\ntt_mb = 100000000"), "tables"),
        (SMALL.replace("seeds = \"1-2\"", ""), "trees.seeds"),
        (
            SMALL.replace("d_prime = [4]", "d_prime = [4]\ntask_depth = [6]"),
            "not both",
        ),
        (
            SMALL.replace("d_prime = [4]", "task_depth = [10]"),
            "task_depth = 10 leaves the master no plies at d = 8",
        ),
        (
            SMALL
                .replace(
                    "ranks = [4, 8]",
                    "ranks = [4, 8]\nconfirmed_deepening = [true]",
                )
                .replace("\"with-updates\", \"negascout-eps\"", "\"without-updates\""),
            "confirmed_deepening is for the methods with updates",
        ),
        (
            SMALL.replace("ranks = [4, 8]", "ranks = [4, 8]\nidle_deepening = [true]"),
            "idle_deepening = true needs confirmed_deepening = true",
        ),
        (
            SMALL
                .replace("ranks = [4, 8]", "ranks = [4, 8]\nextension = [true]")
                .replace("\"with-updates\", \"negascout-eps\"", ""),
            "extension is for the methods with d_prime",
        ),
        (
            SMALL.replace("d_prime = [4]", "d_prime = [4]\nfull_windows = [true]"),
            "full_windows needs sharing",
        ),
        (
            SMALL.replace("d_prime = [4]", "d_prime = [4]\nsharing = [\"everywhere\"]"),
            "everywhere",
        ),
        (
            SMALL.replace("\"negascout-eps\"]", "\"pv-splitting\"]"),
            "need --levels L and --fanout K",
        ),
        (
            SMALL.replace(
                "ranks = [4, 8]",
                "ranks = [4, 8]\nprocessor_trees = [[1, 2]]",
            ),
            "processor_trees is for",
        ),
        (
            SMALL
                .replace("\"negascout-eps\"]", "\"staged-sss\"]")
                .replace("ranks = [4, 8]", "ranks = [4]\nprocessor_trees = [[4, 2]]"),
            "needs --d above 4",
        ),
    ];
    for (text, expected) in cases {
        let err = parse(&text, "bad.toml")
            .err()
            .unwrap_or_else(|| panic!("accepted: {text}"));
        assert!(err.contains(expected), "{expected:?} not in {err:?}");
    }
}
