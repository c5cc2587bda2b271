//! Where a command writes its `--out` file: the folder is made, and a path
//! that cannot be written is said before the command's work.

use std::fs::{File, OpenOptions};
use std::path::Path;

/// `path` opened to append to (created, with its folder, if need be).
pub(crate) fn append(path: &Path) -> Result<File, String> {
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(cannot)?;
    }
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(cannot)
}

/// Whether `path` can be written (its folder made): asked before a long
/// computation. A file that was not there is not left behind.
pub(crate) fn check(path: &Path) -> Result<(), String> {
    let existed = path.exists();
    append(path)?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

/// Writes `text` to `path` (its folder made).
pub(crate) fn write(path: &Path, text: &str) -> Result<(), String> {
    check(path)?;
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
