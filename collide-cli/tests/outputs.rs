//! `collide hull` never destroys what it did not mean to replace: an output left as it was by
//! a failed run, an input never written over, and each input kept apart from the others.

mod common;

use std::fs;

use collide_hull::image::{Rgba, RgbaImage};
use common::*;

/// A sprite of one `size`×`size` frame with a small opaque square in its corner: cheap to
/// encode and to build, however large.
fn sprite(size: u32) -> Vec<u8> {
    let mut img = RgbaImage::new(size, size);
    for (x, y) in [(1, 1), (2, 1), (1, 2), (2, 2)] {
        img.put_pixel(x, y, Rgba([255, 0, 0, 255]));
    }
    png_bytes(&img)
}

/// Every name in `dir`, sorted.
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut out: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    out.sort();
    out
}

#[test]
fn a_preview_that_fails_leaves_the_old_collider() {
    let dir = tempdir();
    let d = dir.path();
    // 4096 × 4096 pixels: its preview, (4 × 4096 + 8)², is just over the 256 Mi pixel limit.
    fs::write(d.join("a.png"), sprite(4096)).unwrap();
    fs::write(d.join("a.collider.json"), "OLD\n").unwrap();
    let o = collide(&["hull", "--preview", "a.png"], d);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error: a.png: ") && err.contains("preview is larger"),
        "{err}"
    );
    assert!(stdout(&o).contains("1 failed"), "{}", stdout(&o));
    assert_eq!(
        fs::read_to_string(d.join("a.collider.json")).unwrap(),
        "OLD\n"
    );
    assert_eq!(names(d), ["a.collider.json", "a.png"]);
}
