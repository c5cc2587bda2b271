//! The record layout: what the harness writes reads back to the same
//! line, every method family's figures recognised; older layouts and
//! method names read; a record that lacks its family's figures is refused
//! by name.

use yomi_record::{Figures, Method, Record};

#[test]
fn every_family_reads_back_to_the_same_line() {
    let text = include_str!("fixtures/every_family.jsonl");
    for line in text.lines() {
        let record = Record::from_json(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert_eq!(record.to_json(), line, "written back");
        let m = record.method;
        let family = match &record.figures {
            None => "none",
            Some(Figures::Parallel(_)) => "parallel",
            Some(Figures::Baseline(_)) => "baseline",
            Some(Figures::Rbf(_)) => "rbf",
            Some(Figures::Uct(_)) => "uct",
        };
        let expected = if m.is_uct() {
            "uct"
        } else if m.is_rbf() {
            "rbf"
        } else if m.is_baseline() {
            "baseline"
        } else if m == Method::Sequential {
            "none"
        } else {
            "parallel"
        };
        assert_eq!(family, expected, "{m}");
    }
}

#[test]
fn a_master_worker_record_reads_as_the_grid_master() {
    // Seed 004's grid master was named master-worker before: its old
    // records read, and write back under the new name.
    let text = include_str!("fixtures/every_family.jsonl");
    let line = text
        .lines()
        .find(|l| l.contains("\"grid-master\""))
        .unwrap();
    let old = line.replace("\"grid-master\"", "\"master-worker\"");
    let record = Record::from_json(&old).unwrap_or_else(|e| panic!("{e}: {old}"));
    assert_eq!(record.method, Method::GridMaster);
    assert!(record.baseline().is_some(), "its baseline figures");
    assert_eq!(record.to_json(), line);
}

#[test]
fn a_layout_1_record_reads_with_what_it_has() {
    let line = r#"{"run_key": "k", "schema": 1, "tree": "seed1", "b": 5, "d": 24, "method": "with-updates", "negascout": false, "eps": null, "d_prime": 12, "sharing": null, "share_plies": null, "full_windows": false, "value": 10, "best_move": "c0", "pv": "c0", "nodes": 2000, "leaves": 1000, "tt_hits": 0, "tt_cutoffs": 0, "task_searches": 0, "seldepth": 24, "time_s": 100.0, "nodes_per_s": 1.0, "backend": "sim", "workers": 63, "passes": 9, "startup_idle_s": 0.5, "other_idle_s": 1.5, "virtual_cluster": {"ranks": 64, "node_cost": "paper", "table_mb": 16, "node_cost_us": 20.0, "visit_cost_us": 0.2, "latency_us": 25.0, "bandwidth_gbps": 10.0, "message_cost_us": 2.0}}"#;
    let record = Record::from_json(line).unwrap();
    let parallel = record.parallel().expect("a with-updates record's figures");
    assert_eq!((parallel.workers, parallel.passes), (63, 9));
    assert_eq!(parallel.tasks.tasks_finished, 0, "not counted then");
    assert_eq!(record.idle_s(), Some((0.5, 1.5)));
    assert_eq!(
        (record.stats.leaves, record.stats.task_searches_last),
        (1000, 0)
    );
    assert_eq!(record.ranks(), 64);
}

#[test]
fn a_record_without_its_familys_figures_is_refused() {
    let line = r#"{"tree":"seed1","b":5,"d":8,"method":"ybwc","value":3,"leaves":10,"time_s":0.5}"#;
    let error = Record::from_json(line).unwrap_err();
    assert!(
        error.contains("ybwc record without its baseline figures"),
        "{error}"
    );
    let error = Record::from_json(r#"{"tree":"seed1","b":5}"#).unwrap_err();
    assert!(error.contains("missing field"), "{error}");
}
