//! The developer commands' `--out PATH` (`nnue random|train`, `selfplay`,
//! `tune`): the folder is made, and a path that cannot be written is said
//! ("cannot write") before any work.

mod yomi_command;

use std::path::PathBuf;
use yomi_command::yomi;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-out-paths-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn random_makes_the_nets_folder() {
    let dir = scratch("random");
    let net = dir.join("nets/mine/nn.bin");
    let run = yomi(&[
        "nnue",
        "random",
        "--seed",
        "1",
        "--out",
        net.to_str().unwrap(),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(yomi_nnue::Network::load(&net).is_ok());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_unwritable_out_fails_before_training() {
    let dir = scratch("train");
    std::fs::create_dir_all(&dir).unwrap();
    // A folder that cannot be made: its parent is a file.
    let file = dir.join("a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let net = file.join("nn.bin");
    for args in [
        // The data does not exist: the output is checked first.
        vec!["nnue", "train", "--data", "/nonexistent.tsv", "--out"],
        vec!["nnue", "random", "--seed", "1", "--out"],
        vec!["tune", "/nonexistent.tsv", "--out"],
        vec!["selfplay", "--games", "1", "--out"],
    ] {
        let mut args = args.clone();
        args.push(net.to_str().unwrap());
        let run = yomi(&args);
        let said = String::from_utf8_lossy(&run.stderr);
        assert!(!run.status.success());
        assert!(
            said.contains("cannot write") && said.contains("a-file"),
            "{args:?}: {said}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn selfplay_makes_the_positions_folder() {
    let dir = scratch("selfplay");
    let out = dir.join("data/positions.tsv");
    let run = yomi(&[
        "selfplay",
        "--games",
        "1",
        "--nodes",
        "200",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(std::fs::metadata(&out).unwrap().len() > 0);
    let _ = std::fs::remove_dir_all(dir);
}
