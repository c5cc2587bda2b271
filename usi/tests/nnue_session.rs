//! A GUI's session with an NNUE net, as YaneuraOu's users set it up:
//! EvalDir, `isready` saying which evaluation is in use, `eval`, a game; a
//! broken or missing file said at `isready`, the built-in evaluation on.

mod engine_process;

use engine_process::Engine;
use std::path::PathBuf;
use std::time::Duration;
use yomi_nnue::Network;
use yomi_shogi::board::Position;
use yomi_shogi::eval;

const LONG: Duration = Duration::from_secs(30);

/// A fresh folder under the system's temporary folder.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-nnue-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `eval`'s value after `position`.
fn eval_line(e: &mut Engine, position: &str) -> i32 {
    e.send(position);
    e.send("eval");
    let lines = e.until(LONG, |l| l.starts_with("eval = "));
    lines.last().unwrap()["eval = ".len()..].parse().unwrap()
}

#[test]
fn a_net_in_evaldir_is_used_and_a_broken_one_is_said() {
    let good = folder("good");
    let net = Network::random(5);
    net.save(&good.join("nn.bin")).unwrap();
    let broken = folder("broken");
    let bytes = std::fs::read(good.join("nn.bin")).unwrap();
    std::fs::write(broken.join("nn.bin"), &bytes[..bytes.len() / 3]).unwrap();

    let mut e = Engine::start();
    e.send("usi");
    let lines = e.expect("usiok", LONG);
    assert!(lines
        .iter()
        .any(|l| l == "option name EvalDir type string default eval"));
    e.send("setoption name USI_Hash value 16");
    e.send(&format!("setoption name EvalDir value {}", good.display()));
    e.send("isready");
    let lines = e.expect("readyok", LONG);
    assert!(
        lines.iter().any(|l| l
            .starts_with("info string evaluation: NNUE halfKP 256x2-32-32 from ")
            && l.contains(&good.join("nn.bin").display().to_string())),
        "{lines:?}"
    );

    // `eval` prints the net's value of the current position.
    let moves = ["7g7f", "3c3d", "8h2b+", "3a2b"];
    let mut pos = Position::startpos();
    for m in moves {
        let mv = pos.parse_usi_move(m).unwrap();
        pos.make_move(mv);
    }
    let position = format!("position startpos moves {}", moves.join(" "));
    let expected = yomi_nnue::evaluate(&net, &pos).unwrap();
    assert_eq!(eval_line(&mut e, &position), expected);

    // FV_SCALE divides the net's output, as YaneuraOu's option does.
    e.send("setoption name FV_SCALE value 24");
    e.ready(LONG);
    net.set_output_scale(24);
    assert_eq!(
        eval_line(&mut e, &position),
        yomi_nnue::evaluate(&net, &pos).unwrap()
    );
    net.set_output_scale(16);
    e.send("setoption name FV_SCALE value 16");
    e.ready(LONG);
    assert_eq!(eval_line(&mut e, &position), expected);

    // A game: a few moves at byoyomi, each legal.
    e.send("usinewgame");
    let mut played: Vec<String> = Vec::new();
    for _ in 0..4 {
        e.play(&mut played, "go btime 0 wtime 0 byoyomi 300", LONG);
    }

    // A truncated file: an error at isready, the built-in evaluation on.
    e.send(&format!(
        "setoption name EvalDir value {}",
        broken.display()
    ));
    e.send("isready");
    let lines = e.expect("readyok", LONG);
    assert!(
        lines.iter().any(|l| l.starts_with("info string error: ")
            && l.contains("truncated")
            && l.contains("using the built-in evaluation")),
        "{lines:?}"
    );
    assert_eq!(eval_line(&mut e, &position), eval::PLAY.evaluate(&pos));
    e.send("go btime 0 wtime 0 byoyomi 200");
    e.bestmove(LONG);

    // No file: said, and the built-in evaluation.
    e.send("setoption name EvalDir value /nonexistent-yomi-evaldir");
    e.send("isready");
    let lines = e.expect("readyok", LONG);
    assert!(
        lines.iter().any(|l| l.contains("evaluation: built-in (no /nonexistent-yomi-evaldir/nn.bin found)")),
        "{lines:?}"
    );

    // Back to the good net.
    e.send(&format!("setoption name EvalDir value {}", good.display()));
    e.send("isready");
    e.expect("readyok", LONG);
    assert_eq!(eval_line(&mut e, &position), expected);
    e.send("quit");
    assert_eq!(e.wait_exit(LONG), Some(0));
    let _ = std::fs::remove_dir_all(good);
    let _ = std::fs::remove_dir_all(broken);
}
