//! `collide hull` warns when transparent gaps show a grid sheet that, without a frame size, it
//! read as something else.

mod common;

use std::fs;

use collide_hull::image::{Rgba, RgbaImage};
use common::*;

/// `columns × rows` cells of `cell` pixels, each holding an opaque box with a 2-pixel margin.
fn sheet(columns: u32, rows: u32, cell: (u32, u32)) -> Vec<u8> {
    let inside = |v: u32, size: u32| (2..size - 2).contains(&(v % size));
    let img = RgbaImage::from_fn(columns * cell.0, rows * cell.1, |x, y| {
        let solid = inside(x, cell.0) && inside(y, cell.1);
        Rgba([200, 50, 50, if solid { 255 } else { 0 }])
    });
    png_bytes(&img)
}

#[test]
fn a_grid_sheet_read_as_one_frame_is_pointed_out() {
    let dir = tempdir();
    let d = dir.path();
    // 30×24: not a strip of square frames, so the strip rule reads one frame.
    fs::write(d.join("sheet.png"), sheet(3, 2, (10, 12))).unwrap();
    let o = collide(&["hull", "sheet.png"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("1 frame,"), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.starts_with("warning: sheet.png: "), "{err}");
    assert!(err.contains("3 × 2 frames of 10×12"), "{err}");
    assert!(err.contains("--frame-width 10 --frame-height 12"), "{err}");

    // Following the advice: six frames, nothing to point out.
    let o = collide(
        &[
            "hull",
            "sheet.png",
            "--frame-width",
            "10",
            "--frame-height",
            "12",
        ],
        d,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("6 frames"), "{}", stdout(&o));
    assert_eq!(stderr(&o), "");
}

#[test]
fn single_sprites_and_strips_read_right_are_not() {
    let dir = tempdir();
    let d = dir.path();
    fs::write(d.join("single.png"), sheet(1, 1, (24, 24))).unwrap();
    fs::write(d.join("strip.png"), sheet(4, 1, (8, 8))).unwrap();
    let o = collide(&["hull", "single.png", "strip.png"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("5 frames"), "{}", stdout(&o));
    assert_eq!(stderr(&o), "");
}
