//! `collide play` and `collide demo --animate` end to end, on the built binary, with no window.

use std::path::Path;
use std::process::{Command, Output};

fn collide(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_collide"))
        .args(args)
        .current_dir(dir)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run collide")
}

fn tempdir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("collide-play-")
        .tempdir()
        .unwrap()
}

#[test]
fn demo_animate_writes_one_small_animated_gif_per_scene() {
    let dir = tempdir();
    let out = collide(
        &[
            "demo",
            "--objects",
            "100",
            "--frames",
            "2",
            "--shots",
            "10",
            "--animate",
            "moving",
        ],
        dir.path(),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("Part 4"), "{stdout}");
    for scene in ["range", "shmup", "platformer", "breakout"] {
        let path = dir.path().join("moving").join(format!("play-{scene}.gif"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(stdout.contains(&format!("play-{scene}.gif")), "{stdout}");
        // Small enough for a README, and more than a still picture.
        assert!(bytes.len() < 600 * 1024, "{scene}: {} bytes", bytes.len());
        let mut decoder = gif::DecodeOptions::new()
            .read_info(bytes.as_slice())
            .unwrap();
        assert_eq!((decoder.width(), decoder.height()), (640, 360), "{scene}");
        let mut frames = 0;
        while decoder.read_next_frame().unwrap().is_some() {
            frames += 1;
        }
        assert!(frames >= 40, "{scene}: {frames} frames");
    }
}

#[test]
fn play_bench_times_every_scene_without_a_window() {
    let dir = tempdir();
    let out = collide(&["play", "--bench", "--frames", "20"], dir.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    for scene in ["range", "shmup", "platformer", "breakout"] {
        let line = stdout
            .lines()
            .find(|l| l.trim_start().starts_with(scene))
            .unwrap_or_else(|| panic!("no {scene} row in\n{stdout}"));
        let median: f64 = line
            .split_whitespace()
            .rev()
            .nth(2)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no median in {line}"));
        assert!(median > 0.0, "{line}");
    }
}

#[cfg(feature = "window")]
#[test]
fn play_without_a_display_says_why_in_one_line_and_fails() {
    let dir = tempdir();
    let out = collide(&["play"], dir.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: cannot open a window"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[cfg(not(feature = "window"))]
#[test]
fn play_without_the_window_feature_says_so_and_fails() {
    let dir = tempdir();
    let out = collide(&["play"], dir.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("without the `window` feature"), "{stderr}");
}

#[test]
fn a_scene_number_out_of_range_is_a_usage_error() {
    let dir = tempdir();
    let out = collide(&["play", "--scene", "5"], dir.path());
    assert_eq!(out.status.code(), Some(2));
}
