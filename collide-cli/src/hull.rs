//! `collide hull`: sprite PNGs → `<stem>.collider.json` (and `<stem>.hull.png` previews).

use std::io::{Cursor, IsTerminal};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, Result};
use clap::{Args, ValueEnum};
use collide_hull::image::ImageFormat;
use collide_hull::{
    collider_path, generate_file, render_preview, ColliderFile, Error, Layout, Options, Simplify,
    Sprite, DEFAULT_MAX_PIXELS, MAX_PIXELS_LIMIT,
};
use indicatif::{ProgressBar, ProgressStyle};

use crate::atomic::write_all_atomic;
use crate::clash;
use crate::outcome::Outcome;
use crate::report::{file_error, reason, warn, Printer, WithFile};

/// The arguments of `collide hull`.
#[derive(Debug, Args)]
pub struct HullArgs {
    /// PNG files, or folders searched recursively for `*.png` (skipping `*.hull.png` previews;
    /// a folder with none fails). A file fails whose collider or preview another one already
    /// writes (`ship.png` and `ship.PNG`, or `Ship.png`: one file where case is ignored), or
    /// would write over an input.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Pixels whose alpha is at least this are solid (1..=255).
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u8).range(1..))]
    pub threshold: u8,
    /// The most vertices a hull may keep (3..=16).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u8).range(3..=16))]
    pub max_vertices: u8,
    /// Frame width, for strips that are not square frames and for grid sheets.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub frame_width: Option<u32>,
    /// Frame height, for grid sheets (with --frame-width) and vertical strips.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub frame_height: Option<u32>,
    /// How hulls with too many vertices are simplified.
    #[arg(long, value_enum, default_value_t = SimplifyArg::Vw)]
    pub simplify: SimplifyArg,
    /// Also write `<stem>.hull.png`: every frame scaled 4× with its hull in red.
    #[arg(long, conflicts_with = "check")]
    pub preview: bool,
    /// Write nothing; fail when a `.collider.json` is missing or differs from what would be
    /// written (for build pipelines).
    #[arg(long)]
    pub check: bool,
    /// Print only errors.
    #[arg(long, short)]
    pub quiet: bool,
    /// Refuse images with more pixels than this (checked on the PNG header; at most
    /// 268435456, 16384 × 16384). A file over 1 GiB, or not a regular file, is refused too.
    #[arg(long, default_value_t = DEFAULT_MAX_PIXELS,
          value_parser = clap::value_parser!(u64).range(..=MAX_PIXELS_LIMIT))]
    pub max_pixels: u64,
}

/// The simplification, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SimplifyArg {
    /// Visvalingam–Whyatt: drop the vertex with the smallest triangle (may cut off pixels).
    Vw,
    /// Keep every solid pixel inside, adding the least area at each step.
    Enclosing,
}

impl HullArgs {
    fn options(&self) -> Options {
        Options {
            threshold: self.threshold,
            max_vertices: usize::from(self.max_vertices),
            simplify: match self.simplify {
                SimplifyArg::Vw => Simplify::Vw,
                SimplifyArg::Enclosing => Simplify::Enclosing,
            },
            frame_width: self.frame_width,
            frame_height: self.frame_height,
            max_pixels: self.max_pixels,
        }
    }
}

/// What happened to one sprite.
struct Report {
    frames: usize,
    vertices: usize,
    line: String,
    warnings: Vec<String>,
    /// `--check` found the file missing or different.
    stale: bool,
}

/// Runs `collide hull`.
pub fn run(args: &HullArgs) -> Outcome {
    let options = args.options();
    let mut failures = 0usize;
    let mut files = Vec::new();
    for path in &args.paths {
        if path.is_dir() {
            let (found, errors) = find_pngs(path);
            for e in &errors {
                warn(&file_error(path, e));
            }
            failures += errors.len();
            // A folder named for its sprites that holds none is a mistake (a wrong path,
            // sprites not exported yet), not a success with nothing to do.
            if found.is_empty() && errors.is_empty() {
                warn(&file_error(path, &anyhow!("no PNG files")));
                failures += 1;
            }
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    let files = clash::once_each(files);

    let bar = if args.quiet || files.len() < 2 || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::new(files.len() as u64);
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {wide_msg}") {
            bar.set_style(style);
        }
        bar
    };

    let (mut frames, mut vertices, mut stale) = (0usize, 0usize, 0usize);
    let mut printer = Printer::default();
    let clashes = clash::clashes(&files, args.preview);
    for (file, clash) in files.iter().zip(clashes) {
        bar.set_message(file.display().to_string());
        let result = match clash {
            Some(reason) => Err(anyhow!(reason)),
            None => process(file, args, &options),
        };
        match result {
            Ok(report) => {
                frames += report.frames;
                vertices += report.vertices;
                stale += usize::from(report.stale);
                bar.suspend(|| {
                    if report.stale {
                        warn(&report.line);
                    } else if !args.quiet {
                        printer.print(&format!("{}\n", report.line));
                    }
                    if !args.quiet {
                        for warning in &report.warnings {
                            warn(&format!("warning: {warning}"));
                        }
                    }
                });
            }
            Err(e) => {
                failures += 1;
                bar.suspend(|| warn(&file_error(file, &e)));
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();

    if !args.quiet {
        let mut summary = format!(
            "{}, {}, {}, {failures} failed",
            count(files.len(), "file"),
            count(frames, "frame"),
            count(vertices, "vertex"),
        );
        if args.check {
            summary.push_str(&format!(", {stale} stale or missing"));
        }
        printer.print(&format!("{summary}\n"));
    }
    if printer.finish() && failures == 0 && stale == 0 {
        Outcome::Success
    } else {
        Outcome::SomeFailed
    }
}

/// Builds one sprite's hulls, then writes them (or, with `--check`, compares them).
fn process(png: &Path, args: &HullArgs, options: &Options) -> Result<Report> {
    let sprite = generate_file(png, options)?;
    let collider = &sprite.collider;
    let frames = collider.frames.len();
    let vertices = collider.frames.iter().map(|f| f.vertices.len()).sum();
    let warnings = warnings(png, &sprite, options);
    let out = collider_path(png);

    if args.check {
        let (stale, state) = match ColliderFile::read(&out) {
            Ok(existing) if existing.same_content(collider) => (false, "up to date".to_owned()),
            Ok(_) => (true, "stale: differs from what would be written".to_owned()),
            Err(Error::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
                (true, "missing".to_owned())
            }
            Err(e) => (true, format!("stale: {}", reason(&e))),
        };
        let line = format!("{}: {state}", out.display());
        return Ok(Report {
            frames,
            vertices,
            line,
            warnings,
            stale,
        });
    }

    // Every output is made before any is written, so a preview that fails (too large, a full
    // disk) leaves the old collider in place rather than a new collider beside an old preview.
    let json = collider.to_json();
    let mut outputs = vec![(out.clone(), json.into_bytes())];
    if args.preview {
        let preview_path = png.with_extension("hull.png");
        let bytes = preview_png(&sprite, &preview_path)?;
        outputs.push((preview_path, bytes));
    }
    let files: Vec<(&Path, &[u8])> = outputs
        .iter()
        .map(|(path, bytes)| (path.as_path(), bytes.as_slice()))
        .collect();
    if let Err((path, e)) = write_all_atomic(&files) {
        return Err(e).with_file(&path, "cannot write the file");
    }

    let change: f64 = sprite.area_change().iter().sum();
    let mut line = format!(
        "{}: {}, {} → {}",
        png.display(),
        count(frames, "frame"),
        count(vertices, "vertex"),
        out.display()
    );
    if change < 0.0 {
        line.push_str(&format!(" ({:.1} px² cut off by vw)", -change));
    } else if change > 0.0 {
        line.push_str(&format!(" ({change:.1} px² added by enclosing)"));
    }
    if let Some((preview_path, _)) = outputs.get(1) {
        line.push_str(&format!(", preview {}", preview_path.display()));
    }
    Ok(Report {
        frames,
        vertices,
        line,
        warnings,
        stale: false,
    })
}

/// The preview picture of `sprite`, encoded as the PNG to write at `path`.
fn preview_png(sprite: &Sprite, path: &Path) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    render_preview(sprite)?
        .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
        .with_file(path, "cannot encode the preview")?;
    Ok(bytes)
}

/// What to point out about a sprite that was read: empty frames, and a grid sheet read as
/// something else because no frame size was given.
fn warnings(png: &Path, sprite: &Sprite, options: &Options) -> Vec<String> {
    let mut out: Vec<String> = sprite
        .empty_frames()
        .into_iter()
        .map(|i| {
            format!(
                "{}: frame {i} has no solid pixel (empty vertex list)",
                png.display()
            )
        })
        .collect();
    let guessed = options.frame_width.is_none() && options.frame_height.is_none();
    if let Some(grid) = Layout::from_gaps(&sprite.mask).filter(|g| guessed && *g != sprite.layout) {
        let used = sprite.layout;
        out.push(format!(
            "{}: transparent gaps split it into {} × {} frames of {}×{}, but it was read as {} of \
             {}×{}; if it is a sheet, pass --frame-width {} --frame-height {}",
            png.display(),
            grid.columns,
            grid.rows,
            grid.frame_width,
            grid.frame_height,
            count(used.frame_count(), "frame"),
            used.frame_width,
            used.frame_height,
            grid.frame_width,
            grid.frame_height,
        ));
    }
    out
}

/// Every `*.png` under `dir` (not following symbolic links, skipping `*.hull.png` previews),
/// sorted so runs are repeatable, and why each folder or entry that could not be read was
/// skipped: one unreadable subfolder does not hide the sprites beside it.
fn find_pngs(dir: &Path) -> (Vec<PathBuf>, Vec<anyhow::Error>) {
    let (mut found, mut errors) = (Vec::new(), Vec::new());
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = match std::fs::read_dir(&dir).with_file(&dir, "cannot list the folder") {
            Ok(entries) => entries,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        for entry in entries {
            let entry = match entry.with_file(&dir, "cannot list the folder") {
                Ok(entry) => entry,
                Err(e) => {
                    errors.push(e);
                    continue;
                }
            };
            let path = entry.path();
            match entry
                .file_type()
                .with_file(&path, "cannot read its file type")
            {
                Ok(kind) if kind.is_dir() => pending.push(path),
                Ok(_) if is_sprite(&path) => found.push(path),
                Ok(_) => {}
                Err(e) => errors.push(e),
            }
        }
    }
    found.sort();
    (found, errors)
}

/// `1 frame`, `2 frames`, `1 vertex`, `3 vertices`.
fn count(n: usize, noun: &str) -> String {
    match (n, noun) {
        (1, _) => format!("1 {noun}"),
        (_, "vertex") => format!("{n} vertices"),
        _ => format!("{n} {noun}s"),
    }
}

fn is_sprite(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    name.ends_with(".png") && !name.ends_with(".hull.png")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn previews_are_not_sprites() {
        assert!(is_sprite(Path::new("a/ship.png")));
        assert!(is_sprite(Path::new("SHIP.PNG")));
        assert!(!is_sprite(Path::new("ship.hull.png")));
        assert!(!is_sprite(Path::new("ship.collider.json")));
    }
}
