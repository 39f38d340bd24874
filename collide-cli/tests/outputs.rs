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

#[test]
fn a_preview_never_writes_over_an_input() {
    let dir = tempdir();
    let d = dir.path();
    fs::write(d.join("a.png"), sprite(8)).unwrap();
    let input = sprite(16);
    fs::write(d.join("a.hull.png"), &input).unwrap();
    let o = collide(&["hull", "--preview", "a.png", "a.hull.png"], d);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(
        err,
        "error: a.png: a.hull.png would overwrite the input a.hull.png: rename one of the two\n"
    );
    assert_eq!(fs::read(d.join("a.hull.png")).unwrap(), input);
    assert!(!d.join("a.collider.json").exists());
    // The other sprite is still built, from what the user gave.
    let other = collide_hull::load_beside(&d.join("a.hull.png"))
        .unwrap()
        .unwrap();
    assert_eq!(other.frame_width, 16);
    assert!(stdout(&o).contains("2 files, 1 frame"), "{}", stdout(&o));
}

#[cfg(unix)]
#[test]
fn a_link_beside_its_target_gets_its_own_collider() {
    let dir = tempdir();
    let d = dir.path();
    fs::write(d.join("a.png"), sprite(8)).unwrap();
    std::os::unix::fs::symlink("a.png", d.join("link.png")).unwrap();
    let o = collide(&["hull", "a.png", "link.png", "./link.png"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("2 files, 2 frames"), "{}", stdout(&o));
    let link = collide_hull::load_beside(&d.join("link.png"))
        .unwrap()
        .unwrap();
    assert_eq!(link.image, "link.png");
    assert!(d.join("a.collider.json").is_file());
}

#[test]
fn outputs_that_differ_only_by_case_clash() {
    let dir = tempdir();
    let d = dir.path();
    fs::create_dir(d.join("case")).unwrap();
    fs::write(d.join("case/Ship.png"), sprite(8)).unwrap();
    fs::write(d.join("case/ship.png"), sprite(16)).unwrap();
    if names(&d.join("case")).len() < 2 {
        eprintln!("note: this file system ignores case, so the two cannot both exist");
        return;
    }
    let o = collide(&["hull", "case"], d);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    // Sorted, `Ship.png` comes first and is built; `ship.png` is refused.
    assert_eq!(
        err,
        "error: case/ship.png: case/ship.collider.json and Ship.collider.json, written from \
         case/Ship.png, differ only by case, one file on Windows and macOS: rename one of the \
         two\n"
    );
    assert_eq!(
        names(&d.join("case")),
        ["Ship.collider.json", "Ship.png", "ship.png"]
    );
}
