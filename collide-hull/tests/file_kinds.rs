//! The files this crate reads by path, a sprite PNG in `generate_file` and a collider file in
//! `ColliderFile::read`, are read only when regular and of at most `MAX_FILE_BYTES`: a device
//! (`/dev/urandom`) was read until memory ran out, a pipe was opened and waited on for a
//! writer for ever, and a file of 50 GB was read whole.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use collide_hull::{generate_file, ColliderFile, Error, Options, MAX_FILE_BYTES};

/// A fresh folder of this test's own.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("collide-hull-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Reads `path` as a sprite and as a collider file; answers their errors (`None` for a read
/// that succeeded), or fails the test when a read does not return within ten seconds.
fn read_both(path: &Path) -> [Option<Error>; 2] {
    let (send, answers) = mpsc::channel();
    let target = path.to_path_buf();
    std::thread::spawn(move || {
        let sprite = generate_file(&target, &Options::default()).err();
        let collider = ColliderFile::read(&target).err();
        let _ = send.send([sprite, collider]);
    });
    answers
        .recv_timeout(Duration::from_secs(10))
        .unwrap_or_else(|_| panic!("reading {} did not return", path.display()))
}

/// Checks that both reads of `path` were refused as `kind`, naming the file and saying why.
fn refused(path: &Path, kind: ErrorKind, why: &str) {
    for answer in read_both(path) {
        match answer {
            Some(Error::Io {
                path: named,
                source,
            }) => {
                assert_eq!(named, path);
                assert_eq!(source.kind(), kind, "{source}");
                assert!(source.to_string().starts_with(why), "{source}");
            }
            other => panic!("{}: {other:?}", path.display()),
        }
    }
}

#[test]
fn a_directory_is_refused() {
    let dir = folder("directory");
    let why = "not a regular file (a directory, a device or a pipe)";
    refused(&dir, ErrorKind::InvalidInput, why);
}

#[cfg(unix)]
#[test]
fn a_device_is_refused_not_read() {
    let device = Path::new("/dev/urandom");
    if !device.exists() {
        eprintln!("note: no /dev/urandom here, so a device is not tested");
        return;
    }
    refused(device, ErrorKind::InvalidInput, "not a regular file");
}

#[cfg(unix)]
#[test]
fn a_pipe_is_refused_without_waiting_for_a_writer() {
    let pipe = folder("pipe").join("pipe.png");
    match std::process::Command::new("mkfifo").arg(&pipe).status() {
        Ok(status) => assert!(status.success(), "mkfifo {} failed", pipe.display()),
        Err(e) => {
            eprintln!("note: cannot run mkfifo ({e}), so a pipe is not tested");
            return;
        }
    }
    refused(&pipe, ErrorKind::InvalidInput, "not a regular file");
}

#[test]
fn a_file_past_the_size_limit_is_refused_before_it_is_read() {
    let huge = folder("huge").join("huge.png");
    // Sparse: its length is past the limit, and nothing is written.
    let file = std::fs::File::create(&huge).unwrap();
    file.set_len(MAX_FILE_BYTES + 1).unwrap();
    refused(
        &huge,
        ErrorKind::FileTooLarge,
        "larger than 1073741824 bytes",
    );
}

#[test]
fn a_regular_sprite_and_its_collider_file_are_read() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let sprite = generate_file(&fixtures.join("player.png"), &Options::default()).unwrap();
    assert_eq!(sprite.collider.image, "player.png");
    let worm = ColliderFile::read(&fixtures.join("worm.collider.json")).unwrap();
    assert_eq!(worm.frames.len(), 32);
}
