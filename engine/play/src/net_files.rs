//! An NNUE net for workers: the engine names the file in the text that
//! announces a root to its worker threads and MPI ranks (which share its
//! file system, as a cluster's nodes do), and each process loads a file
//! once, for the engine and its workers alike.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;
use yomi_nnue::{Network, NnueError};

/// What follows a root's text when a net goes with it.
const MARK: &str = "\teval\t";

/// `root` (of [`crate::root_text`]) with the net `file` to evaluate with,
/// its output divided by `scale` (`FV_SCALE`).
pub fn root_with_net(root: &str, file: &Path, scale: i32) -> String {
    format!("{root}{MARK}{scale}\t{}", file.display())
}

/// The root's text without the net, and the net's output scale and file.
pub(crate) fn split_root(text: &str) -> (&str, Option<(i32, &Path)>) {
    let Some((root, net)) = text.split_once(MARK) else {
        return (text, None);
    };
    let net = net
        .split_once('\t')
        .and_then(|(scale, file)| Some((scale.parse().ok()?, Path::new(file))));
    (root, net)
}

/// The last net loaded in this process: its file, modification time and
/// net.
type Loaded = Option<(PathBuf, Option<SystemTime>, Arc<Network>)>;

static LOADED: Mutex<Loaded> = Mutex::new(None);

/// The net in `file`, read once per file and modification time for every
/// thread of the process.
pub fn load_net(file: &Path) -> Result<Arc<Network>, NnueError> {
    let modified = std::fs::metadata(file).and_then(|m| m.modified()).ok();
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((f, m, net)) = loaded.as_ref() {
        if f == file && *m == modified {
            return Ok(net.clone());
        }
    }
    let net = Arc::new(Network::load(file)?);
    *loaded = Some((file.to_path_buf(), modified, net.clone()));
    Ok(net)
}

/// The net the root's text names (None: the built-in evaluation; a file
/// that cannot be read is said on stderr).
pub(crate) fn net_for_root(text: &str) -> Option<Arc<Network>> {
    let (scale, file) = split_root(text).1?;
    let net = load_net(file)
        .map_err(|e| eprintln!("worker: {e}; searching with the built-in evaluation"))
        .ok()?;
    net.set_output_scale(scale);
    Some(net)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_root_carries_its_net_file() {
        let root = "0 0 lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f";
        let text = root_with_net(root, Path::new("/nets/my net/nn.bin"), 24);
        assert_eq!(
            split_root(&text),
            (root, Some((24, Path::new("/nets/my net/nn.bin"))))
        );
        assert_eq!(split_root(root), (root, None));
        assert!(net_for_root(root).is_none());
        assert!(net_for_root(&root_with_net(root, Path::new("/nonexistent/nn.bin"), 16)).is_none());
    }
}
