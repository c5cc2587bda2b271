//! Where the commands' text goes: files in the output folder, or stdout
//! (a reader that goes away, as `| head` does, ends the output quietly).

use std::io::Write;
use std::path::Path;

/// Writes `text` to `dir/name`, saying so on stderr.
pub(crate) fn write(dir: &Path, name: &str, text: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = dir.join(name);
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// Prints `text` on stdout.
pub(crate) fn print(text: &str) -> Result<(), String> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        result => result.map_err(|e| format!("cannot write to stdout: {e}")),
    }
}
