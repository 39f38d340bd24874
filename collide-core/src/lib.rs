//! `collide-core`: 2D collision shapes, discrete tests and exact sweeps for games.
//!
//! A per-frame overlap test only sees where things are at the end of each frame, so a bullet
//! that moves farther in one frame than its target is wide passes straight through it. This
//! crate holds the shapes ([`Circle`], [`Rect`], [`Hull`]), the discrete tests that ask "do
//! these overlap now?" and the sweeps that ask "did they touch at any moment of this frame?".
//!
//! Everything is `f32` on [`glam::Vec2`] (glam 0.33), `no_std`, and allocation-free.
//!
//! # Feature flags
//!
//! - `std` (default): float math from the standard library.
//! - `libm`: float math through `libm`, for `no_std` targets. One of `std` and `libm` is
//!   required.
//! - `serde`: `Serialize`/`Deserialize` for shapes and results. A [`Hull`] deserializes through
//!   [`Hull::new`], so invalid polygons are refused.
//! - `mint`: glam's `mint` conversions, for other math crates.
//!
//! # Example
//!
//! ```
//! use collide_core::{Aabb, Hull, Layers};
//! use glam::Vec2;
//!
//! let alien = Aabb::new(Vec2::new(0.0, 100.0), Vec2::new(7.0, 7.0));
//! let shot = Aabb::new(Vec2::new(0.0, 80.0), Vec2::new(2.0, 2.0));
//! let travel = Vec2::new(0.0, 40.0); // ends above the alien: the plain test misses it
//! assert!(!Aabb::new(shot.center + travel, shot.half_extents).overlaps(&alien));
//! assert!(shot.swept_overlaps(travel, &alien));
//!
//! let hull = Hull::regular(6, 16.0)?;
//! assert_eq!(hull.vertex_count(), 6);
//! # Ok::<(), collide_core::Error>(())
//! ```

#![cfg_attr(not(feature = "std"), no_std)]
#![warn(missing_docs)]

#[cfg(all(not(feature = "std"), not(feature = "libm")))]
compile_error!("collide-core needs the `std` or the `libm` feature for its float math");

mod aabb;
mod animated;
mod circle;
mod error;
mod hull;
mod hull_points;
mod layers;
mod limits;
mod math;
pub mod query;
mod rect;
mod response;
mod rot;
mod shape;
mod simplify;
mod tunnelling;

pub use aabb::Aabb;
pub use animated::AnimatedHull;
pub use circle::Circle;
pub use error::Error;
pub use hull::Hull;
pub use layers::Layers;
pub use limits::{MAX_CLOUD_POINTS, MAX_HULL_VERTICES};
pub use query::*;
pub use rect::Rect;
pub use response::{clip_motion, reflect, slide};
pub use rot::{Pose, Rot};
pub use shape::{Shape, ShapeRef};
pub use simplify::{visvalingam_whyatt_in_place, Simplify};
pub use tunnelling::{tunnelling_speed, tunnelling_speed_along};

/// The glam version this crate is built on, re-exported so callers can name the same `Vec2`.
pub use glam;
