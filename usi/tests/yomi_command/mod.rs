//! The `yomi` binary run once with arguments, for the tests of its
//! developer commands.

use std::process::{Command, Output};

/// `yomi ARGS`, run to its end.
pub(crate) fn yomi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_yomi"))
        .args(args)
        .output()
        .expect("yomi runs")
}
