//! `collide demo`: what collide is for, in one command, on embedded defaults.
//!
//! - Part 1, seed 001's experiment ([`tunnel`]): point shots fired straight up at a 14-unit
//!   target at 60 fps, the speed raised from 100 to 20 000 units per second; per speed the
//!   tunnelling-speed figure and the shots the real narrow phase misses with the sweep off, as
//!   the expanded box and exact; then the same with the target halved; then shots at 45°,
//!   where the per-frame test misses near corners even below that speed and the expanded box
//!   reports hits the shot never made.
//! - Part 2, the shmup scene of `BENCHMARKS.md` ([`scene`], the scene of `collide-bench`) at
//!   100 and 10 000 objects with every broad phase: time per frame, candidate pairs, sweeps,
//!   hits, and whether every broad phase found the identical hits. A quarter of the enemies use
//!   hulls made from bundled sprites ([`sprites`]).
//! - Part 3 ([`pictures`]): `demo-scene.png` and `demo-tunnel.png`.
//!
//! The scene lives in `collide-bench`, which is not published (it depends on parry2d, the
//! benchmarks' peer), so `collide-cli` is not published either; the demo shares the scene
//! rather than keeping a copy that could drift from the benchmarks.

mod pictures;
mod scene;
mod sprites;
mod tunnel;

use std::fmt::Write as _;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use collide_broad::BroadPhaseKind;
use collide_core::SweepMode;
use collide_hull::image::{ImageFormat, RgbaImage};
use serde_json::{json, Value};

use crate::atomic::write_atomic;
use crate::Outcome;

/// `say!` that reports a closed stdout (`collide demo | head`) as an error, not a panic.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($arg)*).context("writing to stdout")?;
    }};
}

/// The arguments of `collide demo`.
#[derive(Debug, Args)]
pub struct DemoArgs {
    /// Scene sizes for Part 2 (comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "100,10000",
          value_parser = clap::value_parser!(u32).range(2..=1_000_000))]
    pub objects: Vec<u32>,
    /// Frames simulated per scene size and broad phase.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub frames: u32,
    /// Shot speed (1 to 10 000 000 units/s) for demo-tunnel.png; also added to Part 1's speeds.
    #[arg(long, default_value_t = 1_800.0, value_parser = parse_speed)]
    pub speed: f32,
    /// Shots fired per speed and target in Part 1 (phases spread evenly over a frame).
    #[arg(long, default_value_t = 1_000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub shots: u32,
    /// Only this broad phase in Part 2: grid, sort_and_sweep, quadtree or brute_force
    /// (default: all four, compared with each other; one alone is compared with brute force).
    #[arg(long, value_name = "KIND", value_parser = parse_broad_phase)]
    pub broad_phase: Option<BroadPhaseKind>,
    /// The sweep used in Part 2 and demo-scene.png (Part 1 always compares all three).
    #[arg(long, value_enum, default_value_t = SweepArg::Exact)]
    pub sweep: SweepArg,
    /// Folder the pictures go to (created if missing).
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub out: PathBuf,
    /// Also write every figure to this JSON file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
}

/// The sweep modes, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SweepArg {
    /// The exact time of impact: never misses.
    Exact,
    /// Seed 001's expanded box: never misses, over-reports on diagonals.
    Expanded,
    /// No sweep: the per-frame test alone, which tunnels.
    Off,
}

impl SweepArg {
    fn mode(self) -> SweepMode {
        match self {
            SweepArg::Exact => SweepMode::Exact,
            SweepArg::Expanded => SweepMode::ExpandedBox,
            SweepArg::Off => SweepMode::Off,
        }
    }
}

fn parse_speed(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        // From 1 unit/s (840 frames to cross the target) to far beyond any game's bullets.
        Ok(v) if (1.0..=1e7).contains(&v) => Ok(v),
        _ => Err(format!("`{s}` is not a speed from 1 to 10 000 000 units/s")),
    }
}

fn parse_broad_phase(s: &str) -> Result<BroadPhaseKind, String> {
    s.parse().map_err(|_| {
        let names: Vec<&str> = BroadPhaseKind::ALL.iter().map(|k| k.name()).collect();
        format!("unknown broad phase `{s}`; one of {}", names.join(", "))
    })
}

/// Runs `collide demo`: prints the three parts, writes the pictures and, if asked, the JSON.
/// Fails (exit 1) when the demo disproves its own claims: a shot missed by the exact sweep, or
/// broad phases that disagree.
pub fn run(args: &DemoArgs) -> Outcome {
    match demo(args) {
        Ok(true) => Outcome::Success,
        Ok(false) => {
            eprintln!("error: the demo found a missed shot with the exact sweep or broad phases that disagree");
            Outcome::SomeFailed
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            Outcome::SomeFailed
        }
    }
}

/// The whole demo; `Ok(false)` when a claim failed.
fn demo(args: &DemoArgs) -> Result<bool> {
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("creating {}", args.out.display()))?;
    say!("collide demo: no fast bullet passes through its target\n");

    // Part 1.
    let mut speeds = tunnel::SPEEDS.to_vec();
    if !speeds.contains(&args.speed) {
        speeds.push(args.speed);
        speeds.sort_by(f32::total_cmp);
    }
    let rows = tunnel::experiment(tunnel::FPS, &speeds, args.shots as usize);
    say!("{}", tunnel_table(&rows, args.shots));
    let diagonal: Vec<tunnel::DiagonalRow> = tunnel::DIAGONAL_SPEEDS
        .iter()
        .map(|&v| tunnel::diagonal_row(tunnel::FPS, v, args.shots as usize))
        .collect();
    say!("{}", diagonal_table(&diagonal));

    // Part 2.
    let shapes = scene::Shapes::new(sprites::enemy_hulls()?);
    let kinds: Vec<BroadPhaseKind> = match args.broad_phase {
        Some(k) => vec![k],
        None => BroadPhaseKind::ALL.to_vec(),
    };
    let mode = args.sweep.mode();
    let mut runs = Vec::new();
    let mut identical = Vec::new();
    for &objects in &args.objects {
        let first = runs.len();
        for &kind in &kinds {
            runs.push(scene::run(
                &shapes,
                objects as usize,
                kind,
                args.frames as usize,
                mode,
            ));
        }
        // Every run against the first; a lone broad phase against an oracle run for the
        // purpose (brute force, or the grid when brute force is the one chosen).
        let reference = match args.broad_phase {
            None => None,
            Some(k) => {
                let oracle = if k == BroadPhaseKind::BruteForce {
                    BroadPhaseKind::Grid
                } else {
                    BroadPhaseKind::BruteForce
                };
                Some(scene::run(
                    &shapes,
                    objects as usize,
                    oracle,
                    args.frames as usize,
                    mode,
                ))
            }
        };
        let reference = reference.as_ref().unwrap_or(&runs[first]);
        let same = runs[first..].iter().all(|r| r.record == reference.record);
        identical.extend(std::iter::repeat_n(same, kinds.len()));
    }
    let names: Vec<&str> = shapes.hulls().iter().map(|h| h.name).collect();
    say!(
        "{}",
        scene_table(&runs, &identical, args.frames, mode, &names)
    );

    // Part 3.
    let smallest = args.objects.iter().copied().min().unwrap_or(100) as usize;
    let window = (glam::Vec2::ZERO, pictures::SCENE_WINDOW);
    let search = if mode == SweepMode::Off { 1 } else { 600 };
    let snap = scene::snapshot(
        &shapes,
        smallest,
        kinds[0],
        mode,
        window,
        search.max(args.frames as usize),
    );
    let caption = pictures::SceneCaption {
        broad_phase: kinds[0].name(),
        mode,
    };
    let scene_png = args.out.join("demo-scene.png");
    write_png(
        &scene_png,
        &pictures::scene_picture(&snap, &shapes, &caption),
    )?;
    let (tunnel_img, tunnelled) = pictures::tunnel_picture(args.speed);
    let tunnel_png = args.out.join("demo-tunnel.png");
    write_png(&tunnel_png, &tunnel_img)?;
    say!("Part 3 · pictures");
    say!(
        "  {}: frame {} of the {smallest}-object scene, every body, its swept box and its hits",
        scene_png.display(),
        snap.scene.frame()
    );
    say!(
        "  {}: one shot at {} units/s {}",
        tunnel_png.display(),
        args.speed,
        if tunnelled {
            "that the per-frame test misses, and where the exact sweep finds the impact"
        } else {
            "(below the tunnelling speed: the per-frame test catches it)"
        }
    );

    let exact_clean =
        rows.iter().all(|r| r.missed[2] == 0) && diagonal.iter().all(|r| r.missed[2] == 0);
    let all_identical = identical.iter().all(|&s| s);
    say!("");
    say!(
        "exact sweep: {} shots missed of {}; broad phases {}",
        rows.iter().map(|r| r.missed[2]).sum::<usize>()
            + diagonal.iter().map(|r| r.missed[2]).sum::<usize>(),
        (rows.len() + diagonal.len()) * args.shots as usize,
        if all_identical {
            "found identical hits"
        } else {
            "DISAGREE"
        }
    );

    if let Some(path) = &args.json {
        let value = to_json(
            &rows,
            &diagonal,
            &runs,
            &identical,
            mode,
            &scene_png,
            &tunnel_png,
        );
        let text = serde_json::to_string_pretty(&value)? + "\n";
        write_atomic(path, text.as_bytes())
            .with_context(|| format!("writing {}", path.display()))?;
        say!("wrote {}", path.display());
    }
    Ok(exact_clean && all_identical)
}

/// Part 1's table.
fn tunnel_table(rows: &[tunnel::Row], shots: u32) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Part 1 · seed 001's experiment: {shots} point shots per speed, fired straight up at a \
         target, {} fps, each tested by the narrow phase",
        tunnel::FPS
    );
    let _ = writeln!(
        s,
        "  target  shot speed  travel per  tunnelling  shots missed with the sweep"
    );
    let _ = writeln!(
        s,
        "  height     units/s       frame       speed  off (predicted)  expanded  exact"
    );
    let mut last_height = None;
    for r in rows {
        if last_height.is_some_and(|h| h != r.target_height) {
            let _ = writeln!(
                s,
                "  -- target halved: the tunnelling speed halves with it --"
            );
        }
        last_height = Some(r.target_height);
        let off = format!("{} ({})", r.missed[0], r.predicted_off);
        // A relative margin: 14 ÷ (1/60) in f32 is 839.99994, and 840 itself does not tunnel.
        let mark = if r.speed > r.tunnelling_speed * (1.0 + 1e-4) {
            " ←"
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "  {:>6}  {:>10}  {:>10.1}  {:>10.0}  {off:<15}  {:>8}  {:>5}{mark}",
            r.target_height,
            r.speed,
            r.speed / r.fps,
            r.tunnelling_speed,
            r.missed[1],
            r.missed[2],
        );
    }
    let _ = writeln!(
        s,
        "  (← above the tunnelling speed: the shot can jump over the target between two frames)"
    );
    s
}

/// Part 1's diagonal table.
fn diagonal_table(rows: &[tunnel::DiagonalRow]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "  Diagonal shots (45°) at the 14-unit target, their lines spread across it and past its \
         corners:"
    );
    let _ = writeln!(
        s,
        "  shot speed  shots  through   missed: off  expanded  exact   false hits: off  expanded  exact"
    );
    for r in rows {
        let _ = writeln!(
            s,
            "  {:>10}  {:>5}  {:>7}   {:>11}  {:>8}  {:>5}   {:>15}  {:>8}  {:>5}",
            r.speed,
            r.shots,
            r.through,
            r.missed[0],
            r.missed[1],
            r.missed[2],
            r.false_hits[0],
            r.false_hits[1],
            r.false_hits[2],
        );
    }
    let _ = writeln!(
        s,
        "  (near a corner the shot crosses less than 14 units of target, so the per-frame test \
         misses even below 840 units/s;\n   the expanded box also covers the corners of the \
         path's bounding box, which the shot never visits: seed 001's caveat)"
    );
    s
}

/// Part 2's table.
fn scene_table(
    runs: &[scene::Run],
    identical: &[bool],
    frames: u32,
    mode: SweepMode,
    hull_names: &[&str],
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Part 2 · the shmup scene of BENCHMARKS.md: half bullets (r 2, 7.5 units/frame), half \
         enemies (32×32, {:.0} % of them hulls from the sprites {}), {frames} frames, {} sweep",
        scene::HULL_ENEMIES * 100.0,
        hull_names.join(" and "),
        tunnel::mode_name(mode),
    );
    let _ = writeln!(
        s,
        "  objects  broad phase     ms/frame      pairs     sweeps      hits  by sweep  identical hits"
    );
    for (r, &same) in runs.iter().zip(identical) {
        let _ = writeln!(
            s,
            "  {:<7}  {:<14}  {:>8.3}  {:>9}  {:>9}  {:>8}  {:>8}  {}",
            r.objects,
            r.broad_phase.name(),
            r.frame_ms,
            r.pairs,
            r.sweeps,
            r.hits,
            r.swept_hits,
            if same { "yes" } else { "NO" },
        );
    }
    let _ = writeln!(
        s,
        "  (ms/frame: the median frame = move, broad phase, narrow phase, hits sorted by time; \
         pairs, sweeps and hits: summed over the frames;\n   by sweep: hits the end-of-frame test missed, a bullet grazing a corner or leaving an enemy \
         within the frame)"
    );
    s
}

/// Rounds for JSON, so 840.0001 reads as 840.0.
fn round3(x: f64) -> f64 {
    (x * 1e3).round() / 1e3
}

/// The `--json` document: the keys, plus a few extra.
fn to_json(
    rows: &[tunnel::Row],
    diagonal: &[tunnel::DiagonalRow],
    runs: &[scene::Run],
    identical: &[bool],
    mode: SweepMode,
    scene_png: &Path,
    tunnel_png: &Path,
) -> Value {
    let tunnelling: Vec<Value> = rows
        .iter()
        .map(|r| {
            json!({
                "target_height": round3(f64::from(r.target_height)),
                "fps": round3(f64::from(r.fps)),
                "speed": round3(f64::from(r.speed)),
                "tunnelling_speed": round3(f64::from(r.tunnelling_speed)),
                "shots": r.shots,
                "missed": {
                    "off": r.missed[0],
                    "expanded": r.missed[1],
                    "exact": r.missed[2],
                },
                "predicted_off": r.predicted_off,
            })
        })
        .collect();
    let scene: Vec<Value> = runs
        .iter()
        .zip(identical)
        .map(|(r, &same)| {
            json!({
                "objects": r.objects,
                "broad_phase": r.broad_phase.name(),
                "frame_ms": r.frame_ms,
                "pairs": r.pairs,
                "sweeps": r.sweeps,
                "hits": r.hits,
                "identical_hits": same,
                "frames": r.frames,
                "swept_hits": r.swept_hits,
                "sweep": tunnel::mode_name(mode),
                "hull_enemies": scene::HULL_ENEMIES,
            })
        })
        .collect();
    let diagonal: Vec<Value> = diagonal
        .iter()
        .map(|r| {
            json!({
                "speed": round3(f64::from(r.speed)),
                "shots": r.shots,
                "through": r.through,
                "missed": { "off": r.missed[0], "expanded": r.missed[1], "exact": r.missed[2] },
                "false_hits": {
                    "off": r.false_hits[0],
                    "expanded": r.false_hits[1],
                    "exact": r.false_hits[2],
                },
            })
        })
        .collect();
    json!({
        "tunnelling": tunnelling,
        "diagonal": diagonal,
        "scene": scene,
        "pictures": {
            "scene": scene_png.display().to_string(),
            "tunnel": tunnel_png.display().to_string(),
        },
    })
}

/// Encodes a picture as PNG and writes it atomically.
fn write_png(path: &Path, image: &RgbaImage) -> Result<()> {
    let mut bytes = Vec::new();
    image
        .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
        .context("encoding PNG")?;
    write_atomic(path, &bytes).with_context(|| format!("writing {}", path.display()))
}
