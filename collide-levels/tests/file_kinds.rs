//! A file a project or map names is read only when it is a regular file of at most
//! `MAX_FILE_BYTES`: a level naming `/dev/zero` as its level file or tileset read for ever
//! (6 GB in 8 seconds, then the process was killed), a pipe was opened and waited on for a
//! writer for ever, and a directory is no file.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use collide_levels::{Error, ErrorKind, LdtkOptions, LdtkProject, TiledMap, TiledOptions};

/// A fresh folder of this test's own.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("collide-levels-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// An LDtk project whose one level lies in the file `level`.
fn ldtk_naming(level: &str) -> String {
    format!(
        r#"{{"jsonVersion": "1", "worlds": [], "levels": [{{"identifier": "L0", "iid": "l0",
        "worldX": 0, "worldY": 0, "layerInstances": null, "externalRelPath": "{level}"}}]}}"#
    )
}

/// A Tiled JSON map whose one tileset lies in the file `tileset`.
fn tmj_naming(tileset: &str) -> String {
    format!(
        r#"{{"type": "map", "orientation": "orthogonal", "width": 1, "height": 1,
        "tilewidth": 16, "tileheight": 16, "infinite": false,
        "tilesets": [{{"firstgid": 1, "source": "{tileset}"}}],
        "layers": [{{"type": "tilelayer", "name": "g", "width": 1, "height": 1, "data": [1]}}]}}"#
    )
}

/// Loads the project and the map written into `dir`, each naming `target`; answers their
/// errors, or fails the test when a load does not return within ten seconds.
fn load_both(dir: &Path, target: &str) -> [Result<(), Error>; 2] {
    let (project, map) = (dir.join("p.ldtk"), dir.join("m.tmj"));
    std::fs::write(&project, ldtk_naming(target)).unwrap();
    std::fs::write(&map, tmj_naming(target)).unwrap();
    let (send, answers) = mpsc::channel();
    std::thread::spawn(move || {
        let p = LdtkProject::load(&project, &LdtkOptions::new()).map(drop);
        let m = TiledMap::load(&map, &TiledOptions::new()).map(drop);
        let _ = send.send([p, m]);
    });
    answers
        .recv_timeout(Duration::from_secs(10))
        .unwrap_or_else(|_| panic!("loading files that name {target} did not return"))
}

fn refused(answer: &Result<(), Error>, file: &str) {
    let err = answer.as_ref().expect_err(file);
    assert!(matches!(err.kind, ErrorKind::Io(_)), "{err}");
    assert!(err.file.ends_with(file), "{err}");
}

#[cfg(unix)]
#[test]
fn a_device_named_as_a_level_or_tileset_is_refused_not_read() {
    let dir = folder("device");
    for answer in load_both(&dir, "/dev/zero") {
        refused(&answer, "/dev/zero");
    }
}

#[test]
fn a_directory_named_as_a_level_or_tileset_is_refused() {
    let dir = folder("directory");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    for answer in load_both(&dir, "sub") {
        refused(&answer, "sub");
    }
}

#[test]
fn a_file_past_the_size_limit_is_refused_before_it_is_read() {
    let dir = folder("huge");
    // Sparse: its length is past the limit, and nothing is written.
    let huge = std::fs::File::create(dir.join("huge.json")).unwrap();
    huge.set_len(collide_levels::MAX_FILE_BYTES + 1).unwrap();
    for answer in load_both(&dir, "huge.json") {
        refused(&answer, "huge.json");
    }
}

/// Makes a named pipe at `path`; `false` (with a note) where there is no `mkfifo` to run.
#[cfg(unix)]
fn make_fifo(path: &Path) -> bool {
    match std::process::Command::new("mkfifo").arg(path).status() {
        Ok(status) => {
            assert!(status.success(), "mkfifo {} failed", path.display());
            true
        }
        Err(e) => {
            eprintln!("note: cannot run mkfifo ({e}), so a pipe is not tested");
            false
        }
    }
}

#[cfg(unix)]
#[test]
fn a_pipe_named_as_a_level_or_tileset_is_refused_without_waiting_for_a_writer() {
    let dir = folder("pipe");
    if !make_fifo(&dir.join("pipe.json")) {
        return;
    }
    // Opening a pipe waits for a writer, which never comes: the kind is asked first.
    for answer in load_both(&dir, "pipe.json") {
        refused(&answer, "pipe.json");
    }
}
