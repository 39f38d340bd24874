//! `collide demo` end to end, on the built binary, at a small size.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn collide(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_collide"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run collide")
}

fn tempdir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("collide-demo-")
        .tempdir()
        .unwrap()
}

fn decodes(path: &Path) -> (u32, u32) {
    let img = collide_hull::image::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(
        img.width() > 100 && img.height() > 100,
        "{}",
        path.display()
    );
    (img.width(), img.height())
}

fn num(v: &Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("`{key}` missing or not a number in {v}"))
}

/// The path the demo printed for `file` (a line `  <full path>: …` of Part 3).
fn printed_path(stdout: &str, file: &str) -> PathBuf {
    let line = stdout
        .lines()
        .find(|l| l.contains(&format!("{file}: ")))
        .unwrap_or_else(|| panic!("no line for {file} in\n{stdout}"));
    let path = PathBuf::from(line.trim_start().split(": ").next().unwrap());
    assert!(path.is_absolute(), "{line}");
    path
}

/// Asserts the demo said `picture` was written at `expected`, in its output and in its JSON.
fn assert_written_at(stdout: &str, doc: &Value, key: &str, picture: &str, expected: &Path) {
    let same = |a: &Path| a.canonicalize().unwrap() == expected.canonicalize().unwrap();
    assert!(same(&printed_path(stdout, picture)), "{stdout}");
    let in_json = PathBuf::from(doc["pictures"][key].as_str().unwrap());
    assert!(in_json.is_absolute() && same(&in_json), "{in_json:?}");
}

/// Part 1: the exact sweep never misses; the sweep off misses above the tunnelling speed and
/// never below it; halving the target halves the tunnelling speed.
fn check_straight_shots(doc: &Value) {
    let rows = doc["tunnelling"].as_array().unwrap();
    assert!(rows.len() >= 10);
    let mut above = 0;
    for r in rows {
        let (speed, limit) = (num(r, "speed"), num(r, "tunnelling_speed"));
        assert_eq!(num(r, "fps"), 60.0);
        assert_eq!(num(r, "shots"), 60.0);
        let missed = &r["missed"];
        assert_eq!(num(missed, "exact"), 0.0, "{r}");
        assert_eq!(num(missed, "expanded"), 0.0, "{r}"); // vertical shots: the box is exact
        if speed > limit * 1.01 {
            above += 1;
            assert!(num(missed, "off") > 0.0, "{r}");
        } else {
            assert_eq!(num(missed, "off"), 0.0, "{r}");
        }
    }
    assert!(above >= 5);
    let limit_for = |h: f64| {
        rows.iter()
            .find(|r| num(r, "target_height") == h)
            .map(|r| num(r, "tunnelling_speed"))
            .unwrap()
    };
    assert!((limit_for(14.0) - 840.0).abs() < 0.01);
    assert!((limit_for(7.0) - 420.0).abs() < 0.01);
}

/// Part 1, diagonal shots: the exact sweep is right both ways; the expanded box never misses
/// but reports hits the shot never made.
fn check_diagonal_shots(doc: &Value) {
    let diagonal = doc["diagonal"].as_array().unwrap();
    assert!(!diagonal.is_empty());
    for r in diagonal {
        assert_eq!(num(&r["missed"], "exact"), 0.0, "{r}");
        assert_eq!(num(&r["false_hits"], "exact"), 0.0, "{r}");
        assert_eq!(num(&r["missed"], "expanded"), 0.0, "{r}");
        assert_eq!(num(&r["false_hits"], "off"), 0.0, "{r}");
    }
    assert!(diagonal
        .iter()
        .any(|r| num(&r["false_hits"], "expanded") > 0.0 && num(&r["missed"], "off") > 0.0));
}

/// Part 2: every broad phase at both sizes, identical hits, and the sweep at work.
fn check_scene(doc: &Value) {
    let scene = doc["scene"].as_array().unwrap();
    let mut seen: Vec<(u64, String)> = scene
        .iter()
        .map(|r| {
            assert_eq!(r["identical_hits"], Value::Bool(true), "{r}");
            assert!(num(r, "frame_ms") >= 0.0);
            assert!(num(r, "sweeps") <= num(r, "pairs"));
            assert!(num(r, "hits") <= num(r, "pairs"));
            (
                r["objects"].as_u64().unwrap(),
                r["broad_phase"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    seen.sort();
    let mut want: Vec<(u64, String)> = [40, 200]
        .iter()
        .flat_map(|&n| {
            ["grid", "sort_and_sweep", "quadtree", "brute_force"].map(|k| (n, k.to_owned()))
        })
        .collect();
    want.sort();
    assert_eq!(seen, want);
    let big: Vec<&Value> = scene.iter().filter(|r| r["objects"] == 200).collect();
    assert!(num(big[0], "hits") > 0.0 && num(big[0], "sweeps") > 0.0);
    for r in &big[1..] {
        for key in ["pairs", "sweeps", "hits"] {
            assert_eq!(r[key], big[0][key], "{key}");
        }
    }
}

#[test]
fn small_demo_runs_end_to_end_and_its_json_tells_the_story() {
    let dir = tempdir();
    let out = dir.path().join("pictures");
    let json = dir.path().join("demo.json");
    let o = collide(
        &[
            "demo",
            "--objects",
            "40,200",
            "--frames",
            "4",
            "--shots",
            "60",
            "--out",
            out.to_str().unwrap(),
            "--json",
            json.to_str().unwrap(),
        ],
        dir.path(),
    );
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        stdout.contains("Part 1 · the tunnelling experiment"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Part 2 · the shmup benchmark scene"),
        "{stdout}"
    );
    assert!(stdout.contains("Part 3 · pictures"), "{stdout}");
    // It names what it shows, and cites nothing outside the repository.
    assert!(
        !stdout.contains("BENCHMARKS") && !stdout.contains("seed 0"),
        "{stdout}"
    );

    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    check_straight_shots(&doc);
    check_diagonal_shots(&doc);
    check_scene(&doc);

    // Part 3: both pictures, valid PNGs, where the output says, nothing else in the folder.
    decodes(&out.join("demo-scene.png"));
    decodes(&out.join("demo-tunnel.png"));
    assert_written_at(
        &stdout,
        &doc,
        "scene",
        "demo-scene.png",
        &out.join("demo-scene.png"),
    );
    assert_written_at(
        &stdout,
        &doc,
        "tunnel",
        "demo-tunnel.png",
        &out.join("demo-tunnel.png"),
    );
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["demo-scene.png", "demo-tunnel.png"]);
}

#[test]
fn options_pick_the_broad_phase_and_sweep_and_pictures_default_to_the_current_folder() {
    let dir = tempdir();
    let o = collide(
        &[
            "demo",
            "--objects",
            "60",
            "--frames",
            "3",
            "--shots",
            "20",
            "--speed",
            "3000",
            "--broad-phase",
            "sort-and-sweep",
            "--sweep",
            "off",
            "--json",
            "out.json",
        ],
        dir.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("out.json")).unwrap())
            .unwrap();
    let scene = doc["scene"].as_array().unwrap();
    assert_eq!(scene.len(), 1);
    assert_eq!(scene[0]["broad_phase"], "sort_and_sweep");
    // A lone broad phase is still checked, against brute force.
    assert_eq!(scene[0]["identical_hits"], Value::Bool(true));
    assert_eq!(num(&scene[0], "sweeps"), 0.0);
    // --speed joins Part 1's speeds.
    let rows = doc["tunnelling"].as_array().unwrap();
    assert!(rows.iter().any(|r| num(r, "speed") == 3000.0));
    decodes(&dir.path().join("demo-scene.png"));
    decodes(&dir.path().join("demo-tunnel.png"));
    // The output names the full path of every file, the relative `--json` one included.
    let stdout = String::from_utf8_lossy(&o.stdout);
    let scene_png = dir.path().join("demo-scene.png");
    assert_written_at(&stdout, &doc, "scene", "demo-scene.png", &scene_png);
    let tunnel_png = dir.path().join("demo-tunnel.png");
    assert_written_at(&stdout, &doc, "tunnel", "demo-tunnel.png", &tunnel_png);
    let wrote = stdout
        .lines()
        .find_map(|l| l.strip_prefix("wrote "))
        .unwrap_or_else(|| panic!("no `wrote` line in\n{stdout}"));
    assert!(Path::new(wrote).is_absolute(), "{wrote}");
    assert_eq!(
        Path::new(wrote).canonicalize().unwrap(),
        dir.path().join("out.json").canonicalize().unwrap()
    );
}

#[test]
fn bad_options_are_usage_errors() {
    let dir = tempdir();
    for args in [
        &["demo", "--sweep", "sideways"][..],
        &["demo", "--broad-phase", "octree"],
        &["demo", "--speed", "-5"],
        &["demo", "--speed", "0.5"],
        &["demo", "--objects", "0"],
    ] {
        let o = collide(args, dir.path());
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
