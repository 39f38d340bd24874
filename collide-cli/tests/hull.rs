//! `collide hull` and `collide inspect` end to end, on the built binary.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use collide_hull::image::{Rgba, RgbaImage};
use collide_hull::ColliderFile;

fn collide(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_collide"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run collide")
}

fn fixture(name: &str) -> Vec<u8> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../collide-hull/tests/fixtures");
    fs::read(dir.join(name)).expect("fixture")
}

/// A fresh folder holding copies of the named fixtures.
fn workdir(files: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::Builder::new()
        .prefix("collide-cli-")
        .tempdir()
        .unwrap();
    for f in files {
        fs::write(dir.path().join(f), fixture(f)).unwrap();
    }
    dir
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Every file name in `dir` and below, relative, sorted.
fn listing(dir: &Path) -> Vec<String> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<String>) {
        for e in fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(base, &p, out);
            }
            out.push(p.strip_prefix(base).unwrap().to_string_lossy().into_owned());
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

fn read_collider(path: PathBuf) -> ColliderFile {
    ColliderFile::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn png_bytes(img: &RgbaImage) -> Vec<u8> {
    let mut out = Vec::new();
    img.write_to(
        &mut std::io::Cursor::new(&mut out),
        collide_hull::image::ImageFormat::Png,
    )
    .unwrap();
    out
}

#[test]
fn usage_errors_exit_with_2() {
    let dir = workdir(&["player.png"]);
    for args in [
        &[][..],
        &["hull"],
        &["hull", "--threshold", "0", "player.png"],
        &["hull", "--threshold", "256", "player.png"],
        &["hull", "--max-vertices", "17", "player.png"],
        &["hull", "--max-vertices", "2", "player.png"],
        &["hull", "--frame-width", "0", "player.png"],
        &["hull", "--simplify", "fancy", "player.png"],
        &["hull", "--check", "--preview", "player.png"],
        &["hull", "--no-such-flag", "player.png"],
        &["inspect"],
        &["frobnicate"],
    ] {
        let o = collide(args, dir.path());
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    }
    // Nothing was written by any of them.
    assert_eq!(listing(dir.path()), ["player.png"]);
}

#[test]
fn writes_colliders_and_previews_and_exits_0() {
    let dir = workdir(&["player.png", "worm.png", "asteroid_clutter.png"]);
    let o = collide(
        &["hull", "player.png", "asteroid_clutter.png", "--preview"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("2 files, 8 frames"), "{}", stdout(&o));
    assert_eq!(
        read_collider(dir.path().join("player.collider.json"))
            .frames
            .len(),
        7
    );
    assert_eq!(
        read_collider(dir.path().join("asteroid_clutter.collider.json"))
            .frames
            .len(),
        1
    );

    let preview = collide_hull::image::open(dir.path().join("player.hull.png"))
        .unwrap()
        .to_rgba8();
    assert!(preview.width() >= 7 * 64 * 4 && preview.height() >= 64 * 4);
    let red = preview
        .pixels()
        .filter(|p| p.0 == [255, 32, 32, 255])
        .count();
    assert!(
        red > 7 * 4 * 64,
        "the hulls are drawn in red ({red} pixels)"
    );

    let o = collide(
        &[
            "hull",
            "worm.png",
            "--frame-width",
            "18",
            "--frame-height",
            "18",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let worm = read_collider(dir.path().join("worm.collider.json"));
    assert_eq!((worm.frames.len(), worm.columns, worm.rows), (32, 8, 4));
    assert!(!listing(dir.path()).iter().any(|n| n.ends_with(".tmp")));
}

#[test]
fn a_bad_file_among_good_ones_fails_alone() {
    let dir = workdir(&["player.png", "fighter.png"]);
    let d = dir.path();
    fs::create_dir(d.join("more")).unwrap();
    fs::write(d.join("more/worm.png"), fixture("worm.png")).unwrap();
    fs::write(d.join("junk.png"), b"this is not a png").unwrap();
    let player = fixture("player.png");
    fs::write(d.join("truncated.png"), &player[..player.len() / 2]).unwrap();

    let o = collide(&["hull", ".", "--frame-width", "18"], d);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("junk.png") && err.contains("not a PNG"),
        "{err}"
    );
    assert!(
        err.contains("truncated.png") && err.contains("decode"),
        "{err}"
    );
    // 448 wide player frames of 18 do not divide: named with its reason.
    assert!(
        err.contains("player.png") && err.contains("do not divide"),
        "{err}"
    );
    assert!(
        stdout(&o).contains("5 files") && stdout(&o).contains("3 failed"),
        "{}",
        stdout(&o)
    );
    // The good ones were still processed.
    assert_eq!(
        read_collider(d.join("fighter.collider.json")).frames.len(),
        10
    );
    assert_eq!(
        read_collider(d.join("more/worm.collider.json"))
            .frames
            .len(),
        8
    );
    for bad in ["junk", "truncated", "player"] {
        assert!(!d.join(format!("{bad}.collider.json")).exists());
    }
}

#[test]
fn a_failed_write_leaves_no_partial_file() {
    let dir = workdir(&["fighter.png", "player.png"]);
    let d = dir.path();
    // The output path is taken by a folder: the rename fails, nothing partial remains.
    fs::create_dir(d.join("fighter.collider.json")).unwrap();
    let o = collide(&["hull", "fighter.png", "player.png"], d);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
    assert!(d.join("fighter.collider.json").is_dir());
    assert_eq!(
        listing(d),
        [
            "fighter.collider.json",
            "fighter.png",
            "player.collider.json",
            "player.png"
        ]
    );

    // A good file is never replaced by a failing run.
    let before = fs::read(d.join("player.collider.json")).unwrap();
    let player = fixture("player.png");
    fs::write(d.join("player.png"), &player[..player.len() - 100]).unwrap();
    let o = collide(&["hull", "player.png", "--max-vertices", "5"], d);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(fs::read(d.join("player.collider.json")).unwrap(), before);
    assert!(!listing(d).iter().any(|n| n.ends_with(".tmp")));
}

#[test]
fn check_on_missing_fresh_and_stale_files() {
    let dir = workdir(&["fighter.png", "player.png"]);
    let d = dir.path();
    let check = |extra: &[&str]| {
        let mut args = vec!["hull", "--check", "."];
        args.extend_from_slice(extra);
        collide(&args, d)
    };

    let o = check(&[]);
    assert_eq!(o.status.code(), Some(1), "missing files fail the check");
    assert!(stderr(&o).contains("missing"), "{}", stderr(&o));
    assert_eq!(
        listing(d),
        ["fighter.png", "player.png"],
        "--check writes nothing"
    );

    assert_eq!(collide(&["hull", "."], d).status.code(), Some(0));
    let o = check(&[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("up to date"));

    // Other settings would write something else.
    let o = check(&["--max-vertices", "6"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("stale"), "{}", stderr(&o));

    // A hand-edited file is stale; a broken one too; neither is touched.
    let path = d.join("fighter.collider.json");
    let mut file = read_collider(path.clone());
    file.frames[0].vertices.remove(0);
    fs::write(&path, file.to_json()).unwrap();
    assert_eq!(check(&[]).status.code(), Some(1));
    fs::write(&path, "{ broken").unwrap();
    assert_eq!(check(&[]).status.code(), Some(1));
    assert_eq!(fs::read_to_string(&path).unwrap(), "{ broken");
}

#[test]
fn folders_skip_previews_and_reruns_are_stable() {
    let dir = workdir(&["fighter.png", "player.png"]);
    let d = dir.path();
    assert_eq!(
        collide(&["hull", ".", "--preview"], d).status.code(),
        Some(0)
    );
    let first = fs::read(d.join("player.collider.json")).unwrap();
    let o = collide(&["hull", ".", "--preview"], d);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).contains("2 files"),
        "previews are not sprites: {}",
        stdout(&o)
    );
    assert!(!listing(d).iter().any(|n| n.contains("hull.hull")));
    assert_eq!(fs::read(d.join("player.collider.json")).unwrap(), first);
}

#[test]
fn empty_frames_warn_and_empty_images_fail() {
    let dir = workdir(&[]);
    let d = dir.path();
    // A strip of three 4×4 frames; the middle one is transparent.
    let strip = RgbaImage::from_fn(12, 4, |x, _| {
        Rgba([0, 0, 0, if (4..8).contains(&x) { 0 } else { 255 }])
    });
    fs::write(d.join("strip.png"), png_bytes(&strip)).unwrap();
    let o = collide(&["hull", "strip.png"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("frame 1"), "{}", stderr(&o));
    let file = read_collider(d.join("strip.collider.json"));
    assert!(file.frames[1].vertices.is_empty());
    assert_eq!(file.frames[0].vertices.len(), 4);

    let clear = RgbaImage::from_pixel(8, 8, Rgba([0, 0, 0, 0]));
    fs::write(d.join("clear.png"), png_bytes(&clear)).unwrap();
    let o = collide(&["hull", "clear.png"], d);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no pixel is solid"), "{}", stderr(&o));
}

#[test]
fn quiet_prints_only_errors() {
    let dir = workdir(&["fighter.png"]);
    fs::write(dir.path().join("junk.png"), b"nope").unwrap();
    let o = collide(&["hull", "-q", "."], dir.path());
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    assert!(stderr(&o).contains("junk.png"));
}

#[test]
fn a_folder_with_no_png_files_fails_naming_it_once() {
    let dir = workdir(&["player.png"]);
    let d = dir.path();
    fs::create_dir(d.join("empty")).unwrap();
    // A preview is no sprite: a folder of previews alone holds no PNG file to build from.
    fs::create_dir(d.join("previews")).unwrap();
    fs::write(d.join("previews/player.hull.png"), fixture("player.png")).unwrap();
    for folder in ["empty", "previews"] {
        for args in [&["hull", folder][..], &["hull", "-q", folder]] {
            let o = collide(args, d);
            assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
            assert_eq!(
                stderr(&o),
                format!("error: {folder}: no PNG files\n"),
                "{args:?}"
            );
        }
    }
    // Beside a good file: that one is still built, and the run fails.
    let o = collide(&["hull", "player.png", "empty"], d);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(stderr(&o), "error: empty: no PNG files\n");
    assert!(
        stdout(&o).contains("1 file, 7 frames") && stdout(&o).contains("1 failed"),
        "{}",
        stdout(&o)
    );
    assert!(d.join("player.collider.json").is_file());
}

#[test]
fn a_file_named_twice_is_built_once_where_it_first_appears() {
    let dir = workdir(&["fighter.png", "player.png"]);
    let d = dir.path();
    fs::create_dir(d.join("sub")).unwrap();
    // Named twice, through another spelling of its path, and through its folder.
    let o = collide(
        &[
            "hull",
            "player.png",
            "./player.png",
            "sub/../player.png",
            ".",
        ],
        d,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let built: Vec<&str> = out.lines().filter(|l| l.contains(" → ")).collect();
    assert_eq!(built.len(), 2, "{out}");
    assert!(built[0].starts_with("player.png: "), "{out}");
    assert!(built[1].ends_with("fighter.collider.json"), "{out}");
    assert!(out.contains("2 files, 17 frames"), "{out}");

    // A missing file named twice fails once.
    let o = collide(&["hull", "missing.png", "missing.png"], d);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    assert!(stdout(&o).contains("1 file,"), "{}", stdout(&o));
}

#[test]
fn inspect_validates_and_reports_areas() {
    let dir = workdir(&["player.png"]);
    let d = dir.path();
    let run = collide(&["hull", "player.png", "--max-vertices", "8"], d);
    assert_eq!(run.status.code(), Some(0));
    let o = collide(&["inspect", "player.collider.json"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("valid") && out.contains("matches"), "{out}");
    assert!(out.contains("cut off by vw"), "{out}");
    // One table row per frame, each with 8 vertices or fewer.
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| {
            l.split_whitespace()
                .next()
                .is_some_and(|w| w.parse::<usize>().is_ok())
        })
        .collect();
    assert_eq!(rows.len(), 7, "{out}");
    for row in rows {
        let vertices: usize = row.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert!((3..=8).contains(&vertices), "{row}");
    }

    // A sprite changed since the file was written: the file is stale, and the run fails so
    // that a build can check its colliders.
    let kept = fs::read(d.join("player.png")).unwrap();
    let sprite = collide_hull::image::load_from_memory(&kept)
        .unwrap()
        .to_rgba8();
    let changed = collide_hull::image::imageops::flip_vertical(&sprite);
    fs::write(d.join("player.png"), png_bytes(&changed)).unwrap();
    let o = collide(&["inspect", "player.collider.json"], d);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains("does NOT match"), "{}", stdout(&o));
    fs::write(d.join("player.png"), &kept).unwrap();

    // Without the image beside it, the file is still valid.
    fs::remove_file(d.join("player.png")).unwrap();
    let o = collide(&["inspect", "player.collider.json"], d);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("not found"), "{}", stdout(&o));

    let text = fs::read_to_string(d.join("player.collider.json")).unwrap();
    fs::write(
        d.join("v2.collider.json"),
        text.replacen("\"version\": 1", "\"version\": 2", 1),
    )
    .unwrap();
    fs::write(
        d.join("bad.collider.json"),
        text.replacen("\"rows\": 1", "\"rows\": 3", 1),
    )
    .unwrap();
    let o = collide(
        &[
            "inspect",
            "v2.collider.json",
            "bad.collider.json",
            "player.collider.json",
        ],
        d,
    );
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("v2.collider.json") && err.contains("version 2"),
        "{err}"
    );
    assert!(
        err.contains("bad.collider.json") && err.contains("frames"),
        "{err}"
    );
}

#[test]
fn inspect_accepts_a_byte_order_mark() {
    let dir = workdir(&["worm.collider.json"]);
    let d = dir.path();
    let text = fs::read_to_string(d.join("worm.collider.json")).unwrap();
    fs::write(d.join("bom.collider.json"), format!("\u{feff}{text}")).unwrap();
    let o = collide(&["inspect", "bom.collider.json"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("valid"), "{}", stdout(&o));
}

#[test]
fn the_demo_embeds_the_bundled_colliders_as_they_are() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for name in ["fighter.collider.json", "sleeper.collider.json"] {
        let embedded = fs::read(root.join("assets").join(name)).unwrap();
        let bundled = fs::read(root.join("../assets/sprites").join(name)).unwrap();
        assert!(
            embedded == bundled,
            "collide-cli/assets/{name} differs from assets/sprites/{name}: run assets/regenerate-colliders.sh"
        );
    }
}

#[test]
fn bundled_sprite_colliders_are_up_to_date() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let o = Command::new("bash")
        .arg(root.join("assets/regenerate-colliders.sh"))
        .arg("--check")
        .env("COLLIDE", env!("CARGO_BIN_EXE_collide"))
        .output()
        .expect("run the regeneration script");
    assert_eq!(
        o.status.code(),
        Some(0),
        "assets/sprites/*.collider.json are stale: run assets/regenerate-colliders.sh\n{}{}",
        stdout(&o),
        stderr(&o)
    );
    let sprites = root.join("assets/sprites");
    let pngs = fs::read_dir(&sprites)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "png")
        })
        .count();
    let checked: usize = stdout(&o).matches("up to date").count();
    assert_eq!(checked, pngs, "every bundled sprite has a checked collider");
}
