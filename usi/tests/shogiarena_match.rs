//! ShogiArena, the ecosystem's match runner, plays `yomi` against itself
//! with its default rules (see `scripts/shogiarena_smoke.py`): it tells the
//! engine its move limit through `MaxMovesToDraw` and refuses engines
//! without it.
//!
//! Needs `shogiarena` on the PATH; `scripts/test.sh` installs it. Without
//! it the test fails on purpose instead of being skipped.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn shogiarena_plays_yomi_with_its_default_rules() {
    let repo = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let script = repo.join("scripts/shogiarena_smoke.py");
    let out = Command::new("python3")
        .arg(&script)
        .args(["--yomi", env!("CARGO_BIN_EXE_yomi")])
        .output()
        .unwrap_or_else(|e| panic!("could not run python3 {}: {e}", script.display()));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    println!("{text}");
    assert!(
        out.status.success(),
        "{} failed (the README test command `scripts/test.sh` installs shogiarena):\n{text}",
        script.display()
    );
}
