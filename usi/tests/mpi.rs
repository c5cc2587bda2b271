//! `mpirun -np 3 yomi` (feature `mpi`): rank 0 speaks USI and the other
//! ranks search with it. cshogi referees a short game of two such engines
//! started through `scripts/yomi-mpi`, the wrapper a GUI launches, with
//! each `YOMI_MPI_METHOD` (the cluster search, with the ranks sharing a
//! table and with each its own, and the master-worker); a
//! killed rank ends the engine (cluster search, the default) with an
//! `info string` and a `bestmove` within seconds; a stopped (hung) rank is
//! dropped, and every `bestmove` still comes within the byoyomi.
#![cfg(feature = "mpi")]

mod cshogi_script;
mod engine_process;

use engine_process::Engine;
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use yomi_shogi::board::Position;

/// The ranks of every engine here: rank 0 and two more.
const RANKS: &str = "3";

/// One MPI job at a time: a loaded machine could delay the dying engine's
/// last lines past mpirun's end of the job.
static ONE_JOB: Mutex<()> = Mutex::new(());

#[test]
fn cshogi_referees_a_game_of_engines_under_mpirun() {
    let _job = ONE_JOB.lock().unwrap_or_else(|e| e.into_inner());
    std::env::set_var("YOMI_BIN", env!("CARGO_BIN_EXE_yomi-mpi"));
    std::env::set_var("YOMI_RANKS", RANKS);
    std::env::set_var("YOMI_MPIRUN_ARGS", "--oversubscribe");
    std::env::set_var("YOMI_WORKER_HASH_MB", "16");
    // The cluster search with the ranks sharing this machine's table, and
    // as if each were on a machine of its own (entries sent).
    for (method, shared) in [("cluster", "1"), ("cluster", "0"), ("master-worker", "1")] {
        std::env::set_var("YOMI_MPI_METHOD", method);
        std::env::set_var("YOMI_SHARED_TABLE", shared);
        cshogi_script::run_engine(
            "cshogi_usi_games.py",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/yomi-mpi"),
            &[
                "--games",
                "byoyomi",
                "--byoyomi",
                "500",
                "--byoyomi-moves",
                "16",
            ],
        );
    }
}

/// The MPI engine on `RANKS` ranks searching as `method`.
fn engine_of_ranks(method: &str) -> Engine {
    let mut mpirun = Command::new("mpirun");
    mpirun.args([
        "--oversubscribe",
        "-np",
        RANKS,
        env!("CARGO_BIN_EXE_yomi-mpi"),
    ]);
    mpirun.env("YOMI_WORKER_HASH_MB", "16");
    mpirun.env("YOMI_MPI_METHOD", method);
    Engine::start_with(mpirun)
}

/// The pid of `rank` among the processes mpirun (`parent`) started.
fn rank_pid(parent: u32, rank: usize) -> Option<u32> {
    let children =
        std::fs::read_to_string(format!("/proc/{parent}/task/{parent}/children")).ok()?;
    children.split_whitespace().find_map(|pid| {
        let env = std::fs::read(format!("/proc/{pid}/environ")).ok()?;
        let wanted = format!("OMPI_COMM_WORLD_RANK={rank}");
        env.split(|&b| b == 0)
            .any(|v| v == wanted.as_bytes())
            .then(|| pid.parse().ok())?
    })
}

/// An engine of `RANKS` ranks searching as `method` in `go infinite`
/// whose rank 1 is killed:
/// what it wrote after the kill. Asserts that it is gone within seconds.
fn kill_a_worker_mid_search(method: &str) -> Vec<String> {
    let mut e = engine_of_ranks(method);
    e.send("setoption name USI_Hash value 16");
    e.ready(Duration::from_secs(60));
    e.send("position startpos");
    e.send("go infinite");
    e.until(Duration::from_secs(30), |l| l.starts_with("info depth 4 "));
    let worker = rank_pid(e.pid(), 1).expect("rank 1 runs under mpirun");
    let killed = Instant::now();
    Command::new("kill")
        .args(["-9", &worker.to_string()])
        .status()
        .unwrap();
    let lines = e.drain(Duration::from_secs(5));
    e.wait_exit(Duration::from_secs(10));
    assert!(
        killed.elapsed() < Duration::from_secs(15),
        "{:?}",
        killed.elapsed()
    );
    lines
}

/// Whether `lines` end the search as a GUI needs: the reason, then a
/// legal `bestmove`.
fn ends_cleanly(lines: &[String]) -> bool {
    let said = lines
        .iter()
        .any(|l| l.starts_with("info string the MPI job is ending"));
    let answer = lines
        .iter()
        .find(|l| l.starts_with("bestmove "))
        .and_then(|l| l.split_whitespace().nth(1));
    said && answer.is_some_and(|mv| Position::startpos().parse_usi_move(mv).is_ok())
}

#[test]
fn a_killed_worker_rank_ends_the_engine_with_a_bestmove() {
    let _job = ONE_JOB.lock().unwrap_or_else(|e| e.into_inner());
    // mpirun may stop forwarding rank 0's output as it ends the job before
    // the last lines arrive (seen in about 1 of 8 runs on a loaded
    // machine), so up to three tries; every try must end within seconds.
    for method in ["cluster", "master-worker"] {
        let mut tries = Vec::new();
        while !tries.last().is_some_and(|t: &Vec<String>| ends_cleanly(t)) {
            assert!(
                tries.len() < 3,
                "{method}: no try ended with the reason and a legal bestmove: {tries:?}"
            );
            tries.push(kill_a_worker_mid_search(method));
        }
    }
}

/// Sends `signal` to `pid`.
fn signal(pid: u32, signal: &str) {
    Command::new("kill")
        .args([signal, &pid.to_string()])
        .status()
        .unwrap();
}

/// Plays `moves` plies from the start position at byoyomi `BYOYOMI_MS`:
/// each `bestmove` legal and within the byoyomi plus half a second; the
/// lines written.
fn play_in_time(e: &mut Engine, moves: &mut Vec<String>, plies: usize) -> Vec<String> {
    const BYOYOMI_MS: u64 = 1000;
    let mut lines = Vec::new();
    for _ in 0..plies {
        let asked = Instant::now();
        let go = format!("go btime 0 wtime 0 byoyomi {BYOYOMI_MS}");
        let got = e.play(moves, &go, Duration::from_secs(10));
        let took = asked.elapsed();
        assert!(
            took < Duration::from_millis(BYOYOMI_MS + 500),
            "bestmove after {took:?}: {got:?}"
        );
        lines.extend(got);
    }
    lines
}

#[test]
fn a_stopped_rank_is_dropped_and_every_bestmove_comes_in_time() {
    let _job = ONE_JOB.lock().unwrap_or_else(|e| e.into_inner());
    for method in ["cluster", "master-worker"] {
        stop_a_rank(method);
    }
}

/// An engine of `RANKS` ranks searching as `method` at byoyomi 1 s whose
/// rank 1 is stopped (SIGSTOP) mid-search.
fn stop_a_rank(method: &str) {
    let mut e = engine_of_ranks(method);
    e.send("setoption name USI_Hash value 16");
    e.ready(Duration::from_secs(60));
    let mut moves = Vec::new();
    play_in_time(&mut e, &mut moves, 2);
    // Rank 1 stops answering in the middle of a search.
    let hung = rank_pid(e.pid(), 1).expect("rank 1 runs under mpirun");
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    let asked = Instant::now();
    e.send("go btime 0 wtime 0 byoyomi 1000");
    std::thread::sleep(Duration::from_millis(300));
    signal(hung, "-STOP");
    let mut lines = e.bestmove(Duration::from_secs(10));
    let took = asked.elapsed();
    // The game goes on with the other ranks.
    lines.extend(play_in_time(&mut e, &mut moves, 3));
    signal(hung, "-KILL");
    assert!(
        took < Duration::from_millis(1500),
        "{method}: bestmove after {took:?}: {lines:?}"
    );
    let dropped = lines
        .iter()
        .filter(|l| l.starts_with("info string MPI rank 1 ") && l.contains("dropped"))
        .count();
    assert_eq!(dropped, 1, "{method}: {lines:?}");
}

/// The worker ranks evaluate with the net rank 0 loaded: rank 0 names its
/// file with each root, and every rank reads it (a file gone after
/// `isready` is said by the ranks that read it then).
fn ranks_follow_the_net(method: &str) {
    let dir = std::env::temp_dir().join(format!("yomi-mpi-net-{}-{method}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    yomi_nnue::Network::random(9)
        .save(&dir.join("nn.bin"))
        .unwrap();
    let mut e = engine_of_ranks(method);
    e.send("setoption name USI_Hash value 16");
    e.send(&format!("setoption name EvalDir value {}", dir.display()));
    e.send("isready");
    let lines = e.expect("readyok", Duration::from_secs(60));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string evaluation: NNUE")),
        "{lines:?}"
    );
    let mut moves = Vec::new();
    play_in_time(&mut e, &mut moves, 2);
    assert!(!e.stderr().contains("worker:"), "{}", e.stderr());
    std::fs::rename(dir.join("nn.bin"), dir.join("gone.bin")).unwrap();
    play_in_time(&mut e, &mut moves, 1);
    e.send("quit");
    e.wait_exit(Duration::from_secs(30));
    let said = e.stderr();
    assert!(
        said.contains("worker: cannot read") && said.contains("nn.bin"),
        "{method}: {said}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn worker_ranks_evaluate_with_rank_0s_net() {
    let _job = ONE_JOB.lock().unwrap_or_else(|e| e.into_inner());
    ranks_follow_the_net("cluster");
    ranks_follow_the_net("master-worker");
}

/// The ranks rebuild each root with the game's move limit
/// (`MaxMovesToDraw`): a rook up, one move before the limit, every line
/// is a draw on every rank.
#[test]
fn the_ranks_score_the_move_limit_as_a_draw() {
    let _job = ONE_JOB.lock().unwrap_or_else(|e| e.into_inner());
    let sfen = "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 40";
    for method in ["cluster", "master-worker"] {
        let mut e = engine_of_ranks(method);
        e.send("setoption name USI_Hash value 16");
        e.send("setoption name MaxMovesToDraw value 40");
        e.ready(Duration::from_secs(60));
        e.send(&format!("position sfen {sfen}"));
        e.send("go depth 4");
        let lines = e.bestmove(Duration::from_secs(30));
        let last = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth") && l.contains(" score "))
            .unwrap_or_else(|| panic!("{method}: {lines:?}"));
        assert!(last.contains(" score cp 0 "), "{method}: {last}");
        e.send("quit");
        e.wait_exit(Duration::from_secs(30));
    }
}
