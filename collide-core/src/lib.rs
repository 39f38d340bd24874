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
//! - `deterministic`: the same bits for the same inputs on every target; see
//!   [Determinism](#determinism).
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
//!
//! # Determinism
//!
//! Rollback netcode re-simulates frames on every peer, and every peer must compute the same
//! bits. With the `deterministic` feature (on `collide-core` and forwarded by every collide
//! crate that computes: `collide-broad`, `collide-world`, `collide2d`, `collide-levels`,
//! `collide-hull`, `collide-scene`), collide promises:
//!
//! - **the same bits for the same inputs**: every position, velocity, time of impact, normal
//!   and hit list, bit for bit, on every IEEE-754 target Rust supports (x86-64, AArch64,
//!   wasm32, …), in debug or release, for any `target-cpu`, and for every broad phase;
//! - because every transcendental function the crates call (`sin`, `cos`, `atan2`: all in
//!   [`math`]) goes through [`libm`](https://docs.rs/libm), pure Rust code that rounds the
//!   same everywhere, instead of the platform's math library. The crates call none of glam's
//!   (`Vec2::from_angle`, `to_angle`, `rotate_towards`, …). The rest is `+ - × ÷`, `sqrt`,
//!   `abs`, `floor`, `min` and the like, which IEEE 754 defines exactly; Rust never fuses a
//!   multiply and an add unless asked (`mul_add`, which no collide crate calls), glam's
//!   `Vec2` is plain scalar code, and where the crates use glam's four-lane `Vec4` (a probe's
//!   world-space hull, the hull–hull contact, the grid's cell numbers) each lane is the same
//!   IEEE operation on its own, with no horizontal sum whose order could vary (a build with
//!   glam's `scalar-math` gives the same bits). A game whose own code calls glam's
//!   transcendental methods makes those deterministic with glam's `libm` feature (which
//!   routes all of glam's math, `abs` and `floor` too, through `libm`, and costs collide's
//!   brute force about 8 %);
//! - because no order of work that reaches an answer depends on anything but the inputs: the
//!   crates run on one thread, the cell hash tables (`collide_broad::LevelCells`) hash with a
//!   fixed function and are only ever looked up, never iterated, and hits are sorted by a
//!   total order (time, then body numbers), so each broad phase's own order of pairs reaches
//!   no answer (a test runs every broad phase and compares the bits); a slide's stops at the
//!   same moment go by obstacle id, so a static set's history (bodies moved, removed, added
//!   again) and the order a slice lists obstacles in reach no answer either.
//!
//! Not promised: the same bits across collide versions (a fix may change a result: pin the
//! version all peers run), between a build with the feature and one without, or for other
//! inputs that compare equal (bodies given to the pass in another order are other inputs). What Rust
//! itself leaves open is outside the promise too: the payload bits of a NaN (collide answers
//! "no hit" for non-finite input, so a NaN reaches no answer of a well-formed frame); which
//! zero `f32::min` and `f32::max` return given `-0.0` and `+0.0`, which Rust lets a target
//! choose (the two compare equal; the golden runs hash a zero's sign too, and agree in every
//! build CI makes); and x87-only
//! targets (`i586`), whose floats Rust does not round as IEEE 754 says. The
//! golden runs of `collide-scene` and `collide-cli` fold every body's position and velocity
//! bits, frame after frame, into hashes committed in their tests, which CI checks in debug,
//! release and `target-cpu=native` builds.

#![cfg_attr(not(feature = "std"), no_std)]
#![warn(missing_docs)]

#[cfg(not(any(feature = "std", feature = "libm", feature = "deterministic")))]
compile_error!("collide-core needs the `std` or the `libm` feature for its float math");

mod aabb;
mod animated;
mod circle;
mod error;
mod hull;
mod hull_points;
mod layers;
mod limits;
pub mod math;
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
