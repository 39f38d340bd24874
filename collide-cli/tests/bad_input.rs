//! `collide hull` and `collide inspect` on bad input and failing outputs: each failure is
//! reported once, naming its file, and the other files are still processed.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use collide_hull::image::{Rgba, RgbaImage};
use common::*;

/// A sprite of one `size`×`size` frame, opaque everywhere.
fn sprite(size: u32) -> Vec<u8> {
    png_bytes(&RgbaImage::from_pixel(size, size, Rgba([255, 0, 0, 255])))
}

/// Runs `collide` in `dir` with its stdout on `/dev/full`, where every write fails; `None`
/// (with a note) where there is no such device.
fn collide_to_full_disk(args: &[&str], dir: &Path) -> Option<Output> {
    let Ok(full) = fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("note: no /dev/full here, so a failing stdout is not tested");
        return None;
    };
    let output = Command::new(env!("CARGO_BIN_EXE_collide"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::from(full))
        .output()
        .expect("run collide");
    Some(output)
}

#[test]
fn a_failing_stdout_is_reported_once_and_every_file_is_still_done() {
    let dir = tempdir();
    let d = dir.path();
    for name in ["a.png", "b.png", "c.png"] {
        fs::write(d.join(name), sprite(4)).unwrap();
    }
    let Some(o) = collide_to_full_disk(&["hull", "a.png", "b.png", "c.png"], d) else {
        return;
    };
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(
        err.matches("error: cannot write to stdout").count(),
        1,
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    for name in ["a", "b", "c"] {
        assert!(d.join(format!("{name}.collider.json")).is_file(), "{name}");
    }

    let o = collide_to_full_disk(&["inspect", "a.collider.json", "nonexist.json"], d).unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(
        err.matches("error: cannot write to stdout").count(),
        1,
        "{err}"
    );
    assert!(err.contains("error: nonexist.json: cannot read"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// With stderr on `/dev/full` too, the reports are lost but the work is not: a failed write to
/// stderr once panicked (exit 101) at the first file that failed, leaving the rest undone.
#[test]
fn a_failing_stderr_loses_the_reports_but_every_file_is_still_done() {
    let dir = tempdir();
    let d = dir.path();
    for name in ["a.png", "b.png"] {
        fs::write(d.join(name), sprite(4)).unwrap();
    }
    fs::write(d.join("broken.png"), b"not a png").unwrap();
    let Ok(full) = fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("note: no /dev/full here, so a failing stderr is not tested");
        return;
    };
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_collide"))
            .args(args)
            .current_dir(d)
            .stdout(Stdio::null())
            .stderr(Stdio::from(full.try_clone().unwrap()))
            .status()
            .expect("run collide")
    };
    let status = run(&["hull", "broken.png", "missing.png", "a.png", "b.png"]);
    assert_eq!(status.code(), Some(1));
    for name in ["a", "b"] {
        assert!(d.join(format!("{name}.collider.json")).is_file(), "{name}");
    }
    let status = run(&["inspect", "missing.json", "a.collider.json"]);
    assert_eq!(status.code(), Some(1));
}

/// Makes under `dir` a chain of folders whose innermost path is longer than the system lets a
/// path be (4096 bytes on Linux), so it cannot be listed, even by root: two chains, each short
/// enough to create, the second moved into the first. Returns the chain's first folder.
fn too_deep(dir: &Path) -> PathBuf {
    let name = "d".repeat(200);
    let chain = |root: &Path| {
        let path = (0..12).fold(root.to_path_buf(), |p, _| p.join(&name));
        fs::create_dir_all(&path).unwrap();
        path
    };
    let (first, second) = (dir.join(&name), dir.join("second"));
    let inner = chain(dir);
    chain(&second);
    fs::rename(second, inner.join("second")).unwrap();
    first
}

#[test]
fn an_unreadable_subfolder_is_reported_and_its_neighbours_still_built() {
    let dir = tempdir();
    let sprites = dir.path().join("sprites");
    fs::create_dir(&sprites).unwrap();
    fs::write(sprites.join("a.png"), sprite(4)).unwrap();
    let deep = too_deep(&sprites);
    let o = collide(&["hull", "sprites"], dir.path());
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.matches("cannot list the folder").count(), 1, "{err}");
    assert!(sprites.join("a.collider.json").is_file(), "{err}");
    assert!(
        stdout(&o).contains("1 file, 1 frame, 4 vertices, 1 failed"),
        "{}",
        stdout(&o)
    );
    fs::remove_dir_all(deep).unwrap();
}

/// A folder without read permission, where that stops this user from listing it (not root).
#[cfg(unix)]
#[test]
fn a_locked_subfolder_is_reported_and_its_neighbours_still_built() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempdir();
    let sprites = dir.path().join("sprites");
    fs::create_dir(&sprites).unwrap();
    fs::write(sprites.join("a.png"), sprite(4)).unwrap();
    let locked = sprites.join("locked");
    fs::create_dir(&locked).unwrap();
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
    if fs::read_dir(&locked).is_ok() {
        eprintln!("note: a mode 000 folder is readable here (root?): its case is skipped");
    } else {
        let o = collide(&["hull", "sprites"], dir.path());
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(
            err.contains("error: sprites/locked: cannot list the folder"),
            "{err}"
        );
        assert!(stdout(&o).contains("1 file, 1 frame"), "{}", stdout(&o));
    }
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o700)).unwrap();
}

#[test]
fn two_sprites_that_share_a_collider_file_do_not_overwrite_each_other() {
    let dir = tempdir();
    let d = dir.path();
    fs::create_dir(d.join("case")).unwrap();
    fs::write(d.join("case/ship.png"), sprite(4)).unwrap();
    fs::write(d.join("case/ship.PNG"), sprite(8)).unwrap();
    let o = collide(&["hull", "case"], d);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    // The folder's files come sorted: ship.PNG first, so ship.png is the one refused.
    assert!(
        err.contains(
            "error: case/ship.png: case/ship.collider.json is also written from case/ship.PNG"
        ),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let written = fs::read_to_string(d.join("case/ship.collider.json")).unwrap();
    assert!(written.contains("\"image\": \"ship.PNG\""), "{written}");
    assert!(stdout(&o).contains("1 failed"), "{}", stdout(&o));

    // Named on the command line: `ship` is a file of its own, whose collider is the same.
    fs::write(d.join("ship"), sprite(4)).unwrap();
    fs::write(d.join("ship.png"), sprite(8)).unwrap();
    let o = collide(&["hull", "ship", "./ship.png"], d);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error: ./ship.png: ./ship.collider.json is also written from ship"),
        "{err}"
    );
    let written = fs::read_to_string(d.join("ship.collider.json")).unwrap();
    assert!(written.contains("\"image\": \"ship\""), "{written}");
    // With --check the clash fails as well, rather than comparing one file twice.
    let o = collide(&["hull", "--check", "ship", "ship.png"], d);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("is also written from ship"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_sprite_of_too_many_frames_fails_in_hull_and_in_inspect() {
    let dir = tempdir();
    let d = dir.path();
    // 65 537 × 1 pixels: the strip rule cuts it into one frame more than the cap.
    let wide = RgbaImage::from_pixel(65_537, 1, Rgba([255, 0, 0, 255]));
    fs::write(d.join("wide.png"), png_bytes(&wide)).unwrap();
    fs::write(d.join("one.png"), sprite(4)).unwrap();
    let o = collide(&["hull", "wide.png", "one.png"], d);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let reason = "into 65537 frames, more than the limit of 65536";
    assert!(
        err.contains("error: wide.png: frames of 1×1") && err.contains(reason),
        "{err}"
    );
    assert!(d.join("one.collider.json").is_file());
    assert!(!d.join("wide.collider.json").exists());

    // A collider of 1×1 frames pointing at it is rebuilt with the same layout: the same error.
    let collider = TINY_COLLIDER
        .replace("tiny.png", "wide.png")
        .replace(
            "\"frame_width\": 4, \"frame_height\": 4",
            "\"frame_width\": 1, \"frame_height\": 1",
        )
        .replace(
            "[[0, 0], [2, 0], [2, 4], [0, 4]]",
            "[[0, 0], [1, 0], [1, 1], [0, 1]]",
        );
    fs::write(d.join("wide.collider.json"), collider).unwrap();
    let o = collide(&["inspect", "wide.collider.json"], d);
    assert!(
        stdout(&o).contains("cannot rebuild from wide.png"),
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).contains(reason), "{}", stdout(&o));
}

#[test]
fn a_pixel_limit_above_the_hard_maximum_is_a_usage_error() {
    let dir = tempdir();
    let d = dir.path();
    // A real PNG whose header, CRC and all, claims 100000×100000 pixels.
    let mut huge = sprite(4);
    huge[16..24].copy_from_slice(&[0, 1, 0x86, 0xa0, 0, 1, 0x86, 0xa0]);
    let crc = crc32(&huge[12..29]).to_be_bytes();
    huge[29..33].copy_from_slice(&crc);
    fs::write(d.join("huge.png"), huge).unwrap();
    fs::write(d.join("one.png"), sprite(4)).unwrap();
    let o = collide(
        &["hull", "--max-pixels", "10000000000", "huge.png", "one.png"],
        d,
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--max-pixels"), "{}", stderr(&o));
    // At the maximum the header is refused alone, and the other sprite is built.
    let o = collide(
        &["hull", "--max-pixels", "268435456", "huge.png", "one.png"],
        d,
    );
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error: huge.png: the image is 100000×100000"),
        "{err}"
    );
    assert!(d.join("one.collider.json").is_file());
}

/// CRC-32 (ISO-HDLC, as PNG uses), bit by bit.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = (crc >> 1) ^ if crc & 1 != 0 { 0xEDB8_8320 } else { 0 };
        }
    }
    !crc
}

#[test]
fn inspect_refuses_an_image_outside_the_collider_s_folder() {
    let dir = tempdir();
    let d = dir.path();
    fs::create_dir(d.join("colliders")).unwrap();
    fs::write(d.join("tiny.png"), sprite(4)).unwrap();
    let collider = TINY_COLLIDER.replace("tiny.png", "../tiny.png");
    fs::write(d.join("colliders/tiny.collider.json"), collider).unwrap();
    let o = collide(&["inspect", "colliders/tiny.collider.json"], d);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error: colliders/tiny.collider.json: invalid collider file: image"),
        "{err}"
    );
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
}

/// Runs `collide` in `dir`, killed after 10 s: a command that reads an endless input would
/// otherwise never end.
fn collide_within_10_s(args: &[&str], dir: &Path) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_collide"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run collide");
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed().as_secs() >= 10 {
            child.kill().unwrap();
            panic!("collide {args:?} still ran after 10 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn only_regular_files_of_at_most_1_gib_are_read() {
    let dir = tempdir();
    let d = dir.path();
    fs::write(d.join("a.png"), sprite(4)).unwrap();
    // Sparse: one byte over the limit, taking no room on the disk.
    let big = fs::File::create(d.join("big.png")).unwrap();
    big.set_len((1 << 30) + 1).unwrap();
    let mut args = vec!["hull", "a.png", "big.png"];
    if Path::new("/dev/urandom").exists() {
        args.push("/dev/urandom");
    }
    let o = collide_within_10_s(&args, d);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error: big.png: cannot read the file: larger than 1073741824 bytes"),
        "{err}"
    );
    if args.len() == 4 {
        assert!(
            err.contains("error: /dev/urandom: cannot read the file: not a regular file"),
            "{err}"
        );
    }
    assert_eq!(err.lines().count(), args.len() - 2, "{err}");
    assert!(d.join("a.collider.json").is_file());
}

#[test]
fn help_that_cannot_be_written_exits_with_1() {
    let dir = tempdir();
    for args in [&["--help"][..], &["hull", "--help"], &["--version"]] {
        let Some(o) = collide_to_full_disk(args, dir.path()) else {
            return;
        };
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.starts_with("error: cannot write to stdout"), "{err}");
    }
    // Written, it exits 0 as before.
    assert_eq!(
        collide(&["hull", "--help"], dir.path()).status.code(),
        Some(0)
    );
}

#[cfg(unix)]
#[test]
fn inspect_refuses_a_device_or_a_pipe_without_reading_or_waiting() {
    let dir = tempdir();
    let d = dir.path();
    let mut args = vec!["inspect"];
    if Path::new("/dev/urandom").exists() {
        args.push("/dev/urandom");
    }
    match Command::new("mkfifo")
        .arg(d.join("pipe.collider.json"))
        .status()
    {
        Ok(status) => {
            assert!(status.success(), "mkfifo failed");
            args.push("pipe.collider.json");
        }
        Err(e) => eprintln!("note: cannot run mkfifo ({e}), so a pipe is not tested"),
    }
    if args.len() == 1 {
        return;
    }
    // A pipe was opened, which waits for a writer: the run hung.
    let o = collide_within_10_s(&args, d);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    for file in &args[1..] {
        let line = format!("error: {file}: cannot read the file: not a regular file");
        assert!(err.contains(&line), "{err}");
    }
    assert_eq!(err.lines().count(), args.len() - 1, "{err}");
}

#[test]
fn inspect_does_not_read_a_sprite_over_1_gib() {
    let dir = tempdir();
    let d = dir.path();
    let collider = r#"{ "version": 1, "generator": "collide-hull 0.1.0", "image": "big.png",
        "threshold": 128, "max_vertices": 16, "simplify": "vw", "frame_width": 4,
        "frame_height": 4, "columns": 1, "rows": 1,
        "frames": [ { "vertices": [[0, 0], [2, 0], [2, 4], [0, 4]] } ] }"#;
    fs::write(d.join("big.collider.json"), collider).unwrap();
    // Sparse: one byte over the limit, taking no room on the disk; it was read whole.
    let big = fs::File::create(d.join("big.png")).unwrap();
    big.set_len(collide_hull::MAX_FILE_BYTES + 1).unwrap();
    let o = collide_within_10_s(&["inspect", "big.collider.json"], d);
    let (out, err) = (stdout(&o), stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        out.contains("cannot rebuild from big.png: cannot read the file: larger than 1073741824"),
        "{out}"
    );
}
