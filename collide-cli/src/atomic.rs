//! Writing files so that a reader sees the old content or the new, never a part.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so an
/// interrupted or failing write never leaves a partial or corrupted `path`. The temporary file
/// is removed when anything fails.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_all_atomic(&[(path, bytes)]).map_err(|(_, e)| e)
}

/// Writes every `(path, bytes)` as [`write_atomic`] does, all or none: each goes to a
/// temporary file first, and only when every one is complete are they renamed into place, so
/// a file that cannot be written leaves the others as they were. On failure, the path that
/// failed and why; every temporary file is removed.
pub fn write_all_atomic(files: &[(&Path, &[u8])]) -> Result<(), (PathBuf, io::Error)> {
    let mut temps = Vec::with_capacity(files.len());
    let mut result = Ok(());
    for (path, bytes) in files {
        match write_temp(path, bytes) {
            Ok(temp) => temps.push((temp, *path)),
            Err(e) => {
                result = Err((path.to_path_buf(), e));
                break;
            }
        }
    }
    if result.is_ok() {
        // A rename fails only for a path that cannot take a file (a folder in the way); the
        // renames already done cannot be undone then, but no file is ever partial.
        result = temps.iter().try_for_each(|(temp, path)| {
            fs::rename(temp, path).map_err(|e| (path.to_path_buf(), e))
        });
    }
    if result.is_err() {
        for (temp, _) in &temps {
            let _ = fs::remove_file(temp);
        }
    }
    result
}

/// Writes `bytes` to a new temporary file beside `path` and returns its path; nothing is left
/// behind when that fails.
fn write_temp(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    let temp = dir.join(format!(
        ".{}.{}-{}.tmp",
        name.to_string_lossy(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let result = File::create_new(&temp).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    match result {
        Ok(()) => Ok(temp),
        Err(e) => {
            let _ = fs::remove_file(&temp);
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names in `dir`, sorted: what a failed write must not have added to.
    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn replaces_content_and_cleans_up_on_failure() {
        let dir = std::env::temp_dir().join(format!("collide-atomic-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let file = dir.join("a.txt");
        write_atomic(&file, b"one").unwrap();
        write_atomic(&file, b"two").unwrap();
        assert_eq!(fs::read(&file).unwrap(), b"two");
        // A folder in the way: the rename fails, and nothing is left behind.
        let blocked = dir.join("b.txt");
        fs::create_dir_all(&blocked).unwrap();
        assert!(write_atomic(&blocked, b"x").is_err());
        assert_eq!(names_in(&dir), ["a.txt", "b.txt"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn writes_all_files_or_none() {
        let dir = std::env::temp_dir().join(format!("collide-atomic-all-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
        write_all_atomic(&[(&a, b"one"), (&b, b"two")]).unwrap();
        assert_eq!(fs::read(&b).unwrap(), b"two");
        // The second cannot be written (no such folder): the first keeps its old content.
        let missing = dir.join("no-such-folder/c.txt");
        let (failed, _) = write_all_atomic(&[(&a, b"new"), (&missing, b"x")]).unwrap_err();
        assert_eq!(failed, missing);
        assert_eq!(fs::read(&a).unwrap(), b"one");
        assert_eq!(names_in(&dir), ["a.txt", "b.txt"]);
        fs::remove_dir_all(&dir).unwrap();
    }
}
