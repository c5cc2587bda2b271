//! The NNUE net of `EvalDir`, loaded at `isready` as YaneuraOu's users know
//! it: `EvalDir/nn.bin`, a relative folder taken from the binary's own
//! folder. No file: the built-in evaluation. A file that cannot be used:
//! `info string error: …`, and the built-in evaluation.

use super::output::Output;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;
use yomi_nnue::Network;

/// The net's file name in `EvalDir`, as YaneuraOu names it.
const FILE_NAME: &str = "nn.bin";

/// The net in use and where it came from.
#[derive(Default)]
pub(super) struct EvalFile {
    /// The file, its modification time, and the net read from it.
    loaded: Option<(PathBuf, Option<SystemTime>, Arc<Network>)>,
}

impl EvalFile {
    /// Loads `eval_dir`'s net unless the same file is loaded already, says
    /// which evaluation is in use, and returns the net (None: built in).
    pub(super) fn prepare(&mut self, eval_dir: &str, out: &Output) -> Option<Arc<Network>> {
        let Some(path) = net_path(eval_dir) else {
            self.loaded = None;
            out.info("evaluation: built-in (EvalDir is empty)");
            return None;
        };
        if !path.exists() {
            self.loaded = None;
            out.info(&format!(
                "evaluation: built-in (no {} found)",
                path.display()
            ));
            return None;
        }
        let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
        if let Some((p, m, net)) = &self.loaded {
            if *p == path && *m == modified {
                out.info(&describe(&path, net));
                return Some(net.clone());
            }
        }
        match yomi_play::load_net(&path) {
            Ok(net) => {
                out.info(&describe(&path, &net));
                self.loaded = Some((path, modified, net.clone()));
                Some(net)
            }
            Err(e) => {
                self.loaded = None;
                out.error(&format!(
                    "{}: {e}; using the built-in evaluation",
                    path.display()
                ));
                None
            }
        }
    }

    /// The net in use (as of the last `prepare`).
    pub(super) fn network(&self) -> Option<Arc<Network>> {
        self.loaded.as_ref().map(|(_, _, net)| net.clone())
    }

    /// The file of the net in use.
    pub(super) fn file(&self) -> Option<&Path> {
        self.loaded.as_ref().map(|(path, _, _)| path.as_path())
    }
}

fn describe(path: &Path, net: &Network) -> String {
    format!(
        "evaluation: NNUE halfKP 256x2-32-32 from {} ({})",
        path.display(),
        if net.uses_simd() {
            "AVX2"
        } else {
            "scalar code"
        }
    )
}

/// `eval_dir/nn.bin`, a relative folder taken from the binary's folder.
fn net_path(eval_dir: &str) -> Option<PathBuf> {
    let dir = Path::new(eval_dir.trim());
    if dir.as_os_str().is_empty() {
        return None;
    }
    let dir = if dir.is_absolute() {
        dir.to_path_buf()
    } else {
        let exe = std::env::current_exe().ok()?;
        exe.parent()?.join(dir)
    };
    Some(dir.join(FILE_NAME))
}
