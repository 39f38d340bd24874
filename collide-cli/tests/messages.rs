//! What the subcommands say when a file fails, all in one form: `error: <file>: <reason>`,
//! the file and each cause named once.

mod common;

use std::fs;

use common::*;

/// `needle` occurs exactly once in `text`.
fn once(text: &str, needle: &str) -> bool {
    text.matches(needle).count() == 1
}

#[test]
fn a_missing_file_is_named_with_its_reason_once() {
    let dir = tempdir();
    for args in [
        &["hull", "missing.png"][..],
        &["inspect", "missing.collider.json"],
    ] {
        let o = collide(args, dir.path());
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = stderr(&o);
        // "(os error N)" ends the operating system's reason on every platform.
        assert!(once(&err, "(os error"), "{args:?}: {err}");
        assert!(once(&err, args[1]), "{args:?}: {err}");
        assert!(err.contains("cannot read"), "{args:?}: {err}");
    }
}

#[test]
fn malformed_json_is_explained_once() {
    let dir = tempdir();
    let d = dir.path();
    fs::write(d.join("bad.collider.json"), "{ broken").unwrap();
    let o = collide(&["inspect", "bad.collider.json"], d);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(once(&err, "key must be a string"), "{err}");
    assert!(once(&err, "malformed collider file"), "{err}");
    assert!(once(&err, "bad.collider.json"), "{err}");

    // `collide hull --check` reads the collider beside a sprite: a broken one is stale, said once.
    let sprite = collide_hull::image::RgbaImage::from_pixel(4, 4, [0, 0, 0, 255].into());
    fs::write(d.join("bad.png"), png_bytes(&sprite)).unwrap();
    let o = collide(&["hull", "--check", "bad.png"], d);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(once(&err, "key must be a string"), "{err}");
    assert!(err.contains("stale"), "{err}");
}

#[test]
fn every_subcommand_puts_the_file_first_then_the_reason() {
    let dir = tempdir();
    let d = dir.path();
    let sprite = collide_hull::image::RgbaImage::from_pixel(4, 4, [0, 0, 0, 255].into());
    fs::write(d.join("a.png"), png_bytes(&sprite)).unwrap();
    // The collider's path taken by a folder, a folder for a file, a file for a folder.
    fs::create_dir(d.join("a.collider.json")).unwrap();
    fs::create_dir(d.join("taken")).unwrap();
    fs::write(d.join("plain"), "").unwrap();
    let demo = |extra: &[&'static str]| {
        let mut args = vec!["demo", "--objects", "2", "--frames", "1", "--shots", "1"];
        args.extend_from_slice(extra);
        args
    };
    for (args, file) in [
        // The file that failed is the collider written, not the sprite read.
        (vec!["hull", "a.png"], "a.collider.json"),
        (vec!["hull", "missing.png"], "missing.png"),
        (
            vec!["inspect", "missing.collider.json"],
            "missing.collider.json",
        ),
        (demo(&["--json", "taken"]), "taken"),
        (demo(&["--out", "plain"]), "plain"),
        (demo(&["--animate", "plain"]), "plain"),
    ] {
        let o = collide(&args, d);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with(&format!("error: {file}: cannot ")),
            "{args:?}: {err}"
        );
        assert!(once(&err, file), "{args:?}: {err}");
        assert!(once(&err, "(os error"), "{args:?}: {err}");
    }
}
