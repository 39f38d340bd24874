//! `collide hull` and `collide inspect` on bad input and failing outputs: each failure is
//! reported once, naming its file, and the other files are still processed.

mod common;

use std::fs;
use std::path::Path;
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
