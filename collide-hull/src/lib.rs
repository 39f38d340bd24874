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
//! Strips and grid sheets are cut into frames by [`Layout`]. The result is written as a
//! versioned [`ColliderFile`] (`<stem>.collider.json` beside `<stem>.png`) and loaded back with
//! [`load_beside`] into [`collide_core::Hull`]s for the core's multi-frame
//! [`collide_core::AnimatedHull`].
//!
//! **Coordinates** in files are pixels from the frame's top-left corner, x right, **y down**;
//! vertices have positive shoelace area, which looks clockwise on screen. [`Placement`] moves
//! them to a frame-centred origin, scales them and flips y for games whose y points up.
//!
//! Images are untrusted input: [`decode_png`] refuses a header that claims more than a pixel
//! limit before allocating, and a truncated or corrupt file is an [`Error`], never a panic.
//!
//! # Example
//!
//! ```
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
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![warn(missing_docs)]

mod convex;
mod decode;
mod error;
mod format;
mod generate;
mod layout;
mod load;
mod preview;
mod simplify;

pub use convex::{convex_hull, frame_hull, twice_area, Point};
pub use decode::{decode_png, png_dimensions, AlphaMask, DEFAULT_MAX_PIXELS};
pub use error::Error;
pub use format::{collider_path, ColliderFile, Frame, FORMAT_VERSION};
pub use generate::{generate, generate_file, Options, Sprite};
pub use layout::Layout;
pub use load::{load_beside, Origin, Placement, YAxis};
pub use preview::{render_preview, PREVIEW_SCALE};
pub use simplify::{enclosing, visvalingam_whyatt, Simplify};

/// The `image` crate this one decodes with, re-exported so callers name the same types.
pub use image;
