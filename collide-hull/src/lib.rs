//! `collide-hull`: convex hull colliders from sprite PNGs.
//!
//! A sprite's alpha channel becomes one convex hull per animation frame, by the row-extremes
//! hull tool:
//!
//! 1. pixels whose alpha reaches a threshold (default 128) are solid;
//! 2. per row only the leftmost and rightmost solid pixel matter, each a full unit square, so
//!    the hull reaches the sprite's outer edges;
//! 3. Andrew's monotone chain gives the exact hull on integer pixel corners;
//! 4. Visvalingam–Whyatt brings it down to at most 16 vertices (or, with
//!    [`Simplify::Enclosing`], a containment-preserving simplification that keeps every solid
//!    pixel inside).
//!
//! Strips and grid sheets are cut into frames by [`Layout`], at most [`MAX_FRAMES`];
//! [`Layout::from_gaps`] finds the grid that transparent gaps show, so a tool can warn when a
//! sheet was misread. The result is written as a versioned [`ColliderFile`]
//! (`<stem>.collider.json` beside `<stem>.png`) and loaded back with [`load_beside`] into
//! [`collide_core::Hull`]s for the core's multi-frame [`collide_core::AnimatedHull`].
//!
//! **Coordinates** in files are pixels from the frame's top-left corner, x right, **y down**;
//! vertices have positive shoelace area, which looks clockwise on screen. [`Placement`] moves
//! them to a frame-centred origin, scales them and flips y for games whose y points up.
//!
//! Images are untrusted input: [`decode_png`] refuses a header that claims more than a pixel
//! limit before allocating, and a truncated or corrupt file is an [`Error`], never a panic.
//!
//! # Features
//!
//! - **`png`** (default): everything that reads or draws pixels: [`decode_png`],
//!   [`png_dimensions`], [`generate`] and [`generate_file`] with their [`Options`] and
//!   [`Sprite`], [`render_preview`], [`AlphaMask::from_image`], and the re-exported [`image`]
//!   crate.
//!
//! A game that only loads the `.collider.json` files a build step wrote can turn it off
//! (`collide-hull = { version = "0.1", default-features = false }`) and not compile an image
//! decoder: [`ColliderFile`], [`load_beside`], [`Placement`], and the hull tool on masks it
//! builds itself ([`AlphaMask::new`], [`Layout`], [`frame_hull`], the simplifications) stay.
//!
//! # Examples
//!
//! Loading a collider file, with or without the `png` feature:
//!
//! ```
//! use collide_hull::{ColliderFile, Placement};
//!
//! let text = r#"{
//!   "version": 1, "generator": "collide-hull 0.1.0", "image": "tiny.png",
//!   "threshold": 128, "max_vertices": 16, "simplify": "vw",
//!   "frame_width": 4, "frame_height": 4, "columns": 1, "rows": 1,
//!   "frames": [ { "vertices": [[0, 0], [2, 0], [2, 4], [0, 4]] } ]
//! }"#;
//! let file = ColliderFile::from_json(text)?;
//! let hulls = file.hulls(&Placement::default())?;
//! assert_eq!(hulls[0].as_ref().map(|h| h.vertices().len()), Some(4));
//! # Ok::<(), collide_hull::Error>(())
//! ```
//!
//! Generating it from a sprite (the `png` feature):
//!
//! ```
//! # #[cfg(feature = "png")]
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use collide_hull::{generate, ColliderFile, Options, Placement};
//!
//! // An 8×4 image whose left half of every 4×4 frame is opaque, encoded as a PNG in memory.
//! let mut png = Vec::new();
//! let img = image::RgbaImage::from_fn(8, 4, |x, _| {
//!     image::Rgba([255, 0, 0, if x % 4 < 2 { 255 } else { 0 }])
//! });
//! img.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)?;
//!
//! let sprite = generate(&png, "tiny.png", &Options::default())?;
//! assert_eq!(sprite.collider.frames.len(), 2); // 8×4 is a strip of two 4×4 frames
//! assert_eq!(sprite.collider.frames[0].vertices, vec![[0, 0], [2, 0], [2, 4], [0, 4]]);
//!
//! let text = sprite.collider.to_json();
//! let back = ColliderFile::from_json(&text)?;
//! let hulls = back.animated(&Placement::default())?;
//! assert_eq!(hulls.frame_count(), 2);
//! # Ok(())
//! # }
//! # #[cfg(not(feature = "png"))]
//! # fn main() {}
//! ```
#![warn(missing_docs)]
// The crate docs name the `png` items; without the feature those links have no target. The
// docs built with every feature check every link.
#![cfg_attr(not(feature = "png"), allow(rustdoc::broken_intra_doc_links))]

mod convex;
#[cfg(feature = "png")]
mod decode;
mod error;
mod format;
#[cfg(feature = "png")]
mod generate;
mod layout;
mod load;
mod mask;
mod parse;
#[cfg(feature = "png")]
mod preview;
mod read;
mod simplify;

pub use collide_core::Simplify;
pub use convex::{convex_hull, frame_hull, twice_area, Point};
pub use error::Error;
pub use format::{collider_path, ColliderFile, Frame, FORMAT_VERSION};
pub use layout::{Layout, MAX_FRAMES};
pub use load::{load_beside, Origin, Placement, YAxis};
pub use mask::AlphaMask;
pub use read::MAX_FILE_BYTES;
pub use simplify::{enclosing, visvalingam_whyatt};

#[cfg(feature = "png")]
pub use decode::{decode_png, png_dimensions, DEFAULT_MAX_PIXELS, MAX_PIXELS_LIMIT};
#[cfg(feature = "png")]
pub use generate::{generate, generate_file, Options, Sprite};
#[cfg(feature = "png")]
pub use preview::{render_preview, PREVIEW_SCALE};

/// The `image` crate this one decodes with, re-exported so callers name the same types.
#[cfg(feature = "png")]
pub use image;
