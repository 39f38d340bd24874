//! `collide demo`: what collide is for, in one command, on embedded defaults.
//!
//! - Part 1, the tunnelling experiment ([`tunnel`]): point shots fired straight up at a
//!   14-unit target at 60 fps, the speed raised from 100 to 20 000 units per second; per speed
//!   the tunnelling-speed figure and the shots the real narrow phase misses with the sweep off,
//!   as the expanded box and exact; then the same with the target halved; then shots at 45°,
//!   where the per-frame test misses near corners even below that speed and the expanded box
//!   reports hits the shot never made.
//! - Part 2, the shmup benchmark scene ([`scene`], run by `collide_scene::FrameRunner`, the
//!   frame loop the benchmarks time) at 100 and 10 000 objects with every broad phase: time
//!   per frame, candidate pairs, sweeps, hits, and whether every broad phase found the
//!   identical hits. A quarter of the enemies use hulls made from bundled sprites
//!   ([`crate::scene_setup`]).
//! - Part 3 ([`pictures`]): `demo-scene.png` and `demo-tunnel.png`, written to `--out` (the
//!   current folder by default); the demo prints the full path of each file it writes.
//! - Part 4, only with `--animate DIR`: each scene of `collide play` played from a script
//!   and recorded as an animated GIF (`crate::play::record`).

mod json;
mod pictures;
mod scene;
mod tables;
mod tunnel;

use std::io::Cursor;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use collide::BroadPhaseKind;
use collide_core::SweepMode;
use collide_hull::image::{ImageFormat, RgbaImage};

use crate::atomic::write_atomic;
use crate::outcome::Outcome;
use crate::report::{error_line, warn, WithFile};
use crate::scene_setup::enemy_hulls;

/// `say!` that reports a closed stdout (`collide demo | head`) as an error, not a panic.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($arg)*).context("cannot write to stdout")?;
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
    /// Folder the pictures go to (created if missing); the demo prints each file's full path.
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub out: PathBuf,
    /// Also write every figure to this JSON file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Also record each scene of `collide play` from a script, one animated GIF per scene
    /// (`play-<scene>.gif`), into this folder (created if missing).
    #[arg(long, value_name = "DIR")]
    pub animate: Option<PathBuf>,
}

/// The sweep modes, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SweepArg {
    /// The exact time of impact: never misses.
    Exact,
    /// The expanded-box approximation: never misses, over-reports on diagonals.
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
            warn("error: the demo found a missed shot with the exact sweep or broad phases that disagree");
            Outcome::SomeFailed
        }
        Err(e) => {
            warn(&error_line(&e));
            Outcome::SomeFailed
        }
    }
}

/// Part 1's figures: the straight shots at both target heights, and the diagonal shots.
struct Tunnelling {
    rows: Vec<tunnel::Row>,
    diagonal: Vec<tunnel::DiagonalRow>,
}

impl Tunnelling {
    /// Shots the exact sweep missed, over every row.
    fn exact_misses(&self) -> usize {
        self.rows.iter().map(|r| r.missed[2]).sum::<usize>()
            + self.diagonal.iter().map(|r| r.missed[2]).sum::<usize>()
    }

    /// Shots fired with each mode, over every row.
    fn shots(&self) -> usize {
        self.rows.iter().map(|r| r.shots).sum::<usize>()
            + self.diagonal.iter().map(|r| r.shots).sum::<usize>()
    }
}

/// Part 2's runs, and per run whether its hits matched the reference run of its scene size.
struct Comparison {
    runs: Vec<scene::Run>,
    identical: Vec<bool>,
}

/// Where Part 3 wrote its pictures (absolute paths).
struct Pictures {
    scene: PathBuf,
    tunnel: PathBuf,
}

/// The whole demo; `Ok(false)` when a claim failed.
fn demo(args: &DemoArgs) -> Result<bool> {
    std::fs::create_dir_all(&args.out).with_file(&args.out, "cannot create the folder")?;
    let out = std::path::absolute(&args.out).with_file(&args.out, "cannot find its full path")?;
    say!("collide demo: no fast bullet passes through its target\n");

    let tunnelling = part_1(args)?;
    let shapes = scene::Shapes::new(enemy_hulls()?);
    let comparison = part_2(args, &shapes)?;
    let pictures = part_3(args, &shapes, &out)?;
    if let Some(dir) = &args.animate {
        part_4(dir)?;
    }

    let all_identical = comparison.identical.iter().all(|&s| s);
    let exact_misses = tunnelling.exact_misses();
    say!("");
    say!(
        "exact sweep: {exact_misses} shots missed of {}; broad phases {}",
        tunnelling.shots(),
        if all_identical {
            "found identical hits"
        } else {
            "DISAGREE"
        }
    );

    if let Some(path) = &args.json {
        let value = json::document(&tunnelling, &comparison, args.sweep.mode(), &pictures);
        let text =
            serde_json::to_string_pretty(&value).with_file(path, "cannot encode the JSON")?;
        let text = text + "\n";
        write_atomic(path, text.as_bytes()).with_file(path, "cannot write the file")?;
        say!("wrote {}", full_path(path).display());
    }
    Ok(exact_misses == 0 && all_identical)
}

/// Part 1: the tunnelling experiment, printed.
fn part_1(args: &DemoArgs) -> Result<Tunnelling> {
    let mut speeds = tunnel::SPEEDS.to_vec();
    if !speeds.contains(&args.speed) {
        speeds.push(args.speed);
        speeds.sort_by(f32::total_cmp);
    }
    let rows = tunnel::experiment(tunnel::FPS, &speeds, args.shots as usize);
    say!("{}", tables::tunnel_table(&rows, args.shots));
    let diagonal: Vec<tunnel::DiagonalRow> = tunnel::DIAGONAL_SPEEDS
        .iter()
        .map(|&v| tunnel::diagonal_row(tunnel::FPS, v, args.shots as usize))
        .collect();
    say!("{}", tables::diagonal_table(&diagonal));
    Ok(Tunnelling { rows, diagonal })
}

/// The broad phases Part 2 runs: the one asked for, or all four.
fn broad_phases(args: &DemoArgs) -> Vec<BroadPhaseKind> {
    match args.broad_phase {
        Some(k) => vec![k],
        None => BroadPhaseKind::ALL.to_vec(),
    }
}

/// Part 2: the shmup benchmark scene at each size with each broad phase, printed.
fn part_2(args: &DemoArgs, shapes: &scene::Shapes) -> Result<Comparison> {
    let kinds = broad_phases(args);
    let mode = args.sweep.mode();
    let frames = args.frames as usize;
    let mut comparison = Comparison {
        runs: Vec::new(),
        identical: Vec::new(),
    };
    for &objects in &args.objects {
        let objects = objects as usize;
        let first = comparison.runs.len();
        for &kind in &kinds {
            comparison
                .runs
                .push(scene::run(shapes, objects, kind, frames, mode)?);
        }
        // Every run against the first; a lone broad phase against an oracle run for the
        // purpose (brute force, or the grid when brute force is the one chosen).
        let oracle = match args.broad_phase {
            None => None,
            Some(BroadPhaseKind::BruteForce) => Some(BroadPhaseKind::Grid),
            Some(_) => Some(BroadPhaseKind::BruteForce),
        };
        let reference = match oracle {
            Some(k) => Some(scene::run(shapes, objects, k, frames, mode)?),
            None => None,
        };
        let reference = reference.as_ref().unwrap_or(&comparison.runs[first]);
        let same = comparison.runs[first..]
            .iter()
            .all(|r| r.record == reference.record);
        comparison
            .identical
            .extend(std::iter::repeat_n(same, kinds.len()));
    }
    let names: Vec<&str> = shapes.hulls().iter().map(|h| h.name).collect();
    say!(
        "{}",
        tables::scene_table(
            &comparison.runs,
            &comparison.identical,
            args.frames,
            mode,
            &names
        )
    );
    Ok(comparison)
}

/// Part 3: both pictures written into `out` (an absolute folder), and where they went printed.
fn part_3(args: &DemoArgs, shapes: &scene::Shapes, out: &Path) -> Result<Pictures> {
    let kind = broad_phases(args)[0];
    let mode = args.sweep.mode();
    let smallest = args.objects.iter().copied().min().unwrap_or(100) as usize;
    let window = (glam::Vec2::ZERO, pictures::SCENE_WINDOW);
    // Up to 600 frames to find a graze worth magnifying; with the sweep off there is none.
    let search = if mode == SweepMode::Off { 1 } else { 600 };
    let snap = scene::snapshot(
        shapes,
        smallest,
        kind,
        mode,
        window,
        search.max(args.frames as usize),
    )?;
    let caption = pictures::SceneCaption {
        broad_phase: kind.name(),
        mode,
    };
    let written = Pictures {
        scene: out.join("demo-scene.png"),
        tunnel: out.join("demo-tunnel.png"),
    };
    write_png(
        &written.scene,
        &pictures::scene_picture(&snap, shapes, &caption),
    )?;
    let (tunnel_img, tunnelled) = pictures::tunnel_picture(args.speed);
    write_png(&written.tunnel, &tunnel_img)?;
    say!("Part 3 · pictures");
    say!(
        "  {}: frame {} of the {smallest}-object scene, every body, its swept box and its hits",
        written.scene.display(),
        snap.scene.frame()
    );
    say!(
        "  {}: one shot at {} units/s {}",
        written.tunnel.display(),
        args.speed,
        if tunnelled {
            "that the per-frame test misses, and where the exact sweep finds the impact"
        } else {
            "(below the tunnelling speed: the per-frame test catches it)"
        }
    );
    Ok(written)
}

/// Part 4: every scene of `collide play` recorded as an animated GIF into `dir`.
fn part_4(dir: &Path) -> Result<()> {
    say!("Part 4 · moving pictures: each scene of `collide play`, played from a script");
    for path in crate::play::record::record_all(dir)? {
        let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        say!(
            "  {} ({} KB)",
            full_path(&path).display(),
            bytes.div_ceil(1024)
        );
    }
    Ok(())
}

/// `path` made absolute for printing, or as given if the current folder cannot be read.
fn full_path(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_owned())
}

/// Encodes a picture as PNG and writes it atomically.
fn write_png(path: &Path, image: &RgbaImage) -> Result<()> {
    let mut bytes = Vec::new();
    image
        .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
        .with_file(path, "cannot encode the picture")?;
    write_atomic(path, &bytes).with_file(path, "cannot write the file")
}
