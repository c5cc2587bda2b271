//! USI transcripts of the `yomi` binary: every command, the answers GUIs
//! wait for, and errors that change nothing.

mod engine_process;

use engine_process::Engine;
use std::time::{Duration, Instant};
use yomi_shogi::board::Position;

const SHORT: Duration = Duration::from_secs(5);
const LONG: Duration = Duration::from_secs(30);

fn ready_engine() -> Engine {
    let mut e = Engine::start();
    e.send("setoption name USI_Hash value 16");
    e.ready(LONG);
    e
}

/// The move of a `bestmove` line, checked legal in `pos`.
fn legal_bestmove(line: &str, pos: &Position) -> String {
    let mv = line.split_whitespace().nth(1).expect("bestmove has a move");
    // The ponder move, if any, is legal after it.
    let words: Vec<&str> = line.split_whitespace().collect();
    match words[..] {
        [_, _, "ponder", reply] => legal_line(&[mv, reply], pos),
        _ => legal_line(&[mv], pos),
    }
    mv.to_string()
}

/// Every move of `moves` is legal where it is played, from `pos`.
fn legal_line(moves: &[&str], pos: &Position) {
    let mut pos = pos.clone();
    for m in moves {
        let mv = pos
            .parse_usi_move(m)
            .unwrap_or_else(|e| panic!("{m} of {moves:?} in {}: {e}", pos.to_sfen()));
        pos.make_move(mv);
    }
}

/// The PV of every `info` line of `lines` is legal from `pos`.
fn legal_pvs(lines: &[String], pos: &Position) {
    for line in lines.iter().filter(|l| l.starts_with("info depth")) {
        if let Some(pv) = line.split(" pv ").nth(1) {
            legal_line(&pv.split_whitespace().collect::<Vec<_>>(), pos);
        }
    }
}

fn after(moves: &[&str]) -> Position {
    let mut pos = Position::startpos();
    for m in moves {
        let mv = pos.parse_usi_move(m).unwrap();
        pos.make_move(mv);
    }
    pos
}

#[test]
fn handshake_declares_every_option() {
    let mut e = Engine::start();
    e.send("usi");
    let lines = e.expect("usiok", SHORT);
    assert!(lines[0].starts_with("id name Yomi"));
    assert!(lines[1].starts_with("id author"));
    for option in [
        "USI_Hash",
        "Clear Hash",
        "USI_Ponder",
        "Threads",
        "BranchLimit",
        "MultiPV",
        "DepthLimit",
        "NodesLimit",
        "MaxMovesToDraw",
        "SearchMode",
        "ParallelMethod",
        "ByoyomiMargin",
        "EvalDir",
        "FV_SCALE",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type "))),
            "{option}: {lines:?}"
        );
    }
    e.ready(SHORT);
    e.send("quit");
    assert_eq!(e.wait_exit(SHORT), Some(0));
}

#[test]
fn setoption_validates_clamps_and_reports() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 0");
    e.until(SHORT, |l| l.contains("MultiPV 0 is out of range, set to 1"));
    e.send("setoption name Frobnicate value 3");
    e.until(SHORT, |l| {
        l.starts_with("info string error: unknown option")
    });
    e.send("setoption name BranchLimit value many");
    e.until(SHORT, |l| {
        l.starts_with("info string error: option BranchLimit needs an integer")
    });
    e.send("setoption BranchLimit 5");
    e.until(SHORT, |l| {
        l.starts_with("info string error: usage: setoption")
    });
    e.send("setoption name SearchMode value research");
    e.send("setoption name USI_Hash value 8");
    e.ready(SHORT);
    assert!(
        !e.transcript.iter().any(|l| l.contains("SearchMode")),
        "{:?}",
        e.transcript
    );
}

#[test]
fn go_depth_searches_the_position_and_answers_a_legal_move() {
    let mut e = ready_engine();
    e.send("usinewgame");
    e.send("position startpos moves 7g7f 3c3d");
    e.send("go depth 4");
    let lines = e.bestmove(LONG);
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 4, "{lines:?}");
    for key in [
        "seldepth", "score cp", "nodes", "nps", "hashfull", "time", "pv",
    ] {
        assert!(infos[3].contains(key), "{key} missing: {}", infos[3]);
    }
    legal_bestmove(lines.last().unwrap(), &after(&["7g7f", "3c3d"]));
    e.send("gameover win");
    e.ready(SHORT);
}

#[test]
fn research_mode_and_branch_limit_apply() {
    let mut e = Engine::start();
    e.send("setoption name SearchMode value research");
    e.send("setoption name BranchLimit value 3");
    e.send("setoption name USI_Hash value 8");
    e.ready(SHORT);
    e.send("position startpos");
    e.send("go depth 5");
    let lines = e.bestmove(LONG);
    // Research mode iterates two plies at a time: depths 1, 3, 5.
    let depths: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .map(|l| l.split(' ').nth(2).unwrap())
        .collect();
    assert_eq!(depths, ["1", "3", "5"], "{lines:?}");
    legal_bestmove(lines.last().unwrap(), &Position::startpos());
}

#[test]
fn movetime_and_byoyomi_are_kept() {
    let mut e = ready_engine();
    e.send("position startpos");
    let start = Instant::now();
    e.send("go movetime 500");
    e.bestmove(SHORT);
    assert!(
        start.elapsed() < Duration::from_millis(1500),
        "{:?}",
        start.elapsed()
    );

    e.send("setoption name ByoyomiMargin value 100");
    e.send("position startpos moves 2g2f");
    let start = Instant::now();
    e.send("go btime 0 wtime 0 byoyomi 1000");
    let lines = e.bestmove(SHORT);
    assert!(
        start.elapsed() < Duration::from_millis(1500),
        "{:?}",
        start.elapsed()
    );
    legal_bestmove(lines.last().unwrap(), &after(&["2g2f"]));
}

/// Starts `go infinite`; `isready` is answered while the search runs, and
/// no bestmove comes early.
fn go_infinite_answering_isready(e: &mut Engine) {
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    e.send("isready");
    let lines = e.expect("readyok", SHORT);
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
}

#[test]
fn infinite_and_ponder_wait_for_stop_and_ponderhit() {
    let mut e = ready_engine();
    e.send("position startpos");
    go_infinite_answering_isready(&mut e);
    let stopped = Instant::now();
    e.send("stop");
    e.bestmove(SHORT);
    assert!(stopped.elapsed() < Duration::from_millis(500));

    e.send("position startpos moves 7g7f");
    e.send("go ponder btime 10000 wtime 10000 byoyomi 1000");
    let early = e.drain(Duration::from_millis(400));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "{early:?}"
    );
    let hit = Instant::now();
    e.send("ponderhit");
    let lines = e.bestmove(SHORT);
    assert!(
        hit.elapsed() < Duration::from_millis(3000),
        "{:?}",
        hit.elapsed()
    );
    legal_bestmove(lines.last().unwrap(), &after(&["7g7f"]));
}

#[test]
fn a_depth_limited_infinite_search_still_waits_for_stop() {
    let mut e = ready_engine();
    e.send("position startpos");
    e.send("go infinite depth 2");
    let early = e.drain(Duration::from_millis(300));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "{early:?}"
    );
    e.send("stop");
    e.bestmove(SHORT);
}

#[test]
fn bad_positions_keep_the_previous_one() {
    let mut e = ready_engine();
    e.send("position startpos moves 7g7f");
    e.send("position startpos moves 7g7f 7g7f");
    e.until(SHORT, |l| l.starts_with("info string error: move 2 (7g7f)"));
    e.send("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1");
    e.until(SHORT, |l| l.starts_with("info string error: bad SFEN"));
    e.send("position");
    e.until(SHORT, |l| {
        l.starts_with("info string error: position needs")
    });
    e.send("go depth 2");
    let lines = e.bestmove(LONG);
    legal_bestmove(lines.last().unwrap(), &after(&["7g7f"]));
}

#[test]
fn go_before_position_searches_the_start_position() {
    let mut e = ready_engine();
    e.send("go depth 2");
    let lines = e.bestmove(LONG);
    assert!(lines.iter().any(|l| l.contains("go before position")));
    legal_bestmove(lines.last().unwrap(), &Position::startpos());
}

#[test]
fn a_mated_side_resigns_and_a_mate_is_announced() {
    let mut e = ready_engine();
    e.send("position sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
    e.send("go depth 3");
    let lines = e.bestmove(SHORT);
    assert_eq!(lines.last().unwrap(), "bestmove resign");
    e.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    e.send("go btime 1000 wtime 1000 byoyomi 1000");
    let lines = e.bestmove(SHORT);
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
    assert!(lines.last().unwrap().starts_with("bestmove G*5b"));
}

/// The `checkmate` answer to `go mate <args>` in `sfen`, with the lines
/// before it.
fn go_mate(e: &mut Engine, sfen: &str, args: &str) -> (String, Vec<String>) {
    e.send(&format!("position sfen {sfen}"));
    e.send(&format!("go mate {args}"));
    let lines = e.until(LONG, |l| l.starts_with("checkmate"));
    let answer = lines.last().unwrap()["checkmate ".len()..].to_string();
    (answer, lines)
}

#[test]
fn go_mate_answers_the_line_nomate_or_timeout_and_hears_stop() {
    let mut e = ready_engine();
    // A mate in three (from a random game): the whole line, ending in mate.
    let sfen = "4+S2k1/2P3gs1/l1n1p+B1pP/p1r4gp/1pp3pPl/PP1p2P2/L4PN1L/2NGP1S2/1NBK4R b GSPp 111";
    let (answer, lines) = go_mate(&mut e, sfen, "3000");
    let moves: Vec<&str> = answer.split(' ').collect();
    assert_eq!(moves.len(), 3, "{lines:?}");
    legal_line(&moves, &Position::from_sfen(sfen).unwrap());
    let mut pos = Position::from_sfen(sfen).unwrap();
    for m in &moves {
        pos.make_move(pos.parse_usi_move(m).unwrap());
    }
    assert!(pos.in_check() && pos.count_legal_moves() == 0);
    assert!(
        lines.iter().any(|l| l.starts_with("info time ")),
        "{lines:?}"
    );
    // No check at all: no mate, at once (also with `infinite`).
    assert_eq!(
        go_mate(&mut e, &Position::startpos().to_sfen(), "infinite").0,
        "nomate"
    );
    // A long mate (63 plies as found; seconds of search): `stop` ends it.
    let hard =
        "pn2k1+S2/4gsp1l/1p1+R1P1P1/1P1PP4/1sG2rS1p/+l1P1Gp1pn/1+B2KnP1L/Pb1Gp4/L8 b N3P 153";
    e.send(&format!("position sfen {hard}"));
    e.send("go mate infinite");
    std::thread::sleep(Duration::from_millis(300));
    e.send("isready");
    let lines = e.expect("readyok", SHORT);
    assert!(
        !lines.iter().any(|l| l.starts_with("checkmate")),
        "{lines:?}"
    );
    e.send("stop");
    e.expect("checkmate timeout", SHORT);
    // Its time is kept too.
    assert_eq!(go_mate(&mut e, hard, "200").0, "timeout");
    // The engine still plays afterwards.
    e.send("position startpos");
    e.send("go depth 2");
    e.bestmove(SHORT);
}

#[test]
fn the_play_search_plays_a_mate_the_probe_finds_and_research_mode_does_not_probe() {
    let mut e = ready_engine();
    // Mate in three: beyond a one-ply search, found by the mate probe.
    let sfen = "4+S2k1/2P3gs1/l1n1p+B1pP/p1r4gp/1pp3pPl/PP1p2P2/L4PN1L/2NGP1S2/1NBK4R b GSPp 111";
    e.send(&format!("position sfen {sfen}"));
    e.send("go depth 1");
    let lines = e.bestmove(SHORT);
    assert!(
        lines.iter().any(|l| l.contains("score mate 3 ")),
        "{lines:?}"
    );
    let best = legal_bestmove(lines.last().unwrap(), &Position::from_sfen(sfen).unwrap());
    assert_eq!(best, "S*1b", "{lines:?}");
    e.send("setoption name SearchMode value research");
    e.send("isready");
    e.expect("readyok", LONG);
    e.send("go depth 1");
    let lines = e.bestmove(SHORT);
    assert!(!lines.iter().any(|l| l.contains("score mate")), "{lines:?}");
}

#[test]
fn odd_input_is_reported_and_survived() {
    let mut e = ready_engine();
    e.send("xyzzy");
    e.until(SHORT, |l| {
        l == "info string error: unknown command \"xyzzy\""
    });
    e.send_bytes(b"\xff\xfe\x00garbage\r\n");
    e.until(SHORT, |l| {
        l.starts_with("info string error: unknown command")
    });
    e.send_bytes(&vec![b'a'; 3 << 20]);
    e.send("");
    e.until(SHORT, |l| l.contains("bytes ignored"));
    e.send("go sideways");
    e.until(SHORT, |l| {
        l.starts_with("info string error: unknown go parameter")
    });
    e.send("go mate 1000");
    e.until(SHORT, |l| l.starts_with("checkmate "));
    e.send("stop");
    e.send("ponderhit");
    e.send("   ");
    e.ready(SHORT);
}

#[test]
fn quit_during_a_search_and_eof_exit_cleanly() {
    let mut e = ready_engine();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.send("quit");
    assert_eq!(e.wait_exit(SHORT), Some(0));
    drop(e);

    let mut e = ready_engine();
    e.send("position startpos");
    e.send("go infinite");
    e.close_input();
    assert_eq!(e.wait_exit(SHORT), Some(0));
}

#[test]
fn multipv_reports_several_lines_per_depth() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("setoption name USI_Hash value 8");
    e.ready(SHORT);
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.bestmove(LONG);
    let at_depth_3: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 3 "))
        .collect();
    assert_eq!(at_depth_3.len(), 3, "{lines:?}");
    let firsts: std::collections::HashSet<&str> = at_depth_3
        .iter()
        .enumerate()
        .map(|(k, l)| {
            assert!(l.contains(&format!(" multipv {} ", k + 1)), "{l}");
            l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap()
        })
        .collect();
    assert_eq!(firsts.len(), 3, "{at_depth_3:?}");
}

#[test]
fn an_entered_king_declares_the_win() {
    let mut e = ready_engine();
    e.send("position sfen +R+B2K1GGS/PPPPP4/9/9/9/9/9/9/4k4 b 10P 1");
    e.send("go btime 1000 wtime 1000 byoyomi 1000");
    assert_eq!(e.bestmove(SHORT).last().unwrap(), "bestmove win");
    // One point short: it plays on.
    e.send("position sfen +R+B2K1GGS/PPPPP4/9/9/9/9/9/9/4k4 b 9P 1");
    e.send("go depth 2");
    assert_ne!(e.bestmove(LONG).last().unwrap(), "bestmove win");
}

/// Every kind of `go` with two threads in `mode`, shared by `method`;
/// MultiPV 3 gives `lines` lines a depth.
fn two_threads_answer_every_kind_of_go(mode: &str, method: &str, lines_per_depth: usize) {
    let mut e = Engine::start();
    e.send(&format!("setoption name SearchMode value {mode}"));
    e.send(&format!("setoption name ParallelMethod value {method}"));
    e.send("setoption name Threads value 2");
    e.send("setoption name USI_Hash value 16");
    e.ready(LONG);
    e.send("position startpos moves 7g7f");
    e.send("go depth 6");
    let lines = e.bestmove(LONG);
    legal_pvs(&lines, &after(&["7g7f"]));
    legal_bestmove(lines.last().unwrap(), &after(&["7g7f"]));

    e.send("position startpos");
    let start = Instant::now();
    e.send("go movetime 500");
    legal_bestmove(e.bestmove(SHORT).last().unwrap(), &Position::startpos());
    assert!(
        start.elapsed() < Duration::from_millis(1500),
        "{:?}",
        start.elapsed()
    );

    go_infinite_answering_isready(&mut e);
    e.send("stop");
    legal_bestmove(e.bestmove(SHORT).last().unwrap(), &Position::startpos());

    e.send("position startpos moves 2g2f");
    e.send("go ponder btime 10000 wtime 10000 byoyomi 1000");
    std::thread::sleep(Duration::from_millis(300));
    e.send("ponderhit");
    legal_bestmove(e.bestmove(SHORT).last().unwrap(), &after(&["2g2f"]));

    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 4");
    let lines = e.bestmove(LONG);
    // UCT-Treesplit reports one line, at the end, as depth 1.
    let depth = if method == "uct-treesplit" { 1 } else { 4 };
    let at_depth = lines
        .iter()
        .filter(|l| l.starts_with(&format!("info depth {depth} ")))
        .count();
    assert_eq!(at_depth, lines_per_depth, "{lines:?}");
    legal_bestmove(lines.last().unwrap(), &Position::startpos());
}

#[test]
fn two_threads_answer_every_kind_of_go_in_play_mode() {
    two_threads_answer_every_kind_of_go("play", "lazy-smp", 3);
}

#[test]
fn two_threads_answer_every_kind_of_go_with_the_master_and_workers() {
    // The master reports its best move only.
    two_threads_answer_every_kind_of_go("play", "master-worker", 1);
}

#[test]
fn two_threads_answer_every_kind_of_go_with_uct_treesplit() {
    two_threads_answer_every_kind_of_go("play", "uct-treesplit", 1);
}

#[test]
fn an_empty_clock_with_a_node_limit_searches_to_the_limit() {
    // Match runners send node-limited games so (ShogiArena's node_limit);
    // the clock's 0 must not cut the search to its floor.
    let mut e = ready_engine();
    e.send("position startpos");
    e.send("go btime 0 wtime 0 nodes 200000");
    let lines = e.bestmove(LONG);
    let nodes: u64 = lines
        .iter()
        .rev()
        .find_map(|l| words_after(l, "nodes"))
        .expect("an info line with nodes")[0]
        .parse()
        .unwrap();
    // The last finished iteration's count (an empty clock read as a clock
    // stopped near 5,000).
    assert!(nodes >= 100_000, "{nodes} nodes: {lines:?}");
    legal_bestmove(lines.last().unwrap(), &Position::startpos());
}

#[test]
fn uct_treesplit_runs_the_simulations_it_is_given() {
    let mut e = Engine::start();
    e.send("setoption name ParallelMethod value uct-treesplit");
    e.send("setoption name Threads value 2");
    e.ready(LONG);
    e.send("position startpos moves 7g7f 3c3d");
    e.send("go nodes 1500");
    let lines = e.bestmove(LONG);
    let info = lines
        .iter()
        .find(|l| l.starts_with("info "))
        .expect("an info line");
    assert!(info.contains(" nodes 1500 "), "{info}");
    legal_bestmove(lines.last().unwrap(), &after(&["7g7f", "3c3d"]));
    // A mated side has no move to search.
    e.send("position sfen 4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1");
    e.send("go nodes 100");
    assert_eq!(e.bestmove(SHORT).last().unwrap(), "bestmove resign");
}

#[test]
fn two_threads_answer_every_kind_of_go_in_research_mode() {
    // The master reports its best move only.
    two_threads_answer_every_kind_of_go("research", "lazy-smp", 1);
}

/// The last score and the move of a research-mode `go depth 5` with
/// `threads` threads.
fn research_answer(threads: usize, position: &str) -> (String, String) {
    let mut e = Engine::start();
    e.send("setoption name SearchMode value research");
    e.send(&format!("setoption name Threads value {threads}"));
    e.send("setoption name USI_Hash value 16");
    e.ready(LONG);
    e.send(position);
    e.send("go depth 5");
    let lines = e.bestmove(LONG);
    let last_info = lines
        .iter()
        .rfind(|l| l.starts_with("info depth 5 "))
        .unwrap_or_else(|| panic!("no depth 5: {lines:?}"));
    let score = last_info.split(" score ").nth(1).unwrap();
    let score = score.split(' ').take(2).collect::<Vec<_>>().join(" ");
    (score, lines.last().unwrap().clone())
}

#[test]
fn two_threads_in_research_mode_keep_the_root_value() {
    for position in [
        "position startpos moves 7g7f 3c3d",
        "position sfen ln1g3nl/1r1sgk1b1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1BG4R1/LNS1KGSNL b - 11",
    ] {
        let (one, _) = research_answer(1, position);
        let (two, bestmove) = research_answer(2, position);
        assert_eq!(one, two, "{position}");
        assert!(bestmove.starts_with("bestmove "), "{bestmove}");
    }
}

#[test]
fn threads_beyond_the_cores_are_capped_and_said_once() {
    let mut e = Engine::start();
    e.send("setoption name Threads value 1024");
    e.send("setoption name USI_Hash value 16");
    e.ready(LONG);
    for _ in 0..2 {
        e.send("position startpos");
        e.send("go depth 2");
        legal_bestmove(e.bestmove(LONG).last().unwrap(), &Position::startpos());
    }
    let notes = e
        .transcript
        .iter()
        .filter(|l| l.contains("Threads 1024 is more than this machine's"))
        .count();
    assert_eq!(notes, 1, "{:?}", e.transcript);
}

#[test]
fn multipv_lines_come_best_first_at_every_depth() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("setoption name USI_Hash value 16");
    e.ready(LONG);
    // A professional middle game, where later lines used to score above
    // line 1.
    let sfen = "ln3g1nl/1r4k2/3spgsp1/pbpp1pp1p/4P4/P1PPSBP1P/1P1S2NP1/2G1RG3/LN1K4L b Pp 51";
    e.send(&format!("position sfen {sfen}"));
    e.send("go depth 6");
    let lines = e.bestmove(LONG);
    let pos = Position::from_sfen(sfen).unwrap();
    legal_pvs(&lines, &pos);
    // (depth, multipv, centipawns) of every report.
    let reports: Vec<(u32, usize, i32)> = lines
        .iter()
        .filter(|l| l.starts_with("info depth") && l.contains(" score cp "))
        .map(|l| {
            let word = |key: &str| {
                let w: Vec<&str> = l.split_whitespace().collect();
                let i = w.iter().position(|&x| x == key).unwrap();
                w[i + 1].to_string()
            };
            (
                word("depth").parse().unwrap(),
                word("multipv").parse().unwrap(),
                word("cp").parse().unwrap(),
            )
        })
        .collect();
    assert!(reports.iter().any(|r| r.0 == 6 && r.1 == 3), "{lines:?}");
    for depth in 1..=6 {
        let at: Vec<_> = reports.iter().filter(|r| r.0 == depth).collect();
        assert!(
            at.windows(2)
                .all(|w| w[0].2 >= w[1].2 && w[1].1 == w[0].1 + 1),
            "{at:?}"
        );
    }
    let best = legal_bestmove(lines.last().unwrap(), &pos);
    let line_1 = lines
        .iter()
        .rev()
        .find(|l| l.contains(" multipv 1 "))
        .and_then(|l| l.split(" pv ").nth(1))
        .and_then(|pv| pv.split_whitespace().next())
        .unwrap()
        .to_string();
    assert_eq!(best, line_1, "bestmove is line 1's move");
}

/// The words after `field` in the last `info depth D` line of `go depth D`
/// on `position` (a `position` command's arguments).
fn info_at_depth(e: &mut Engine, position: &str, depth: u32, field: &str) -> Vec<String> {
    e.send(&format!("position {position}"));
    e.send(&format!("go depth {depth}"));
    let lines = e.bestmove(LONG);
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with(&format!("info depth {depth} ")))
        .unwrap_or_else(|| panic!("{lines:?}"));
    words_after(info, field).unwrap_or_else(|| panic!("{field} in {info}"))
}

/// The words after `field` in a line, if it has the field.
fn words_after(line: &str, field: &str) -> Option<Vec<String>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|&w| w == field)?;
    Some(words[at + 1..].iter().map(|w| w.to_string()).collect())
}

/// The last `info` line's score of `go depth 3` on `sfen`, from a
/// cleared table (`isready`).
fn score_at_depth_3(e: &mut Engine, sfen: &str) -> String {
    e.ready(SHORT);
    let score = info_at_depth(e, &format!("sfen {sfen}"), 3, "score");
    format!("{} {}", score[0], score[1])
}

#[test]
fn max_moves_to_draw_scores_the_move_limit_as_a_draw() {
    let mut e = ready_engine();
    // Black is a rook up; with the game drawn after one move more, every
    // line is a draw.
    let sfen = "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 40";
    let free = score_at_depth_3(&mut e, sfen);
    assert!(
        free.starts_with("cp ") && free[3..].parse::<i32>().unwrap() > 300,
        "{free}"
    );
    e.send("setoption name MaxMovesToDraw value 40");
    assert_eq!(score_at_depth_3(&mut e, sfen), "cp 0");
    // A limit further off changes nothing at this depth.
    e.send("setoption name MaxMovesToDraw value 256");
    assert_eq!(score_at_depth_3(&mut e, sfen), free);
}

/// The nodes of `go depth 6` on the start position.
fn nodes_at_depth_6(e: &mut Engine) -> u64 {
    info_at_depth(e, "startpos", 6, "nodes")[0].parse().unwrap()
}

#[test]
fn clear_hash_empties_the_table() {
    let mut e = ready_engine();
    let first = nodes_at_depth_6(&mut e);
    // The table's results from the first search shorten the second.
    assert_ne!(nodes_at_depth_6(&mut e), first);
    e.send("setoption name Clear Hash");
    assert_eq!(nodes_at_depth_6(&mut e), first);
}

#[test]
fn search_params_are_options_for_tuning_only() {
    {
        // One engine at a time: this one ends before the next starts.
        let mut plain = Engine::start();
        plain.send("usi");
        let listed = plain.expect("usiok", SHORT);
        assert!(
            !listed.iter().any(|l| l.contains("RazorMargin")),
            "{listed:?}"
        );
        plain.send("setoption name LmrBase value 150");
        plain.send("usi_tunables");
        let errors = plain.until(SHORT, |l| l.contains("usi_tunables"));
        assert!(
            errors[0].contains("unknown option \"LmrBase\""),
            "{errors:?}"
        );
    }

    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_yomi"));
    command.args(["usi", "--search-params"]);
    let mut e = Engine::start_with(command);
    e.send("usi");
    let listed = e.expect("usiok", SHORT);
    assert!(
        listed.contains(&"option name LmrBase type spin default 75 min 0 max 200".to_string()),
        "{listed:?}"
    );
    // ShogiArena's question, answered with its manifest.
    e.send("usi_tunables");
    let manifest = e.expect("usi_tunablesok", SHORT);
    assert!(manifest[0].starts_with(
        "info string shogiarena_tunables_json {\"schema_version\":\"shogiarena.usi_tunables.v1\""
    ));
    e.send("setoption name USI_Hash value 16");
    e.ready(LONG);
    let defaults = nodes_at_depth_6(&mut e);
    e.send("setoption name LmrBase value 200");
    e.send("setoption name Clear Hash");
    assert_ne!(nodes_at_depth_6(&mut e), defaults, "the search reads them");
    e.send("setoption name LmrBase value 75");
    e.send("setoption name Clear Hash");
    assert_eq!(nodes_at_depth_6(&mut e), defaults);
}
