//! `collide inspect`: validate collider files and print their frames.

use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::Args;
use collide_hull::{generate_file, twice_area, ColliderFile, Options, Sprite};

use crate::outcome::Outcome;
use crate::report::{file_error, reason, warn, Printer};

/// The arguments of `collide inspect`.
#[derive(Debug, Args)]
pub struct InspectArgs {
    /// `.collider.json` files to validate.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// Runs `collide inspect`. A file that is invalid, or that no longer matches the sprite
/// beside it (stale: the sprite changed since `collide hull` wrote it), fails the run (exit
/// code 1), so a build can check its colliders; the other files are still inspected.
pub fn run(args: &InspectArgs) -> Outcome {
    let mut outcome = Outcome::Success;
    let mut printer = Printer::default();
    for path in &args.files {
        match inspect(path) {
            Ok((text, stale)) => {
                printer.print(&text);
                if stale {
                    outcome = Outcome::SomeFailed;
                }
            }
            Err(e) => {
                warn(&file_error(path, &e));
                outcome = Outcome::SomeFailed;
            }
        }
    }
    if !printer.finish() {
        outcome = Outcome::SomeFailed;
    }
    outcome
}

/// The report on one file and whether it is stale (the sprite beside it rebuilds to other
/// hulls), or why it is invalid.
fn inspect(path: &Path) -> Result<(String, bool)> {
    let file = ColliderFile::read(path)?;
    let mut out = format!(
        "{}: valid (version {}, written by {})\n  image {}, {} × {} frames of {}×{} px, threshold {}, max {} vertices, simplify {}\n",
        path.display(),
        file.version,
        file.generator,
        file.image,
        file.columns,
        file.rows,
        file.frame_width,
        file.frame_height,
        file.threshold,
        file.max_vertices,
        file.simplify.name(),
    );
    // The exact hulls come from the sprite beside the file, rebuilt with the file's settings.
    let image = path.with_file_name(&file.image);
    let mut stale = false;
    let exact = if image.is_file() {
        let options = Options {
            threshold: file.threshold,
            max_vertices: file.max_vertices,
            simplify: file.simplify,
            frame_width: Some(file.frame_width),
            frame_height: Some(file.frame_height),
            ..Options::default()
        };
        match generate_file(&image, &options) {
            Ok(sprite) => {
                stale = !sprite.collider.same_content(&file);
                let state = if stale {
                    "does NOT match (run `collide hull` again)"
                } else {
                    "matches"
                };
                out.push_str(&format!("  {state} {}\n", image.display()));
                Some(sprite)
            }
            Err(e) => {
                out.push_str(&format!(
                    "  cannot rebuild from {}: {} (exact areas unavailable)\n",
                    image.display(),
                    reason(&e)
                ));
                None
            }
        }
    } else {
        out.push_str(&format!(
            "  {} not found beside it: exact areas unavailable\n",
            image.display()
        ));
        None
    };
    out.push_str(&table(&file, exact.as_ref()));
    Ok((out, stale))
}

fn table(file: &ColliderFile, exact: Option<&Sprite>) -> String {
    let mut out = String::from("  frame  vertices      area");
    if exact.is_some() {
        out.push_str("     exact   change");
    }
    out.push('\n');
    let (mut total, mut total_exact) = (0.0, 0.0);
    for (i, frame) in file.frames.iter().enumerate() {
        let area = frame.area();
        total += area;
        out.push_str(&format!(
            "  {i:>5}  {:>8}  {area:>8.1}",
            frame.vertices.len()
        ));
        if let Some(sprite) = exact {
            let exact_area = sprite
                .exact
                .get(i)
                .map_or(0.0, |h| twice_area(h) as f64 / 2.0);
            total_exact += exact_area;
            out.push_str(&format!("  {exact_area:>8.1}  {:>+7.1}", area - exact_area));
        }
        if frame.vertices.is_empty() {
            out.push_str("  (empty)");
        }
        out.push('\n');
    }
    out.push_str(&format!("  total  {:>8}  {total:>8.1}", ""));
    if exact.is_some() {
        let change = total - total_exact;
        let how = if change < 0.0 {
            format!("{:.1} px² cut off by {}", -change, file.simplify.name())
        } else if change > 0.0 {
            format!("{change:.1} px² added by {}", file.simplify.name())
        } else {
            "nothing simplified".to_owned()
        };
        out.push_str(&format!("  {total_exact:>8.1}  {change:>+7.1}  ({how})"));
    }
    out.push('\n');
    out
}
