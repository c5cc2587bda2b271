//! The virtual cluster's clocks and the workers' idle times on hand-built
//! scenarios whose answers follow from the model by hand.

use std::sync::Arc;
use std::time::Duration;
use yomi_methods::minimal_tree::run_worker;
use yomi_methods::minimal_tree::Signature;
use yomi_methods::minimal_tree::WorkerConfig;
use yomi_methods::minimal_tree::{Message, Outcome, Report, Task};
use yomi_runtime::sim::{simulate, Body, Interconnect, Model, SimTransport};
use yomi_runtime::{encoded_size, Transport};
use yomi_search::DEFAULT_POLL_NODES;
use yomi_tree::{EdgeModel, Game, SyntheticTree};

/// Whole nanoseconds everywhere: 1 µs a node, 2 µs to handle a message,
/// 25 µs latency, 1 ns a byte (8 Gb/s).
const MODEL: Model = Model {
    node_cost_us: 1.0,
    visit_cost_us: 1.0,
    network: Interconnect {
        latency_us: 25.0,
        bandwidth_gbps: 8.0,
        message_cost_us: 2.0,
    },
};

fn us(n: u64) -> Duration {
    Duration::from_micros(n)
}

fn ns(n: usize) -> Duration {
    Duration::from_nanos(n as u64)
}

/// Waits for the next message.
fn wait<T: Transport<M>, M>(t: &mut T) -> M {
    loop {
        if let Some((_, m)) = t.poll() {
            return m;
        }
        t.idle();
    }
}

#[test]
fn a_message_arrives_after_handling_link_and_latency() {
    let big = vec![7u8; 10_000];
    let small = vec![7u8; 10];
    let (big_bytes, small_bytes) = (encoded_size(&big), encoded_size(&small));
    let sender: Body<Vec<u8>, Vec<Duration>> = Box::new(move |mut t: SimTransport<'_, Vec<u8>>| {
        t.work(1000);
        t.send(1, big);
        t.send(2, small);
        vec![t.now()]
    });
    let receiver = || -> Body<Vec<u8>, Vec<Duration>> {
        Box::new(|mut t: SimTransport<'_, Vec<u8>>| {
            t.idle();
            let woke = t.now();
            let (from, message) = t.poll().expect("the message that woke it");
            assert_eq!((from, t.poll()), (0, None));
            assert!(message.len() == 10 || message.len() == 10_000);
            vec![woke, t.now()]
        })
    };
    let (results, stats) = simulate(&MODEL, vec![sender, receiver(), receiver()]).unwrap();
    assert_eq!(results[0], [us(1004)], "1,000 nodes and two sends");
    let big_in = us(1002) + ns(big_bytes) + us(25);
    assert_eq!(results[1], [big_in, big_in + us(2)]);
    // Sent at 1,004 µs, but the sender's link is busy with the big one.
    let small_in = us(1002) + ns(big_bytes) + ns(small_bytes) + us(25);
    assert_eq!(results[2], [small_in, small_in + us(2)]);
    assert_eq!(stats.end, (small_in + us(2)).as_nanos() as u64 * 1000);
}

#[test]
fn ranks_that_wait_for_each_other_are_reported_as_deadlocked() {
    let bodies: Vec<Body<u8, ()>> = (0..3)
        .map(|_| -> Body<u8, ()> {
            Box::new(|mut t: SimTransport<'_, u8>| {
                wait(&mut t);
            })
        })
        .collect();
    let err = simulate(&MODEL, bodies).expect_err("a deadlock");
    assert!(
        err.contains("deadlocked") && err.contains("[0, 1, 2]"),
        "{err}"
    );
}

#[test]
fn a_workers_startup_and_other_idle_times_follow_the_model() {
    let root = SyntheticTree::new(3, 5, Arc::new(EdgeModel::embedded()));
    let task = Task {
        path: Vec::new(),
        key: root.hash(),
        depth: 2,
        alpha: -1000,
        beta: 1000,
        signature: Signature(Vec::new()),
    };
    let task_bytes = encoded_size(&Message::Task(task.clone()));
    // A hand-written master: 1,000 nodes of its own work, one task, then
    // stop as soon as its result is in.
    let master: Body<Message, Option<(Outcome, Report, Duration)>> =
        Box::new(move |mut t: SimTransport<'_, Message>| {
            t.work(1000);
            t.send(1, Message::Task(task));
            let Message::Result(outcome) = wait(&mut t) else {
                panic!("a result first")
            };
            let result_in = t.now();
            t.send(1, Message::Stop);
            let Message::Report(report) = wait(&mut t) else {
                panic!("then the report")
            };
            Some((outcome, *report, result_in))
        });
    let config = WorkerConfig {
        updates: false,
        table_mb: 1,
        eps: None,
        confirmed_deepening: false,
        idle_deepening: false,
        signature_first: false,
        fail_soft: false,
        poll_nodes: DEFAULT_POLL_NODES,
        share_plies: None,
        search_id: 0,
        say_idle: false,
    };
    let worker: Body<Message, Option<(Outcome, Report, Duration)>> =
        Box::new(move |t: SimTransport<'_, Message>| {
            run_worker(root, t, config);
            None
        });
    let (results, _) = simulate(&MODEL, vec![master, worker]).unwrap();
    let (outcome, report, result_in) = results[0].clone().unwrap();
    let result_bytes = encoded_size(&Message::Result(outcome));
    let stop_bytes = encoded_size(&Message::Stop);
    // The task arrives and is received (2 µs).
    let task_in = us(1000 + 2) + ns(task_bytes) + us(25) + us(2);
    assert_eq!(report.startup_idle_s, task_in.as_secs_f64());
    // The search's nodes, the result's send; its trip, the master's receive.
    let result_sent = task_in + us(report.stats.nodes) + us(2);
    assert_eq!(result_in, result_sent + ns(result_bytes) + us(25) + us(2));
    // Idle from the result's send until the stop has arrived.
    let stop_in = result_in + us(2) + ns(stop_bytes) + us(25);
    assert_eq!(report.other_idle_s, (stop_in - result_sent).as_secs_f64());
    // When: the waits before the task (its receive aside) and after the result.
    let waits = [(Duration::ZERO, task_in - us(2)), (result_sent, stop_in)];
    let waited: f64 = waits.iter().map(|(a, b)| (*b - *a).as_secs_f64()).sum();
    assert!(
        (report.waited.total_s() - waited).abs() < 1e-12,
        "{:?}",
        report.waited
    );
    assert_eq!(
        (report.tasks.tasks_finished, report.traffic.messages),
        (1, 1)
    );
}
