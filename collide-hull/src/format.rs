//! The versioned `.collider.json` file format.

use std::fmt::Write as _;
use std::path::{Component, Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::convex::{convex_hull, cross, twice_area, Point};
use crate::{parse, Error, Simplify};

/// The format version this crate writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// The largest absolute coordinate a collider file may hold, so exact integer geometry cannot
/// overflow.
const MAX_COORDINATE: i32 = 1 << 24;

/// The content of a `.collider.json` file (version 1): one convex hull per animation frame.
///
/// Coordinates are in pixels from the frame's top-left corner, x right, **y down**, on pixel
/// corners (integers). Each hull's vertices have positive shoelace area
/// (`Σ xᵢ·yᵢ₊₁ − xᵢ₊₁·yᵢ > 0`), which on a y-down screen looks clockwise; this is the order
/// [`collide_core::Hull`] uses. An empty frame has an empty vertex list.
///
/// ```json
/// { "version": 1, "generator": "collide-hull 0.1.0", "image": "ship.png",
///   "threshold": 128, "max_vertices": 16, "simplify": "vw",
///   "frame_width": 36, "frame_height": 36, "columns": 5, "rows": 1,
///   "frames": [ { "vertices": [[3, 0], [33, 0], [35, 30], [1, 30]] }, ... ] }
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColliderFile {
    /// Always [`FORMAT_VERSION`].
    pub version: u32,
    /// The program that wrote the file, e.g. `collide-hull 0.1.0`.
    pub generator: String,
    /// The sprite's file name (no folder), beside which the file lies.
    pub image: String,
    /// The alpha threshold used: pixels with alpha at or above it were solid (1..=255).
    pub threshold: u8,
    /// The vertex limit used (3..=16).
    pub max_vertices: usize,
    /// The simplification used.
    pub simplify: Simplify,
    /// Width of one frame in pixels.
    pub frame_width: u32,
    /// Height of one frame in pixels.
    pub frame_height: u32,
    /// Frames per row of the sheet.
    pub columns: u32,
    /// Rows of frames; frames are listed in row-major order.
    pub rows: u32,
    /// One entry per frame.
    pub frames: Vec<Frame>,
}

/// One frame's hull in a [`ColliderFile`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Frame {
    /// The hull's vertices (empty for an empty frame).
    pub vertices: Vec<Point>,
}

impl Frame {
    /// The hull's area in square pixels (0 for an empty frame).
    #[must_use]
    pub fn area(&self) -> f64 {
        twice_area(&self.vertices) as f64 / 2.0
    }
}

/// The collider file that belongs beside a sprite: `ship.png` → `ship.collider.json`.
#[must_use]
pub fn collider_path(png_path: &Path) -> PathBuf {
    png_path.with_extension("collider.json")
}

impl ColliderFile {
    /// The `generator` value this crate writes: `collide-hull <version>`.
    #[must_use]
    pub fn generator_name() -> String {
        format!("collide-hull {}", env!("CARGO_PKG_VERSION"))
    }

    /// The file's text: stable key order, one frame per line, a final newline.
    #[must_use]
    pub fn to_json(&self) -> String {
        let text = |s: &str| serde_json::to_string(s).unwrap_or_else(|_| String::from("\"\""));
        let mut out = String::new();
        let _ = write!(
            out,
            "{{\n  \"version\": {},\n  \"generator\": {},\n  \"image\": {},\n  \"threshold\": {},\n  \"max_vertices\": {},\n  \"simplify\": \"{}\",\n  \"frame_width\": {},\n  \"frame_height\": {},\n  \"columns\": {},\n  \"rows\": {},\n  \"frames\": [",
            self.version,
            text(&self.generator),
            text(&self.image),
            self.threshold,
            self.max_vertices,
            self.simplify.name(),
            self.frame_width,
            self.frame_height,
            self.columns,
            self.rows,
        );
        for (i, frame) in self.frames.iter().enumerate() {
            out.push_str(if i == 0 { "\n" } else { ",\n" });
            out.push_str("    { \"vertices\": [");
            for (k, [x, y]) in frame.vertices.iter().enumerate() {
                let sep = if k == 0 { "" } else { ", " };
                let _ = write!(out, "{sep}[{x}, {y}]");
            }
            out.push_str("] }");
        }
        out.push_str(if self.frames.is_empty() {
            "]\n}\n"
        } else {
            "\n  ]\n}\n"
        });
        out
    }

    /// Reads and validates a file's text. A leading UTF-8 byte order mark is allowed.
    ///
    /// # Errors
    /// [`Error::UnsupportedVersion`] for a missing or unknown `"version"`; [`Error::Json`] for
    /// text that is not JSON or lacks, mistypes or adds a field (its source, the parser's
    /// message, names it); [`Error::Invalid`] or [`Error::Hull`] for inconsistent content (see
    /// [`validate`]).
    ///
    /// [`validate`]: ColliderFile::validate
    pub fn from_json(text: &str) -> Result<ColliderFile, Error> {
        // A byte order mark, which some editors write, is not part of the JSON.
        let bytes = text.strip_prefix('\u{feff}').unwrap_or(text).as_bytes();
        parse::collider_file(bytes, || Some(bytes))
    }

    /// Reads and validates the file at `path`, as it streams in: it takes about as much memory
    /// as the frames it holds, not a multiple of the file's size.
    ///
    /// Only a regular file of at most [`MAX_FILE_BYTES`](crate::MAX_FILE_BYTES) (1 GiB) is
    /// read: a path naming a directory, a device or a pipe is refused before it is opened, so
    /// it neither waits for a writer nor reads for ever.
    ///
    /// # Errors
    /// [`Error::Io`] when it cannot be read, is not a regular file, or is larger than
    /// [`MAX_FILE_BYTES`](crate::MAX_FILE_BYTES) (its source says which); otherwise as
    /// [`from_json`](ColliderFile::from_json).
    pub fn read(path: &Path) -> Result<ColliderFile, Error> {
        parse::read_file(path)
    }

    /// Checks everything the format promises beyond its JSON shape.
    ///
    /// # Errors
    /// [`Error::UnsupportedVersion`] for a version other than [`FORMAT_VERSION`];
    /// [`Error::Invalid`] for an `image` that is not a bare file name (empty, `.`, `..`, or with
    /// a `/`, a `\`, a drive such as `C:` or a NUL byte), settings out of range, a frame count other than `columns × rows`,
    /// a frame with 1 or 2 or more than `max_vertices` vertices, coordinates beyond ±2²⁴, or
    /// vertices that are not a strictly convex polygon in positive-area order.
    pub fn validate(&self) -> Result<(), Error> {
        if self.version != FORMAT_VERSION {
            return Err(Error::UnsupportedVersion {
                found: self.version.to_string(),
            });
        }
        check_image_name(&self.image)?;
        if self.threshold == 0 {
            return Err(Error::Invalid("threshold must be 1..=255, got 0".into()));
        }
        if !(3..=collide_core::MAX_HULL_VERTICES).contains(&self.max_vertices) {
            return Err(Error::Invalid(format!(
                "max_vertices must be 3..={}, got {}",
                collide_core::MAX_HULL_VERTICES,
                self.max_vertices
            )));
        }
        if self.frame_width == 0 || self.frame_height == 0 || self.columns == 0 || self.rows == 0 {
            return Err(Error::Invalid(
                "frame_width, frame_height, columns and rows must be at least 1".into(),
            ));
        }
        let expected = self.columns as usize * self.rows as usize;
        if self.frames.len() != expected {
            return Err(Error::Invalid(format!(
                "{} columns × {} rows make {expected} frames, but the file lists {}",
                self.columns,
                self.rows,
                self.frames.len()
            )));
        }
        for (index, frame) in self.frames.iter().enumerate() {
            check_polygon(&frame.vertices, self.max_vertices)
                .map_err(|reason| Error::Invalid(format!("frame {index}: {reason}")))?;
        }
        Ok(())
    }

    /// Whether `other` holds the same colliders and settings, ignoring `generator` (so a newer
    /// build of the tool does not make every file look stale).
    #[must_use]
    pub fn same_content(&self, other: &ColliderFile) -> bool {
        // Field by field rather than on copies, which would double a large file's memory; the
        // full pattern makes a field added later fail to compile here until it is compared.
        let ColliderFile {
            version,
            generator: _,
            image,
            threshold,
            max_vertices,
            simplify,
            frame_width,
            frame_height,
            columns,
            rows,
            frames,
        } = self;
        *version == other.version
            && *image == other.image
            && *threshold == other.threshold
            && *max_vertices == other.max_vertices
            && *simplify == other.simplify
            && *frame_width == other.frame_width
            && *frame_height == other.frame_height
            && *columns == other.columns
            && *rows == other.rows
            && *frames == other.frames
    }
}

/// Whether `name` is one file's name, with no folder part on any platform: a reader opens it
/// beside the collider file, and must not be sent elsewhere by it (`../x.png`, `/etc/x`).
/// Refuses an image name that is not a bare file name ([`ColliderFile::validate`]).
pub(crate) fn check_image_name(name: &str) -> Result<(), Error> {
    if is_bare_file_name(name) {
        Ok(())
    } else {
        Err(Error::Invalid(format!(
            "image {name:?} must be a file name with no folder part"
        )))
    }
}

/// A name that every system reads as a file in the folder it is looked up in: one normal
/// component, no separator of any system, no drive (`C:t.png` is relative to drive C's
/// current folder on Windows), no NUL byte.
fn is_bare_file_name(name: &str) -> bool {
    let mut parts = Path::new(name).components();
    let one_normal = matches!(parts.next(), Some(Component::Normal(_))) && parts.next().is_none();
    let bytes = name.as_bytes();
    let drive = bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':';
    one_normal && !name.contains(['/', '\\', '\0']) && !drive
}

/// Why `vertices` is not a valid frame hull, if it is not.
fn check_polygon(vertices: &[Point], max_vertices: usize) -> Result<(), String> {
    let n = vertices.len();
    if n == 0 {
        return Ok(());
    }
    if n < 3 || n > max_vertices {
        return Err(format!(
            "{n} vertices; a hull has 3 to max_vertices = {max_vertices} (or none when empty)"
        ));
    }
    // `unsigned_abs`, as `abs` of `i32::MIN` overflows.
    let beyond = |c: i32| c.unsigned_abs() > MAX_COORDINATE.unsigned_abs();
    if let Some(p) = vertices.iter().find(|p| beyond(p[0]) || beyond(p[1])) {
        return Err(format!("vertex {p:?} is beyond ±{MAX_COORDINATE}"));
    }
    if twice_area(vertices) <= 0 {
        return Err("the vertices do not have positive shoelace area (wrong winding?)".into());
    }
    if let Some(i) =
        (0..n).find(|&i| cross(vertices[i], vertices[(i + 1) % n], vertices[(i + 2) % n]) <= 0)
    {
        return Err(format!(
            "not strictly convex at vertex {} (a reflex, collinear or repeated vertex)",
            (i + 1) % n
        ));
    }
    // Left turns everywhere still allow a star that winds twice: the vertices must be exactly
    // their own convex hull, in the same cyclic order.
    let hull = convex_hull(vertices);
    let start = vertices.iter().position(|p| *p == hull[0]);
    let same_cycle =
        hull.len() == n && start.is_some_and(|s| (0..n).all(|k| vertices[(s + k) % n] == hull[k]));
    if !same_cycle {
        return Err("the polygon winds around more than once".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collider_path_is_beside_the_png() {
        assert_eq!(
            collider_path(Path::new("a/ship.png")),
            PathBuf::from("a/ship.collider.json")
        );
        assert_eq!(
            collider_path(Path::new("ship.v2.png")),
            PathBuf::from("ship.v2.collider.json")
        );
    }

    #[test]
    fn polygon_checks() {
        assert!(check_polygon(&[], 16).is_ok());
        assert!(check_polygon(&[[0, 0], [4, 0], [4, 4], [0, 4]], 16).is_ok());
        assert!(check_polygon(&[[0, 0], [0, 4], [4, 4], [4, 0]], 16).is_err());
        assert!(check_polygon(&[[0, 0], [4, 0], [4, 4], [0, 4]], 3).is_err());
        assert!(check_polygon(&[[0, 0], [4, 0]], 16).is_err());
        assert!(check_polygon(&[[0, 0], [2, 0], [4, 0], [4, 4]], 16).is_err());
        // A pentagram on integer points: left turns everywhere, but it winds twice.
        let star = [[10, 0], [16, 18], [0, 7], [20, 7], [4, 18]];
        assert!(cross(star[0], star[1], star[2]) > 0);
        assert!(check_polygon(&star, 16).is_err());
    }
}
