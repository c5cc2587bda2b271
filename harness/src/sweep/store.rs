//! A sweep's output file: JSON Lines, one keyed record per line, appended
//! and flushed one at a time, locked against a second sweep, a torn last
//! line (a sweep killed mid-write) cut off when opened.

use ahash::AHashSet;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};

pub(crate) struct Store {
    file: File,
    path: PathBuf,
    keys: AHashSet<String>,
    /// The length of the records the file held when opened.
    opened_len: u64,
}

impl Store {
    /// Opens (or creates) `path` for this sweep alone: an error if another
    /// process holds it. Returns the store and whether a torn last line was
    /// cut off.
    pub(crate) fn open(path: &Path) -> Result<(Store, bool), String> {
        let shown = path.display();
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).map_err(|e| format!("cannot write {shown}: {e}"))?;
        }
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(|e| format!("cannot write {shown}: {e}"))?;
        if !lock(&file) {
            return Err(format!(
                "{shown} is being written by another sweep (it holds the file's lock)"
            ));
        }
        let mut text = String::new();
        file.read_to_string(&mut text)
            .map_err(|e| format!("cannot read {shown}: {e}"))?;
        let (keys, good_len) = complete_records(&text);
        let torn = good_len < text.len();
        if torn {
            file.set_len(good_len as u64)
                .map_err(|e| format!("cannot repair {shown}: {e}"))?;
        }
        Ok((
            Store {
                file,
                path: path.to_path_buf(),
                keys,
                opened_len: good_len as u64,
            },
            torn,
        ))
    }

    pub(crate) fn contains(&self, key: &str) -> bool {
        self.keys.contains(key)
    }

    pub(crate) fn len(&self) -> usize {
        self.keys.len()
    }

    /// Appends one record under `key`, written through before returning.
    pub(crate) fn append(&mut self, key: &str, line: &str) -> Result<(), String> {
        let shown = self.path.display();
        self.file
            .write_all(format!("{line}\n").as_bytes())
            .and_then(|()| self.file.sync_data())
            .map_err(|e| format!("cannot write {shown}: {e}"))?;
        self.keys.insert(key.to_string());
        Ok(())
    }

    /// Replaces the records appended since the file was opened with
    /// `lines` (the same records in another order), by way of a new file
    /// renamed over the old: a sweep killed meanwhile leaves one or the
    /// other whole.
    pub(crate) fn rewrite_appended(&mut self, lines: &[String]) -> Result<(), String> {
        let shown = self.path.display();
        let name = self.path.file_name().unwrap_or_default().to_string_lossy();
        let temporary = self.path.with_file_name(format!(".{name}.reordered"));
        let fail = |e: std::io::Error| format!("cannot rewrite {shown}: {e}");
        let mut new = File::create(&temporary).map_err(fail)?;
        // The new file is this sweep's from its first byte.
        lock(&new);
        self.file.seek(SeekFrom::Start(0)).map_err(fail)?;
        std::io::copy(&mut (&self.file).take(self.opened_len), &mut new).map_err(fail)?;
        for line in lines {
            new.write_all(format!("{line}\n").as_bytes())
                .map_err(fail)?;
        }
        new.sync_all().map_err(fail)?;
        std::fs::rename(&temporary, &self.path).map_err(fail)?;
        self.file = new;
        Ok(())
    }
}

/// Takes `file`'s exclusive lock, if no other process holds it. The lock
/// goes with the descriptor when the process ends, however it ends.
fn lock(file: &File) -> bool {
    // SAFETY: flock on a descriptor the caller owns.
    unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) == 0 }
}

/// The run keys of the records in the file at `path` (none if it does not
/// exist), read without taking its lock: what a dry run reports as done.
pub(crate) fn keys_in(path: &Path) -> AHashSet<String> {
    std::fs::read_to_string(path).map_or_else(|_| AHashSet::new(), |t| complete_records(&t).0)
}

/// The run keys of the complete records at the start of `text`, and the
/// length of that part: reading stops at the first line that is not a
/// whole keyed record (only the last line can be one, cut off mid-write).
fn complete_records(text: &str) -> (AHashSet<String>, usize) {
    let mut keys = AHashSet::new();
    let mut len = 0;
    for line in text.split_inclusive('\n') {
        if !line.ends_with('\n') {
            break;
        }
        let key = serde_json::from_str::<serde_json::Value>(line)
            .ok()
            .and_then(|v| v.get("run_key")?.as_str().map(str::to_string));
        let Some(key) = key else { break };
        keys.insert(key);
        len += line.len();
    }
    (keys, len)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appended_records_are_reordered_behind_the_old_ones_and_the_lock_kept() {
        let dir = std::env::temp_dir().join(format!("yomi-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("records.jsonl");
        std::fs::write(&path, "{\"run_key\":\"old\"}\n").unwrap();
        let (mut store, torn) = Store::open(&path).unwrap();
        assert!(!torn);
        let (b, a) = ("{\"run_key\":\"b\"}", "{\"run_key\":\"a\"}");
        store.append("b", b).unwrap();
        store.append("a", a).unwrap();
        store
            .rewrite_appended(&[a.to_string(), b.to_string()])
            .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, format!("{{\"run_key\":\"old\"}}\n{a}\n{b}\n"));
        assert!(Store::open(&path).is_err(), "the new file is still locked");
        drop(store);
        assert_eq!(Store::open(&path).unwrap().0.len(), 3);
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file left");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_torn_last_line_is_cut_off_and_complete_ones_kept() {
        let text = "{\"run_key\":\"a\"}\n{\"run_key\":\"b\"}\n{\"run_ke";
        let (keys, len) = complete_records(text);
        assert_eq!(keys.len(), 2);
        assert_eq!(&text[..len], "{\"run_key\":\"a\"}\n{\"run_key\":\"b\"}\n");
        let (keys, len) = complete_records("{\"run_key\":\"a\"}");
        assert!(keys.is_empty() && len == 0, "no newline: torn");
    }
}
