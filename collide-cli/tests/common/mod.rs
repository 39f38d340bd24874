//! What the end-to-end tests of `collide hull` and `collide inspect` share.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

use collide_hull::image::RgbaImage;

/// Runs the built `collide` with `args` in `dir`.
pub fn collide(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_collide"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run collide")
}

/// A fresh, empty folder.
pub fn tempdir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("collide-cli-")
        .tempdir()
        .unwrap()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A PNG file's bytes.
pub fn png_bytes(img: &RgbaImage) -> Vec<u8> {
    let mut out = Vec::new();
    img.write_to(
        &mut std::io::Cursor::new(&mut out),
        collide_hull::image::ImageFormat::Png,
    )
    .unwrap();
    out
}

/// A valid collider file's text: one 4×4 frame holding a 2×4 box.
pub const TINY_COLLIDER: &str = r#"{
  "version": 1, "generator": "collide-hull 0.1.0", "image": "tiny.png",
  "threshold": 128, "max_vertices": 16, "simplify": "vw",
  "frame_width": 4, "frame_height": 4, "columns": 1, "rows": 1,
  "frames": [ { "vertices": [[0, 0], [2, 0], [2, 4], [0, 4]] } ]
}
"#;
