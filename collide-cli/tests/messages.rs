//! What `collide hull` and `collide inspect` say when a file fails: the file and each cause
//! named once.

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
